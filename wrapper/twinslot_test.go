package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
)

// TestTwinSlot: list records of players whose unlabelled rows are
// separated by <br>: an optional birth date, then an optional school
// (both absent on some records), the school's dictionary knowing a few
// names. ExAlg aligns the school in two slots, one before the optional
// date for records without it and one after it, "*:school (<span><b>
// *:dob </b></span>)? *"; the slot after the date is the school's twin
// (SlotMap.Twin) and every school comes out.
func TestTwinSlot(t *testing.T) {
	schools := []string{"University of Ironbridge", "Ridgeway State", "Ashford A&M", "Millbrook University", "Kestrel State", "St. Keller's College", "Oakridge State", "Glenrock University"}
	months := []string{"Jan", "Mar", "Aug", "Dec"}
	var pages []*annotate.Page
	var want [][]string
	k := 0
	for pg := range 10 {
		var b strings.Builder
		var ws []string
		for range 4 + pg%4 {
			school := schools[(k*3)%len(schools)]
			if k%5 == 4 {
				school = ""
			}
			ws = append(ws, school)
			fmt.Fprintf(&b, `<li><div><a data-or-type="name">Player %d</a></div><p><span>%d</span><br><b>Pos:</b> Goalie<br><b>Weight:</b> %d lbs`, 100+k, 10+k%80, 180+k%40)
			if k%3 != 1 {
				fmt.Fprintf(&b, `<br><span class="born"><b>%02d %s %d</b></span>`, 1+k%28, months[k%4], 1980+k%20)
			}
			if school != "" {
				sc := school
				if k%2 == 0 {
					sc = `<span data-or-type="school">` + school + `</span>`
				}
				fmt.Fprintf(&b, `<br><span class="college">%s</span>`, sc)
			}
			fmt.Fprintf(&b, `<br><b>Experience:</b> <b>%d</b></p></li>`, 1+k%12)
			k++
		}
		want = append(want, ws)
		pages = append(pages, testPage(t, fmt.Sprintf("p%d.html", pg), `<html><body><h1>Roster</h1><ol class="items">`+b.String()+`</ol><p>Page footer</p></body></html>`, nil))
	}
	annotatePatterns(t, pages, map[string]string{"dob": "date"})
	s := testSOD([][3]string{{"name", "1", "name"}, {"dob", "?", "dob"}, {"school", "?", "school"}}, sod.Multiplicity{Min: 0, Max: sod.Unbounded})
	dictionaryTypes(s, "name", "school")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		var got []string
		for _, o := range objs {
			got = append(got, strings.Join(o.Get("school"), "|"))
		}
		if fmt.Sprint(got) != fmt.Sprint(want[i]) {
			t.Fatalf("%s: schools %q, want %q\ntemplate %s\nslots %+v", p.Path, got, want[i], w.Template(), w.Slots())
		}
	}
}
