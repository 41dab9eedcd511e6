package annotate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

// TestExampleSources samples every example source of the repository
// (examples/<name>/{sod.toml,pages/,dictionaries/}) with its seed dictionaries:
// none may be discarded, the sample must hold every mandatory type on most
// pages, and the main content segment, when one is chosen, must keep every
// annotation of a mandatory type found on the sample pages annotated whole.
func TestExampleSources(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join("..", "examples", "*", "pages"))
	if len(dirs) == 0 {
		t.Skip("annotate: no example sources under ../examples")
	}
	for _, pagesDir := range dirs {
		src := filepath.Dir(pagesDir)
		t.Run(filepath.Base(src), func(t *testing.T) {
			s, err := sod.Load(filepath.Join(src, "sod.toml"))
			if err != nil {
				t.Fatal(err)
			}
			classes := map[string][]string{}
			files, _ := filepath.Glob(filepath.Join(src, "dictionaries", "*.txt"))
			for _, f := range files {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				var entries []string
				for _, l := range strings.Split(string(data), "\n") {
					if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
						entries = append(entries, l)
					}
				}
				classes[strings.TrimSuffix(filepath.Base(f), ".txt")] = entries
			}
			recs, err := recognizers.ForSOD(s, recognizers.NewMemoryDictionaries(classes))
			if err != nil {
				t.Fatal(err)
			}
			a, err := NewAnnotator(s, recs, Options{})
			if err != nil {
				t.Fatal(err)
			}
			paths, err := ListSource(pagesDir)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Sample(context.Background(), paths, pagesDir, a, SampleOptions{K: 10})
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			fmt.Fprintf(&b, "segment %q, order %v\n", res.Segment, res.Order)
			for _, st := range res.Stats {
				fmt.Fprintf(&b, "  %-10s mandatory=%-5v candidates=%d withHits=%d hits/page=%.1f sample=%d/%d\n",
					st.Type, st.Mandatory, st.Candidates, st.PagesWithHits, st.HitsPerPage(), st.SamplePagesWithHits, len(res.Pages))
			}
			t.Log(b.String())
			if res.Segment != "" {
				for _, p := range res.Pages[:min(3, len(res.Pages))] {
					full, err := ReadPage(filepath.Join(pagesDir, filepath.FromSlash(p.Path)), p.Path, LoadOptions{})
					if err != nil {
						t.Fatal(err)
					}
					if err := a.Annotate(full); err != nil {
						t.Fatal(err)
					}
					seg := FindPath(full.Doc, res.Segment)
					for _, et := range a.Types() {
						if !et.Mandatory {
							continue
						}
						var in, all int
						for _, an := range full.Annotations {
							if an.Type == et.Name {
								all++
								if isAncestor(seg, an.Node) {
									in++
								}
							}
						}
						if all > 0 && in == 0 {
							t.Errorf("%s: segment %s cuts every %s annotation", p.Path, res.Segment, et.Name)
						}
					}
				}
			}
		})
	}
}

func isAncestor(a, n *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n == a {
			return true
		}
	}
	return false
}
