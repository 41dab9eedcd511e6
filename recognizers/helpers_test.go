package recognizers

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// findCase is one table case: the text and the matches wanted, each written
// "value" or "value=normalized".
type findCase struct {
	name string
	text string
	want []string
}

// runFindCases runs the cases against the predefined recognizer called name.
func runFindCases(t *testing.T, name string, cases []findCase) {
	t.Helper()
	r, err := NewPredefined(name)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ms, err := r.Find(tc.text)
			if err != nil {
				t.Fatalf("Find(%q): %v", tc.text, err)
			}
			checkInvariants(t, tc.text, ms)
			got := describe(tc.text, ms)
			want := tc.want
			if want == nil {
				want = []string{}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s.Find(%q)\n got %q\nwant %q", name, tc.text, got, want)
			}
			for _, m := range ms {
				if m.Recognizer != "predefined:"+name {
					t.Errorf("Recognizer=%q, want %q", m.Recognizer, "predefined:"+name)
				}
			}
		})
	}
}

// describe renders matches as "value=normalized" (or "value" when the
// normalized form is empty or equal to the value).
func describe(text string, ms []Match) []string {
	out := []string{}
	for _, m := range ms {
		v := text[m.Start:m.End]
		if m.Normalized != "" && m.Normalized != v {
			v += "=" + m.Normalized
		}
		out = append(out, v)
	}
	return out
}

// checkInvariants checks what every recognizer promises about its matches.
func checkInvariants(t testing.TB, text string, ms []Match) {
	t.Helper()
	prevEnd := 0
	for i, m := range ms {
		if m.Start < 0 || m.Start >= m.End || m.End > len(text) {
			t.Fatalf("match %d: bad span [%d,%d) in a text of %d bytes", i, m.Start, m.End, len(text))
		}
		if m.Start < prevEnd {
			t.Fatalf("match %d [%d,%d) overlaps or precedes the previous one ending at %d", i, m.Start, m.End, prevEnd)
		}
		prevEnd = m.End
		if !(m.Confidence > 0 && m.Confidence <= 1) {
			t.Fatalf("match %d: confidence %v not in (0,1]", i, m.Confidence)
		}
		if m.Recognizer == "" {
			t.Fatalf("match %d: empty Recognizer", i)
		}
		if utf8.ValidString(text) && !utf8.ValidString(text[m.Start:m.End]) {
			t.Fatalf("match %d: %q is not valid UTF-8", i, text[m.Start:m.End])
		}
	}
}

// confidenceOf returns the confidence of the match whose value is v.
func confidenceOf(t *testing.T, name, text, v string) float64 {
	t.Helper()
	r, err := NewPredefined(name)
	if err != nil {
		t.Fatal(err)
	}
	ms, _ := r.Find(text)
	for _, m := range ms {
		if text[m.Start:m.End] == v {
			return m.Confidence
		}
	}
	t.Fatalf("%s.Find(%q): no match %q among %q", name, text, v, strings.Join(describe(text, ms), " | "))
	return 0
}
