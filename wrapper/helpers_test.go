package wrapper

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
	"golang.org/x/net/html"
)

// testPage parses HTML into an annotate.Page (pagetest.Annotated).
func testPage(t testing.TB, path, src string, marks map[string][]string) *annotate.Page {
	return pagetest.Annotated(t, path, src, marks)
}

// upChain returns the ancestors of n that have n's subtree as only content.
func upChain(n *html.Node) []*html.Node { return pagetest.UpChain(n) }

// testSOD builds an SOD from "name mult type" triples (pagetest.SOD).
func testSOD(fields [][3]string, pageMult sod.Multiplicity) *sod.SOD {
	return pagetest.SOD(fields, pageMult)
}

// inductionCase is a case directory of testdata/induce.
type inductionCase struct {
	name  string
	pages []*annotate.Page
	sod   *sod.SOD
	opt   Options
}

func loadCase(t testing.TB, dir string) inductionCase {
	c := inductionCase{name: filepath.Base(dir), opt: DefaultOptions()}
	f, err := os.Open(filepath.Join(dir, "case.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var fields [][3]string
	pageMult := sod.One
	marks := map[string][]string{}
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		w := strings.Fields(sc.Text())
		if len(w) == 0 || strings.HasPrefix(w[0], "#") {
			continue
		}
		switch w[0] {
		case "fields":
			fields = append(fields, [3]string{w[1], w[2], w[3]})
		case "supthres":
			c.opt.SupThres, _ = strconv.ParseFloat(w[1], 64)
		case "annotations":
			c.opt.Annotations = w[1] == "true"
		case "pagemult":
			pageMult = sod.Multiplicity{Min: 1, Max: sod.Unbounded}
			if w[1] == "*" {
				pageMult.Min = 0
			}
		case "annotate":
			marks[w[1]] = append(marks[w[1]], strings.Join(w[2:], " "))
		default:
			t.Fatalf("%s/case.txt:%d: unknown directive %q", dir, line, w[0])
		}
	}
	c.sod = testSOD(fields, pageMult)
	files, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	sort.Strings(files)
	for _, fn := range files {
		b, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		c.pages = append(c.pages, testPage(t, filepath.Base(fn), string(b), marks))
	}
	return c
}

// checkOneField extracts each page with w and fails unless the page gives
// one object whose field (its values joined with "|") is want[i].
func checkOneField(t *testing.T, w *Wrapper, pages []*annotate.Page, field string, want []string) {
	t.Helper()
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects; template %s", p.Path, len(objs), w.Template())
		}
		if got := strings.Join(objs[0].Get(field), "|"); got != want[i] {
			t.Fatalf("%s: %s %q, want %q; template %s slots %+v", p.Path, field, got, want[i], w.Template(), w.Slots())
		}
	}
}

// oneFieldRight reports whether w gives every page one object whose field
// is the single value want[i] (the check of the tests that run with a
// mechanism switched off and on).
func oneFieldRight(w *Wrapper, pages []*annotate.Page, field string, want []string) bool {
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 || fmt.Sprint(objs[0].Get(field)) != fmt.Sprint([]string{want[i]}) {
			return false
		}
	}
	return true
}
