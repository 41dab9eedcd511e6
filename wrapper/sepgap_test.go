package wrapper

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
)

// TestSetItemsNotSeparators induces a wrapper on detail pages whose genre
// list is "<a>G1</a> | <a>G2</a> | <a>G3</a>" and whose dictionary knows
// only some genres: the unknown genres between "|" are items, not learned
// separators, and a page with a single unknown genre still gets it.
func TestSetItemsNotSeparators(t *testing.T) {
	known := []string{"Fantasy", "Thriller", "Drama", "Comedy", "Horror"}
	unknown := []string{"Adventure", "Crime"}
	all := append(append([]string{}, known...), unknown...)
	for _, tc := range []struct {
		name    string
		markup  func(gs []string) string
		layouts int
	}{
		{"linked with pipes", func(gs []string) string {
			var parts []string
			for _, g := range gs {
				parts = append(parts, `<a href="/g/`+g+`">`+g+`</a>`)
			}
			return strings.Join(parts, " | ")
		}, 0},
		{"linked with semicolons", func(gs []string) string {
			var parts []string
			for _, g := range gs {
				parts = append(parts, `<a href="/g/`+g+`">`+g+`</a>`)
			}
			return strings.Join(parts, " ; ")
		}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var want [][]string
			var src []string
			for i := range 20 {
				var gs []string
				switch {
				case i%7 == 3:
					gs = []string{unknown[i%2]} // one unknown genre alone
				case i%3 == 1:
					gs = []string{known[i%len(known)], unknown[i%2], known[(i+2)%len(known)]}
				default:
					gs = []string{known[i%len(known)], known[(i+1)%len(known)]}
				}
				want = append(want, gs)
				src = append(src, fmt.Sprintf(`<html><body><div class="nav"><a href="/">Home</a></div><h1 data-or-type="title">Movie Number %d</h1><div class="meta"><span>%d min</span></div><div class="genres">%s</div><div class="date">Released %d June 19%d</div><p>Plot of movie %d.</p></body></html>`, i, 90+i, tc.markup(gs), 1+i, 70+i, i))
			}
			pages := pagesOf(t, src, map[string][]string{"genre": known})
			s := testSOD([][3]string{{"title", "1", "title"}, {"genre", "+", "genre"}}, sod.One)
			w, err := Induce(pages, s, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			for _, sm := range w.Slots() {
				for _, sep := range append(append([]string{}, sm.Seps...), sm.SepWords...) {
					for _, g := range all {
						if sep == g {
							t.Fatalf("slot %d (%s) learned the item %q as a separator: %+v", sm.Slot, sm.Field, g, sm)
						}
					}
				}
			}
			for i, p := range pages {
				objs, err := w.Extract(p)
				if err != nil || len(objs) != 1 {
					t.Fatalf("%s: %d objects, err %v; template %s", p.Path, len(objs), err, w.Template())
				}
				if got := objs[0].Get("genre"); !reflect.DeepEqual(got, want[i]) {
					t.Fatalf("%s: genre = %q, want %q; template %s; slots %+v", p.Path, got, want[i], w.Template(), w.Slots())
				}
			}
		})
	}
}

// pagesOf parses HTML sources into test pages p00.html, p01.html, ….
func pagesOf(t testing.TB, src []string, marks map[string][]string) []*annotate.Page {
	var pages []*annotate.Page
	for i, s := range src {
		pages = append(pages, testPage(t, fmt.Sprintf("p%02d.html", i), s, marks))
	}
	return pages
}
