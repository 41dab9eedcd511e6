package wrapper

import (
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"slices"
)

// Names whose first words ExAlg made an optional part. When some of a
// dictionary field's values open with the same words and end with the
// same words ("St. Greaves's College", "St. Farrow's College" among
// "Eastvale State", "University of Kestrel"), ExAlg may align those
// words as template text of an optional part right before the field's
// slot, inside one text node: "<a> (St . * College)? *:school </a>". On
// a page where the optional part matches, the whole name is in it and
// the field's slot is empty. A value is the slot's variable text, and
// such an optional part's words belong to it: when the field's slot is
// the next node after an optional part that holds words and unmapped
// slots only (no tag: one text), and on two sample pages (records) or
// more the slot is empty where the optional part holds a value, the
// optional part's slots are the field's SlotMap.Prefix. At extraction,
// a page (record) where the field's slot gives no value takes the text
// node of the optional part's value, less other fields' values (the
// backward counterpart of SlotMap.Extend).

// optionalBefore returns the IDs of the slots inside the optional part
// right before slot s in the template, when that part holds words and
// slots only, at least one slot, none of them mapped; nil otherwise.
func optionalBefore(t *Template, s int, mapped func(int) bool) []int {
	if t == nil || t.Root == nil {
		return nil
	}
	var out []int
	exalg.Walk(t.Root, func(n Node) {
		seq, ok := n.(*SeqNode)
		if !ok || out != nil {
			return
		}
		for i := 1; i < len(seq.Nodes); i++ {
			sl, ok := seq.Nodes[i].(*SlotNode)
			if !ok || sl.ID != s {
				continue
			}
			opt, ok := seq.Nodes[i-1].(*OptionalNode)
			if !ok {
				return
			}
			var ids []int
			plain := true
			exalg.Walk(opt.Body, func(m Node) {
				switch m := m.(type) {
				case *SeqNode:
				case *SlotNode:
					if mapped(m.ID) {
						plain = false
					}
					ids = append(ids, m.ID)
				case *TextNode:
					for _, tk := range m.Toks {
						if tk.Kind != KindWord && tk.Kind != KindSentinel {
							plain = false
						}
					}
				default:
					plain = false
				}
			})
			if plain && len(ids) > 0 {
				out = ids
			}
			return
		}
	})
	return out
}

// learnPrefixes sets SlotMap.Prefix (see the comment at the top of the
// file) for single dictionary fields.
func (w *Wrapper) learnPrefixes(pages [][]token) {
	mapped := func(s int) bool { return len(w.bySlot[s]) > 0 }
	for i := range w.slots {
		sm := &w.slots[i]
		sm.Prefix = nil
		f := w.fieldSpec(sm.Field)
		if f == nil || f.Many || f.Tuple || !f.Dictionary || sm.Item || sm.Row != nil || sm.Lines {
			continue
		}
		ids := optionalBefore(w.tmpl, sm.Slot, mapped)
		if ids == nil {
			continue
		}
		on := 0
		for _, toks := range pages {
			root, fit := w.matchRoot(toks)
			if !fit {
				continue
			}
			own, pre := false, false
			collect(root, -1, func(v sval) {
				if _, a, b := valueText(toks, v.a, v.b); a < b {
					if v.slot == sm.Slot {
						own = true
					}
					for _, id := range ids {
						pre = pre || v.slot == id
					}
				}
			})
			if pre && !own {
				on++
			}
		}
		if on >= 2 {
			sm.Prefix = ids
		}
	}
}

// byPrefix returns field f's value on a page (record) whose slot gave
// none, from the optional part before the slot (SlotMap.Prefix): the
// text node of the part's first value, less other fields' values, after
// the slot's label if it has one (SlotMap.Label).
func (w *Wrapper) byPrefix(toks []token, r *mrec, f FieldSpec) []Value {
	var sm *SlotMap
	for i := range w.slots {
		if x := &w.slots[i]; x.Field == f.Path && len(x.Prefix) > 0 {
			sm = x
		}
	}
	if sm == nil {
		return nil
	}
	var out []Value
	var owner []int
	collect(r, -1, func(v sval) {
		if len(out) > 0 || !slices.Contains(sm.Prefix, v.slot) {
			return
		}
		_, a, b := valueText(toks, v.a, v.b)
		if a >= b || toks[a].Kind != KindWord {
			return
		}
		if owner == nil {
			owner = w.slotOwners(toks, r)
		}
		node := toks[a].Node
		for a > 0 && toks[a-1].Kind == KindWord && toks[a-1].Node == node && owner[a-1] < 0 {
			a--
		}
		for b < len(toks) && toks[b].Kind == KindWord && toks[b].Node == node && owner[b] < 0 {
			b++
		}
		for a < b && exalg.EdgeToken(&toks[a]) {
			a++
		}
		for b > a && exalg.EdgeToken(&toks[b-1]) {
			b--
		}
		if a >= b || sm.Label != nil && !labelBefore(toks, a, sm.Label) {
			return
		}
		if val, ok := w.value(toks, a, b, sm, f); ok {
			out = append(out, val)
		}
	})
	return out
}
