package wrapper

// Block starts. A block value (SlotMap.Block, join.go) extends an
// address's slot over the unmapped slots of its block, which may begin
// with other inline parts of the record ("<span>3.8 stars</span> ·
// <span class="address">…</span>" inside one <article>): the rating is
// no part of the address. The block's text before the slot's value is
// kept only when the field's recognizer finds a longer instance with it
// than without it.

import (
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// blockStart returns the start of the block value [s, e) of slot whose
// own value starts at a (s <= a): s when the text from s gives the
// field's recognizer a longer instance than the text from a, a
// otherwise.
func (w *Wrapper) blockStart(toks []mapping.Token, s, a, e, slot int) int {
	if s >= a {
		return s
	}
	for _, sm := range w.bySlot[slot] {
		r := w.valid[sm.Field]
		if r == nil || !sm.Block {
			continue
		}
		t1, _, _ := mapping.ValueText(toks, a, e)
		t2, _, _ := mapping.ValueText(toks, s, e)
		m1, ok1 := mapping.LongestMatch(r, t1)
		m2, ok2 := mapping.LongestMatch(r, t2)
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
func (w *Wrapper) blockEnd(toks []mapping.Token, s, b, e, slot int) int {
	if e <= b {
		return e
	}
	for _, sm := range w.bySlot[slot] {
		r := w.valid[sm.Field]
		if r == nil || !sm.Block {
			continue
		}
		full, _, _ := mapping.ValueText(toks, s, e)
		want := mapping.Covered(r, full)
		if want == 0 {
			return e
		}
		for x := b + 1; x < e; x++ {
			if (toks[x].Kind != KindWord || toks[x].Node != toks[x-1].Node) && toks[x-1].Kind == KindWord {
				if t, _, _ := mapping.ValueText(toks, s, x); mapping.Covered(r, t) >= want {
					return x
				}
			}
		}
		return e
	}
	return e
}
