//go:build !unix

package dictionaries

import (
	"os"
	"path/filepath"
	"time"
)

// lockDir on systems without flock(2) only opens dir/LOCK: Bleve's own bolt
// lock (bounded by the bolt_timeout the store sets) still keeps two writers
// of one class apart.
func lockDir(dir string, exclusive bool, timeout time.Duration) (*os.File, error) {
	return os.OpenFile(filepath.Join(dir, "LOCK"), os.O_RDWR|os.O_CREATE, 0o644)
}

func unlockDir(f *os.File) error { return f.Close() }

// snapshotsSupported: without flock(2) readers cannot tell a writer which
// snapshot they use, so they open the live indexes (and wait for writers).
const snapshotsSupported = false

func lockReaders(path string) (*os.File, error) { return os.Open(path) }

func lockUnused(path string) (*os.File, bool) { return nil, false }
