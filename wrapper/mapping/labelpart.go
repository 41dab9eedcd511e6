package mapping

import (
	"strings"
)

// A field that shares a labelled row with another field. When rows with
// several labels share a slot out (SlotMap.Label: "ISBN-13: …",
// "Imprint: Blue Heron Press, June 2009", "Imprint: May 1996"), a field
// that shares the publisher's row (SlotMap.Part) is weighed against the
// values under the host's label, not against the slot's values of every
// label: the ISBN rows are no evidence against the date sharing the
// imprint row.

// labelledValues returns the sample values of st under label and the
// least count a field sharing them must reach (sharePartShare of them).
func labelledValues(st *slotStats, label []string) (map[string]int, float64) {
	ls := labelled(st, strings.Join(label, " "))
	return ls.Values, sharePartShare * float64(ls.Occ)
}
