package sumset

import (
	"encoding/binary"
	"io"
	"math/bits"
	"os"
)

// Set is a set of sums with the position each was added at. It is not safe
// for concurrent use.
type Set struct {
	fps     []uint16 // fingerprints, slot by slot; 0: empty
	free    func()
	recs    records // sum and position, slot by slot
	n       int
	zero    bool  // the sum 0 is in the set
	zeroPos int64 // its position
}

// records holds 16 bytes a slot: the sum and the position.
type records interface {
	io.ReaderAt
	io.WriterAt
	Close() error
}

const recSize = 16

// New returns a set sized for about hint sums (it grows beyond).
func New(hint int) *Set {
	s := &Set{}
	s.alloc(capacity(hint))
	return s
}

// capacity returns the slots for n sums at most four fifths full.
func capacity(n int) int {
	return max(1024, n+n/4+8)
}

// alloc gives s n empty slots.
func (s *Set) alloc(n int) {
	s.fps, s.free = allocSlots(n)
	s.recs = newRecords(n)
}

// newRecords returns n empty records in an unlinked temporary file, or
// in memory when no file can be made.
func newRecords(n int) records {
	f, err := os.CreateTemp("", "objectrunner-sums-*")
	if err == nil {
		if err = f.Truncate(int64(n) * recSize); err == nil {
			if os.Remove(f.Name()) == nil {
				return f
			}
			return &named{f}
		}
		f.Close()
		os.Remove(f.Name())
	}
	return &memRecords{b: make([]byte, n*recSize)}
}

// named is a temporary file that could not be unlinked while open.
type named struct{ *os.File }

func (f *named) Close() error {
	err := f.File.Close()
	os.Remove(f.Name())
	return err
}

// memRecords are records in memory.
type memRecords struct{ b []byte }

func (m *memRecords) ReadAt(p []byte, off int64) (int, error) {
	return copy(p, m.b[off:]), nil
}

func (m *memRecords) WriteAt(p []byte, off int64) (int, error) {
	return copy(m.b[off:], p), nil
}

func (m *memRecords) Close() error { return nil }

// slot returns the first slot to probe for sum (from its high bits) and
// its fingerprint (its low 16 bits, never 0).
func (s *Set) slot(sum uint64) (int, uint16) {
	hi, _ := bits.Mul64(sum, uint64(len(s.fps)))
	fp := uint16(sum)
	if fp == 0 {
		fp = 1
	}
	return int(hi), fp
}

// record reads the sum and position at slot i.
func (s *Set) record(i int) (uint64, int64, error) {
	var b [recSize]byte
	if _, err := s.recs.ReadAt(b[:], int64(i)*recSize); err != nil {
		return 0, 0, err
	}
	return binary.LittleEndian.Uint64(b[:8]), int64(binary.LittleEndian.Uint64(b[8:])), nil
}

// find returns the slot holding sum, or the empty slot where it would go
// (found false).
func (s *Set) find(sum uint64) (i int, found bool, err error) {
	i, fp := s.slot(sum)
	for {
		switch s.fps[i] {
		case 0:
			return i, false, nil
		case fp:
			got, _, err := s.record(i)
			if err != nil {
				return 0, false, err
			}
			if got == sum {
				return i, true, nil
			}
		}
		if i++; i == len(s.fps) {
			i = 0
		}
	}
}

// Has reports whether sum is in the set.
func (s *Set) Has(sum uint64) (bool, error) {
	if sum == 0 {
		return s.zero, nil
	}
	_, found, err := s.find(sum)
	return found, err
}

// Add adds sum, added at position pos; false when it was there already.
func (s *Set) Add(sum uint64, pos int64) (bool, error) {
	if sum == 0 {
		if s.zero {
			return false, nil
		}
		s.zero, s.zeroPos = true, pos
		return true, nil
	}
	i, found, err := s.find(sum)
	if found || err != nil {
		return false, err
	}
	if err := s.put(i, sum, pos); err != nil {
		return false, err
	}
	s.n++
	if s.n+1 > len(s.fps)*4/5 {
		return true, s.grow()
	}
	return true, nil
}

// put writes sum and pos into the empty slot i.
func (s *Set) put(i int, sum uint64, pos int64) error {
	var b [recSize]byte
	binary.LittleEndian.PutUint64(b[:8], sum)
	binary.LittleEndian.PutUint64(b[8:], uint64(pos))
	if _, err := s.recs.WriteAt(b[:], int64(i)*recSize); err != nil {
		return err
	}
	_, s.fps[i] = s.slot(sum)
	return nil
}

// grow moves the set to twice the slots.
func (s *Set) grow() error {
	oldFps, oldFree, oldRecs := s.fps, s.free, s.recs
	defer func() { oldFree(); oldRecs.Close() }()
	s.alloc(2 * len(oldFps))
	buf := make([]byte, 1024*recSize)
	for lo := 0; lo < len(oldFps); lo += 1024 {
		hi := min(lo+1024, len(oldFps))
		if _, err := oldRecs.ReadAt(buf[:(hi-lo)*recSize], int64(lo)*recSize); err != nil {
			return err
		}
		for i := lo; i < hi; i++ {
			if oldFps[i] == 0 {
				continue
			}
			b := buf[(i-lo)*recSize:]
			sum, pos := binary.LittleEndian.Uint64(b[:8]), int64(binary.LittleEndian.Uint64(b[8:]))
			j, _, err := s.find(sum)
			if err != nil {
				return err
			}
			if err := s.put(j, sum, pos); err != nil {
				return err
			}
		}
	}
	return nil
}

// Len returns the number of sums in the set.
func (s *Set) Len() int {
	if s.zero {
		return s.n + 1
	}
	return s.n
}

// Position returns the position sum was added at (false: not in the set).
func (s *Set) Position(sum uint64) (int64, bool, error) {
	if sum == 0 {
		return s.zeroPos, s.zero, nil
	}
	i, found, err := s.find(sum)
	if !found || err != nil {
		return 0, false, err
	}
	_, pos, err := s.record(i)
	return pos, err == nil, err
}

// Close releases the set's memory and its file.
func (s *Set) Close() {
	if s.free != nil {
		s.free()
		s.recs.Close()
		s.fps, s.free, s.recs = nil, nil, nil
	}
}
