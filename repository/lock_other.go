//go:build !unix

package repository

import (
	"os"
	"path/filepath"
	"time"
)

// lockRepo opens DIR/LOCK without locking it: on systems without flock(2)
// two writers committing at the same instant may lose one commit.
func lockRepo(dir string, timeout time.Duration) (*os.File, error) {
	return os.OpenFile(filepath.Join(dir, lockFile), os.O_RDWR|os.O_CREATE, 0o644)
}

func unlockRepo(f *os.File) error { return f.Close() }

// processAlive cannot tell on this system: temporary directories of other
// processes are kept.
func processAlive(pid int) bool { return pid > 0 }
