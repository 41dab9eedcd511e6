package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
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
