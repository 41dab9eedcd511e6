package mapping

import (
	"strings"
	"testing"
)

// TestRowSpan checks where a row's value starts and ends: after its label,
// up to the next label at the label's DOM path or the end of the element
// holding label and value (a last row), and whether other rows are there.
func TestRowSpan(t *testing.T) {
	for _, tc := range []struct {
		name, html  string
		label, want string
		others      bool
	}{
		{"dl rows", `<dl><dt>Date:</dt><dd>May 4</dd><dt>Address:</dt><dd>12 Elm St<br>Austin, TX</dd><dt>Genre:</dt><dd>Jazz</dd></dl>`, "address", "12 Elm St, Austin, TX", true},
		{"last dl row", `<dl><dt>Date:</dt><dd>May 4</dd><dt>Address:</dt><dd>12 Elm St</dd></dl><p>Sign up now</p>`, "address", "12 Elm St", true},
		{"last div row", `<div><div class="row"><span>When</span> <div>May 4</div></div><div class="row"><span>Directions</span> <div>12 Elm St</div></div></div><p>Sign up now</p>`, "directions", "12 Elm St", true},
		{"value at the label's path", `<ul><li><span>School</span> <span>Glenrock University</span></li></ul><p>Drafted</p>`, "school", "Glenrock University", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body>"+tc.html+"</body></html>", nil)
			toks := Tokenize(p, NewPaths())
			got, others := "", false
			for x := range toks {
				if toks[x].Kind != KindWord || (x > 0 && toks[x-1].Kind == KindWord && toks[x-1].Node == toks[x].Node) {
					continue
				}
				label, y := rowLabelAt(toks, 0, x)
				if y < 0 || strings.Join(label, " ") != tc.label {
					continue
				}
				end := rowEnd(toks, y, x, len(toks))
				got, _, _ = ValueText(toks, x, end)
				others = otherRows(toks, y, x, end, 0, len(toks))
				break
			}
			if got != tc.want || others != tc.others {
				t.Fatalf("row value %q, other rows %v; want %q, %v", got, others, tc.want, tc.others)
			}
		})
	}
}

// TestRowValue reads a field by its row label (rowValue) in a slot's value
// holding several rows: the row's text; with a Cut (the sample's instances
// filled one segment of the slot) the segment where the instance starts,
// not the time after the date; and no value when the label is not there.
func TestRowValue(t *testing.T) {
	const rows = `<dl><dd><b>Price:</b> $41</dd><dd><b>Show date:</b> <span>August 5, 2018</span> at <span>7:30 pm</span></dd><dd><b>Ages:</b> 21+</dd></dl>`
	for _, tc := range []struct {
		name, html string
		cut        bool
		want       string
	}{
		{"whole row", rows, false, "August 5, 2018 at 7:30 pm"},
		{"segment of the instance", rows, true, "August 5, 2018"},
		{"no such row", `<dl><dd><b>Price:</b> $41</dd><dd><b>Ages:</b> 21+</dd></dl>`, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body>"+tc.html+"</body></html>", nil)
			toks := Tokenize(p, NewPaths())
			slot := &SlotNode{ID: 0}
			sm := SlotMap{Slot: 0, Field: "when", Row: []string{"show", "date"}, RowSlots: []int{0}}
			if tc.cut {
				sm.Cut = &Cut{Index: 1}
			}
			w := &State{Scope: -1, FieldSpecs: []FieldSpec{{Name: "when", Path: "when", Types: []string{"when"}, Set: -1}},
				SlotMaps: []SlotMap{sm}, Template: &Template{Root: &SeqNode{Nodes: []Node{slot}}, Slots: []*SlotNode{slot}}}
			w.Link()
			r := &mrec{Set: -1, Vals: []sval{{Slot: 0, A: 0, B: len(toks)}}}
			val, ok := w.rowValue(toks, r, -1, &w.SlotMaps[0], w.FieldSpecs[0])
			if got := val.Text; got != tc.want || ok != (tc.want != "") {
				t.Fatalf("rowValue = %q, %v; want %q", got, ok, tc.want)
			}
		})
	}
}
