package dictionaries

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/blevesearch/vellum"
)

// The matcher file of a class (<store>/<class>.fst) holds the class's
// normalised entries as a vellum FST, memory-mapped at load, so a run
// neither reads the entries out of Bleve nor builds a trie in memory.
//
// The FST's keys are every entry and every proper prefix of an entry that
// ends at a token boundary ("jane" for "jane austen"): a matcher walking page
// text token by token asks the FST for the n-gram read so far and learns
// whether an entry ends there and whether a longer one may (see fstValue).
//
// Layout: a 64-byte header, then the FST exactly as vellum writes it.
//
//	0  magic "ORDFST\x00\x01"
//	8  format version (uint32, fstVersion)
//	12 reserved (uint32, 0)
//	16 entries: names of the class (uint64)
//	24 keys: FST keys, entries and prefixes (uint64)
//	32 docs: documents in the class's Bleve index when the file was built
//	   (uint64); a different count at load means the file is stale
//	40 length of the FST in bytes (uint64)
//	48 CRC-32C of the FST bytes (uint32)
//	52 most tokens in one entry (uint32)
//	56 reserved (uint32, 0)
//	60 CRC-32C of bytes 0-59 (uint32)
//
// All integers are little-endian. The file is written to a temporary file
// and renamed into place, so a reader sees the old file or the new, whole.
const (
	fstMagic     = "ORDFST\x00\x01"
	fstVersion   = 1
	fstHeaderLen = 64
	fstExt       = ".fst"
)

// Flags and confidence packed in an FST value: bit 0 says an entry ends
// here, bit 1 that a longer entry continues after a space, bits 2-33 hold
// the entry's match confidence (MatchConfidence) as float32 bits.
const (
	fstTerminal = 1 << 0
	fstKids     = 1 << 1
)

func fstValue(terminal, kids bool, conf float32) uint64 {
	var v uint64
	if terminal {
		v |= fstTerminal | uint64(math.Float32bits(conf))<<2
	}
	if kids {
		v |= fstKids
	}
	return v
}

func fstConf(v uint64) float32 { return math.Float32frombits(uint32(v >> 2)) }

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// fstPath returns the matcher file of class in the store data directory.
func fstPath(data, class string) string { return filepath.Join(data, class+fstExt) }

// MatcherFileError says why a matcher file cannot be used. Stale files
// (built from an older state of the class) and corrupt ones (bad magic,
// version, length or checksum) are both rebuilt from the class's index
// when the store loads the class.
type MatcherFileError struct {
	Path   string
	Stale  bool // the file is whole but does not match the index
	Reason string
}

func (e *MatcherFileError) Error() string {
	kind := "corrupt"
	if e.Stale {
		kind = "stale"
	}
	return fmt.Sprintf("dictionary matcher file %s is %s: %s", e.Path, kind, e.Reason)
}

// fstHeader is the decoded header of a matcher file.
type fstHeader struct {
	entries, keys, docs, fstLen uint64
	fstCRC                      uint32
	maxDepth                    uint32
}

func (h fstHeader) encode() []byte {
	b := make([]byte, fstHeaderLen)
	copy(b, fstMagic)
	binary.LittleEndian.PutUint32(b[8:], fstVersion)
	binary.LittleEndian.PutUint64(b[16:], h.entries)
	binary.LittleEndian.PutUint64(b[24:], h.keys)
	binary.LittleEndian.PutUint64(b[32:], h.docs)
	binary.LittleEndian.PutUint64(b[40:], h.fstLen)
	binary.LittleEndian.PutUint32(b[48:], h.fstCRC)
	binary.LittleEndian.PutUint32(b[52:], h.maxDepth)
	binary.LittleEndian.PutUint32(b[60:], crc32.Checksum(b[:60], castagnoli))
	return b
}

// decodeFSTHeader checks and decodes a header; the reason is "" when valid.
func decodeFSTHeader(b []byte) (fstHeader, string) {
	var h fstHeader
	if len(b) < fstHeaderLen {
		return h, fmt.Sprintf("%d bytes, shorter than its %d-byte header", len(b), fstHeaderLen)
	}
	if string(b[:8]) != fstMagic {
		return h, "not a matcher file (bad magic)"
	}
	if crc32.Checksum(b[:60], castagnoli) != binary.LittleEndian.Uint32(b[60:]) {
		return h, "header checksum mismatch"
	}
	if v := binary.LittleEndian.Uint32(b[8:]); v != fstVersion {
		return h, fmt.Sprintf("format version %d, this build reads %d", v, fstVersion)
	}
	h.entries = binary.LittleEndian.Uint64(b[16:])
	h.keys = binary.LittleEndian.Uint64(b[24:])
	h.docs = binary.LittleEndian.Uint64(b[32:])
	h.fstLen = binary.LittleEndian.Uint64(b[40:])
	h.fstCRC = binary.LittleEndian.Uint32(b[48:])
	h.maxDepth = binary.LittleEndian.Uint32(b[52:])
	if h.entries > h.keys {
		return h, fmt.Sprintf("%d entries but %d keys", h.entries, h.keys)
	}
	return h, ""
}

// fstEntry is one entry to build a matcher file from: its normalised form
// and match confidence.
type fstEntry struct {
	norm string
	conf float32
}

// sortFSTEntries sorts es by norm and keeps the last of equal norms.
func sortFSTEntries(es []fstEntry) []fstEntry {
	slices.SortStableFunc(es, func(a, b fstEntry) int { return strings.Compare(a.norm, b.norm) })
	out := es[:0]
	for _, e := range es {
		if n := len(out); n > 0 && out[n-1].norm == e.norm {
			out[n-1] = e
			continue
		}
		out = append(out, e)
	}
	return out
}

// buildFST writes the FST of es (sorted by norm, unique, none empty) to w
// and returns the header fields it determines. Keys must reach vellum in
// order: an entry's token prefixes sort before it, and a prefix not yet
// written sorts after every key written so far, because normalised text
// holds no byte below ' ' (see the comment in the loop).
func buildFST(w io.Writer, es []fstEntry) (fstHeader, error) {
	return buildFSTFrom(w, sliceEntries(es))
}

// fstEntries yields entries sorted by norm, unique, none empty; ok is
// false after the last one.
type fstEntries func() (e fstEntry, ok bool, err error)

// sliceEntries yields the entries of es.
func sliceEntries(es []fstEntry) fstEntries {
	i := 0
	return func() (fstEntry, bool, error) {
		if i >= len(es) {
			return fstEntry{}, false, nil
		}
		i++
		return es[i-1], true, nil
	}
}

// buildFSTFrom is buildFST over entries read one at a time: it holds one
// entry ahead, so a class's entries need not be in memory at once.
func buildFSTFrom(w io.Writer, next fstEntries) (fstHeader, error) {
	var h fstHeader
	b, err := vellum.New(w, nil)
	if err != nil {
		return h, err
	}
	var last string
	have := false
	nextE, more, err := next()
	if err != nil {
		return h, err
	}
	for more {
		e := nextE
		if nextE, more, err = next(); err != nil {
			return h, err
		}
		depth := uint32(1)
		for i := 0; i < len(e.norm); i++ {
			if e.norm[i] != ' ' {
				continue
			}
			depth++
			p := e.norm[:i]
			// p is a proper prefix of e; if it sorts after the last key it
			// was not written (an earlier key between p and e would start
			// with p followed by a byte below ' ', which normalised text
			// lacks, or by " ", and then p was written with it).
			if have && p <= last {
				continue
			}
			if err := b.Insert([]byte(p), fstValue(false, true, 0)); err != nil {
				return h, fmt.Errorf("matcher key %q: %w", p, err)
			}
			h.keys++
			last, have = p, true
		}
		kids := more && len(nextE.norm) > len(e.norm) && nextE.norm[len(e.norm)] == ' ' && strings.HasPrefix(nextE.norm, e.norm)
		if err := b.Insert([]byte(e.norm), fstValue(true, kids, e.conf)); err != nil {
			return h, fmt.Errorf("matcher entry %q: %w", e.norm, err)
		}
		h.keys++
		h.entries++
		last, have = e.norm, true
		h.maxDepth = max(h.maxDepth, depth)
	}
	return h, b.Close()
}

// countingWriter counts and checksums what passes through it.
type countingWriter struct {
	w   io.Writer
	n   uint64
	crc uint32
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += uint64(n)
	c.crc = crc32.Update(c.crc, castagnoli, p[:n])
	return n, err
}

// writeFSTFile builds the matcher file of es (see buildFST) at path through
// a temporary file renamed into place; docs is the class index's document
// count it reflects.
func writeFSTFile(path string, es []fstEntry, docs uint64) error {
	return writeFSTFileFrom(path, sliceEntries(es), docs)
}

// writeFSTFileFrom is writeFSTFile over entries read one at a time.
func writeFSTFileFrom(path string, es fstEntries, docs uint64) error {
	tmp := path + ".tmp-" + strconv.Itoa(os.Getpid())
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("writing dictionary matcher file %s: %w", path, err)
	}
	if _, err := f.Write(make([]byte, fstHeaderLen)); err != nil {
		return fail(err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	cw := &countingWriter{w: bw}
	h, err := buildFSTFrom(cw, es)
	if err != nil {
		return fail(err)
	}
	if err := bw.Flush(); err != nil {
		return fail(err)
	}
	h.docs, h.fstLen, h.fstCRC = docs, cw.n, cw.crc
	if _, err := f.WriteAt(h.encode(), 0); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing dictionary matcher file %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing dictionary matcher file %s: %w", path, err)
	}
	return nil
}

// fstClass is the loaded FST of one class: memory-mapped from its matcher
// file, or built in memory when the file could not be written. The mapping
// is released when the fstClass becomes unreachable (never while a Find
// holds it), not on Store.Close, so recognizers outlive their store safely.
type fstClass struct {
	fst      *vellum.FST
	entries  int
	maxDepth int
	path     string // "" when built in memory
}

// openFSTFile opens the matcher file at path, checking its header, length
// and checksum; docs >= 0 is the document count the class's index has now,
// and a file built from another count is stale. Errors are
// *MatcherFileError when the file exists but cannot be used.
func openFSTFile(path string, docs int64) (*fstClass, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	bad := func(stale bool, format string, a ...any) error {
		return &MatcherFileError{Path: path, Stale: stale, Reason: fmt.Sprintf(format, a...)}
	}
	hb := make([]byte, fstHeaderLen)
	n, err := f.ReadAt(hb, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	h, reason := decodeFSTHeader(hb[:n])
	if reason != "" {
		return nil, bad(false, "%s", reason)
	}
	if want := uint64(fi.Size()) - fstHeaderLen; fi.Size() < fstHeaderLen || h.fstLen != want {
		return nil, bad(false, "header says %d bytes of FST, the file holds %d (truncated or appended to)", h.fstLen, fi.Size()-fstHeaderLen)
	}
	if docs >= 0 && h.docs != uint64(docs) {
		return nil, bad(true, "built from %d documents, the class's index holds %d", h.docs, docs)
	}
	// The checksum is read through the page cache, not the mapping, so
	// checking it does not make the whole file resident in this process.
	crc, err := fileCRC(f, fstHeaderLen, int64(h.fstLen))
	if err != nil {
		return nil, err
	}
	if crc != h.fstCRC {
		return nil, bad(false, "FST checksum mismatch")
	}
	if fi.Size() > math.MaxInt32*4 {
		return nil, bad(false, "%d bytes: too large", fi.Size())
	}
	data, release, err := mapFile(f, int(fi.Size()))
	if err != nil {
		return nil, fmt.Errorf("mapping dictionary matcher file %s: %w", path, err)
	}
	fc, err := loadFST(data[fstHeaderLen:], h)
	if err != nil {
		release()
		return nil, bad(false, "%v", err)
	}
	fc.path = path
	runtime.AddCleanup(fc, func(release func() error) { release() }, release)
	return fc, nil
}

// loadFST wraps FST bytes checked against their header.
func loadFST(data []byte, h fstHeader) (fc *fstClass, err error) {
	defer func() {
		// vellum trusts its input; the checksums make a bad file unlikely
		// to reach it, and this turns what still does into an error.
		if r := recover(); r != nil {
			fc, err = nil, fmt.Errorf("unreadable FST: %v", r)
		}
	}()
	fst, err := vellum.Load(data)
	if err != nil {
		return nil, fmt.Errorf("unreadable FST: %w", err)
	}
	if uint64(fst.Len()) != h.keys {
		return nil, fmt.Errorf("FST holds %d keys, header says %d", fst.Len(), h.keys)
	}
	return &fstClass{fst: fst, entries: int(h.entries), maxDepth: int(h.maxDepth)}, nil
}

// fileCRC returns the CRC-32C of n bytes of f from off.
func fileCRC(f *os.File, off, n int64) (uint32, error) {
	var crc uint32
	buf := make([]byte, 1<<20)
	r := io.NewSectionReader(f, off, n)
	for {
		k, err := r.Read(buf)
		crc = crc32.Update(crc, castagnoli, buf[:k])
		if err == io.EOF {
			return crc, nil
		}
		if err != nil {
			return 0, err
		}
	}
}

// buildFSTMemory builds the FST of es in memory, for a store whose matcher
// file cannot be written (a read-only directory).
func buildFSTMemory(es fstEntries) (*fstClass, error) {
	var buf bytes.Buffer
	h, err := buildFSTFrom(&buf, es)
	if err != nil {
		return nil, err
	}
	return loadFST(buf.Bytes(), h)
}

// lookup returns the value of key in the FST through r, a reader of fc.
func (fc *fstClass) lookup(r *vellum.Reader, key []byte) (uint64, bool) {
	v, ok, err := r.Get(key)
	return v, ok && err == nil
}
