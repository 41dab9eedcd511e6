//go:build !unix

package annotate

import "time"

// cpuTime is not measured on this platform.
func cpuTime() time.Duration { return 0 }
