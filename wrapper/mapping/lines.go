package mapping

// A single value written as an element per line (SlotMap.Lines: an
// address as "<div>11298 Congress</div><div>Atlanta, GA 30370</div>") is
// validated as a whole, once its lines are joined: a first line the
// recognizer does not know alone (a street without a suffix) is a part
// of the value, not a line to drop, which would leave the city line as
// the whole address.

// linesUnchecked returns, for a Lines slot that validates, a copy of sm
// that validates no line (and records sm in *check for checkJoined);
// other slots are returned as they are.
func linesUnchecked(sm *SlotMap, check **SlotMap) *SlotMap {
	if !sm.Lines || !sm.Validate || !LinesWhole {
		return sm
	}
	*check = sm
	c := *sm
	c.Validate = false
	return &c
}

// LinesWhole turns whole-value validation of Lines slots on (a switch for
// the test that shows what it does).
var LinesWhole = true

// checkJoined validates the joined value of a Lines slot (check, nil when
// no Lines slot gave a value): a value in which f's recognizer finds no
// instance is dropped; one found in the whole value, not in its first
// line, takes the whole value's normalised form.
func (w *State) checkJoined(vals []Value, check *SlotMap, f FieldSpec) []Value {
	r := w.Valid[f.Path]
	if check == nil || r == nil || len(vals) != 1 || vals[0].Fields != nil {
		return vals
	}
	norm, ok := Validate(r, vals[0].Text)
	if !ok {
		return nil
	}
	if vals[0].Unrecognized {
		vals[0].Normalized, vals[0].Unrecognized, vals[0].otherSlot = norm, false, false
	}
	return vals
}

// twoInstances reports whether the next line of a Lines value is a second
// value, not the rest of the first: the field is cut to its pattern's
// instance (SlotMap.Match) and the line so far and the next line each
// hold one ("9780441018642" and "0441018645", an ISBN-13 row and an
// ISBN-10 row of one set of lines). A single field keeps the first; an
// address's lines (a partial recognizer, never Match) are joined.
func (w *State) twoInstances(first, next string, sm *SlotMap, f FieldSpec) bool {
	r := w.Valid[f.Path]
	if !sm.Match || f.Many || r == nil {
		return false
	}
	_, ok1 := Validate(r, first)
	_, ok2 := Validate(r, next)
	return ok1 && ok2
}
