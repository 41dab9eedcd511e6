package wrapper

import (
	"fmt"
	"slices"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
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

func TestWholeInstances(t *testing.T) {
	valid := mapping.PredefinedRecognizers([]FieldSpec{{Path: "no", Regex: &RegexSpec{Pattern: `\b\d{1,2}\b`}}})
	if valid["no"] == nil {
		t.Fatal("no recognizer for the regex field")
	}
	for _, tc := range []struct {
		name, text string
		slots      [][2]int // token spans of slot values; the last is the value's
		want       int
	}{
		{"number", "47", [][2]int{{0, 1}}, 1},
		{"after a label", "Number: 9 | G", [][2]int{{4, 5}, {2, 3}}, 1},
		{"height", "6 ft 2 in", [][2]int{{0, 4}}, 0},
		{"rookie", "R", [][2]int{{0, 1}}, 0},
		{"three digits", "123", [][2]int{{0, 1}}, 0},
		{"second value of its node", "Quillon 12", [][2]int{{0, 1}, {1, 2}}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body><p>"+tc.text+"</p></body></html>", nil)
			toks := tokenize(p, mapping.NewPaths())
			first := slices.IndexFunc(toks, func(tk mapping.Token) bool { return tk.Kind == KindWord })
			in := make([]bool, len(toks))
			for _, sp := range tc.slots {
				for x := first + sp[0]; x < first+sp[1]; x++ {
					in[x] = true
				}
			}
			v := tc.slots[len(tc.slots)-1]
			txt, a, _ := mapping.ValueText(toks, first+v[0], first+v[1])
			st := mapping.NewSlotStats()
			mapping.WholeInstances(st, toks, a, txt, in, valid)
			if st.WholeInst["no"] != tc.want {
				t.Fatalf("wholeInst = %d, want %d", st.WholeInst["no"], tc.want)
			}
		})
	}
}
