package wrapper

import (
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"slices"
)

// One field on either side of an optional part. ExAlg may align a row
// that follows an optional row ("<br><span>17 Aug 2002</span><br><span>
// University of Ironbridge</span>", the date absent on some records) in
// two places: a slot before the optional part on records without it and
// a slot after it on records with it, "*:school (<span><b> *:dob </b>
// </span>)? *". The field's slot then holds its value on some pages
// (records) only. When the slot on the other side of the optional part
// is mapped to no field, its sample values hold the field's annotations
// (on two pages or more, GeneraliseThres of those annotated) and the two
// slots never both hold a value on one sample page (record), that slot is
// the field's twin (SlotMap.Twin): a page (record) where the field's slot
// gives no value takes the twin's.

// optionalTwins returns the slots on the other side of an optional part
// next to slot s in the template: "* (…)? *".
func optionalTwins(t *Template, s int) []int {
	if t == nil || t.Root == nil {
		return nil
	}
	var out []int
	exalg.Walk(t.Root, func(n Node) {
		seq, ok := n.(*SeqNode)
		if !ok {
			return
		}
		for i, c := range seq.Nodes {
			if sl, ok := c.(*SlotNode); !ok || sl.ID != s {
				continue
			}
			for _, d := range []int{-1, 1} {
				j, k := i+d, i+2*d
				if k < 0 || k >= len(seq.Nodes) {
					continue
				}
				if _, ok := seq.Nodes[j].(*OptionalNode); !ok {
					continue
				}
				if tw, ok := seq.Nodes[k].(*SlotNode); ok {
					out = append(out, tw.ID)
				}
			}
		}
	})
	return out
}

// learnTwins sets SlotMap.Twin (see the comment at the top of the file)
// for single fields.
func (w *Wrapper) learnTwins(pages [][]token) {
	for i := range w.slots {
		sm := &w.slots[i]
		sm.Twin = nil
		f := w.fieldSpec(sm.Field)
		if f == nil || f.Many || f.Tuple || sm.Label != nil || sm.Item || sm.Row != nil || sm.Lines || sm.Lead || sm.Join || sm.JoinPrev || len(f.Attrs) > 0 {
			continue
		}
		for _, tw := range optionalTwins(w.tmpl, sm.Slot) {
			if len(w.bySlot[tw]) > 0 {
				continue
			}
			own, other, both := 0, 0, 0
			for _, toks := range pages {
				root, fit := w.matchRoot(toks)
				if !fit {
					continue
				}
				var mine, twin [2]int
				collect(root, -1, func(v sval) {
					if _, a, b := valueText(toks, v.a, v.b); a < b {
						switch v.slot {
						case sm.Slot:
							mine = [2]int{a, b}
						case tw:
							twin = [2]int{a, b}
						}
					}
				})
				if twin[0] >= twin[1] {
					continue
				}
				if mine[0] < mine[1] {
					both++
				}
				is, not := false, false
				for x := twin[0]; x < twin[1]; x++ {
					for _, typ := range ownTypes(&toks[x]) {
						if slices.Contains(f.Types, typ) {
							is = true
						} else {
							not = true
						}
					}
				}
				switch {
				case is:
					own++
				case not:
					other++
				}
			}
			if both == 0 && own >= 2 && float64(own) >= w.opt.GeneraliseThres*float64(own+other) {
				sm.Twin = append(sm.Twin, tw)
			}
		}
	}
}

// byTwin returns field f's value on a page (record) whose slot gave none,
// from the slot's twin (SlotMap.Twin).
func (w *Wrapper) byTwin(toks []token, r *mrec, f FieldSpec) []Value {
	var sm *SlotMap
	for i := range w.slots {
		if x := &w.slots[i]; x.Field == f.Path && len(x.Twin) > 0 {
			sm = x
		}
	}
	if sm == nil {
		return nil
	}
	var out []Value
	collect(r, -1, func(v sval) {
		if len(out) > 0 || !slices.Contains(sm.Twin, v.slot) {
			return
		}
		_, a, b := valueText(toks, v.a, v.b)
		if a >= b {
			return
		}
		if rs := runs(toks, a, b); sm.Run && len(rs) > 0 {
			a, b = rs[0][0], rs[0][1]
		}
		if val, ok := w.value(toks, a, b, sm, f); ok {
			out = append(out, val)
		}
	})
	return out
}
