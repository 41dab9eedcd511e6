package mapping

import (
	"testing"

	"github.com/objectrunner/objectrunner/recognizers"
)

// TestFirstMatch: of several instances in one value, the first that no
// longer one overlaps, whatever their lengths (a sale price before a
// longer list price).
func TestFirstMatch(t *testing.T) {
	r, err := recognizers.NewPredefined("price")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ text, want string }{
		{"$993 Reg. $1,109", "$993"},
		{"82,95 € Reg. 301,95 €", "82,95 €"},
		{"Price: $81.50 Was: $335.45", "$81.50"},
		{"Now $1,299.99, was $5", "$1,299.99"},
		{"$12", "$12"},
	} {
		m, ok := firstMatch(r, tc.text)
		if !ok || tc.text[m[0]:m[1]] != tc.want {
			t.Errorf("firstMatch(%q) = %v %v, want %q", tc.text, m, ok, tc.want)
		}
	}
	if _, ok := firstMatch(r, "no price here"); ok {
		t.Error("an instance in a text without one")
	}
}
