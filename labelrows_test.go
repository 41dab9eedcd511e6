package objectrunner_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/eval"
	"golang.org/x/net/html"
)

// newcomerRowsSOD is TestNewcomerLabelRows' SOD.
const newcomerRowsSOD = `# A newcomer's SOD for the SWDE book pages: the attributes of the
# "ISBN-13 / ISBN-10 / Publisher / Date / Page Count" rows, some of which
# are missing on some pages, named as the rows are, with loose patterns.
# The publisher pattern also matches the author's name after "by".
name = "newcomer-book-rows"
object = "book"
objects = "1"

[tuple.book]
title = "1"
page_count = "?"
date = "?"
publisher = "?"

[entity.title]
dictionary = "title"

[entity.page_count]
regex = '^\d{2,4}$'

[entity.date]
predefined = "date"

[entity.publisher]
regex = '^[A-Z][A-Za-z&. ]+$'
`

// TestNewcomerLabelRows: on the real book pages, a newcomer's SOD names
// its fields as the page's rows are labelled ("Page Count", "Date",
// "Publisher"). The rows present vary from page to page, so no template
// slot holds the page count or the date consistently: they are read by
// their label (wrapper/labelkey.go) and must be the row's value on every
// page that has the row, and absent where it has none. The publisher's
// loose pattern also matches the author after "by", which the score
// prefers (every value was the author's name at confidence 1): its row,
// labelled with its name, must win, with a read-by-label diagnostic.
func TestNewcomerLabelRows(t *testing.T) {
	if testing.Short() {
		t.Skip("2,000 real pages")
	}
	data := sharedData(t)
	swde := filepath.Join(data, "swde", "book-booksamillion")
	// 300 of the 2,000 pages (a run over all of them takes minutes on a
	// loaded machine): every 7th page, linked into a temporary source.
	dir := t.TempDir()
	files, _ := filepath.Glob(filepath.Join(swde, "*.htm"))
	var pages []string
	for i := 0; i < len(files) && len(pages) < 300; i += 7 {
		dst := filepath.Join(dir, filepath.Base(files[i]))
		src, err := filepath.Abs(files[i])
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(src, dst); err != nil {
			t.Fatal(err)
		}
		pages = append(pages, dst)
	}
	sodPath := filepath.Join(t.TempDir(), "sod.toml")
	if err := os.WriteFile(sodPath, []byte(newcomerRowsSOD), 0o644); err != nil {
		t.Fatal(err)
	}
	lists := []string{filepath.Join(data, "gazetteers", "book", "title.txt")}
	_, vals, rep, _ := runRealDev(t, sodPath, dir, lists)

	// What the rows say: the page count after "Page Count:", the date as
	// SWDE's truth has it (": June 2010").
	pubPattern := regexp.MustCompile(`^[A-Z][A-Za-z&. ]+$`) // the SOD's
	tags := regexp.MustCompile(`(?s)<script.*?</script>|<style.*?</style>|<[^>]+>`)
	pc := regexp.MustCompile(`Page Count\s*:\s*(\d+)`)
	truth := func(attr string) map[string][]string {
		tf, err := os.Open(filepath.Join(data, "swde", "groundtruth", "book-booksamillion-"+attr+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		defer tf.Close()
		f, err := eval.ReadSWDE(tf, tf.Name())
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][]string{}
		for _, p := range f.Pages {
			out[p.ID] = p.Values
		}
		return out
	}
	dates, publishers := truth("publication_date"), truth("publisher")
	want := map[string]map[string]string{"page_count": {}, "date": {}, "publisher": {}}
	for _, p := range pages {
		name := filepath.Base(p)
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if m := pc.FindStringSubmatch(tags.ReplaceAllString(string(raw), " ")); m != nil {
			want["page_count"][name] = m[1]
		}
		id := strings.TrimSuffix(name, ".htm")
		if d := dates[id]; len(d) == 1 {
			want["date"][name] = strings.TrimSpace(strings.TrimPrefix(d[0], ":"))
		}
		// The SOD's publisher pattern leaves out names with other
		// characters ("St. Martin's Press"): no value is right there.
		if d := publishers[id]; len(d) == 1 {
			if v := strings.TrimSpace(strings.TrimPrefix(html.UnescapeString(d[0]), ":")); pubPattern.MatchString(v) {
				want["publisher"][name] = v
			}
		}
	}
	got := map[string]map[string]string{"page_count": {}, "date": {}, "publisher": {}}
	fit := map[string]bool{} // pages that gave an object (the others did not fit the template)
	for _, v := range vals {
		fit[filepath.Base(v.Page)] = true
		if m := got[v.Field]; m != nil {
			m[filepath.Base(v.Page)] = v.Text
		}
	}
	for _, field := range []string{"page_count", "date", "publisher"} {
		right, wrong, missed := 0, 0, 0
		for _, p := range pages {
			name := filepath.Base(p)
			if !fit[name] {
				continue
			}
			w := want[field][name]
			switch v, ok := got[field][name]; {
			case ok && v == w:
				right++
			case ok:
				wrong++
				if wrong <= 3 {
					t.Logf("%s: %s = %q, the row says %q", name, field, v, w)
				}
			case w != "":
				missed++
				if missed <= 3 {
					t.Logf("%s: no %s, the row says %q", name, field, w)
				}
			default:
				right++ // no row, no value
			}
		}
		t.Logf("%s: %d right, %d wrong, %d missed of the %d pages that gave an object (of %d)", field, right, wrong, missed, len(fit), len(pages))
		if wrong > 0 || right < len(fit)*99/100 || len(fit) < len(pages)*9/10 {
			t.Errorf("%s: %d right, %d wrong, %d missed of the %d pages that gave an object (of %d); want no wrong value and 99 %% right", field, right, wrong, missed, len(fit), len(pages))
		}
	}
	found := false
	for _, d := range objectrunner.Diagnose(rep) {
		found = found || (d.Field == "publisher" && d.Kind == "read-by-label")
	}
	if !found {
		t.Errorf("no read-by-label diagnostic for publisher; diagnostics %+v", objectrunner.Diagnose(rep))
	}
}
