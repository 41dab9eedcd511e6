package wrapper

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// TestWhyEmpty: a record-mode wrapper applied to pages without its records
// says where the search stopped, in words stable across pages; a page with
// records gets no explanation; a list SOD that wants records reports the
// same reason in its MismatchError.
func TestWhyEmpty(t *testing.T) {
	c := loadCase(t, filepath.Join("testdata", "induce", "list-books"))
	w, err := Induce(c.pages, c.sod, c.opt)
	if err != nil {
		t.Fatal(err)
	}
	if w.Mode() != ModeRecords {
		t.Fatalf("mode %s", w.Mode())
	}
	parent := w.RecordPattern().Parent
	head := w.RecordPattern().Head
	parse := func(src string) *annotate.Page {
		p, err := annotate.ParsePage([]byte(src), "other.html", annotate.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name, src, want string
	}{
		{"page with records", "", ""},
		{"no list at all", "<html><body><p>nothing here</p></body></html>", "no list where the records were learned: no <"},
		{"the list's parent without items", "", "has no <" + head + "> items"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var p *annotate.Page
			switch tc.name {
			case "page with records":
				p = c.pages[0]
				for _, q := range c.pages {
					if objs, _ := w.Extract(q); len(objs) > 0 {
						p = q
						break
					}
				}
			case "the list's parent without items":
				// The sample page with the parent's children removed.
				q := parse(renderPage(c.pages[0]))
				var pars []*html.Node // the records' parents
				for _, rec := range w.Records.Records(q) {
					if par := rec[0].Parent; !slices.Contains(pars, par) {
						pars = append(pars, par)
					}
				}
				if len(pars) == 0 {
					t.Fatal("no records on the sample page")
				}
				for _, par := range pars {
					for par.FirstChild != nil {
						par.RemoveChild(par.FirstChild)
					}
				}
				p = q
			default:
				p = parse(tc.src)
			}
			got := w.WhyEmpty(p)
			if tc.want == "" {
				if got != "" {
					t.Fatalf("WhyEmpty = %q on a page with records", got)
				}
				return
			}
			if !strings.Contains(got, tc.want) || !strings.Contains(got, parent) && !strings.Contains(got, "no list") {
				t.Fatalf("WhyEmpty = %q, want %q… naming %s", got, tc.want, parent)
			}
			// The SOD wants one or more books per page: the same reason in the error.
			_, err := w.Extract(p)
			var mm *MismatchError
			if !errors.As(err, &mm) || !strings.HasSuffix(mm.Reason, got) {
				t.Fatalf("Extract error %v, want a MismatchError ending with %q", err, got)
			}
		})
	}
}
