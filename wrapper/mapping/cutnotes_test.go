package mapping

import (
	"strings"
	"testing"
)

func TestHoleSpan(t *testing.T) {
	tests := []struct {
		txt, part string
		want      bool
	}{
		{"Ostara BU860-DZ5 60.6MP Action Camera", "BU860-DZ5", true},
		{"The Quiet Archive (1945)", "1945", false},            // at the end, in brackets
		{"Main St · 7pm · Boston", "7pm", false},               // between separators
		{"BU860-DZ5 Ostara Action Camera", "BU860-DZ5", false}, // at the start
		{"Doors open 7pm, all ages", "7pm", false},             // a comma after it
	}
	for _, tc := range tests {
		i := strings.Index(tc.txt, tc.part)
		if got := holeSpan(tc.txt, [2]int{i, i + len(tc.part)}); got != tc.want {
			t.Errorf("holeSpan(%q, %q) = %v, want %v", tc.txt, tc.part, got, tc.want)
		}
	}
}
