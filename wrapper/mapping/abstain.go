package mapping

import (
	"sort"
)

// Abstention (issue 20: abstain rather than guess). A single field whose
// chosen slot won by a hair over another candidate slot holding other
// values is left without slot: the wrapper cannot tell which is the
// field's, and an empty field with a diagnostic is worth more than a
// value that is wrong on every page.
const (
	// closeScore: a rival within this ratio of the winner's score is as
	// good as the winner.
	CloseScore = 0.9
	// differShare: the rival's values differ from the winner's on at
	// least this share of the sample pages where both have one.
	DifferShare = 0.5
	// minCommon: pages where both slots have a value, for their values
	// to be compared.
	MinCommon = 2
	// weakSupport: a winner whose field's instances are counted on fewer
	// than this share of the sample pages is supported by too little
	// evidence to be taken over a close rival.
	WeakSupport = 0.5
)

// CompareFirst compares two slots' first values page by page: common is
// the number of sample pages where both have one, differ those where
// they differ.
func CompareFirst(a, b *SlotStats) (common, differ int) {
	for p, va := range a.FirstVal {
		vb, ok := b.FirstVal[p]
		if !ok {
			continue
		}
		common++
		if va != vb {
			differ++
		}
	}
	return common, differ
}

// Example is one of the slot's sample values: the first one of the
// lowest-numbered page.
func Example(st *SlotStats) string {
	pages := make([]int, 0, len(st.FirstVal))
	for p := range st.FirstVal {
		pages = append(pages, p)
	}
	if len(pages) == 0 {
		return ""
	}
	sort.Ints(pages)
	v := st.FirstVal[pages[0]]
	if len(v) > 40 {
		v = v[:40] + "…"
	}
	return v
}
