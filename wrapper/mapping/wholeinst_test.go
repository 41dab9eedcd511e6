package mapping

import (
	"slices"
	"testing"
)

func TestWholeInstances(t *testing.T) {
	valid := predefinedRecognizers([]FieldSpec{{Path: "no", Regex: &RegexSpec{Pattern: `\b\d{1,2}\b`}}})
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
			toks := Tokenize(p, NewPaths())
			first := slices.IndexFunc(toks, func(tk Token) bool { return tk.Kind == KindWord })
			in := make([]bool, len(toks))
			for _, sp := range tc.slots {
				for x := first + sp[0]; x < first+sp[1]; x++ {
					in[x] = true
				}
			}
			v := tc.slots[len(tc.slots)-1]
			txt, a, _ := ValueText(toks, first+v[0], first+v[1])
			st := NewSlotStats()
			wholeInstances(st, toks, a, txt, in, valid)
			if st.WholeInst["no"] != tc.want {
				t.Fatalf("wholeInst = %d, want %d", st.WholeInst["no"], tc.want)
			}
		})
	}
}
