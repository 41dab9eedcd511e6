package mapping

import (
	"slices"
	"strings"
)

// takingLeadItems turns leadItems on (a switch for the test that shows
// what it does).
var takingLeadItems = true

// A set field's first item kept as a slot of its own. ExAlg unrolls a
// list's first iteration when it is always present (a line-up that opens
// with the headliner, a list that never is empty): the first item is a
// slot before the set, with the same markup around it as the set's items
// and only template text between. dropCopies removes it from the set
// field's candidates when it repeats another field's value (the
// headliner), and unrolledPeers finds it only when the set's separator
// is outside its body. leadItems gives the set field that slot as well
// when no field took it, or only single fields of its kind did (the
// headliner a line-up repeats, read from the list's first item), and its
// values are not another field's type more often than the field's own:
// the field then reads its first item, which it otherwise misses on every
// page (the lead-item note of trustnotes.go says so when the slot is
// another kind of field's).

// The two halves are one list whichever the field's candidates found:
// when the field's slot is the unrolled first item itself (a label
// naming the field stands before it, "Special guests: <span>A</span>
// {<br><span>B</span>}"), the set of the others after it (restPeer) is
// read too; without it every page lost all its items but the first.

// leadItems returns out with, for each root set field with a slot in a
// set, the untaken slot of the set's unrolled first item (leadPeer), or,
// for one whose slot is that first item, the slot of the set's items
// after it (restPeer), if any.
func leadItems(w *State, out []SlotMap, stats []*slotStats) []SlotMap {
	if !takingLeadItems || w.Template == nil {
		return out
	}
	taken := map[int]bool{}
	owners := map[int][]string{}
	for _, sm := range out {
		taken[sm.Slot] = true
		owners[sm.Slot] = append(owners[sm.Slot], sm.Field)
	}
	flat := Flatten(w.Template.Root, nil)
	at := map[int]int{}
	for i, e := range flat {
		if e.Slot >= 0 {
			at[e.Slot] = i
		}
	}
	var added []SlotMap
	for _, sm := range out {
		f := w.fieldSpec(sm.Field)
		if f == nil || !f.Many || f.Tuple || f.Parent != "" || sm.Part || sm.Item || sm.Row != nil {
			continue
		}
		i, ok := at[sm.Slot]
		if !ok {
			continue
		}
		q := leadPeer(flat, i)
		if q < 0 {
			q = restPeer(flat, i) // the field's slot is the first item
		}
		if q < 0 || taken[q] && !w.sameKindSingles(owners[q], *f) || q >= len(stats) || stats[q].Occ == 0 {
			continue
		}
		if !w.ownsItem(stats[q], f) {
			continue
		}
		taken[q] = true
		added = append(added, peerSlotMap(sm, q, f.Path))
	}
	return append(out, added...)
}

// sameKindSingles reports whether the fields owning a slot are all single
// root fields typed as set field f is: the headliner a line-up repeats
// as its first item. The slot is the list's first item all the same (the
// template's markup says so), and the set reads it too; a row of another
// type (a date) stays its field's alone.
func (w *State) sameKindSingles(owners []string, f FieldSpec) bool {
	if len(owners) == 0 {
		return false
	}
	for _, o := range owners {
		g := w.fieldSpec(o)
		if g == nil || g.Many || g.Parent != "" || g.Tuple || !sameKind(f, *g) {
			return false
		}
	}
	return true
}

// typedBy reports whether entity type t types a field of the SOD.
func (w *State) typedBy(t string) bool {
	for _, f := range w.FieldSpecs {
		if slices.Contains(f.Types, t) {
			return true
		}
	}
	return false
}

// A set field's list cut in two at a constant conjunction. When every
// page's list has two items or more, the word between the last two ("A,
// B and C", "A & B") is on every page, and ExAlg makes it template text:
// the list becomes two slots of one text, "*4 and *5", and the field's
// candidates take one of them (the other repeats the headliner's heading,
// dropCopies, or its dictionary knows too few of its names). The page
// structure says what they are: two slots with nothing between them but
// a conjunction or an item separator are the parts of one value, and the
// set field whose slot is one of them reads the other as well. This is
// not a part of the score: the score weighs each slot alone, and neither
// half is a worse candidate than a sidebar's; what joins them is their
// adjacency in the template, which no factor of a single slot sees.

// takingConjItems turns conjItems on (a switch for the test that shows
// what it does).
var takingConjItems = true

// conjItems returns out with, for each root set field of a detail page,
// the untaken slots joined to one of its slots by a template conjunction
// or item separator (conjPeer), whose values are not another field's
// type more often than the field's own.
func conjItems(w *State, out []SlotMap, stats []*slotStats) []SlotMap {
	if !takingConjItems || w.Template == nil {
		return out
	}
	taken := map[int]bool{}
	for _, sm := range out {
		taken[sm.Slot] = true
	}
	flat := Flatten(w.Template.Root, nil)
	at := map[int]int{}
	for i, e := range flat {
		if e.Slot >= 0 {
			at[e.Slot] = i
		}
	}
	for k := 0; k < len(out); k++ {
		sm := out[k]
		f := w.fieldSpec(sm.Field)
		if f == nil || !f.Many || f.Tuple || f.Parent != "" || sm.Part || sm.Item || sm.Row != nil || len(sm.Label) > 0 {
			continue
		}
		i, ok := at[sm.Slot]
		if !ok {
			continue
		}
		for _, q := range conjPeers(flat, i) {
			if taken[q] || q >= len(stats) || stats[q].Occ == 0 {
				continue
			}
			if !w.ownsPeer(stats[q], f) {
				continue
			}
			taken[q] = true
			out = append(out, peerSlotMap(sm, q, f.Path)) // read in turn: a third part after the second
		}
	}
	return out
}

// conjPeers returns the slots right before and after the slot at flat[i]
// with one conjunction or item separator token between (and nothing else).
func conjPeers(flat []flatEl, i int) []int {
	var out []int
	for _, d := range []int{-1, 1} {
		j, q := i+d, i+2*d
		if q < 0 || q >= len(flat) || flat[j].Slot >= 0 || flat[j].Mark != "" || flat[q].Slot < 0 {
			continue
		}
		if conjText(flat[j].Tok) {
			out = append(out, flat[q].Slot)
		}
	}
	return out
}

// conjText reports whether template token t is a list's conjunction or
// item separator: "and", or a short run of itemSeps or weakSeps.
func conjText(t Tok) bool {
	if t.Kind != KindWord {
		return false
	}
	s := t.Text
	return strings.EqualFold(s, "and") || (len(s) <= 3 && strings.Trim(s, itemSeps+weakSeps) == "")
}

// ownsPeer reports whether slot statistics st hold the set field f's
// types at least as often as any other recognised type: a slot beside
// the set's that continues the set rather than holding another field.
func (w *State) ownsPeer(st *slotStats, f *FieldSpec) bool {
	own, other := st.Count(f.Types), 0
	for t, n := range st.Types {
		if !slices.Contains(f.Types, t) && w.typedBy(t) {
			other = max(other, n)
		}
	}
	return other <= own
}

// ownsItem is ownsPeer for a slot the markup makes an item of the field's
// list (leadPeer, restPeer): another type counts against it only when it
// also annotates a quarter of the slot's values or more (minItemType).
// The markup is the stronger evidence; a dictionary that knows a few of
// the items as another kind's names (three of twenty acts' names also
// venues' in the venue dictionary) is noise, not another field's slot.
func (w *State) ownsItem(st *slotStats, f *FieldSpec) bool {
	own, other := st.Count(f.Types), 0
	for t, n := range st.Types {
		if !slices.Contains(f.Types, t) && w.typedBy(t) {
			other = max(other, n)
		}
	}
	return other <= own || float64(other) < minItemType*float64(st.Occ)
}

// minItemType is the least share of a list item's slot values another
// type must annotate to keep the slot from the list's field (ownsItem).
const minItemType = 0.25

// restPeer returns the number of the first slot of the set right after
// the slot at flat[i] when the two slots have the same markup around
// them (the token before and the token after), with only template tokens
// between the slot and the set: the set of the list's other items, the
// slot at flat[i] being its unrolled first item (leadPeer's converse); -1
// otherwise.
func restPeer(flat []flatEl, i int) int {
	if i == 0 || i+1 >= len(flat) {
		return -1
	}
	open := -1
	for j := i + 1; j < len(flat); j++ {
		if flat[j].Slot >= 0 || (flat[j].Mark != "" && flat[j].Mark != "{") {
			return -1
		}
		if flat[j].Mark == "{" {
			open = j
			break
		}
	}
	if open < 0 {
		return -1
	}
	for j := open + 1; j+1 < len(flat); j++ {
		if flat[j].Mark != "" {
			return -1
		}
		if flat[j].Slot < 0 {
			continue
		}
		if sameTok(flat[j-1], flat[i-1]) && sameTok(flat[j+1], flat[i+1]) {
			return flat[j].Slot
		}
		return -1
	}
	return -1
}

// peerSlotMap is the reading of slot q for field path as the set's slot
// sm is read: the same items, separators and statistics.
func peerSlotMap(sm SlotMap, q int, path string) SlotMap {
	return SlotMap{Slot: q, Field: path, Type: sm.Type, Share: sm.Share, Coverage: sm.Coverage, Run: sm.Run,
		Seps: sm.Seps, SepWords: sm.SepWords, Keep: sm.Keep}
}
