//go:build unix

package annotate

import (
	"syscall"
	"time"
)

// cpuTime is the user+system CPU time the process has used so far; ratios of
// CPU times are steadier than wall-clock ratios on a shared machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
