package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/internal/tmpfile"
)

// outputFile writes a command's output to path through a temporary file in
// the same directory, so that path is replaced only by a run that succeeds
// (rename is atomic): a run that fails, or is interrupted, never truncates
// or half-writes a previous good output. A path that is a device or a pipe
// (tmpfile.Special: /dev/null, /dev/stdout) is written directly.
type outputFile struct {
	path   string
	tmp    *os.File
	n      int64 // bytes written
	direct bool  // tmp is path itself
}

// partialSuffix is appended to the output path to keep what a run that
// stopped early had written.
const partialSuffix = ".partial"

// createOutput opens a temporary file beside path. Whether path's directory
// is writable is known at once, before any work is done.
func createOutput(path string) (*outputFile, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s is a directory", path)
	}
	if tmpfile.Special(path) {
		f, err := tmpfile.OpenSpecial(path)
		if err != nil {
			return nil, fmt.Errorf("cannot write %s: %w", path, err)
		}
		return &outputFile{path: path, tmp: f, direct: true}, nil
	}
	tmp, err := tmpfile.For(path)
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, err)
	}
	// The mode a plain create would give, or the previous file's.
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, err
	}
	return &outputFile{path: path, tmp: tmp}, nil
}

// Write implements io.Writer.
func (o *outputFile) Write(p []byte) (int, error) {
	n, err := o.tmp.Write(p)
	o.n += int64(n)
	return n, err
}

// commit makes the written file durable and moves it to path.
func (o *outputFile) commit() error {
	if o.direct {
		if err := o.tmp.Close(); err != nil {
			return fmt.Errorf("writing %s: %w", o.path, err)
		}
		return nil
	}
	err := o.tmp.Sync()
	if cerr := o.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(o.tmp.Name(), o.path)
	}
	if err != nil {
		os.Remove(o.tmp.Name())
		return fmt.Errorf("writing %s: %w", o.path, err)
	}
	return nil
}

// stop ends a run that did not succeed: path is left as it was; when
// keep is set and something was written, it is kept in path+".partial",
// whose name is returned.
func (o *outputFile) stop(keep bool) (string, error) {
	err := o.tmp.Close()
	if o.direct {
		return "", err // what was written is gone to the device or pipe
	}
	if !keep || o.n == 0 || err != nil {
		return "", errors.Join(err, os.Remove(o.tmp.Name()))
	}
	partial := o.path + partialSuffix
	if err := os.Rename(o.tmp.Name(), partial); err != nil {
		os.Remove(o.tmp.Name())
		return "", err
	}
	return partial, nil
}

// finishOutput commits the -o file of a run that ended with runErr (nil:
// success) or stops it, keeping what was written in FILE.partial, and
// returns the run's error, completed.
func (m *Main) finishOutput(f *outputFile, runErr error) error {
	if runErr == nil {
		return f.commit()
	}
	partial, err := f.stop(true)
	switch {
	case err != nil:
		m.Log.Warn("could not keep the partial output", "err", err)
	case partial != "":
		m.Log.Warn("run stopped early: what it wrote is kept apart", "file", partial, "untouched", f.path)
	}
	return runErr
}

// noObjects is the error of a run that extracted nothing: it counts the
// pages by outcome and gives the most common reason.
func noObjects(rep *objectrunner.Report) error {
	msg := fmt.Sprintf("no objects extracted from %d pages (%d did not fit the wrapper, %d unreadable, %d without objects)",
		rep.Pages, rep.UnfitPages(), len(rep.Failed), rep.EmptyPages())
	reason, pages := "", []string(nil)
	for _, m := range []map[string][]string{rep.Unfit, rep.Empty} {
		for r, ps := range m {
			if len(ps) > len(pages) || len(ps) == len(pages) && r < reason {
				reason, pages = r, ps
			}
		}
	}
	switch {
	case reason != "":
		msg += fmt.Sprintf(": %s (%d pages, e.g. %s)", reason, len(pages), pages[0])
	case len(rep.Failed) > 0:
		msg += fmt.Sprintf(": %v", rep.Failed[0].Err)
	}
	return errors.New(msg)
}
