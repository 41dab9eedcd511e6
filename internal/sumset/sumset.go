// Package sumset holds an exact set of 64-bit sums (page hashes) outside
// the Go heap, and a log of the positions they were added at on disk, so
// that a run over any number of pages keeps about 10 bytes of memory per
// distinct page instead of a map's 16 to 40, and the garbage collector
// does not count (and pace its heap goal by) them.
//
// The set is an open-addressing table of sums (linear probing, at most
// four fifths full), in memory mapped outside the Go heap where the system
// allows (mmap_unix.go); the log is an unlinked temporary file written
// through a small buffer, read once at the end to find the positions of
// the few sums asked for (Set.Positions).
package sumset

import (
	"bufio"
	"encoding/binary"
	"io"
	"math/bits"
	"os"
)

// Set is a set of sums with the position each was added at. It is not safe
// for concurrent use.
type Set struct {
	slots   []uint64 // 0: empty
	free    func()
	n       int
	zero    bool  // the sum 0 is in the set (it marks empty slots)
	zeroPos int64 // its position
	log     *os.File
	logw    *bufio.Writer
	remove  string // the log's name when it could not be unlinked at once
	mem     []entry
	logErr  error
}

type entry struct {
	pos int64
	sum uint64
}

// New returns a set sized for about hint sums (it grows beyond).
func New(hint int) *Set {
	s := &Set{}
	s.alloc(capacity(hint))
	f, err := os.CreateTemp("", "objectrunner-sums-*")
	if err == nil {
		if os.Remove(f.Name()) != nil {
			s.remove = f.Name()
		}
		s.log, s.logw = f, bufio.NewWriterSize(f, 4096)
	}
	return s
}

// capacity returns the slots for n sums at most four fifths full.
func capacity(n int) int {
	return max(1024, n+n/4+8)
}

func (s *Set) alloc(n int) {
	s.slots, s.free = allocSlots(n)
}

// slot returns the first slot to probe for sum.
func (s *Set) slot(sum uint64) int {
	hi, _ := bits.Mul64(sum, uint64(len(s.slots)))
	return int(hi)
}

// Has reports whether sum is in the set.
func (s *Set) Has(sum uint64) bool {
	if sum == 0 {
		return s.zero
	}
	for i := s.slot(sum); ; {
		switch s.slots[i] {
		case sum:
			return true
		case 0:
			return false
		}
		if i++; i == len(s.slots) {
			i = 0
		}
	}
}

// Add adds sum, added at position pos (positions increase from one Add to
// the next); false when it was there already.
func (s *Set) Add(sum uint64, pos int64) bool {
	if sum == 0 {
		if s.zero {
			return false
		}
		s.zero, s.zeroPos = true, pos
		return true
	}
	if !s.insert(sum) {
		return false
	}
	s.n++
	if s.n+1 > len(s.slots)*4/5 {
		s.grow()
	}
	s.record(pos, sum)
	return true
}

func (s *Set) insert(sum uint64) bool {
	for i := s.slot(sum); ; {
		switch s.slots[i] {
		case sum:
			return false
		case 0:
			s.slots[i] = sum
			return true
		}
		if i++; i == len(s.slots) {
			i = 0
		}
	}
}

func (s *Set) grow() {
	old, free := s.slots, s.free
	s.alloc(2 * len(old))
	for _, sum := range old {
		if sum != 0 {
			s.insert(sum)
		}
	}
	free()
}

// record logs that sum was added at pos.
func (s *Set) record(pos int64, sum uint64) {
	if s.logw != nil && s.logErr == nil {
		var b [16]byte
		binary.LittleEndian.PutUint64(b[:8], uint64(pos))
		binary.LittleEndian.PutUint64(b[8:], sum)
		_, s.logErr = s.logw.Write(b[:])
		if s.logErr == nil {
			return
		}
	}
	// No log file (or it failed): keep the entries in memory. Those
	// written to the file before a failure are found there still.
	s.mem = append(s.mem, entry{pos, sum})
}

// Len returns the number of sums in the set.
func (s *Set) Len() int {
	if s.zero {
		return s.n + 1
	}
	return s.n
}

// Positions sets at[sum] to the position sum was added at, for every sum
// of at in the set (others are left as they are). It reads the log once.
func (s *Set) Positions(at map[uint64]int64) error {
	if len(at) == 0 {
		return nil
	}
	if s.zero {
		if _, ok := at[0]; ok {
			at[0] = s.zeroPos
		}
	}
	for _, e := range s.mem {
		if _, ok := at[e.sum]; ok {
			at[e.sum] = e.pos
		}
	}
	if s.log == nil {
		return nil
	}
	if err := s.logw.Flush(); err != nil {
		return err
	}
	if _, err := s.log.Seek(0, io.SeekStart); err != nil {
		return err
	}
	defer s.log.Seek(0, io.SeekEnd)
	r := bufio.NewReaderSize(s.log, 64<<10)
	var b [16]byte
	for {
		if _, err := io.ReadFull(r, b[:]); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		sum := binary.LittleEndian.Uint64(b[8:])
		if _, ok := at[sum]; ok {
			at[sum] = int64(binary.LittleEndian.Uint64(b[:8]))
		}
	}
}

// Close releases the set's memory and its log.
func (s *Set) Close() {
	if s.free != nil {
		s.free()
		s.slots, s.free = nil, nil
	}
	if s.log != nil {
		s.log.Close()
		if s.remove != "" {
			os.Remove(s.remove)
		}
		s.log, s.logw = nil, nil
	}
}
