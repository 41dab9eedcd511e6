package wrapper

import (
	"fmt"

	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestWholeInstanceSlot: the player's number is written "#47" (template
// "#" in its text node); the years of experience, also one or two digits
// (or "R", a rookie), are whole text nodes further down. The number's
// values are wholly instances of its pattern, as good as whole nodes:
// the slot with the number on every page wins over the one with it on
// most pages.
func TestWholeInstanceSlot(t *testing.T) {
	numbers := []string{"47", "12", "38", "21", "9", "44", "30", "17", "42", "3", "28", "11"}
	exp := []string{"8", "4", "R", "10", "2", "13", "5", "R", "7", "1", "14", "6"}
	var src []string
	marks := map[string][]string{"no": nil}
	for i, n := range numbers {
		marks["no"] = append(marks["no"], n)
		if exp[i] != "R" {
			marks["no"] = append(marks["no"], exp[i])
		}
		src = append(src, fmt.Sprintf(`<html><body><h1>Player</h1><div class="number">#%s</div><dl><dt>Exp.:</dt><dd><span>%s</span></dd></dl><p>Updated nightly</p></body></html>`, n, exp[i]))
	}
	pages := pagesOf(t, src, marks)
	s := testSOD([][3]string{{"no", "1", "no"}}, sod.One)
	s.Root.Fields[0].Type.Recognizer = &sod.Recognizer{Kind: sod.Regex, Pattern: `\b\d{1,2}\b`}
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkOneField(t, w, pages, "no", numbers)
}
