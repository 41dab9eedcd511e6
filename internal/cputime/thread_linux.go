//go:build linux

package cputime

import (
	"syscall"
	"time"
)

// rusageThread is Linux's RUSAGE_THREAD (not in package syscall).
const rusageThread = 1

// Thread returns the user and system CPU time the calling OS thread has
// used so far (0 if it cannot be read). Call it from a goroutine locked to
// its thread (runtime.LockOSThread) to time work that goroutine does
// itself: work it hands to other goroutines and the garbage collector's
// background workers are not counted.
func Thread() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
