package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestRun runs docs/library.md's program on examples/concerts-a.
func TestRun(t *testing.T) {
	var out, log bytes.Buffer
	if err := run(context.Background(), filepath.Join("..", "concerts-a"), &out, &log); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 200 || !strings.HasPrefix(lines[0], `{"page":"0000.html","index":0,"object":{"artist":`) {
		t.Errorf("%d lines, first %q; want the 200 concerts of expected.jsonl", len(lines), lines[0])
	}
	for _, want := range []string{"200 objects from 24 pages, 0 did not fit; records wrapper", "artist     filled in 100% of the objects"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, log.String())
		}
	}
}
