package wrapper

// Values written over several lines: a single field whose value is split
// by line breaks ("3410 Valencia St<br>Seattle, WA 98128") fills two
// adjacent slots. When, on the sample pages, the slot after (or before)
// the field's slot is unmapped, its values follow (precede) the field's
// values across line-break or inline tags only, inside the same element,
// and they carry the field's type on most pages, the two lines form one
// value joined with ", " (SlotMap.Join, SlotMap.JoinPrev): the field's
// slot may hold either line, whichever the recognizers told apart better.

import (
	"strings"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// learnJoins sets SlotMap.Join (JoinPrev) for single fields whose values go
// on in the next (come from the previous), unmapped slot on another line
// (see the file comment): on every sample page with both values the two
// are lines of one element, and on more than half of them the other
// line's words carry one of the field's types. The next line is tried
// first.
func (w *Wrapper) learnJoins(pages [][]mapping.Token) {
	for i := range w.slots {
		sm := &w.slots[i]
		f := w.fieldSpec(sm.Field)
		if f == nil || f.Many || f.Tuple || sm.Lead || sm.Cut != nil {
			continue
		}
		if next := sm.Slot + 1; next < len(w.tmpl.Slots) && w.lineFree(next, sm.Field) {
			sm.Join = w.joins(pages, sm.Slot, next, f)
		}
		if prev := sm.Slot - 1; !sm.Join && prev >= 0 && w.lineFree(prev, sm.Field) {
			sm.JoinPrev = w.joins(pages, prev, sm.Slot, f)
		}
	}
}

// lineFree reports whether slot s may hold another line of field's
// values: it is unmapped, or mapped to that field only (a nested tuple's
// single field may get a slot per line, each typed by its recognizer:
// "8078 Tchoupitoulas Pl<br>Philadelphia, PA 19148" with both lines
// annotated as addresses), or another field reads only an item of it
// (SlotMap.Item: a homepage's row that follows the address's second line
// in one slot; the line then ends at its first line break, joinLine).
func (w *Wrapper) lineFree(s int, field string) bool {
	for _, x := range w.bySlot[s] {
		if x.Field != field && !x.Item {
			return false
		}
	}
	return true
}

// joins reports whether the values of slots first and second are two
// lines of one value of field f on the sample pages (see learnJoins); the
// line that is not f's slot must carry f's types on most of them.
func (w *Wrapper) joins(pages [][]mapping.Token, first, second int, f *FieldSpec) bool {
	check := second
	if len(w.bySlot[second]) > 0 && len(w.bySlot[first]) == 0 {
		check = first
	}
	both, typed, whole := 0, 0, 0
	r := w.valid[f.Path]
	if !f.WholeByPattern() {
		r = nil
	}
	for _, toks := range pages {
		root, fit := w.matchRoot(toks)
		if !fit {
			continue
		}
		var v1, v2 *mapping.Sval
		mapping.Collect(root, -1, func(v mapping.Sval) {
			switch {
			case v.Slot == first && v1 == nil:
				v1 = &v
			case v.Slot == second && v2 == nil:
				v2 = &v
			}
		})
		if v1 == nil || v2 == nil {
			continue
		}
		t1, a1, b1 := mapping.ValueText(toks, v1.A, v1.B)
		t2, a2, b2 := mapping.ValueText(toks, v2.A, v2.B)
		if t1 == "" || t2 == "" {
			continue
		}
		both++
		if a2 < b1 || !mapping.LineGap(toks, b1, a2) {
			return false
		}
		if r != nil && (mapping.WholeInstance(r, t1) || check == first && mapping.WholeInstance(r, t2)) {
			whole++
		}
		a, b := a2, b2
		if check == first {
			a, b = a1, b1
		}
		for x := a; x < b; x++ {
			if mapping.AnyOf(toks[x].AnnTypes(), f.Types) {
				typed++
				break
			}
		}
	}
	// A line that is the field's value as a whole instance of a
	// pattern that delimits values (a phone number, then "Fax: …") is
	// complete: the other line is another value, not its continuation.
	return both >= 2 && 2*typed > both && 2*whole <= both
}

// fieldSpec returns the field with the given path, nil when none.
func (w *Wrapper) fieldSpec(path string) *FieldSpec {
	for i := range w.fields {
		if w.fields[i].Path == path {
			return &w.fields[i]
		}
	}
	return nil
}

// joinLine appends to val the value of the slot after sm's that continues
// it on a following line (SlotMap.Join), or prepends that of the slot
// before it that it continues (SlotMap.JoinPrev), separated by ", ", and
// normalises the joined text again. [a, b) is val's trimmed range.
func (w *Wrapper) joinLine(toks []mapping.Token, r *mapping.Mrec, skip int, sm *SlotMap, f FieldSpec, a, b int, val *Value) {
	other := sm.Slot + 1
	if sm.JoinPrev {
		other = sm.Slot - 1
	}
	a2, b2, ok := mapping.OtherLine(toks, r, skip, other, a, b, sm.JoinPrev)
	if !ok {
		return
	}
	if !sm.JoinPrev {
		// The next slot may hold more than the value's next line (the
		// rows after an address's second line, when they are optional:
		// a website's, which another field may read as an item): the
		// value goes on to the end of that slot's first line only.
		for x := a2 + 1; x < b2; x++ {
			if mapping.LineBreak(&toks[x]) {
				b2 = x
				break
			}
		}
	}
	txt, _, _ := mapping.ValueText(toks, a2, b2)
	// The first line's text lost a period written against its last word
	// at its edge; inside the joined value it is an abbreviation's
	// ("142 Main St.<br>San Francisco").
	if sm.JoinPrev {
		val.Text = txt + mapping.AbbrevDot(toks, b2) + ", " + val.Text
	} else {
		val.Text += mapping.AbbrevDot(toks, b) + ", " + txt
	}
	if rec := w.valid[f.Path]; rec != nil {
		norm, ok := mapping.Validate(rec, val.Text)
		if norm != "" {
			val.Normalized = norm
		}
		val.Unrecognized = !ok
	}
}

// Blocks. An address's parts are often each an element of their own
// inside one block ("<span>4672 Ludlow</span><br><span>Portland</span>,
// <span>OR</span> <span>97264</span>"): ExAlg gives each part a slot, and
// the field gets the one its recognizer matched. For a field whose
// recognizer finds only part of a value (recognizers.Info.Partial), the
// value is the variable text of the block around it (SlotMap.Block): the
// slot's value extended, inside the nearest element that is not a line or
// inline tag, over the values of unmapped slots and the template text
// between them — not past another field's value, nor over a label
// (text ending in ":") before or after it. The block is taken when, on most sample
// pages, the recognizer's instance in it is longer than in the slot's
// value.

// blockSpan returns the value [a, b) of slot extended over its block
// (see above); owner is slotOwners of the page.
func (w *Wrapper) blockSpan(toks []mapping.Token, owner []int, a, b, slot int) (int, int) {
	if a >= b || toks[a].Node == nil {
		return a, b
	}
	block := mapping.BlockOf(toks[a].Node)
	if block == nil {
		return a, b
	}
	inBlock := func(x int) bool {
		for n := toks[x].Node; n != nil; n = n.Parent {
			if n == block {
				return toks[x].Node != block
			}
		}
		return false
	}
	e := b
	for x := b; x < len(toks) && inBlock(x); x++ {
		if owner[x] >= 0 && owner[x] != slot {
			break
		}
		if toks[x].Kind == KindWord && toks[x].Text == ":" && x > b {
			// A label starts the next part of the block ("…<br>Open:
			// Mon–Thu"): the value ends before the label's words.
			y := x - 1
			for y >= b && toks[y].Kind == KindWord && toks[y].Node == toks[x].Node && !strings.ContainsAny(toks[y].Text, ",0123456789") {
				y--
			}
			e = min(e, y+1)
			break
		}
		if owner[x] == -2 && toks[x].Kind == KindWord {
			e = x + 1
		}
	}
	s := a
	for x := a - 1; x >= 0 && inBlock(x); x-- {
		if owner[x] >= 0 && owner[x] != slot {
			break
		}
		if owner[x] == -1 && toks[x].Kind == KindWord && strings.HasSuffix(toks[x].Text, ":") {
			break // a label
		}
		if owner[x] == -2 && toks[x].Kind == KindWord {
			s = x
		}
	}
	s = w.blockStart(toks, s, a, e, slot)
	return s, w.blockEnd(toks, s, b, e, slot)
}

// learnBlocks sets SlotMap.Block for single fields with a partial
// recognizer whose instance, on most sample pages (records) with a value,
// is longer in the block's text than in the slot's.
func (w *Wrapper) learnBlocks(pages [][]mapping.Token) {
	for i := range w.slots {
		sm := &w.slots[i]
		f := w.fieldSpec(sm.Field)
		r := w.valid[sm.Field]
		if f == nil || f.Many || f.Tuple || r == nil || f.WholeByPattern() || sm.Lead || sm.Cut != nil || sm.Join || sm.JoinPrev || sm.Lines {
			continue
		}
		seen, longer := 0, 0
		for _, toks := range pages {
			root, fit := w.matchRoot(toks)
			if !fit {
				continue
			}
			var v *mapping.Sval
			mapping.Collect(root, -1, func(x mapping.Sval) {
				if x.Slot == sm.Slot && v == nil {
					v = &x
				}
			})
			if v == nil {
				continue
			}
			t1, a, b := mapping.ValueText(toks, v.A, v.B)
			if t1 == "" {
				continue
			}
			seen++
			s, e := w.blockSpan(toks, w.slotOwners(toks, root), a, b, sm.Slot)
			if s == a && e == b {
				continue
			}
			t2, _, _ := mapping.ValueText(toks, s, e)
			m1, ok1 := mapping.LongestMatch(r, t1)
			m2, ok2 := mapping.LongestMatch(r, t2)
			if ok2 && (!ok1 || m2[1]-m2[0] > m1[1]-m1[0]) {
				longer++
			}
		}
		sm.Block = longer >= 2 && 2*longer > seen
	}
}
