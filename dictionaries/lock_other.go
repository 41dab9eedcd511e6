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
