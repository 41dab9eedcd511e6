package wrapper

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// TestRowsInVaryingOrder: label-value rows of a <dl> come in an order that
// varies from page to page and some are optional, so ExAlg folds several
// rows into one slot; the address is read by its label (SlotMap.Row),
// the text of its own row only.
func TestRowsInVaryingOrder(t *testing.T) {
	streets := []string{"5883 Larimer Rd", "1548 Harbor Road, Ste. 4", "88 North Galloway Ave", "301 Oak Rd", "7 Pine Street"}
	cities := []string{"St. Paul, MN 55199", "St. Louis, MO 63174", "Dallas, TX 75201", "Austin, TX 78701"}
	months := []string{"March", "May", "June", "October"}
	genres := []string{"Blues", "Hip-Hop", "Jazz", "Punk", "Folk"}
	var src, wantAddr []string
	for i := range 24 {
		addr := streets[i%5] + "<br>" + cities[i%4]
		date := fmt.Sprintf("%s %d, 2015", months[i%4], 1+i)
		wantAddr = append(wantAddr, streets[i%5]+", "+cities[i%4])
		rows := []string{
			`<dt>Address:</dt><dd>` + addr + `</dd>`,
			`<dt>Location:</dt><dd><a href="/v">The Venue</a></dd>`,
			`<dt>Genre:</dt><dd>` + genres[i%5] + `</dd>`,
			fmt.Sprintf(`<dt>Date:</dt><dd>%s · %d:00 pm</dd>`, date, 6+i%4),
		}
		if i%3 == 1 {
			rows = append(rows, fmt.Sprintf(`<dt>Cost:</dt><dd><b>$%d</b></dd>`, 10+i))
		}
		// Shuffle the rows: each page has its own order.
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		rng.Shuffle(len(rows), func(a, b int) { rows[a], rows[b] = rows[b], rows[a] })
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Show Number %d</h1><dl class="details">%s</dl><p>Tickets are non-refundable.</p></body></html>`,
			i, strings.Join(rows, "")))
	}
	// The address recognizer annotates the address lines.
	marks := map[string][]string{}
	for i := range 24 {
		marks["address"] = append(marks["address"], streets[i%5], cities[i%4])
	}
	pages := pagesOf(t, src, marks)
	s, err := sod.Parse("shows.toml", []byte(`
object = "show"
objects = "1"
[tuple.show]
name = "1"
address = "1"
[entity.name]
dictionary = "show"
[entity.address]
predefined = "address"
`))
	if err != nil {
		t.Fatal(err)
	}
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v; template %s; slots %+v", p.Path, len(objs), err, w.Template(), w.Slots())
		}
		if got := objs[0].Get("address"); len(got) != 1 || got[0] != wantAddr[i] {
			t.Errorf("%s: address = %q, want %q", p.Path, got, wantAddr[i])
		}
	}
	if t.Failed() {
		t.Logf("template %s; slots %+v", w.Template(), w.Slots())
	}
}

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
			toks := tokenize(p, mapping.NewPaths())
			got, others := "", false
			for x := range toks {
				if toks[x].Kind != KindWord || (x > 0 && toks[x-1].Kind == KindWord && toks[x-1].Node == toks[x].Node) {
					continue
				}
				label, y := mapping.RowLabelAt(toks, 0, x)
				if y < 0 || strings.Join(label, " ") != tc.label {
					continue
				}
				end := mapping.RowEnd(toks, y, x, len(toks))
				got, _, _ = mapping.ValueText(toks, x, end)
				others = mapping.OtherRows(toks, y, x, end, 0, len(toks))
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
			toks := tokenize(p, mapping.NewPaths())
			slot := &SlotNode{ID: 0}
			sm := SlotMap{Slot: 0, Field: "when", Row: []string{"show", "date"}, RowSlots: []int{0}}
			if tc.cut {
				sm.Cut = &Cut{Index: 1}
			}
			w := &Wrapper{scope: -1, fields: []FieldSpec{{Name: "when", Path: "when", Types: []string{"when"}, Set: -1}},
				slots: []SlotMap{sm}, tmpl: &Template{Root: &SeqNode{Nodes: []Node{slot}}, Slots: []*SlotNode{slot}}}
			w.link()
			r := &mapping.Mrec{Set: -1, Vals: []mapping.Sval{{Slot: 0, A: 0, B: len(toks)}}}
			val, ok := w.rowValue(toks, r, -1, &w.slots[0], w.fields[0])
			if got := val.Text; got != tc.want || ok != (tc.want != "") {
				t.Fatalf("rowValue = %q, %v; want %q", got, ok, tc.want)
			}
		})
	}
}
