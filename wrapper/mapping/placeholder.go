package mapping

// Placeholders for a missing value.
//
// A site writes the same placeholder wherever a value is missing: "N/A"
// where a show has no guests, where its doors time or its price is not
// known. A price's recognizer turns the placeholder away
// (SlotMap.Validate); a dictionary field has no such check and takes "N/A"
// or "Not available" as a guest. The template shows what it is: the text
// is the whole value of the field's slot twice or more in the sample,
// never annotated there, and the whole value, unannotated again, of
// another slot whose values are mostly instances of another kind of field
// (the dates of "On sale", the times of "Doors"): a text written both among
// dates and among names is neither. learnPlaceholders lists such texts in SlotMap.NA; Wrapper.value
// drops a value equal to one.

// AnnotatedText reports whether an annotation touches some of the slot's
// values with text txt.
func AnnotatedText(st *SlotStats, txt string) bool {
	for _, vals := range st.SomeVals {
		if vals[txt] > 0 {
			return true
		}
	}
	return false
}
