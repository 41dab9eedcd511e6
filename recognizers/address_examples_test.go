package recognizers

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// exampleAddresses collects the "address" values of the expected objects of
// the concert example sources (examples/concerts-*/expected.jsonl).
func exampleAddresses(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "examples", "concerts-*", "expected.jsonl"))
	if err != nil || len(files) == 0 {
		t.Skip("recognizers: no examples/concerts-*/expected.jsonl")
	}
	seen := map[string]bool{}
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				walk(k, x)
			}
		case []any:
			for _, x := range v {
				walk(key, x)
			}
		case string:
			if key == "address" {
				seen[v] = true
			}
		}
	}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var o any
			if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			walk("", o)
		}
		fh.Close()
	}
	out := make([]string, 0, len(seen))
	for a := range seen {
		out = append(out, a)
	}
	sort.Strings(out)
	return out
}

// TestAddressExamples checks that every address of the concert examples is
// recognised as one match covering the whole value.
func TestAddressExamples(t *testing.T) {
	r := newAddress()
	addrs := exampleAddresses(t)
	if len(addrs) < 20 {
		t.Fatalf("only %d example addresses", len(addrs))
	}
	for _, a := range addrs {
		t.Run(a, func(t *testing.T) {
			ms, err := r.Find(a)
			if err != nil {
				t.Fatal(err)
			}
			if len(ms) != 1 || ms[0].Start != 0 || ms[0].End != len(a) {
				var got []string
				for _, m := range ms {
					got = append(got, a[m.Start:m.End])
				}
				t.Fatalf("Find(%q) = %q, want one match of the whole value", a, got)
			}
		})
	}
}

// TestSWDEAddressNoise counts the address matches on the first 300 shared
// SWDE book pages, which hold no postal address of a venue: every match is a
// false positive (the publisher's city in running text at most). It guards
// the street patterns against matching catalogue text.
func TestSWDEAddressNoise(t *testing.T) {
	if _, err := os.Stat(sharedPages); err != nil {
		t.Skip("SWDE pages: ../shared not found (the shared data sits beside the repository)")
	}
	r := newAddress()
	n := 0
	seen := map[string]int{}
	const pages = 300
	for id := 0; id < pages; id++ {
		data, err := os.ReadFile(filepath.Join(sharedPages, fmt.Sprintf("%04d.htm", id)))
		if err != nil {
			t.Fatal(err)
		}
		text := visibleText(data)
		ms, err := r.Find(text)
		if err != nil {
			t.Fatal(err)
		}
		n += len(ms)
		for _, m := range ms {
			seen[text[m.Start:m.End]]++
		}
	}
	t.Logf("address matches on %d SWDE book pages: %d (%.3f per page): %v", pages, n, float64(n)/pages, seen)
	if float64(n)/pages > 0.05 {
		t.Fatalf("%.3f address matches per page, want at most 0.05", float64(n)/pages)
	}
}
