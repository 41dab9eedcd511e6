package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// TestReclaimMandatory: player pages with a mandatory team (on every page)
// and an optional college row (on some). The college dictionary knows a
// few team names, more of them in the sample than the team dictionary
// knows, so the team's slot is annotated college more often than team:
// the optional college took it and the team, with no candidate of its own,
// went without (lenient mapping). Reclaimed, the team takes its slot and
// the college its row.
func TestReclaimMandatory(t *testing.T) {
	for _, on := range []bool{false, true} {
		t.Run(fmt.Sprint("reclaim=", on), func(t *testing.T) {
			defer func(v bool) { mapping.Reclaiming = v }(mapping.Reclaiming)
			mapping.Reclaiming = on
			var src, teams, colleges []string
			for i := range 20 {
				team := fmt.Sprintf("Team %c%c", 'A'+i, 'a'+i)
				teams = append(teams, team)
				teamType := ""
				switch {
				case i < 9:
					teamType = ` data-or-type="college"` // the college dictionary knows it
				case i < 14:
					teamType = ` data-or-type="team"`
				}
				college, row := "", ""
				if i%3 != 0 {
					college = fmt.Sprintf("College %c%c", 'K'+i, 'b'+i)
					ct := ""
					if i%3 == 1 && i < 10 {
						ct = ` data-or-type="college"`
					}
					row = fmt.Sprintf(`<div class="row"><b>Exp.</b> %d</div><div class="college"%s>%s</div>`, i, ct, college)
				}
				colleges = append(colleges, college)
				src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Player %c%c</h1><div class="team"><a href="/t/%d"%s>%s</a></div><div class="facts"><div class="row"><b>Height</b> 6-%d</div>%s</div><p>Stats are updated nightly.</p></body></html>`,
					'A'+i, 'a'+i, i, teamType, team, i%12, row))
			}
			pages := pagesOf(t, src, nil)
			s := testSOD([][3]string{{"name", "1", "name"}, {"team", "1", "team"}, {"college", "?", "college"}}, sod.One)
			dictionaryTypes(s, "name", "team", "college")
			w, err := Induce(pages, s, DefaultOptions())
			right := err == nil
			for i, p := range pages {
				if !right {
					break
				}
				objs, _ := w.Extract(p)
				want := "[]"
				if colleges[i] != "" {
					want = fmt.Sprint([]string{colleges[i]})
				}
				right = len(objs) == 1 && fmt.Sprint(objs[0].Get("team")) == fmt.Sprint([]string{teams[i]}) && fmt.Sprint(objs[0].Get("college")) == want
				if !right && on {
					t.Logf("page %d: team %v college %v", i, objs[0].Get("team"), objs[0].Get("college"))
				}
			}
			if !on {
				if right {
					t.Fatalf("right without reclaiming: the test shows nothing\n%s\n%+v", w.Template(), w.Slots())
				}
				return
			}
			if !right {
				if err != nil {
					t.Fatal(err)
				}
				t.Fatalf("wrong; template %s\nslots %+v", w.Template(), w.Slots())
			}
		})
	}
}
