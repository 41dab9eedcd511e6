package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSources(t *testing.T) {
	dir := t.TempDir()
	for _, ex := range []string{"bookdetail-a", "concerts-a"} {
		pages, _ := filepath.Glob(filepath.Join("..", "..", "examples", ex, "pages", "*.html"))
		if len(pages) == 0 {
			t.Fatalf("%s: no pages", ex)
		}
		if err := os.MkdirAll(filepath.Join(dir, ex), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, ex, filepath.Base(p)), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	code, stdout, stderr := runCLI(t, "sources", dir)
	if code != 0 || !strings.Contains(stdout, "in 2 clusters") || !strings.Contains(stdout, "bookdetail-a/{n}.html") || !strings.Contains(stdout, "concerts-a/{n}.html") {
		t.Fatalf("status %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	code, stdout, _ = runCLI(t, "sources", "--json", dir)
	var got struct {
		Pages    int
		Clusters []struct {
			Pages   []string
			Pattern string
		}
	}
	if err := json.Unmarshal([]byte(stdout), &got); code != 0 || err != nil || len(got.Clusters) != 2 || len(got.Clusters[0].Pages)+len(got.Clusters[1].Pages) != got.Pages {
		t.Fatalf("status %d, %v: %+v", code, err, got)
	}
	for _, args := range [][]string{{"sources"}, {"sources", "--similarity", "2", dir}, {"sources", filepath.Join(dir, "nothing-here")}} {
		if code, _, stderr := runCLI(t, args...); code == 0 || stderr == "" {
			t.Errorf("%v: status %d, stderr %q", args, code, stderr)
		}
	}
}
