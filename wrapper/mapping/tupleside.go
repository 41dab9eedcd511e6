package mapping

// oneNestedValue reports whether f, a field of a single nested tuple
// (nestedSingle), is weighed as a single field of the root when slots are
// chosen: one value per object, so a slot inside a set (a sidebar's
// list of other events' venues) is not its place unless the set's
// iterations are the lines of its value or a learned label keys it.
func oneNestedValue(fields []FieldSpec, f FieldSpec) bool {
	return nestedSingle(fields, f)
}
