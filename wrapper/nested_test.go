package wrapper

import (
	"fmt"

	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestNestedInstanceSlot: a number field whose pattern (one or two
// digits) also matches the "6" of every height ("6 ft 2 in") gets the
// slot of the numbers ("Number: 47", not a whole text node), not the
// heights' slot, where its matches are parts of longer instances.
func TestNestedInstanceSlot(t *testing.T) {
	numbers := []string{"47", "12", "38", "21", "9", "44", "30", "17", "42", "3", "28", "11"}
	var src []string
	inches := []string{"1", "2", "3", "4", "7", "8", "9"}
	marks := map[string][]string{"no": append([]string{"6"}, inches...), "ht": nil}
	for i, n := range numbers {
		ht := "6 ft " + inches[i%len(inches)] + " in"
		marks["no"] = append(marks["no"], n)
		marks["ht"] = append(marks["ht"], ht)
		src = append(src, fmt.Sprintf(`<html><body><h1>Player</h1><p>Number: %s</p><ul><li>%s</li><li>Updated nightly</li></ul></body></html>`, n, ht))
	}
	pages := pagesOf(t, src, marks)
	s := testSOD([][3]string{{"no", "1", "no"}, {"ht", "1", "ht"}}, sod.One)
	for _, f := range s.Root.Fields {
		switch f.Name {
		case "no":
			f.Type.Recognizer = &sod.Recognizer{Kind: sod.Regex, Pattern: `\b\d{1,2}\b`}
		case "ht":
			f.Type.Recognizer = &sod.Recognizer{Kind: sod.Regex, Pattern: `\d ft \d{1,2} in`}
		}
	}
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects; template %s", p.Path, len(objs), w.Template())
		}
		if got, want := strings.Join(objs[0].Get("no"), "|"), numbers[i]; got != want {
			t.Fatalf("%s: no %q, want %q; template %s slots %+v", p.Path, got, want, w.Template(), w.Slots())
		}
	}
}
