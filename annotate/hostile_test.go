package annotate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
)

// depthOf returns the deepest element nesting under n.
func depthOf(n *html.Node) int {
	d := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		d = max(d, depthOf(c))
	}
	if n.Type == html.ElementNode {
		d++
	}
	return d
}

// TestDeepPages: a page nested deeper than the parser's 512 open elements
// is parsed with its deepest elements flattened (FlattenDepth), as browsers
// do, keeping all of its text in order; pages within the limit are left as
// they are.
func TestDeepPages(t *testing.T) {
	deep := func(n int, tag, leaf string) string {
		return "<html><body>" + strings.Repeat("<"+tag+">", n) + leaf + strings.Repeat("</"+tag+">", n) + "<p>after</p></body></html>"
	}
	for _, tc := range []struct {
		name      string
		src       string
		flattened bool
		texts     []string // in document order
	}{
		{"500 divs: within the limit", deep(500, "div", "bottom"), false, []string{"bottom", "after"}},
		{"600 divs", deep(600, "div", "bottom"), true, []string{"bottom", "after"}},
		{"10000 divs", deep(10000, "div", "bottom"), true, []string{"bottom", "after"}},
		{"10000 spans with text at every level", "<body>" + strings.Repeat("<span>x ", 10000) + strings.Repeat("</span>", 10000) + "<p>after</p>", true, []string{"after"}},
		{"unclosed", "<body>" + strings.Repeat("<div><b>", 3000) + "bottom", true, []string{"bottom"}},
		{"tables", "<body>" + strings.Repeat("<table><tr><td>", 1000) + "cell" + strings.Repeat("</td></tr></table>", 1000) + "<p>after</p>", true, []string{"cell", "after"}},
		{"script below the limit stays a script", deep(1000, "div", "<script>var hidden = 1;</script>seen"), true, []string{"seen", "after"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			p, err := ParsePage([]byte(tc.src), "deep.html", LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if took := time.Since(start); took > 2*time.Second {
				t.Errorf("took %v", took)
			}
			if (p.Flattened > 0) != tc.flattened {
				t.Errorf("Flattened = %d, want flattened %v", p.Flattened, tc.flattened)
			}
			if d := depthOf(p.Doc); d > 512 {
				t.Errorf("tree %d deep", d)
			}
			var texts []string
			walkText(p.Doc, func(n *html.Node) bool { texts = append(texts, strings.TrimSpace(n.Data)); return true })
			all := strings.Join(texts, "|")
			if strings.Contains(all, "hidden") {
				t.Errorf("script text became page text")
			}
			at := 0
			for _, want := range tc.texts {
				i := strings.Index(all[at:], want)
				if i < 0 {
					t.Fatalf("text %q missing or out of order in %.200q…", want, all)
				}
				at += i + len(want)
			}
		})
	}
}

// TestListSourceLinks: a source of symbolic links lists the pages they point
// to (files and directories, the source itself a link), reads a directory
// reached twice once, survives a link cycle, and lists a dangling link
// named like a page so that reading it reports it.
func TestListSourceLinks(t *testing.T) {
	real := t.TempDir()
	for _, f := range []string{"a.html", "b.htm", "sub/c.html", "note.txt"} {
		p := filepath.Join(real, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte("<p>"+f+"</p>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := t.TempDir()
	links := map[string]string{
		"a.html":        filepath.Join(real, "a.html"),
		"renamed.html":  filepath.Join(real, "b.htm"),
		"dir":           filepath.Join(real, "sub"),
		"dir2":          filepath.Join(real, "sub"), // the same directory again
		"loop":          ".",                        // a cycle
		"gone.html":     filepath.Join(real, "missing.html"),
		"note.html.txt": filepath.Join(real, "note.txt"),
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(src, name)); err != nil {
			t.Skipf("symbolic links unavailable: %v", err)
		}
	}
	top := filepath.Join(t.TempDir(), "source")
	if err := os.Symlink(src, top); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{src, top} {
		paths, err := ListSource(dir)
		if err != nil {
			t.Fatal(err)
		}
		var rels []string
		for _, p := range paths {
			rels = append(rels, SourceRel(dir, p))
		}
		if got, want := strings.Join(rels, " "), "a.html dir/c.html gone.html renamed.html"; got != want {
			t.Errorf("ListSource(%s) = %s, want %s", dir, got, want)
		}
		for _, p := range paths {
			_, err := ReadPage(p, SourceRel(dir, p), LoadOptions{})
			if gone := strings.HasSuffix(p, "gone.html"); gone != (err != nil) {
				t.Errorf("ReadPage(%s): %v", p, err)
			} else if gone && !strings.Contains(err.Error(), "gone.html") {
				t.Errorf("error %v does not name the page", err)
			}
		}
	}
}

// FuzzDeepPages wraps arbitrary HTML in depth nested elements of an
// arbitrary tag: ParsePage must give a tree (flattened when too deep) no
// deeper than the parser's 512 open elements, never an error.
func FuzzDeepPages(f *testing.F) {
	for _, s := range []struct {
		body  string
		tag   string
		depth uint16
	}{
		{"text", "div", 600}, {"<table><tr><td>x", "div", 2000}, {"<b><i>x</b></i>", "span", 513},
		{"<script>var x;</script>y", "section", 700}, {"<p>a<p>b", "li", 10000}, {"<svg><g>", "div", 900},
	} {
		f.Add(s.body, s.tag, s.depth)
	}
	f.Fuzz(func(t *testing.T, body, tag string, depth uint16) {
		if tag == "" || strings.ContainsAny(tag, "<>/ \t\n\"'=") {
			tag = "div"
		}
		src := "<html><body>" + strings.Repeat("<"+tag+">", int(depth)) + body + "</body></html>"
		p, err := ParsePage([]byte(src), "deep.html", LoadOptions{})
		if err != nil {
			t.Fatalf("depth %d of <%s>: %v", depth, tag, err)
		}
		if d := depthOf(p.Doc); d > 512 {
			t.Fatalf("tree %d deep", d)
		}
	})
}
