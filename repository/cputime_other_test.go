//go:build !unix

package repository

import "time"

// cpuTime is unknown here: the benchmark reports 0 CPU seconds.
func cpuTime() time.Duration { return 0 }
