//go:build unix

package warc

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) this process has used, so
// benchmarks can report throughput per CPU-second on a shared machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
