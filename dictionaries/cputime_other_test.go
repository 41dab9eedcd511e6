//go:build !unix

package dictionaries

import "time"

// cpuTime is unknown here: benchmarks then report no per-CPU-second metric.
func cpuTime() time.Duration { return 0 }
