package wrapper

import (
	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// DefaultOptions returns the parameters of the papers (exalg.DefaultOptions)
// and no pins.
func DefaultOptions() Options { return Options{Options: exalg.DefaultOptions()} }
