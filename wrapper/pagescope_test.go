package wrapper

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// rosterSOD is a list SOD whose team is given once per page.
func rosterSOD(t testing.TB, teamMult string) *sod.SOD {
	t.Helper()
	src := fmt.Sprintf(`object = "player"
objects = "*"
[tuple.player]
name = "1"
team = { type = "team", mult = %q, scope = "page" }
position = "1"
height = "?"
[entity.name]
dictionary = "name"
[entity.team]
dictionary = "team"
[entity.position]
regex = '\b(?:PG|SG|SF|PF|C)\b'
[entity.height]
regex = '\b\d-\d{1,2}\b'
`, teamMult)
	s, err := sod.Parse("roster.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// rosterPage is one roster: the team in the heading, a table of players
// and a sidebar listing other teams (a look-alike of the heading's value).
type rosterPage struct {
	team    string
	others  []string
	players [][3]string // name, position, height
}

var rosterTeams = []string{"Chicago Bulls", "Miami Heat", "Utah Jazz", "Boston Celtics", "Denver Nuggets", "Orlando Magic", "Phoenix Suns", "Atlanta Hawks"}

var rosterNames = []string{"Ann Lee", "Bo Diaz", "Cy Young", "Di Mars", "Ed Stone", "Flo Ray", "Gus Park", "Hal Frost", "Ida Bell", "Jo March",
	"Kit Moss", "Lu Chen", "Mo Grant", "Ned Cole", "Oz Reed", "Pia Holt"}

// rosterPages builds n roster pages with 2 to 6 players and 2 to 4 other
// teams each.
func rosterPages(n int) []rosterPage {
	pos := []string{"PG", "SG", "SF", "PF", "C"}
	var out []rosterPage
	for i := range n {
		rp := rosterPage{team: rosterTeams[i%len(rosterTeams)]}
		for k := range 2 + i%3 {
			rp.others = append(rp.others, rosterTeams[(i+k+1)%len(rosterTeams)])
		}
		for k := range 2 + (i*3)%5 {
			rp.players = append(rp.players, [3]string{rosterNames[(i*5+k)%len(rosterNames)], pos[(i+k)%len(pos)], fmt.Sprintf("6-%d", (i+k)%12)})
		}
		out = append(out, rp)
	}
	return out
}

// html renders the page.
func (rp rosterPage) html() string {
	var b strings.Builder
	b.WriteString(`<html><body><div class="nav"><ul><li><a href="/">Home</a></li><li><a href="/scores">Scores</a></li></ul></div>`)
	fmt.Fprintf(&b, `<div class="main"><h1>%s Roster</h1><p>2012-13 season</p><table><tr><th>Name</th><th>Pos</th><th>Ht</th></tr>`, rp.team)
	for _, p := range rp.players {
		fmt.Fprintf(&b, `<tr><td><a href="/p">%s</a></td><td>%s</td><td>%s</td></tr>`, p[0], p[1], p[2])
	}
	b.WriteString(`</table></div><div class="side"><h4>Standings</h4><ul>`)
	for _, o := range rp.others {
		fmt.Fprintf(&b, `<li><a href="/t">%s</a></li>`, o)
	}
	b.WriteString(`</ul></div><div class="foot">Copyright Hoops</div></body></html>`)
	return b.String()
}

// annotated parses the pages with every team, name, position and height
// annotated wherever it occurs.
func annotatedRosters(t testing.TB, rps []rosterPage, teams []string) []*annotate.Page {
	t.Helper()
	var pages []*annotate.Page
	for i, rp := range rps {
		marks := map[string][]string{"team": teams, "name": rosterNames}
		for _, p := range rp.players {
			marks["position"] = append(marks["position"], p[1])
			marks["height"] = append(marks["height"], p[2])
		}
		pages = append(pages, testPage(t, fmt.Sprintf("%02d.html", i), rp.html(), marks))
	}
	return pages
}

// TestPageScopeFields checks that a page-scope field is learned at page
// level and copied into every record of its page, after Save/Load too.
func TestPageScopeFields(t *testing.T) {
	rps := rosterPages(8)
	pages := annotatedRosters(t, rps, rosterTeams)
	for _, mult := range []string{"?", "1"} {
		t.Run("team "+mult, func(t *testing.T) {
			w, err := Induce(pages, rosterSOD(t, mult), DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			if w.PageWrapper() == nil || w.DroppedPageFields() != "" {
				t.Fatalf("no page wrapper (dropped: %s)", w.DroppedPageFields())
			}
			var page []string
			for _, f := range w.Fields() {
				if f.Page {
					page = append(page, f.Path)
				}
			}
			if !reflect.DeepEqual(page, []string{"team"}) {
				t.Fatalf("page-scope fields %v, want [team]", page)
			}
			var buf bytes.Buffer
			if err := w.Save(&buf); err != nil {
				t.Fatal(err)
			}
			l, err := Load(&buf)
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range pages {
				objs, err := w.Extract(p)
				if err != nil {
					t.Errorf("%s: %v", p.Path, err)
				}
				if len(objs) != len(rps[i].players) {
					t.Fatalf("%s: %d objects, want %d", p.Path, len(objs), len(rps[i].players))
				}
				for k, o := range objs {
					if got := o.Get("team"); !reflect.DeepEqual(got, []string{rps[i].team}) {
						t.Errorf("%s record %d: team %q, want %q", p.Path, k, got, rps[i].team)
					}
					if got := o.Get("name"); !reflect.DeepEqual(got, []string{rps[i].players[k][0]}) {
						t.Errorf("%s record %d: name %q, want %q", p.Path, k, got, rps[i].players[k][0])
					}
					if len(o.Fields) < 2 || o.Fields[0].Name != "name" || o.Fields[1].Name != "team" {
						t.Errorf("%s record %d: fields not in SOD order: %+v", p.Path, k, o.Fields)
					}
				}
				lobjs, lerr := l.Extract(p)
				if !reflect.DeepEqual(objs, lobjs) || (err == nil) != (lerr == nil) {
					t.Errorf("%s: loaded wrapper extracts %v (%v), want %v (%v)", p.Path, lobjs, lerr, objs, err)
				}
			}
		})
	}
}

// TestPageScopeDropped checks what happens when no slot holds a page-scope
// field: it is dropped with a reason and the records are still extracted,
// whether it is optional or mandatory.
func TestPageScopeDropped(t *testing.T) {
	rps := rosterPages(8)
	pages := annotatedRosters(t, rps, nil) // no team is ever annotated
	w, err := Induce(pages, rosterSOD(t, "?"), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(w.DroppedPageFields(), "team") {
		t.Errorf("DroppedPageFields() = %q, want it to name team", w.DroppedPageFields())
	}
	objs, err := w.Extract(pages[0])
	if err != nil || len(objs) != len(rps[0].players) {
		t.Fatalf("Extract: %d objects (%v), want %d", len(objs), err, len(rps[0].players))
	}
	if got := objs[0].Get("team"); len(got) != 0 {
		t.Errorf("dropped team extracted: %q", got)
	}
	// A mandatory one is dropped too (named as mandatory): the records
	// are extracted without it, and the page reports it missing.
	mw, err := Induce(pages, rosterSOD(t, "1"), DefaultOptions())
	if err != nil {
		t.Fatalf("mandatory unmappable page field: %v, want the records learned without it", err)
	}
	if why := mw.DroppedPageFields(); !strings.Contains(why, "team") || !strings.Contains(why, "mandatory") {
		t.Errorf("DroppedPageFields() = %q, want it to name team as mandatory", why)
	}
	mobjs, err := mw.Extract(pages[0])
	var mm *MismatchError
	if len(mobjs) != len(rps[0].players) || !errors.As(err, &mm) || !mm.Partial || !strings.Contains(mm.Reason, "team") {
		t.Fatalf("Extract: %d objects (%v), want %d and a partial mismatch naming team", len(mobjs), err, len(rps[0].players))
	}
	if got := mobjs[0].Get("team"); len(got) != 0 {
		t.Errorf("dropped mandatory team extracted: %q", got)
	}
}

// TestSplitPageScope checks the derived SODs: the records' without the
// page-scope fields, the page's with only them, optional, one per page.
func TestSplitPageScope(t *testing.T) {
	s := rosterSOD(t, "1")
	rec, page, ok := mapping.SplitPageScope(s)
	if !ok {
		t.Fatal("splitPageScope: no page-scope field found")
	}
	names := func(s *sod.SOD) (out []string) {
		for _, f := range s.Root.Fields {
			out = append(out, f.Name+" "+f.Mult.String())
		}
		return out
	}
	if got, want := names(rec), []string{"name 1", "position 1", "height ?"}; !reflect.DeepEqual(got, want) {
		t.Errorf("record SOD fields %v, want %v", got, want)
	}
	if got, want := names(page), []string{"team ?"}; !reflect.DeepEqual(got, want) {
		t.Errorf("page SOD fields %v, want %v", got, want)
	}
	if page.Mult != sod.One || rec.Mult != s.Mult || len(s.Root.Fields) != 4 {
		t.Errorf("page objects %s, record objects %s, original fields %d", page.Mult, rec.Mult, len(s.Root.Fields))
	}
	if _, _, ok := mapping.SplitPageScope(testSOD([][3]string{{"a", "1", "x"}}, sod.Multiplicity{Min: 0, Max: sod.Unbounded})); ok {
		t.Error("splitPageScope: an SOD without page-scope fields was split")
	}
}

// TestPageScopeNoisyRecordDictionary: the team dictionary knows three of
// the eight teams, while the dictionary of a record field (college) knows
// every team name. On the page's own slots, annotations of the records'
// types are that dictionary's noise: the heading is still the team's.
func TestPageScopeNoisyRecordDictionary(t *testing.T) {
	src := `object = "player"
objects = "*"
[tuple.player]
name = "1"
team = { type = "team", mult = "?", scope = "page" }
position = "1"
college = "?"
[entity.name]
dictionary = "name"
[entity.team]
dictionary = "team"
[entity.college]
dictionary = "college"
[entity.position]
regex = '\b(?:PG|SG|SF|PF|C)\b'
`
	s, err := sod.Parse("roster.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rps := rosterPages(8)
	var pages []*annotate.Page
	for i, rp := range rps {
		marks := map[string][]string{"team": rosterTeams[:3], "college": rosterTeams, "name": rosterNames}
		for _, p := range rp.players {
			marks["position"] = append(marks["position"], p[1])
		}
		pages = append(pages, testPage(t, fmt.Sprintf("%02d.html", i), rp.html(), marks))
	}
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if w.DroppedPageFields() != "" {
		t.Fatalf("dropped: %s", w.DroppedPageFields())
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) == 0 {
			t.Fatalf("%s: no objects", p.Path)
		}
		if got := objs[0].Get("team"); !reflect.DeepEqual(got, []string{rps[i].team}) {
			t.Errorf("%s: team %q, want %q", p.Path, got, rps[i].team)
		}
	}
}

// TestPageScopeMenuWord checks that a page-scope field does not take a
// heading that rotates among the site's menu words a noisy dictionary
// knows ("Players", "Standings": words every page's menu shows) when
// another slot holds the field's own values on some pages: the menu
// words' annotations are no evidence (mapping.withoutSiteWords), and
// the team is read from its own heading, never "Players".
func TestPageScopeMenuWord(t *testing.T) {
	rps := rosterPages(8)
	heads := []string{"Players", "Standings", "Scores", "Players", "Roster", "Standings", "Players", "Scores"}
	var pages []*annotate.Page
	for i, rp := range rps {
		var b strings.Builder
		b.WriteString(`<html><body><div class="nav"><ul><li><a href="/">Home</a></li><li><a href="/p">Players</a></li><li><a href="/s">Standings</a></li><li><a href="/c">Scores</a></li></ul></div>`)
		fmt.Fprintf(&b, `<div class="main"><h1>%s</h1><h2>%s</h2><table><tr><th>Name</th><th>Pos</th><th>Ht</th></tr>`, heads[i], rp.team)
		for _, p := range rp.players {
			fmt.Fprintf(&b, `<tr><td><a href="/p">%s</a></td><td>%s</td><td>%s</td></tr>`, p[0], p[1], p[2])
		}
		b.WriteString(`</table></div><div class="foot">Copyright Hoops</div></body></html>`)
		marks := map[string][]string{"team": {"Players", "Standings", "Scores", rosterTeams[0], rosterTeams[1], rosterTeams[2]}, "name": rosterNames}
		for _, p := range rp.players {
			marks["position"] = append(marks["position"], p[1])
			marks["height"] = append(marks["height"], p[2])
		}
		pages = append(pages, testPage(t, fmt.Sprintf("%02d.html", i), b.String(), marks))
	}
	w, err := Induce(pages, rosterSOD(t, "1"), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != len(rps[i].players) {
			t.Fatalf("%s: %d objects, want %d", p.Path, len(objs), len(rps[i].players))
		}
		if got := objs[0].Get("team"); len(got) != 1 || got[0] != rps[i].team {
			t.Errorf("%s: team %q, want %q", p.Path, got, rps[i].team)
		}
	}
}
