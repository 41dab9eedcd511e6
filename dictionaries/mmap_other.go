//go:build !unix

package dictionaries

import (
	"io"
	"os"
)

// mapFile reads size bytes of f into memory (no mmap on this platform).
func mapFile(f *os.File, size int) ([]byte, func() error, error) {
	b := make([]byte, size)
	if _, err := io.ReadFull(io.NewSectionReader(f, 0, int64(size)), b); err != nil {
		return nil, nil, err
	}
	return b, func() error { return nil }, nil
}
