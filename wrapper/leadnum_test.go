package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
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
