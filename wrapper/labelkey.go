package wrapper

import (
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// Fields read by their label (wrapper/mapping/labelkey.go): learned after
// the mapping, for the single fields of a detail page it left without
// slot; read on every page after the template's fields.

// LabelKey is a field read by the label that names it (see
// mapping.LabelKey).
type LabelKey = mapping.LabelKey
