package wrapper

import (
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// SODFields returns the field specs of the SOD's root tuple, nested
// fields as dotted paths: the fields a wrapper learned for s has
// (Wrapper.Fields), known also when learning stops (Report.StoppedFields).
func SODFields(s *sod.SOD) []FieldSpec { return mapping.SodFields(s) }
