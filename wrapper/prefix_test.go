package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestPrefixOptional: detail pages whose school is a name in a link,
// "St. <Surname>'s College" on a third of the pages (present on most),
// the school's dictionary knowing a few names. ExAlg makes the shared
// words of the "St. … College" names template text of an optional part
// before the school's slot, "<a> (St . * College)? *:school </a>", and
// the slot is empty on those pages. The optional part's text is the
// school's value there (SlotMap.Prefix), with or without a label before
// the row.
func TestPrefixOptional(t *testing.T) {
	surnames := []string{"Greaves", "Farrow", "Marchand", "Ishikawa", "Okafor", "Lindqvist", "Drummond"}
	places := []string{"Eastvale", "Coldwater", "Kestrel", "Lakemont", "Northgate", "Juniper", "Dunmore", "Pinecrest"}
	for _, format := range []string{"link", "dl"} {
		t.Run(format, func(t *testing.T) {
			var src, want []string
			var known []string
			for i := range 21 {
				school := ""
				switch i % 6 {
				case 0, 3:
					school = "St. " + surnames[i%len(surnames)] + "'s College"
				case 1:
					school = places[i%len(places)] + " State"
				case 2:
					school = "University of " + places[(i+3)%len(places)]
				case 4:
					school = places[(i+5)%len(places)] + " A&M"
				}
				if i%6 == 2 || i%6 == 4 {
					known = append(known, school)
				}
				want = append(want, school)
				var facts string
				switch format {
				case "link":
					// "College: <a>…</a><br>Represented by: …" (the
					// label does not name the field).
					if school != "" {
						facts += fmt.Sprintf(`College: <a href="/college/%d">%s</a><br>`, i, school)
					}
					if i%3 != 1 {
						facts += fmt.Sprintf(`Represented by: <a href="/agent/%d">Agent %c%c</a><br>`, i, 'K'+i%7, 'a'+i)
					}
					facts = `<p class="facts">` + facts + fmt.Sprintf(`Draft: %d, Round %d<br>Years pro: %d</p>`, 1990+i, 1+i%3, 1+i%9)
				case "dl":
					if school != "" {
						facts += fmt.Sprintf(`<dt>School:</dt><dd>%s</dd>`, school)
					}
					facts = `<dl class="details"><dd class="team">Team ` + string(rune('A'+i%5)) + `</dd>` + facts + fmt.Sprintf(`<dt>Drafted:</dt><dd><b>%d, Round %d</b></dd></dl>`, 1990+i, 1+i%3)
				}
				src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Player %c%c</h1><p><span>No. %d</span></p>%s<footer>SportDesk</footer></body></html>`,
					'A'+i, 'a'+i, 10+i, facts))
			}
			pages := pagesOf(t, src, map[string][]string{"school": known})
			s := testSOD([][3]string{{"name", "1", "name"}, {"school", "?", "school"}}, sod.One)
			dictionaryTypes(s, "name", "school")
			w, err := Induce(pages, s, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(w.Template().String(), "St .") {
				t.Fatalf("the St. … College names are no optional part of the template: the test shows nothing\n%s", w.Template())
			}
			for i, p := range pages {
				objs, _ := w.Extract(p)
				if len(objs) != 1 {
					t.Fatalf("%s: %d objects", p.Path, len(objs))
				}
				if got := strings.Join(objs[0].Get("school"), "|"); got != want[i] {
					t.Errorf("%s: school %q, want %q\ntemplate %s\nslots %+v", p.Path, got, want[i], w.Template(), w.Slots())
				}
			}
		})
	}
}
