package annotate

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestHiddenStyleFast: the copy-free ASCII path decides as lower-casing a
// copy does (hiddenStyleFold, the path of non-ASCII text).
func TestHiddenStyleFast(t *testing.T) {
	pieces := []string{"display", "DISPLAY", "Display", "visibility", "VISIBILITY", "none", "NONE", "nonE", "noNe", "hidden", "Hidden", "hiddEn", "hidDen",
		":", ";", " ", "\t", "!important", "!IMPORTANT", "block", "border", "text-decoration", "diſplay", "\u00a0", "x", "\u212a"}
	r := rand.New(rand.NewPCG(5, 6))
	hidden := 0
	for range 50000 {
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		got, want := hiddenStyle(s), hiddenStyleFold(s)
		if got != want {
			t.Fatalf("hiddenStyle(%q) = %v, want %v", s, got, want)
		}
		if got {
			hidden++
		}
	}
	if hidden == 0 {
		t.Fatal("no hidden style generated")
	}
	for _, s := range []string{"display:nonE", "visibility:hIdden", "Display: noNE"} {
		if !hiddenStyle(s) {
			t.Errorf("hiddenStyle(%q) = false, want true", s)
		}
	}
	for _, s := range []string{"display:none", "DISPLAY : NONE !important", "color:red; visibility: Hidden", "text-decoration:none", "display:nonE", "visibility:hIdden"} {
		if hiddenStyle(s) != hiddenStyleFold(s) {
			t.Errorf("hiddenStyle(%q) differs", s)
		}
	}
}
