package recognizers

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestRegex(t *testing.T) {
	tests := []struct {
		name       string
		pattern    string
		ignoreCase bool
		text       string
		want       []string
	}{
		{"plain", `\d{13}`, false, ": 9780316125581", []string{"9780316125581"}},
		{"non-ascii before match", `\d+`, false, "café 42 naïve 7", []string{"42", "7"}},
		{"non-ascii in match", `[\p{L}]+é`, false, "un café très épicé", []string{"café", "épicé"}},
		{"astral runes", `b+`, false, "😀bb😀b", []string{"bb", "b"}},
		{"ignore case", `isbn`, true, "ISBN Isbn isbn", []string{"ISBN", "Isbn", "isbn"}},
		{"case sensitive", `isbn`, false, "ISBN Isbn isbn", []string{"isbn"}},
		{"empty matches skipped", `x*`, false, "axxbx", []string{"xx", "x"}},
		{"value group", `ISBN:\s*(?<value>\d+)`, false, "ISBN: 123 and ISBN:456", []string{"123", "456"}},
		{"lookbehind", `(?<=by )[A-Z]\w+`, false, "written by Stephen King", []string{"Stephen"}},
		{"backreference", `(\w)\1`, false, "book keeper", []string{"oo", "ee"}},
		{"invalid utf-8 input", `b`, false, "a\xffb\xfeb", []string{"b", "b"}},
		{"no match", `zzz`, false, "abc", []string{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := NewRegex(tc.pattern, tc.ignoreCase, 0)
			if err != nil {
				t.Fatal(err)
			}
			ms, err := r.Find(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, tc.text, ms)
			got := []string{}
			for _, m := range ms {
				got = append(got, tc.text[m.Start:m.End])
				if m.Recognizer != "regex" {
					t.Errorf("Recognizer=%q, want regex", m.Recognizer)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("Find(%q)=%q, want %q", tc.text, got, tc.want)
			}
		})
	}
}

func TestRegexCompileError(t *testing.T) {
	_, err := NewRegex(`(unclosed`, false, 0)
	if err == nil || !strings.Contains(err.Error(), "(unclosed") {
		t.Fatalf("NewRegex error = %v, want one naming the pattern", err)
	}
}

// TestRegexTimeout runs a catastrophic pattern over 100 KB: Find must give up
// in about the timeout and say which pattern timed out.
func TestRegexTimeout(t *testing.T) {
	const pattern = `(a+)+$`
	r, err := NewRegex(pattern, false, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Repeat("a", 100_000) + "!"
	start := time.Now()
	_, err = r.Find(text)
	elapsed := time.Since(start)
	if err == nil {
		t.Fatalf("Find returned no error after %v, want a timeout", elapsed)
	}
	// Without the timeout this match runs for years; the bound is loose because a
	// loaded machine (CI shares its cores) can starve the regexp2 clock goroutine.
	if elapsed > 30*time.Second {
		t.Fatalf("Find took %v with a 1s timeout", elapsed)
	}
	if msg := err.Error(); !strings.Contains(msg, pattern) || !strings.Contains(msg, "timed out") || len(msg) > 300 {
		t.Fatalf("error %q: want a short message naming the pattern and the timeout", msg)
	}
}
