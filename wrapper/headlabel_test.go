package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// TestListHeadingIsNoLabel: a player's page with a sidebar list under a
// heading that varies from page to page ("Trending players", "Teammates",
// "Most viewed"). The dictionary knows few of the page's own players and
// many of the sidebar's; "players" in the heading names the field. The
// heading is a list's, not a row label: the player keeps the page's
// heading.
func TestListHeadingIsNoLabel(t *testing.T) {
	own := []string{"Hugo McTavish", "Freya Sandoval", "Rafael Yarborough", "Owen Haverford", "Greta Tremaine", "Malik Ellery", "Vivian Tillman", "Jasper Lindqvist",
		"Camille Greaves", "Ansel Winslow", "Bianca Castellano", "Brody Nygaard", "Helena Larkspur", "James Farrow", "Maya Iverson", "Paloma Ishikawa"}
	side := []string{"Andre Whitfield", "Colt Castellano", "Helena Kincaid", "Kendrick Lachance", "Silas Ellery", "Tamsin Ortega", "Leopold Okonjo", "Katrin Lindqvist"}
	teams := []string{"Atlanta Blaze", "Denver Comets", "Boston Wolves", "Seattle Voyagers", "Portland Rangers"}
	heads := []string{"Trending players", "Teammates", "Most viewed"}
	var src []string
	for i, name := range own {
		items := ""
		for k := range 3 + i%3 {
			items += fmt.Sprintf(`<li><a href="/p">%s</a> <span>%s</span></li>`, side[(i+3*k)%len(side)], teams[(i+k)%len(teams)])
		}
		src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><div class="main"><h1>%s</h1><p>Team: %s</p><p>Stats are updated nightly</p></div><div class="side"><h3>%s</h3><ul>%s</ul></div></body></html>`,
			name, teams[i%len(teams)], heads[i%len(heads)], items))
	}
	pages := pagesOf(t, src, map[string][]string{"player_name": append([]string{own[0], own[5]}, side...)})
	s := testSOD([][3]string{{"player_name", "1", "player_name"}}, sod.One)
	dictionaryTypes(s, "player_name")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		if got, want := fmt.Sprint(objs[0].Get("player_name")), fmt.Sprint([]string{own[i]}); got != want {
			t.Fatalf("%s: player_name %s, want %s; slots %+v", p.Path, got, want, w.Slots())
		}
	}
}

func TestListHeading(t *testing.T) {
	// Slot 1 (in set 0) holds names; before the first one, on pages 0-3,
	// comes label "trending players"; the other values follow the
	// previous item's team, or a row label.
	list := func(restLabel func(pg, k int) string) *mapping.SlotStats {
		st := mapping.NewSlotStats()
		st.LabVals, st.LabPages = map[string]map[string]int{}, map[string]map[int]bool{}
		add := func(k, v string, pg int) {
			if st.LabVals[k] == nil {
				st.LabVals[k], st.LabPages[k] = map[string]int{}, map[int]bool{}
			}
			st.LabVals[k][v]++
			st.LabPages[k][pg] = true
		}
		for pg := range 8 {
			for k := range 3 {
				v := fmt.Sprintf("Name %d-%d", pg, k)
				st.Occ++
				st.Values[v]++
				st.PerPage[pg]++
				if k == 0 {
					add("trending players", v, pg)
				} else {
					add(restLabel(pg, k), v, pg)
				}
			}
		}
		return st
	}
	previousTeam := func(pg, k int) string { return fmt.Sprintf("team %d", (pg+k)%7) }
	rowLabel := func(_, k int) string { return fmt.Sprintf("row %d", k) }
	heading := mapping.NewSlotStats()
	heading.Values = map[string]int{"Trending players": 4, "Teammates": 4}
	for _, tc := range []struct {
		name  string
		st    *mapping.SlotStats
		where [][]int // sets of slot 0 (the heading's text) and slot 1
		want  bool
	}{
		{"heading before the set", list(previousTeam), [][]int{nil, {0}}, true},
		{"heading slot of an outer set", list(previousTeam), [][]int{{3}, {3, 0}}, true},
		{"the row's own label inside the set", list(previousTeam), [][]int{{0}, {0}}, false},
		{"other values follow row labels", list(rowLabel), [][]int{nil, {0}}, false},
		{"not in a set", list(previousTeam), [][]int{nil, nil}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := mapping.ListHeading([]*mapping.SlotStats{heading, tc.st}, tc.where, 1, "trending players", 8, 2); got != tc.want {
				t.Fatalf("listHeading = %v, want %v", got, tc.want)
			}
		})
	}
}
