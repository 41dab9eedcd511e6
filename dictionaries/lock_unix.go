//go:build unix

package dictionaries

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// lockFile names the file in the store directory that carries the lock.
const lockFile = "LOCK"

// lockDir takes an flock(2) lock on dir/LOCK: exclusive for a writer,
// shared for a reader. flock locks belong to the open file, so a second
// Store in the same process conflicts like another process does. It retries
// without blocking until timeout, then returns an *InUseError.
func lockDir(dir string, exclusive bool, timeout time.Duration) (*os.File, error) {
	path := filepath.Join(dir, lockFile)
	flag := os.O_RDWR | os.O_CREATE
	if !exclusive {
		if _, err := os.Stat(path); err != nil {
			flag = os.O_RDONLY | os.O_CREATE
		}
	}
	f, err := os.OpenFile(path, flag, 0o644)
	if err != nil && !exclusive {
		f, err = os.Open(path)
	}
	if err != nil {
		return nil, fmt.Errorf("dictionary lock: %w", err)
	}
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	deadline := time.Now().Add(timeout)
	for {
		err = syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		if err == nil {
			break
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			f.Close()
			return nil, fmt.Errorf("dictionary lock %s: %w", path, err)
		}
		if time.Now().After(deadline) {
			pid := readPID(path)
			f.Close()
			return nil, &InUseError{Dir: dir, PID: pid}
		}
		time.Sleep(25 * time.Millisecond)
	}
	if exclusive {
		// Record the holder for the error message of the next opener.
		_ = f.Truncate(0)
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return f, nil
}

// unlockDir releases a lock taken by lockDir.
func unlockDir(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// readPID returns the process ID last recorded in the lock file, or 0.
func readPID(path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	n, err := strconv.Atoi(string(bytes.TrimSpace(b)))
	if err != nil {
		return 0
	}
	return n
}

// snapshotsSupported: readers read snapshots (snapshot.go), coordinated
// with flock(2).
const snapshotsSupported = true

// lockReaders opens a snapshot's READERS file and takes a shared lock on
// it, failing at once when a writer deleting the snapshot holds it, or when
// the file is no longer the one at path (the snapshot was moved away).
func lockReaders(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("snapshot being deleted: %w", err)
	}
	st, err1 := f.Stat()
	now, err2 := os.Stat(path)
	if err1 != nil || err2 != nil || !os.SameFile(st, now) {
		f.Close()
		return nil, fmt.Errorf("snapshot %s moved away", filepath.Dir(path))
	}
	return f, nil
}

// lockUnused takes an exclusive lock on a snapshot's READERS file when no
// reader holds it. A snapshot without the file is unused.
func lockUnused(path string) (*os.File, bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, errors.Is(err, os.ErrNotExist)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, false
	}
	return f, true
}
