package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// TestLeadNumber: the position shares its cell with the jersey number,
// which the SOD does not ask for ("80 F", "12 G-F"). The position
// dictionary knows the letters; the number is never annotated. The
// position's values start after the number (SlotMap.LeadNum).
func TestLeadNumber(t *testing.T) {
	positions := []string{"F", "G-F", "C", "G", "F-C"}
	var src, want []string
	for i := range 20 {
		pos := positions[(i*2)%len(positions)]
		want = append(want, pos)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="player">%s</h1><div class="row"><span class="label">No.:</span> <span class="value">%d %s</span></div><p>Updated nightly</p></body></html>`,
			sparsePlayer(i), (i*37+5)%99, pos))
	}
	pages := pagesOf(t, src, nil)
	for _, p := range pages {
		pagetest.AnnotateRegex(p, "position", `\b(?:F|G|C)\b`) // records_novelty_test.go
	}
	s := testSOD([][3]string{{"name", "1", "player"}, {"position", "1", "position"}}, sod.One)
	dictionaryTypes(s, "player", "position")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkOneField(t, w, pages, "position", want)
}

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
		if got := mapping.OpensWithNumber(tc.text); got != tc.want {
			t.Errorf("opensWithNumber(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
