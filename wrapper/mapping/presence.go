package mapping

// Presence. A mandatory single field (mult "1", of the root or of a
// single nested tuple) has a value on every page, or every record: a
// slot outside sets that holds a value on only some of the sample pages
// is an optional row (a "List price" row whose label shares a word with
// the field's name, a "Presale" date beside the show's date) rather than
// the field's place. When slots are weighed (mapSlots), such a slot's
// score is multiplied by the share of the sample pages where it holds a
// value, so that the slot every page fills wins over an optional one of
// a few more annotations or a better label. It is the Multiplicity factor
// of the candidate's Score (score.go), with onePerPage.

// presence returns the factor by which a slot's score is weighed for
// field f (see above): 1 for optional and set fields, slots inside sets
// (depth > 0) and without a sample; the share of the nPages sample pages
// (records) where the slot holds a value otherwise.
func presence(st *slotStats, f FieldSpec, fields []FieldSpec, depth, nPages int) float64 {
	if !PresenceWeighing || f.Optional || f.Many || f.Tuple || depth > 0 || nPages <= 0 {
		return 1
	}
	if f.Parent != "" && !nestedSingle(fields, f) {
		return 1
	}
	if f.Parent != "" {
		if p := IndexOf(fields, f.Parent); p >= 0 && fields[p].Optional {
			return 1
		}
	}
	return min(1, float64(len(st.PerPage))/float64(nPages))
}

// PresenceWeighing turns the weighing on (a switch for the test that
// shows what it does).
var PresenceWeighing = true
