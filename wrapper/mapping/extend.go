package mapping

import (
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// longerInstance reports whether recognizer r finds, in the text of
// tokens [a, e), an instance that starts inside [a, b) and is longer than
// the longest it finds in [a, b).
func longerInstance(r recognizers.Recognizer, toks []Token, a, b, e int) bool {
	if e <= b {
		return false
	}
	own, _, _ := ValueText(toks, a, b)
	ext, _, _ := ValueText(toks, a, e)
	m0, ok0 := longestMatch(r, own)
	m1, ok1 := longestMatch(r, ext)
	return ok1 && m1[0] < len(own) && (!ok0 || m1[1]-m1[0] > m0[1]-m0[0])
}

// Values that go on past their slot inside one text node. ExAlg makes a
// word template text when it occurs once on every sample page in the same
// role, even inside a value: "Camera" in "Nimbra ILD900 Compact Camera,
// White" on a shop that sells cameras, or ": A" in "Chess Openings: A
// History". Such words split the value over several slots. A value is the
// slot's variable text, and constant words inside it belong to it: when,
// on the sample, a single field's value is followed in the same text node
// by constant words and then by more variable text (another slot's value
// that no field holds), the values of the field, when a dictionary
// recognises it, are extended to the end of
// their text node (SlotMap.Extend), stopping before another field's value.
// Constant words that only ever end a node ("01/18/11. You may order this
// item now") stay outside: the value never goes on after them.
//
// A field whose pattern delimits values (a date) goes on likewise when,
// on two sample pages (records) or more, the pattern's instance in the
// extended text is longer than in the slot's own ("May 3" then the
// constant "," then "1992", when the rows are told apart well enough
// that the comma is template text); the value is then the instance
// (SlotMap.Match), so text after it stays out.

// LearnExtends sets SlotMap.Extend for single dictionary fields (names are
// open-ended) whose values go on, in their text node, into an unmapped
// slot's value on two sample pages (records) or more, and for single
// fields whose pattern delimits values when the instance grows so
// (longerInstance).
func (w *State) LearnExtends(pages [][]Token) {
	for i := range w.SlotMaps {
		sm := &w.SlotMaps[i]
		f := w.fieldSpec(sm.Field)
		if f == nil || f.Many || f.Tuple || sm.Lead || sm.Cut != nil || sm.Piece != nil || sm.Join || sm.JoinPrev {
			continue
		}
		r := w.Valid[f.Path]
		if !f.Dictionary && (r == nil || !f.WholeByPattern() || len(f.Attrs) > 0) {
			continue
		}
		on := 0
		for _, toks := range pages {
			root, fit := w.matchRoot(toks)
			if !fit {
				continue
			}
			owner := w.slotOwners(toks, root)
			v := firstValue(root, sm.Slot)
			if v == nil {
				continue
			}
			_, a, b := ValueText(toks, v.A, v.B)
			if a >= b {
				continue
			}
			e := w.extendEnd(toks, owner, b, sm.Slot)
			if !f.Dictionary {
				if longerInstance(r, toks, a, b, e) {
					on++
				}
				continue
			}
			for x := b; x < e; x++ {
				if owner[x] == -2 && !exalg.EdgeToken(&toks[x]) {
					on++
					break
				}
			}
		}
		sm.Extend = on >= 2
		if sm.Extend && !f.Dictionary {
			sm.Match = true
		}
	}
}

// slotOwners maps every token of a page (record) to what it belongs to:
// the slot of a value mapped to a field, -2 for a value of an unmapped
// slot, -1 for template text.
func (w *State) slotOwners(toks []Token, root *mrec) []int {
	owner := make([]int, len(toks))
	for i := range owner {
		owner[i] = -1
	}
	Collect(root, -1, func(v sval) {
		o := -2
		if len(w.bySlot[v.Slot]) > 0 {
			o = v.Slot
		}
		for x := v.A; x < v.B && x < len(toks); x++ {
			owner[x] = o
		}
	})
	return owner
}

// extendEnd returns where a value of slot ending at token b (its trimmed
// end) ends once extended to the end of its text node, stopping before a
// value of another mapped slot; edge punctuation is trimmed again.
func (w *State) extendEnd(toks []Token, owner []int, b, slot int) int {
	if b <= 0 || b > len(toks) || toks[b-1].Kind != KindWord {
		return b
	}
	node := toks[b-1].Node()
	e := b
	for x := b; x < len(toks) && toks[x].Kind == KindWord && toks[x].Node() == node; x++ {
		if owner[x] >= 0 && owner[x] != slot {
			break
		}
		e = x + 1
	}
	for e > b && exalg.EdgeToken(&toks[e-1]) {
		e--
	}
	return e
}
