package mapping

// First instance. A value holding several instances of its field's
// pattern (a price and the list price after it, "82,95 € Reg. 301,95 €",
// or "Price: $81.50<br>Was: $335.45" left in one slot) gives the first
// one that no longer overlapping instance covers: the field's own value
// is written first, what qualifies it (a former price, a second date)
// after. The longest instance would pick the list price whenever it has
// more digits, so a page's choice would hang on the numbers.

import (
	"github.com/objectrunner/objectrunner/recognizers"
)

// firstMatch returns the span of the first instance r finds in text that
// no longer instance overlaps.
func firstMatch(r recognizers.Recognizer, text string) ([2]int, bool) {
	ms, err := r.Find(text)
	if err != nil || len(ms) == 0 {
		return [2]int{}, false
	}
	best := -1
	for i, m := range ms {
		covered := false
		for j, n := range ms {
			if j != i && n.Start < m.End && m.Start < n.End && n.End-n.Start > m.End-m.Start {
				covered = true
				break
			}
		}
		if !covered && (best < 0 || m.Start < ms[best].Start) {
			best = i
		}
	}
	return [2]int{ms[best].Start, ms[best].End}, true
}
