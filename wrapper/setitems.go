package wrapper

// A set field's value is a list ("The Lonesome Owls, X. X. Greaves,
// Paper Kites") of which a sparse dictionary knows one item or none. The
// value-level count (gather: the type's annotations cover half the value's
// words) misses a list of three with one known name, so a set field's slot
// is counted by items: a value counts as the field's when one of its
// items, split as a set's value is at extraction (tags, ", ; |" and the
// weak separators "& / +"), is wholly an instance of the field's types (a
// known name, not a sentence of which a noisy dictionary knows one word).

// itemSplit are the separators itemCounts splits a value at, beyond tags
// and itemSeps: the weak separators, which are item separators when a set
// field's sample shows them so and are only counted here.
var itemSplit = []string{"&", "/", "+"}

// itemCounts adds a value [a, b) to st's item-level counts; seen holds the
// types that cover half the value's words (an item-level instance too).
func itemCounts(st *slotStats, toks []token, a, b int, seen map[string]bool) {
	hit := map[string]bool{}
	for t := range seen {
		hit[t] = true
	}
	if its := items(toks, a, b, itemSplit); len(its) > 1 {
		for _, it := range its {
			words, cover := 0, map[string]int{}
			for x := it[0]; x < it[1]; x++ {
				if toks[x].kind != KindWord {
					continue
				}
				words++
				for _, typ := range toks[x].annTypes() {
					cover[typ]++
				}
			}
			for typ, c := range cover {
				if c == words {
					hit[typ] = true
				}
			}
		}
	}
	if len(hit) > 0 {
		st.itemAnnOcc++
	}
	for t := range hit {
		st.itemTypes[t]++
	}
}

// itemCount is the number of values with an item that is an instance of
// one of types, and its share of the values with an annotated item.
func (st *slotStats) itemCount(types []string) (int, float64) {
	n := 0
	for _, t := range types {
		n += st.itemTypes[t]
	}
	if st.itemAnnOcc == 0 {
		return n, 0
	}
	return n, float64(n) / float64(st.itemAnnOcc)
}
