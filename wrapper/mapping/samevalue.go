package mapping

import (
	"fmt"
)

// One value, one field (issue 20: fields placed together). Two single
// fields mapped to two different slots whose sample values are the same
// text page after page (a heading that repeats the breadcrumb's band
// name, taken once as the band and once as the venue) cannot both be
// right: the text is one field's value, and the other field's slot is a
// copy of it. distinctSlots gives the text to one field only:
//   - a field with another slot of its own keeps that one and loses the
//     copy (alternatives of one field are not copies of another's);
//   - otherwise the field whose placement the score supports less (its
//     candidate's total on its slot; a slot given without a candidate,
//     by explainedSlots, scores 0) loses its slot and abstains, with a
//     note naming the other field; on a tie both keep theirs (the
//     same-as-field doubt still says it).
//
// This is a joint constraint of the assignment, not a score part: the
// score weighs one (field, slot) pair at a time and cannot see that two
// winners hold one value.
const sameShare = 0.9 // the share of common sample pages with the same text

// distinctSlots applies the rule above to out (the mapping of one scope)
// and records each abstention in w.Abstained[scope].
func (w *State) distinctSlots(out []SlotMap, cands []cand, stats []*slotStats, scope int) []SlotMap {
	score := func(sm SlotMap) float64 {
		best := 0.0
		for _, c := range cands {
			if c.Slot == sm.Slot && !c.Part && w.FieldSpecs[c.Field].Path == sm.Field {
				best = max(best, c.Score)
			}
		}
		return best
	}
	single := func(sm SlotMap) (FieldSpec, bool) {
		f := w.fieldSpec(sm.Field)
		if f == nil || f.Many || f.Tuple || sm.Part || sm.Label != nil || sm.Row != nil || sm.Item {
			return FieldSpec{}, false
		}
		if f.Parent != "" && !nestedSingle(w.FieldSpecs, *f) {
			return FieldSpec{}, false
		}
		return *f, true
	}
	slots := map[string]int{}
	for _, sm := range out {
		slots[sm.Field]++
	}
	copyOf := func(a, b int) bool {
		common, differ := compareFirst(stats[a], stats[b])
		return common >= minCommon && float64(common-differ) >= sameShare*float64(common)
	}
	drop := map[int]bool{} // indexes into out
	for i, a := range out {
		if _, ok := single(a); !ok || drop[i] {
			continue
		}
		for j := i + 1; j < len(out); j++ {
			b := out[j]
			if _, ok := single(b); !ok || drop[j] || b.Field == a.Field || b.Slot == a.Slot || !copyOf(a.Slot, b.Slot) {
				continue
			}
			loser, keeper := -1, -1
			switch {
			case slots[a.Field] > 1 && slots[b.Field] == 1:
				loser, keeper = i, j
			case slots[b.Field] > 1 && slots[a.Field] == 1:
				loser, keeper = j, i
			case slots[a.Field] == 1 && slots[b.Field] == 1:
				na, nb := score(a), score(b)
				if na < nb {
					loser, keeper = i, j
				} else if nb < na {
					loser, keeper = j, i
				}
			}
			if loser < 0 {
				continue
			}
			drop[loser] = true
			slots[out[loser].Field]--
			if slots[out[loser].Field] == 0 {
				lost, kept := out[loser], out[keeper]
				if w.Abstained == nil {
					w.Abstained = map[int][]Note{}
				}
				w.Abstained[scope] = append(w.Abstained[scope], Note{Kind: NoteAbstained, Field: lost.Field, Message: fmt.Sprintf(
					"field %s left empty: its slot %d holds the same text as field %s's slot %d on the sample pages (e.g. %q), and scores %.3g there against %s's %.3g: the text is %s's",
					lost.Field, lost.Slot, kept.Field, kept.Slot, Example(stats[lost.Slot]), score(lost), kept.Field, score(kept), kept.Field)})
			}
			if loser == i {
				break
			}
		}
	}
	if len(drop) == 0 {
		return out
	}
	kept := out[:0]
	for i, sm := range out {
		if !drop[i] {
			kept = append(kept, sm)
		}
	}
	return kept
}
