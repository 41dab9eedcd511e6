//go:build !linux

package htmllex

import (
	"testing"
	"time"
)

var cpuStart = time.Now()

// threadCPU falls back to wall time where the thread's CPU time is not
// read (the bound then also counts time other work took).
func threadCPU(t *testing.T) time.Duration { return time.Since(cpuStart) }
