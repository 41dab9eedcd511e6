package corpus

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
)

// objectLines reads a JSON Lines output as "page object" lines, sorted,
// with prefix cut from the page names and each object in one spelling
// (keys sorted).
func objectLines(t *testing.T, path, prefix string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var o struct {
			Page   string `json:"page"`
			Object any    `json:"object"`
		}
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		obj, err := json.Marshal(o.Object) // one spelling of the same object
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, strings.TrimPrefix(o.Page, prefix)+" "+string(obj))
	}
	slices.Sort(out)
	return out
}

// TestSplitTemplates: a directory mixing three templates (two concert
// list sites and a book detail site) is split into one source per
// template; run with the concert SOD, the two concert templates give the
// objects their sources give alone (examples' expected output) and the
// book template is discarded with its reason. A Config.Pages naming no
// page of the source is an error.
func TestSplitTemplates(t *testing.T) {
	site := t.TempDir()
	parts := map[string]string{"a": "concerts-a", "b": "concerts-b", "c": "bookdetail-a"}
	for sub, ex := range parts {
		if err := os.CopyFS(filepath.Join(site, sub), os.DirFS(filepath.Join(examples, ex, "pages"))); err != nil {
			t.Fatal(err)
		}
	}
	srcs, err := Sources([]string{site})
	if err != nil {
		t.Fatal(err)
	}
	split, left, err := SplitTemplates(srcs, objectrunner.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(split) != 3 || left != 0 {
		t.Fatalf("split into %d sources (%d pages left out), want 3 and 0", len(split), left)
	}
	for _, s := range split {
		var subs []string
		for _, p := range s.Pages {
			if sub, _, _ := strings.Cut(p, "/"); !slices.Contains(subs, sub) {
				subs = append(subs, sub)
			}
		}
		if len(subs) != 1 || s.Template == "" || !strings.HasPrefix(s.Name, filepath.Base(site)+"~") {
			t.Errorf("source %s (template %q) mixes the folders %v, want one template's pages", s.Name, s.Template, subs)
		}
	}
	if _, err := objectrunner.Run(context.Background(), site, objectrunner.Config{Pages: []string{"x/none.html"}}, nil); err == nil || !strings.Contains(err.Error(), "x/none.html") {
		t.Errorf("Run with pages not in the source: %v, want an error naming them", err)
	}
	if _, err := objectrunner.Run(context.Background(), site, objectrunner.Config{Pages: []string{}}, nil); err == nil {
		t.Error("Run with an empty, non-nil Config.Pages: no error")
	}
	_, _, opt := setup(t, filepath.Join(examples, "concerts-a", "sod.toml"),
		map[string][]string{"artist": readList(t, filepath.Join(examples, "concerts-a", "dictionaries", "artist.txt"))})
	opt.Jobs = 2
	opt.Out = t.TempDir()
	rep, _ := runLogged(t, split, opt)
	for _, s := range rep.Sources {
		sub, _, _ := strings.Cut(split[slices.IndexFunc(split, func(x Source) bool { return x.Name == s.Name })].Pages[0], "/")
		a := s.Final()
		if parts[sub] == "bookdetail-a" {
			if a.Status != Discarded {
				t.Errorf("%s (book pages): %s, want discarded", s.Name, a.Status)
			}
			continue
		}
		if a.Status != OK {
			t.Errorf("%s (%s): %s (%s), want ok", s.Name, parts[sub], a.Status, a.Reason)
			continue
		}
		got := objectLines(t, filepath.Join(opt.Out, s.Name+".jsonl"), sub+"/")
		want := objectLines(t, filepath.Join(examples, parts[sub], "expected.jsonl"), "")
		if !slices.Equal(got, want) {
			t.Errorf("%s (%s): %d objects differ from its source's expected %d", s.Name, parts[sub], len(got), len(want))
		}
	}
}
