package wrapper

import (
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// otherInstance reports whether txt, a value of slot read for field f, is
// wholly an instance of the pattern of another field mapped to the slot
// that f has not.
func (w *Wrapper) otherInstance(slot int, f FieldSpec, txt string) bool {
	for _, x := range w.bySlot[slot] {
		if x.Field == f.Path {
			continue
		}
		g := w.fieldSpec(x.Field)
		r := w.valid[x.Field]
		if g == nil || r == nil || mapping.SamePattern(*g, f) {
			continue
		}
		if mapping.WholeInstance(r, txt) {
			return true
		}
	}
	return false
}
