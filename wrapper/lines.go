package wrapper

import (
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// checkJoined validates the joined value of a Lines slot (check, nil when
// no Lines slot gave a value): a value in which f's recognizer finds no
// instance is dropped; one found in the whole value, not in its first
// line, takes the whole value's normalised form.
func (w *Wrapper) checkJoined(vals []Value, check *SlotMap, f FieldSpec) []Value {
	r := w.valid[f.Path]
	if check == nil || r == nil || len(vals) != 1 || vals[0].Fields != nil {
		return vals
	}
	norm, ok := mapping.Validate(r, vals[0].Text)
	if !ok {
		return nil
	}
	if vals[0].Unrecognized {
		vals[0].Normalized, vals[0].Unrecognized = norm, false
	}
	return vals
}
