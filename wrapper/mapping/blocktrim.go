package mapping

import (
	"github.com/objectrunner/objectrunner/recognizers"
)

// covered returns how many bytes of text r's instances cover.
func covered(r recognizers.Recognizer, text string) int {
	ms, err := r.Find(text)
	if err != nil {
		return 0
	}
	n, end := 0, 0
	for _, m := range ms {
		a := max(m.Start, end)
		if m.End > a {
			n += m.End - a
			end = m.End
		}
	}
	return n
}

// blockStart returns the start of the block value [s, e) of slot whose
// own value starts at a (s <= a): s when the text from s gives the
// field's recognizer a longer instance than the text from a, a
// otherwise.
func (w *State) blockStart(toks []Token, s, a, e, slot int) int {
	if s >= a {
		return s
	}
	for _, sm := range w.bySlot[slot] {
		r := w.Valid[sm.Field]
		if r == nil || !sm.Block {
			continue
		}
		t1, _, _ := ValueText(toks, a, e)
		t2, _, _ := ValueText(toks, s, e)
		m1, ok1 := longestMatch(r, t1)
		m2, ok2 := longestMatch(r, t2)
		if ok2 && (!ok1 || m2[1]-m2[0] > m1[1]-m1[0]) {
			return s
		}
		return a
	}
	return s
}

// blockEnd returns the end of the block value [s, e) of slot whose own
// value ends at b (b <= e): the first end of a text node, from b on,
// where the field's recognizer's instances cover as much text as in the
// whole block. A block may hold more than the address ("<h2>About</h2>
// <dl>…" after it inside one <div>): those parts are not the value's.
func (w *State) blockEnd(toks []Token, s, b, e, slot int) int {
	if e <= b {
		return e
	}
	for _, sm := range w.bySlot[slot] {
		r := w.Valid[sm.Field]
		if r == nil || !sm.Block {
			continue
		}
		full, _, _ := ValueText(toks, s, e)
		want := covered(r, full)
		if want == 0 {
			return e
		}
		for x := b + 1; x < e; x++ {
			if (toks[x].Kind != KindWord || toks[x].Node() != toks[x-1].Node()) && toks[x-1].Kind == KindWord {
				if t, _, _ := ValueText(toks, s, x); covered(r, t) >= want {
					return x
				}
			}
		}
		return e
	}
	return e
}
