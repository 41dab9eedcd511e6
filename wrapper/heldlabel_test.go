package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestHeldLabel: detail pages whose school row ("<dt>School</dt><dd>…
// </dd>", the last of a list) holds a placeholder "-" on a third of the
// pages, followed by a summary block of varying sentences. Where the
// school is "-", the summary's words follow the label "School" (a
// page's label skips tags and punctuation): the fallback of a labelled
// field (emptyAfterLabel) may not take the summary for the school.
func TestHeldLabel(t *testing.T) {
	schools := []string{"University of Pinecrest", "Ridgeway State", "Ashford A&M", "Millbrook University", "Kestrel State", "Oakridge State", "Glenrock University"}
	sentences := []string{"Stats are updated nightly during the season.", "Download our app for real-time updates.", "Tickets for home games are on sale now.", "Follow your team with live scores and alerts.", "All statistics are unofficial until verified by the league."}
	var src, want []string
	var known []string
	for i := range 21 {
		school := schools[i%len(schools)]
		if i%3 == 0 {
			school = ""
		}
		if school != "" && i%2 == 0 {
			known = append(known, school)
		}
		want = append(want, school)
		dd := school
		if school == "" {
			dd = "-"
		} else if i%2 == 1 {
			dd = `<a href="/college/` + fmt.Sprint(i) + `">` + school + `</a>`
		}
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Player %c%c</h1><dl><dt>Team</dt><dd>Team %c</dd><dt>School</dt><dd>%s</dd></dl><div class="summary"><p>%s %s</p><p>%s</p></div><footer>SportDesk</footer></body></html>`,
			'A'+i, 'a'+i, 'K'+i%5, dd, sentences[i%5], sentences[(i+2)%5], sentences[(i*3+1)%5]))
	}
	pages := pagesOf(t, src, map[string][]string{"school": known})
	s := testSOD([][3]string{{"name", "1", "name"}, {"school", "?", "school"}}, sod.One)
	dictionaryTypes(s, "name", "school")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		if got := strings.Join(objs[0].Get("school"), "|"); got != want[i] {
			t.Fatalf("%s: school %q, want %q\ntemplate %s\nslots %+v", p.Path, got, want[i], w.Template(), w.Slots())
		}
	}
}
