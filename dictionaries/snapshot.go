package dictionaries

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Readers and writers. A writer (import, grow) holds the store's LOCK
// exclusively for as long as it is open, and Bleve holds each class's
// root.bolt exclusively too, so a reader opening the live indexes would wait
// for the writer to finish — the whole of an `extract --grow` run. Readers
// therefore read a snapshot: a copy of every class index that a writer
// publishes when nothing is being written (when it opens, if the last
// writer did not publish, and when it closes after writing). Scorch
// segment files (.zap) are never modified once written, so a snapshot
// hard-links them and copies only the small root.bolt and metadata: it
// costs milliseconds and almost no disk. A reader sees the dictionaries as
// they were when the last writer closed; it never waits for a writer, and
// a writer never waits for readers.
//
// Layout: <dir>/.snapshots/CURRENT names the current snapshot, a directory
// <dir>/.snapshots/<name>/ holding one index per class and a READERS file
// that readers hold a shared flock on while they use the snapshot. A
// writer deletes a snapshot that is no longer current once it can take an
// exclusive lock on its READERS file, that is, when no reader uses it.
// <dir>/.snapshots/DIRTY marks a store written since its last snapshot
// (a writer killed before publishing): the next writer publishes at once.

const (
	snapshotDir   = ".snapshots"
	currentFile   = "CURRENT"
	dirtyFile     = "DIRTY"
	readersFile   = "READERS"
	snapshotRetry = 5
)

// snapshotRoot returns <dir>/.snapshots.
func snapshotRoot(dir string) string { return filepath.Join(dir, snapshotDir) }

// openSnapshot finds the current snapshot of the store in dir and takes a
// shared lock on it. It returns "" and no error when the store has none.
func openSnapshot(dir string) (string, *os.File, error) {
	if !snapshotsSupported {
		return "", nil, nil
	}
	root := snapshotRoot(dir)
	var lastErr error
	for range snapshotRetry {
		name, err := os.ReadFile(filepath.Join(root, currentFile))
		if errors.Is(err, fs.ErrNotExist) {
			return "", nil, nil
		}
		if err != nil {
			return "", nil, fmt.Errorf("dictionary snapshot: %w", err)
		}
		gen := filepath.Join(root, strings.TrimSpace(string(name)))
		f, err := lockReaders(filepath.Join(gen, readersFile))
		if err == nil {
			return gen, f, nil
		}
		// Deleted or being deleted after a newer one was published: read
		// CURRENT again.
		lastErr = err
		time.Sleep(10 * time.Millisecond)
	}
	return "", nil, fmt.Errorf("dictionary snapshot of %s: %w", dir, lastErr)
}

// needsSnapshot reports whether a writer opening dir should publish a
// snapshot: the store has none (even empty: readers then see no class
// rather than wait), or was written since its last one.
func needsSnapshot(dir string) bool {
	if !snapshotsSupported {
		return false
	}
	root := snapshotRoot(dir)
	if _, err := os.Stat(filepath.Join(root, dirtyFile)); err == nil {
		return true
	}
	_, err := os.Stat(filepath.Join(root, currentFile))
	return err != nil
}

// markDirty records that the store is being written (see DIRTY).
func markDirty(dir string) error {
	if !snapshotsSupported {
		return nil
	}
	root := snapshotRoot(dir)
	if err := os.MkdirAll(root, 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(root, dirtyFile), os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}

// publishSnapshot copies the class indexes of dir into a new snapshot,
// makes it current and deletes the snapshots no reader uses. The caller
// holds the store's exclusive lock and has no class index open, so the
// files do not change while they are linked and copied.
func publishSnapshot(dir string, classes []string) error {
	if !snapshotsSupported {
		return nil
	}
	root := snapshotRoot(dir)
	if err := os.MkdirAll(root, 0o755); err != nil {
		return err
	}
	name := "s" + strconv.FormatInt(time.Now().UnixNano(), 36) + "-" + strconv.Itoa(os.Getpid())
	tmp := filepath.Join(root, ".tmp-"+name)
	if err := os.RemoveAll(tmp); err != nil {
		return err
	}
	for _, c := range classes {
		if err := linkTree(filepath.Join(dir, c), filepath.Join(tmp, c)); err != nil {
			os.RemoveAll(tmp)
			return fmt.Errorf("snapshot of class %s: %w", c, err)
		}
		// The class's matcher file, if built: immutable once renamed into
		// place, so linked.
		if _, err := os.Stat(fstPath(dir, c)); err == nil {
			if err := os.Link(fstPath(dir, c), fstPath(tmp, c)); err != nil {
				if err := copyFile(fstPath(dir, c), fstPath(tmp, c)); err != nil {
					os.RemoveAll(tmp)
					return fmt.Errorf("snapshot of class %s: %w", c, err)
				}
			}
		}
	}
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, readersFile), nil, 0o644); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	if err := os.Rename(tmp, filepath.Join(root, name)); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	if err := writeFileAtomic(filepath.Join(root, currentFile), []byte(name+"\n")); err != nil {
		return err
	}
	os.Remove(filepath.Join(root, dirtyFile))
	collectSnapshots(root, name)
	return nil
}

// collectSnapshots deletes the snapshots other than keep that no reader
// holds, and leftovers of interrupted publications.
func collectSnapshots(root, keep string) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return
	}
	for _, e := range entries {
		n := e.Name()
		if !e.IsDir() || n == keep {
			continue
		}
		p := filepath.Join(root, n)
		if strings.HasPrefix(n, ".") { // .tmp-… of a writer that died, .trash-…
			os.RemoveAll(p)
			continue
		}
		f, ok := lockUnused(filepath.Join(p, readersFile))
		if !ok {
			continue // a reader still uses it
		}
		// Out of sight first, so that no reader finds it while it goes.
		trash := filepath.Join(root, ".trash-"+n)
		err := os.Rename(p, trash)
		f.Close()
		if err == nil {
			os.RemoveAll(trash)
		}
	}
}

// linkTree recreates the directory tree src at dst: segment files (.zap,
// and bulk segments, .orb,
// immutable) are hard-linked, other files copied.
func linkTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		if e := filepath.Ext(p); e == ".zap" || e == bulkExt {
			if err := os.Link(p, to); err == nil {
				return nil
			}
		}
		return copyFile(p, to)
	})
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// writeFileAtomic replaces path with data through a temporary file.
func writeFileAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
