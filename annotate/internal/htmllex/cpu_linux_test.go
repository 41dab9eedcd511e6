package htmllex

import (
	"syscall"
	"testing"
	"time"
)

// threadCPU returns the CPU time (user + system) the calling OS thread has
// used; the caller holds its thread with runtime.LockOSThread.
func threadCPU(t *testing.T) time.Duration {
	t.Helper()
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		t.Fatalf("getrusage: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
