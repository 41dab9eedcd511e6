package mapping

import (
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"golang.org/x/net/html"
)

// lineTags are the tags that may separate two lines of one value: line
// breaks and inline formatting.
var lineTags = map[string]bool{"br": true, "span": true, "b": true, "i": true, "em": true, "strong": true, "small": true}

// blockOf returns the nearest ancestor of a text node that is not an
// inline element of lineTags.
func blockOf(n *html.Node) *html.Node {
	p := n.Parent
	for p != nil && p.Type == html.ElementNode && lineTags[p.Data] {
		p = p.Parent
	}
	return p
}

// lineGap reports whether the tokens [b, a) between two values (trimmed
// ranges, b the end of the first, a the start of the second) are line-break
// or inline tags, with at least one line break, and separator punctuation,
// and the two values sit in the same element.
func lineGap(toks []Token, b, a int) bool {
	if b <= 0 || a >= len(toks) || b > a {
		return false
	}
	br := false
	for x := b; x < a; x++ {
		t := &toks[x]
		switch t.Kind {
		case KindStart, KindEnd:
			if !lineTags[t.Text()] && t.Text() != "br" {
				return false
			}
			br = br || t.Text() == "br"
		case KindWord:
			if !exalg.EdgeToken(t) {
				return false
			}
		default:
			return false
		}
	}
	n1, n2 := toks[b-1].Node(), toks[a].Node()
	if !br || n1 == nil || n2 == nil || toks[b-1].Kind != KindWord || toks[a].Kind != KindWord {
		return false
	}
	p := blockOf(n1)
	return p != nil && p == blockOf(n2)
}

// otherLine finds, among the values of r (not inside iterations of set
// skip), the first value of slot other that continues the value [a, b)
// (trimmed) on a following line (prev false) or that it continues from a
// preceding line (prev true): it returns the value's trimmed range.
func otherLine(toks []Token, r *mrec, skip, other, a, b int, prev bool) (int, int, bool) {
	var ra, rb int
	found := false
	Collect(r, skip, func(v sval) {
		if found || v.Slot != other {
			return
		}
		txt, a2, b2 := ValueText(toks, v.A, v.B)
		if txt == "" {
			return
		}
		if (!prev && a2 >= b && lineGap(toks, b, a2)) || (prev && b2 <= a && lineGap(toks, b2, a)) {
			ra, rb, found = a2, b2, true
		}
	})
	return ra, rb, found
}

// wholeInstance reports whether r's longest instance in text is all of
// it.
func wholeInstance(r recognizers.Recognizer, text string) bool {
	m, ok := longestMatch(r, text)
	return ok && m[0] == 0 && m[1] == len(text)
}

// abbrevDot returns "." when token x is a period written against the word
// before it (x the end of a trimmed value), "" otherwise.
func abbrevDot(toks []Token, x int) string {
	if x <= 0 || x >= len(toks) {
		return ""
	}
	t, p := &toks[x], &toks[x-1]
	if t.Kind == KindWord && t.Text() == "." && p.Kind == KindWord && p.Node() == t.Node() && p.End == t.Start {
		return "."
	}
	return ""
}

// anyOf reports whether some element of a is in b.
func anyOf(a, b []string) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// joinUnchecked returns, for a Join (JoinPrev) slot that validates, a
// copy of sm that does not validate its own line: the value is validated
// once joined with its other line (the extraction loop drops it then when
// the recognizer finds no instance). An address's street line without a
// suffix ("20 Harbor<br>St. Louis, MO 63199") is no address alone, and
// validating it alone dropped the value, and with it a list's record
// whose address is mandatory; joined, the street line followed by its
// city line is one ("20 Harbor, St. Louis, MO 63199"), as lines.go does
// for a Lines slot. Other slots are returned as they are.
func joinUnchecked(sm *SlotMap) *SlotMap {
	if !(sm.Join || sm.JoinPrev) || !sm.Validate {
		return sm
	}
	c := *sm
	c.Validate = false
	return &c
}

// LearnJoins sets SlotMap.Join (JoinPrev) for single fields whose values go
// on in the next (come from the previous), unmapped slot on another line
// (see the file comment): on every sample page with both values the two
// are lines of one element, and on more than half of them the other
// line's words carry one of the field's types. The next line is tried
// first.
func (w *State) LearnJoins(pages [][]Token) {
	for i := range w.SlotMaps {
		sm := &w.SlotMaps[i]
		f := w.fieldSpec(sm.Field)
		if f == nil || f.Many || f.Tuple || sm.Lead || sm.Cut != nil || sm.Piece != nil {
			continue
		}
		if next := sm.Slot + 1; next < len(w.Template.Slots) && w.lineFree(next, sm.Field) {
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
func (w *State) lineFree(s int, field string) bool {
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
func (w *State) joins(pages [][]Token, first, second int, f *FieldSpec) bool {
	check := second
	if len(w.bySlot[second]) > 0 && len(w.bySlot[first]) == 0 {
		check = first
	}
	both, typed, whole := 0, 0, 0
	r := w.Valid[f.Path]
	if !f.WholeByPattern() {
		r = nil
	}
	for _, toks := range pages {
		root, fit := w.matchRoot(toks)
		if !fit {
			continue
		}
		v1, v2 := firstValue(root, first), firstValue(root, second)
		if v1 == nil || v2 == nil {
			continue
		}
		t1, a1, b1 := ValueText(toks, v1.A, v1.B)
		t2, a2, b2 := ValueText(toks, v2.A, v2.B)
		if t1 == "" || t2 == "" {
			continue
		}
		both++
		if a2 < b1 || !lineGap(toks, b1, a2) {
			return false
		}
		if r != nil && (wholeInstance(r, t1) || check == first && wholeInstance(r, t2)) {
			whole++
		}
		a, b := a2, b2
		if check == first {
			a, b = a1, b1
		}
		for x := a; x < b; x++ {
			if anyOf(toks[x].AnnTypes(), f.Types) {
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
func (w *State) fieldSpec(path string) *FieldSpec {
	for i := range w.FieldSpecs {
		if w.FieldSpecs[i].Path == path {
			return &w.FieldSpecs[i]
		}
	}
	return nil
}

// joinLine appends to val the value of the slot after sm's that continues
// it on a following line (SlotMap.Join), or prepends that of the slot
// before it that it continues (SlotMap.JoinPrev), separated by ", ", and
// normalises the joined text again. [a, b) is val's trimmed range.
func (w *State) joinLine(toks []Token, r *mrec, skip int, sm *SlotMap, f FieldSpec, a, b int, val *Value) {
	other := sm.Slot + 1
	if sm.JoinPrev {
		other = sm.Slot - 1
	}
	a2, b2, ok := otherLine(toks, r, skip, other, a, b, sm.JoinPrev)
	if !ok {
		return
	}
	if !sm.JoinPrev {
		// The next slot may hold more than the value's next line (the
		// rows after an address's second line, when they are optional:
		// a website's, which another field may read as an item): the
		// value goes on to the end of that slot's first line only.
		for x := a2 + 1; x < b2; x++ {
			if lineBreak(&toks[x]) {
				b2 = x
				break
			}
		}
	}
	txt, _, _ := ValueText(toks, a2, b2)
	// The first line's text lost a period written against its last word
	// at its edge; inside the joined value it is an abbreviation's
	// ("142 Main St.<br>San Francisco").
	if sm.JoinPrev {
		val.Text = txt + abbrevDot(toks, b2) + ", " + val.Text
	} else {
		val.Text += abbrevDot(toks, b) + ", " + txt
	}
	if rec := w.Valid[f.Path]; rec != nil {
		norm, ok := Validate(rec, val.Text)
		if norm != "" {
			val.Normalized = norm
		}
		val.Unrecognized = !ok
		val.otherSlot = val.otherSlot && !ok
		if ok != val.Evidence.Recognized {
			// The value is the joined text: its evidence is the
			// joined text's (a street line without a suffix is
			// recognized once its city line follows).
			val.Evidence.Recognized = ok
			val.Confidence = val.Evidence.Confidence()
		}
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
func (w *State) blockSpan(toks []Token, owner []int, a, b, slot int) (int, int) {
	if a >= b || toks[a].Node() == nil {
		return a, b
	}
	block := blockOf(toks[a].Node())
	if block == nil {
		return a, b
	}
	inBlock := func(x int) bool {
		for n := toks[x].Node(); n != nil; n = n.Parent {
			if n == block {
				return toks[x].Node() != block
			}
		}
		return false
	}
	e := b
	for x := b; x < len(toks) && inBlock(x); x++ {
		if owner[x] >= 0 && owner[x] != slot {
			break
		}
		if toks[x].Kind == KindWord && toks[x].Text() == ":" && x > b {
			// A label starts the next part of the block ("…<br>Open:
			// Mon–Thu"): the value ends before the label's words.
			y := x - 1
			for y >= b && toks[y].Kind == KindWord && toks[y].Node() == toks[x].Node() && !strings.ContainsAny(toks[y].Text(), ",0123456789") {
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
		if owner[x] == -1 && toks[x].Kind == KindWord && strings.HasSuffix(toks[x].Text(), ":") {
			break // a label
		}
		if owner[x] == -2 && toks[x].Kind == KindWord {
			s = x
		}
	}
	s = w.blockStart(toks, s, a, e, slot)
	return s, w.blockEnd(toks, s, b, e, slot)
}

// LearnBlocks sets SlotMap.Block for single fields with a partial
// recognizer whose instance, on most sample pages (records) with a value,
// is longer in the block's text than in the slot's.
func (w *State) LearnBlocks(pages [][]Token) {
	for i := range w.SlotMaps {
		sm := &w.SlotMaps[i]
		f := w.fieldSpec(sm.Field)
		r := w.Valid[sm.Field]
		if f == nil || f.Many || f.Tuple || r == nil || f.WholeByPattern() || sm.Lead || sm.Cut != nil || sm.Piece != nil || sm.Join || sm.JoinPrev || sm.Lines {
			continue
		}
		seen, longer := 0, 0
		for _, toks := range pages {
			root, fit := w.matchRoot(toks)
			if !fit {
				continue
			}
			v := firstValue(root, sm.Slot)
			if v == nil {
				continue
			}
			t1, a, b := ValueText(toks, v.A, v.B)
			if t1 == "" {
				continue
			}
			seen++
			s, e := w.blockSpan(toks, w.slotOwners(toks, root), a, b, sm.Slot)
			if s == a && e == b {
				continue
			}
			t2, _, _ := ValueText(toks, s, e)
			m1, ok1 := longestMatch(r, t1)
			m2, ok2 := longestMatch(r, t2)
			if ok2 && (!ok1 || m2[1]-m2[0] > m1[1]-m1[0]) {
				longer++
			}
		}
		sm.Block = longer >= 2 && 2*longer > seen
	}
}
