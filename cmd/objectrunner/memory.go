package main

import (
	"os"
	"runtime/debug"
)

// defaultMemoryMB is extract's default --memory-mb.
const defaultMemoryMB = 1024

// applyMemoryLimit makes mb MiB the process's soft memory limit, unless
// GOMEMLIMIT sets one (or mb <= 0), and returns the page bytes the run may
// process at once: mb/32 MiB. A 20 MB page takes some 20 times its size
// while it is extracted; with the limit, the garbage collector works harder
// instead of letting the heap grow to twice that, which is what it does by
// default (six 20 MB pages: 1.05 GB instead of 1.5 GB peak, at some cost in
// time). Sources of ordinary pages stay far below the limit and never feel
// it.
func applyMemoryLimit(mb int) int64 {
	if mb <= 0 {
		return 0
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(int64(mb) << 20)
	}
	return int64(mb) << 20 / 32
}
