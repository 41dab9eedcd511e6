package mapping

// Titled slots. On a detail page the <title> names the object: a slot
// whose every value the title contains, page after page, holds the
// object's name. With a dictionary that knows a tenth of the names, the
// slot had two annotated values out of twenty and lost to another slot
// whose values the dictionary knows more often (an advertisement naming
// other restaurants). When such a slot is a candidate on its
// annotations (GeneraliseThres of its annotated values the field's),
// its values count as instances as far as the title names them.

// titled returns the number of instances slot st counts for field f: c,
// or, for a single dictionary field of a detail page (single, detail)
// whose slot values the page title names on every sample page, the
// values it names.
func titled(st *slotStats, f FieldSpec, single, detail bool, c int) int {
	if !TitledSlots || !single || !detail || f.Patterned() || st.Occ == 0 || st.InTitle < st.Occ || len(st.Values) < 2 {
		return c
	}
	return max(c, st.InTitle)
}

// TitledSlots turns the count on (a switch for the test that shows what
// it does).
var TitledSlots = true
