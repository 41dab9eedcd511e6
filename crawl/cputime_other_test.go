//go:build !unix

package crawl

import "time"

// cpuTime is unknown here: the benchmark reports 0 CPU seconds.
func cpuTime() time.Duration { return 0 }
