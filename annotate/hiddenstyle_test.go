package annotate

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// hiddenStyleRef is hiddenStyle as first written (lower-casing a copy).
func hiddenStyleRef(s string) bool {
	s = strings.ToLower(s)
	for _, decl := range strings.Split(s, ";") {
		k, v, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "!important"))
		if (k == "display" && v == "none") || (k == "visibility" && v == "hidden") {
			return true
		}
	}
	return false
}

// TestHiddenStyleFast: the copy-free ASCII path decides as lower-casing does.
func TestHiddenStyleFast(t *testing.T) {
	pieces := []string{"display", "DISPLAY", "Display", "visibility", "VISIBILITY", "none", "NONE", "hidden", "Hidden",
		":", ";", " ", "\t", "!important", "!IMPORTANT", "block", "border", "text-decoration", "diſplay", "\u00a0", "x", "\u212a"}
	r := rand.New(rand.NewPCG(5, 6))
	hidden := 0
	for range 50000 {
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		got, want := hiddenStyle(s), hiddenStyleRef(s)
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
	for _, s := range []string{"display:none", "DISPLAY : NONE !important", "color:red; visibility: Hidden", "text-decoration:none"} {
		if hiddenStyle(s) != hiddenStyleRef(s) {
			t.Errorf("hiddenStyle(%q) differs", s)
		}
	}
}
