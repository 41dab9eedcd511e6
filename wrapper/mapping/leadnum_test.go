package mapping

import (
	"testing"
)

func TestOpensWithNumber(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"80 F", true},
		{"#12 Forward", true},
		{"12", false},
		{"Ashford 2 State", false},
		{"3M Company", false},
		{"1. FC Köln", true}, // a number word; the rule asks that annotations leave it out
	} {
		if got := opensWithNumber(tc.text); got != tc.want {
			t.Errorf("opensWithNumber(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
