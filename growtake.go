package objectrunner

import (
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/wrapper"
)

// Take returns, by dictionary class, the observations Add would buffer for
// o (the values of its dictionary fields at least as confident as the
// Grower's minimum), in the order Add buffers them, without buffering
// them. A distributed run (the beam module) collects them from its workers
// and grows the dictionaries in one place, with Store.Grow, as Flush
// would.
func (g *Grower) Take(o *wrapper.Object) map[string][]dictionaries.Observation {
	saved, n := g.pending, g.n
	g.pending = map[string][]dictionaries.Observation{}
	g.walk(o.Page, "", o.Fields)
	out := g.pending
	g.pending, g.n = saved, n
	return out
}
