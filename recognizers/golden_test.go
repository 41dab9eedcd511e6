package recognizers

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestGolden runs every predefined recognizer over each testdata/*.txt and
// compares the matches with testdata/*.golden (regenerate with -update).
// One line per match: recognizer, byte span, confidence, value, normalized.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatal("no testdata/*.txt")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			text := string(data)
			var b strings.Builder
			for _, in := range Predefined() {
				ms, err := in.New().Find(text)
				if err != nil {
					t.Fatal(err)
				}
				checkInvariants(t, text, ms)
				for _, m := range ms {
					fmt.Fprintf(&b, "%-8s %4d-%-4d %.2f %q", in.Name, m.Start, m.End, m.Confidence, text[m.Start:m.End])
					if m.Normalized != "" {
						fmt.Fprintf(&b, " => %s", m.Normalized)
					}
					b.WriteByte('\n')
				}
			}
			golden := strings.TrimSuffix(file, ".txt") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -run TestGolden -update)", err)
			}
			if got := b.String(); got != string(want) {
				t.Errorf("matches differ from %s (run with -update after checking):\n%s", golden, lineDiff(string(want), got))
			}
		})
	}
}

// lineDiff lists the lines only in want ("-") and only in got ("+").
func lineDiff(want, got string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	w, g := in(want), in(got)
	var b strings.Builder
	for _, l := range strings.Split(want, "\n") {
		if !g[l] {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if !w[l] {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}
