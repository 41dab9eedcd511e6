package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// exampleRepo indexes concerts-a and books-a with extract --repo.
func exampleRepo(t *testing.T) string {
	t.Helper()
	ex := filepath.Join("..", "..", "examples")
	repo, dicts := t.TempDir(), t.TempDir()
	for _, src := range []string{"concerts-a", "books-a"} {
		status, _, stderr := runCLI(t, "extract", "--dict-dir", dicts, "--import", filepath.Join(ex, src, "dictionaries"),
			"--sod", filepath.Join(ex, src, "sod.toml"), "--source", filepath.Join(ex, src, "pages"), "-o", filepath.Join(t.TempDir(), "x.jsonl"),
			"--repo", repo)
		if status != 0 || !strings.Contains(stderr, "msg=indexed source="+src) {
			t.Fatalf("extract --repo %s: status %d\n%s", src, status, stderr)
		}
	}
	return repo
}

func TestQuery(t *testing.T) {
	repo := exampleRepo(t)
	status, out, stderr := runCLI(t, "query", "--repo", repo, "--schema")
	if status != 0 || !strings.Contains(out, "SOD book: 1 sources, 193 objects") || !strings.Contains(out, "SOD concert: 1 sources, 200 objects") ||
		!strings.Contains(out, "price   numeric (price)") {
		t.Fatalf("schema: %d\n%s%s", status, out, stderr)
	}

	// JSON Lines: ranks, scores, the objects; every price below 5.
	status, out, stderr = runCLI(t, "query", "--repo", repo, "--format", "jsonl", "--limit", "3", "price<5")
	if status != 0 {
		t.Fatalf("jsonl: %d\n%s", status, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("jsonl: %d lines\n%s", len(lines), out)
	}
	for i, l := range lines {
		var r struct {
			Rank       int               `json:"rank"`
			Score      float64           `json:"score"`
			SOD        string            `json:"sod"`
			Object     map[string]any    `json:"object"`
			Normalized map[string]string `json:"normalized"`
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		var price float64
		if _, err := fmt.Sscan(r.Normalized["price"], &price); err != nil || price >= 5 {
			t.Errorf("line %d: price %q", i, r.Normalized["price"])
		}
		if r.Rank != i+1 || r.SOD != "book" || r.Object["title"] == nil || r.Score <= 0 {
			t.Errorf("line %d: %s", i, l)
		}
	}

	tests := []struct {
		name   string
		args   []string
		status int
		out    string
		err    string
	}{
		{"table", []string{"--limit", "2", "--sod", "concert", "date>=2010-07-20", "date<2010-07-23"}, 0, "#  score  conf   source      page       artist", ""},
		{"csv", []string{"--format", "csv", "--limit", "1", "price>1"}, 0, "rank,score,relevance,confidence,sod,source,page,index,title,author,price,date\n1,", ""},
		{"csv without results", []string{"--format", "csv", "price>1000"}, 0, "rank,score,relevance,confidence,sod,source,page,index,title,author,price,date\n", ""},
		{"keywords, explained", []string{"--limit", "1", "-k", "tickets", "--sod", "concert", "--explain"}, 0, "relevance: full-text score", "plan: SOD concert"},
		{"join", []string{"--join", "concert.date=book.date", "--limit", "1", "--format", "csv"}, 0, "concert.artist", ""},
		{"unknown field", []string{"auther=x"}, 1, "", "no SOD has every field"},
		{"bad restriction", []string{"price"}, 2, "", "expected FIELD OP VALUE"},
		{"bad join", []string{"--join", "artist=author"}, 2, "", "expected SOD.FIELD=SOD.FIELD"},
		{"bad format", []string{"--format", "xml"}, 2, "", "--format must be"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, out, stderr := runCLI(t, append([]string{"query", "--repo", repo}, tc.args...)...)
			if status != tc.status || !strings.Contains(out, tc.out) || !strings.Contains(stderr, tc.err) {
				t.Errorf("status %d (want %d)\nstdout (want %q):\n%s\nstderr (want %q):\n%s", status, tc.status, tc.out, out, tc.err, stderr)
			}
		})
	}
	if status, _, stderr := runCLI(t, "query", "--repo", t.TempDir(), "a=b"); status != 1 || !strings.Contains(stderr, "no repository") {
		t.Errorf("no repository: %d %s", status, stderr)
	}
	if status, _, stderr := runCLI(t, "query", "a=b"); status != 2 || !strings.Contains(stderr, "--repo is required") {
		t.Errorf("no --repo: %d %s", status, stderr)
	}
}
