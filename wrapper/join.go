package wrapper

// Values written over several lines: a single field whose value is split
// by line breaks ("3410 Valencia St<br>Seattle, WA 98128") fills two
// adjacent slots. When, on the sample pages, the slot after the field's
// slot is unmapped, its values follow the field's values across
// line-break or inline tags only, inside the same element, and they carry
// the field's type on most pages, the two lines form one value joined
// with ", " (SlotMap.Join).

import (
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
func lineGap(toks []token, b, a int) bool {
	if b <= 0 || a >= len(toks) || b > a {
		return false
	}
	br := false
	for x := b; x < a; x++ {
		t := &toks[x]
		switch t.kind {
		case KindStart, KindEnd:
			if !lineTags[t.text] && t.text != "br" {
				return false
			}
			br = br || t.text == "br"
		case KindWord:
			if !edgeToken(t) {
				return false
			}
		default:
			return false
		}
	}
	n1, n2 := toks[b-1].node, toks[a].node
	if !br || n1 == nil || n2 == nil || toks[b-1].kind != KindWord || toks[a].kind != KindWord {
		return false
	}
	p := blockOf(n1)
	return p != nil && p == blockOf(n2)
}

// nextLine finds, among the values of r (not inside iterations of set
// skip), the first value of slot next that continues the value ending at
// token b (trimmed end) on a following line: it returns the value's
// trimmed range.
func nextLine(toks []token, r *mrec, skip, next, b int) (int, int, bool) {
	var ra, rb int
	found := false
	collect(r, skip, func(v sval) {
		if found || v.slot != next {
			return
		}
		txt, a2, b2 := valueText(toks, v.a, v.b)
		if txt != "" && a2 >= b && lineGap(toks, b, a2) {
			ra, rb, found = a2, b2, true
		}
	})
	return ra, rb, found
}

// learnJoins sets SlotMap.Join for single fields whose values go on in the
// next, unmapped slot on a following line (see the file comment): on
// every sample page with both values the second follows the first across
// line-break tags, and on more than half of them its words carry one of
// the field's types.
func (w *Wrapper) learnJoins(pages [][]token) {
	for i := range w.slots {
		sm := &w.slots[i]
		f := w.fieldSpec(sm.Field)
		next := sm.Slot + 1
		if f == nil || f.Many || f.Tuple || sm.Lead || sm.Cut != nil || len(w.bySlot[next]) > 0 || next >= len(w.tmpl.Slots) {
			continue
		}
		both, typed, ok := 0, 0, true
		for _, toks := range pages {
			root, fit := w.matchRoot(toks)
			if !fit {
				continue
			}
			var first, second *sval
			collect(root, -1, func(v sval) {
				switch {
				case v.slot == sm.Slot && first == nil:
					first = &v
				case v.slot == next && second == nil:
					second = &v
				}
			})
			if first == nil || second == nil {
				continue
			}
			t1, _, b1 := valueText(toks, first.a, first.b)
			t2, a2, b2 := valueText(toks, second.a, second.b)
			if t1 == "" || t2 == "" {
				continue
			}
			both++
			if a2 < b1 || !lineGap(toks, b1, a2) {
				ok = false
				break
			}
			for x := a2; x < b2; x++ {
				if anyOf(toks[x].annTypes(), f.Types) {
					typed++
					break
				}
			}
		}
		sm.Join = ok && both >= 2 && 2*typed > both
	}
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
// it on a following line (SlotMap.Join), separated by ", ", and
// normalises the joined text again.
func (w *Wrapper) joinLine(toks []token, r *mrec, skip int, sm *SlotMap, f FieldSpec, b int, val *Value) {
	a2, b2, ok := nextLine(toks, r, skip, sm.Slot+1, b)
	if !ok {
		return
	}
	txt, _, _ := valueText(toks, a2, b2)
	val.Text += ", " + txt
	if rec := w.valid[f.Path]; rec != nil {
		if norm, _ := validate(rec, val.Text); norm != "" {
			val.Normalized = norm
		}
	}
}

// anyOf reports whether some element of a is in b.
func anyOf(a, b []string) bool {
	for _, x := range a {
		if contains(b, x) {
			return true
		}
	}
	return false
}
