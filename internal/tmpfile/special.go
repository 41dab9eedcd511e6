package tmpfile

import (
	"errors"
	"io"
	"os"
)

// Special tells whether path names an existing file that is not a regular
// file once symbolic links are followed: a device such as /dev/null or
// /dev/stdout, a named pipe or a socket. Such a path is written directly:
// writing through a temporary file renamed over it would replace the
// device with a plain file (run as root, `-o /dev/null` would break
// /dev/null for the whole machine), and atomicity means nothing for a
// stream.
func Special(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.Mode().IsRegular() && !st.IsDir()
}

// OpenSpecial opens a Special path for writing, without creating or
// truncating it.
func OpenSpecial(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY, 0)
}

// WriteFile writes path with write: through a temporary file in path's
// directory, synced and renamed into place when write succeeds (a reader
// never sees half a file, a failed write leaves the old file as it was),
// or directly when path is Special.
func WriteFile(path string, write func(io.Writer) error) error {
	if Special(path) {
		f, err := OpenSpecial(path)
		if err != nil {
			return err
		}
		return errors.Join(write(f), f.Close())
	}
	tmp, err := For(path)
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	// A full disk may only show when the data reaches it.
	if err := errors.Join(tmp.Sync(), tmp.Close()); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
