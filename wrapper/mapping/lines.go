package mapping

// A single value written as an element per line (SlotMap.Lines: an
// address as "<div>11298 Congress</div><div>Atlanta, GA 30370</div>") is
// validated as a whole, once its lines are joined: a first line the
// recognizer does not know alone (a street without a suffix) is a part
// of the value, not a line to drop, which would leave the city line as
// the whole address.

// LinesUnchecked returns, for a Lines slot that validates, a copy of sm
// that validates no line (and records sm in *check for checkJoined);
// other slots are returned as they are.
func LinesUnchecked(sm *SlotMap, check **SlotMap) *SlotMap {
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
