package wrapper

// A set field's list continued in the next slot. On a detail page, a list
// written as elements one after the other ("<b>Cuisines:</b> <a>Greek</a>
// <br><a>Burgers</a><br><a>Italian</a>") where most pages have one item
// makes ExAlg keep the first item's element as template: the first item
// is the set field's slot, the others ("<br><a>Burgers</a>…") are left in
// the slot right after the element's end tag, which no field takes when
// the dictionary knows few of them. That slot is the set field's as well
// when only end tags stand between the two slots and the field's types
// annotate items of its values on minCnt sample values and on at least
// half of the values with an annotated item.

// continuedSets returns out with, for each detail page's set field of the
// root that has exactly one slot, the slot continuing its list (see
// above), if any and if no field has it.
func continuedSets(w *Wrapper, out []SlotMap, stats []*slotStats, minCnt int) []SlotMap {
	if !continuingSets || w.tmpl == nil {
		return out
	}
	slots := map[string][]int{}
	taken := map[int]bool{}
	for _, sm := range out {
		slots[sm.Field] = append(slots[sm.Field], sm.Slot)
		taken[sm.Slot] = true
	}
	flat := flatten(w.tmpl.Root, nil)
	at := map[int]int{}
	for i, e := range flat {
		if e.slot >= 0 {
			at[e.slot] = i
		}
	}
	var added []SlotMap
	for _, sm := range out {
		f := w.fieldSpec(sm.Field)
		if f == nil || !f.Many || f.Tuple || f.Parent != "" || len(slots[sm.Field]) != 1 || sm.Part || sm.Item {
			continue
		}
		i, ok := at[sm.Slot]
		if !ok {
			continue
		}
		j := i + 1
		for j < len(flat) && flat[j].slot < 0 && flat[j].mark == "" && flat[j].tok.Kind == KindEnd {
			j++
		}
		if j == i+1 || j >= len(flat) || flat[j].slot < 0 {
			continue
		}
		s := flat[j].slot
		if taken[s] || s >= len(stats) {
			continue
		}
		st := stats[s]
		n := 0
		for _, t := range f.Types {
			n = max(n, st.itemTypes[t])
		}
		if n < minCnt || 2*n < st.itemAnnOcc {
			continue
		}
		taken[s] = true
		added = append(added, SlotMap{Slot: s, Field: f.Path, Type: f.Types[0], Share: float64(n) / float64(max(1, st.itemAnnOcc)),
			Coverage: float64(n) / float64(max(1, st.occ)), Run: st.tagged == 0})
	}
	return append(out, added...)
}

// continuingSets turns continuedSets on (a switch for the test that shows
// what it does).
var continuingSets = true
