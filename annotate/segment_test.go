package annotate

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

// TestFindSegmentNovelty: a list of a few results beside a look-alike box
// ("Bestsellers") that holds more annotated items than the list on every
// page. The box's items are drawn from a small pool and recur from page to
// page; the results are new on each page. Counting annotations alone puts
// the box's share above half on every page and makes it the main content
// segment; weighing each annotation by the inverse of the number of pages
// its value occurs on finds the results.
func TestFindSegmentNovelty(t *testing.T) {
	s := tupleSOD("book",
		field(entity("title", false), sod.One),
		field(entity("author", false), sod.Multiplicity{Min: 1, Max: sod.Unbounded}),
	)
	recs := map[string]recognizers.Recognizer{
		"title":  &regexRec{name: "regex:title", re: regexp.MustCompile(`\bBook [0-9]+\b`)},
		"author": &regexRec{name: "regex:author", re: regexp.MustCompile(`\bWriter [0-9]+\b`)},
	}
	a, err := NewAnnotator(s, recs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		boxPool  int // distinct items the box draws from; 0: the box is new on each page too
		want     string
		wantFind bool
	}{
		{"recurring box", 6, "html/body/div/div[1]/section", true},
		// Without recurrence the box holds more of every page's annotations
		// than the results, as before.
		{"new box", 0, "html/body/div/div[2]/ul", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var pages []*Page
			for i := range 6 {
				var b strings.Builder
				b.WriteString(`<html><body><div><div class="results"><h1>Results</h1><section>`)
				for r := range 2 {
					fmt.Fprintf(&b, `<article><h4>Book %d</h4><p>By Writer %d</p></article>`, 100+10*i+r, 100+10*i+r)
				}
				b.WriteString(`</section></div><div class="side"><h3>Bestsellers</h3><ul>`)
				for k := range 4 {
					n := 900 + 10*i + k
					if tc.boxPool > 0 {
						n = 900 + (i+k)%tc.boxPool
					}
					fmt.Fprintf(&b, `<li><a>Book %d</a><br><span>Writer %d</span></li>`, n, n)
				}
				b.WriteString(`</ul></div></div></body></html>`)
				p, err := ParsePage([]byte(b.String()), fmt.Sprintf("%d.html", i), LoadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				if err := a.Annotate(p); err != nil {
					t.Fatal(err)
				}
				pages = append(pages, p)
			}
			got, ok := FindSegment(pages, DefaultSegmentShare)
			if ok != tc.wantFind || got != tc.want {
				t.Fatalf("FindSegment = %q, %v; want %q, %v", got, ok, tc.want, tc.wantFind)
			}
		})
	}
}
