package tmpfile

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// StaleAge is how long a temporary file whose process cannot be told must
// go unmodified before it is taken for a leftover.
const StaleAge = time.Hour

// marker separates a file's name from its temporary suffix.
const marker = ".tmp-"

// Create creates a temporary file in dir for the final file name (a base
// name), after removing the stale temporary files of that name, and
// returns it open for writing.
func Create(dir, name string) (*os.File, error) {
	prefix := "." + name + marker
	Clean(dir, func(n string) bool { return strings.HasPrefix(n, prefix) })
	return os.CreateTemp(dir, prefix+strconv.Itoa(os.Getpid())+"-*")
}

// For returns a temporary file for path (Create in path's directory).
func For(path string) (*os.File, error) {
	return Create(filepath.Dir(path), filepath.Base(path))
}

// Clean removes the stale temporary files of dir (hidden files with a
// .tmp- suffix) whose names match keep (nil: all), and returns how many
// it removed. Errors are ignored: a file that cannot be removed stays.
func Clean(dir string, match func(name string) bool) int {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range ents {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(name, ".") || !strings.Contains(name, marker) || match != nil && !match(name) {
			continue
		}
		info, err := e.Info()
		if err != nil || !Stale(name, info.ModTime()) {
			continue
		}
		if err := os.Remove(filepath.Join(dir, name)); err == nil || errors.Is(err, os.ErrNotExist) {
			n++
		}
	}
	return n
}

// Stale reports whether the temporary file name, last modified at mod, is
// a leftover: its process is gone, or it is StaleAge old and its process
// cannot be told (an older build's name, or a system that cannot tell).
func Stale(name string, mod time.Time) bool {
	i := strings.LastIndex(name, marker)
	if i < 0 {
		return false
	}
	pidText, _, hasPid := strings.Cut(name[i+len(marker):], "-")
	pid, err := strconv.Atoi(pidText)
	if hasPid && err == nil && pid > 0 {
		if pid == os.Getpid() {
			return false
		}
		switch alive(pid) {
		case no:
			return true
		case yes:
			return false
		}
	}
	return time.Since(mod) > StaleAge
}

type tristate int

const (
	unknown tristate = iota
	yes
	no
)
