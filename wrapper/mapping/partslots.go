package mapping

import (
	"strings"
)

// Part slots: a dictionary that knows an object's whole value and, among
// its entries, a part of it (a product dictionary listing "Korvel" beside
// "Korvel G12I 55-inch LED TV", a brand that is also the name's first
// word) annotates two slots of one page: the name's and the part's
// ("Made by: Korvel"). The part's slot repeats a few entries on many pages
// and so gathers more annotations than the name's, whose entries each
// appear once; counting them would give the field a part of its value,
// and take from the part's own field its slot. The part is recognised
// by the page: on most sample pages the slot's value is a proper part,
// at word boundaries, of the value of another candidate slot of the same
// field on that page, a slot some of whose values are wholly instances of
// the field's types. The candidate of the part's slot is dropped; the
// field it leaves then has its slot (explainedSlots sets the whole
// value's annotations aside there).

// dropParts drops the candidates of single dictionary fields whose slot
// holds parts of the values of another candidate slot of the field.
func dropParts(fields []FieldSpec, cands []cand, stats []*slotStats, minCnt int, thres float64) []cand {
	out := cands[:0:0]
	for _, c := range cands {
		f := fields[c.Field]
		if !f.Many && !f.Patterned() && c.Label == "" && partOfOther(fields, cands, stats, c, minCnt, thres) {
			continue
		}
		out = append(out, c)
	}
	return keepMandatory(fields, cands, out)
}

// partOfOther reports whether candidate c's slot values are, on at least
// thres of its sample pages (two or more), proper parts of the value of
// another candidate slot of the same field there, whose values are wholly
// instances of the field's types on minCnt pages or more.
func partOfOther(fields []FieldSpec, cands []cand, stats []*slotStats, c cand, minCnt int, thres float64) bool {
	f := fields[c.Field]
	a := stats[c.Slot]
	for _, d := range cands {
		if d.Field != c.Field || d.Slot == c.Slot || d.Label != "" {
			continue
		}
		b := stats[d.Slot]
		full := 0
		for _, t := range f.Types {
			full += b.Full[t]
		}
		if full < max(2, minCnt) {
			continue
		}
		if partSlot(a, b, thres) {
			return true
		}
	}
	return false
}

// partSlot reports whether slot a's value is a proper part of slot b's on
// at least thres of the sample pages where a has one value (two or more).
func partSlot(a, b *slotStats, thres float64) bool {
	n, part := 0, 0
	for pg, k := range a.PerPage {
		if k != 1 {
			continue
		}
		n++
		if b.PerPage[pg] == 1 && partNotItem(a.FirstVal[pg], b.FirstVal[pg]) {
			part++
		}
	}
	return n >= 2 && float64(part) >= thres*float64(n)
}

// properPart reports whether short is a shorter run of whole words of
// long (case-insensitive).
func properPart(short, long string) bool {
	s, l := strings.Fields(strings.ToLower(short)), strings.Fields(strings.ToLower(long))
	if len(s) == 0 || len(s) >= len(l) {
		return false
	}
	for i := 0; i+len(s) <= len(l); i++ {
		if runAt(s, l, i) {
			return true
		}
	}
	return false
}

// runAt reports whether the words s stand in l from index i on, their
// punctuation aside.
func runAt(s, l []string, i int) bool {
	for j := range s {
		if trimPunct(l[i+j]) != trimPunct(s[j]) {
			return false
		}
	}
	return true
}

// trimPunct trims the punctuation around a word ("TV," and "TV").
func trimPunct(w string) string {
	return strings.Trim(w, ".,;:!?()[]\"'")
}
