package dictionaries

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/blevesearch/vellum"
	"github.com/blevesearch/vellum/levenshtein"
)

// Bulk segments. An import writes the names new to a class into bulk
// segment files (<class>/bulk-NNNNNN.orb, beside the class's Bleve index)
// instead of one Bleve document per name: one sorted pass writes the
// compact entries in order of normalised form (exact and prefix look-ups by
// binary search, fuzzy ones by running vellum's Levenshtein automaton over
// the sorted names, skipping every name under a dead prefix) and an
// inverted list of their words (a vellum FST of the vocabulary). An entry imported from a word list is fully
// determined by its original form, count and confidence plus what the whole
// import shares (its provenance and time), so a record holds only those.
//
// Bleve keeps what changes: an entry that already exists (in Bleve or in a
// segment) when it is observed again — a grown value, a re-import under
// another source, a higher count or confidence — is read, observed and
// written to Bleve as before, and the Bleve document wins over the
// segment's record from then on. Segments are never modified once renamed
// into place (so readers' snapshots hard-link them); a norm lives in at
// most one segment.
//
// Layout: a 64-byte header, then five sections, each a uint64 length and
// its bytes: meta (JSON: provenance and time of the import), records in
// order of norm, record offsets (uint64 per entry: a norm is found by
// binary search), postings, the words FST (word -> postings offset).
//
//	0  magic "ORBULK\x00\x01"
//	8  format version (uint32, bulkVersion)
//	12 reserved (uint32, 0)
//	16 entries (uint64)
//	24 length of the body after the header (uint64)
//	32 CRC-32C of the body (uint32)
//	36 reserved, zero
//	60 CRC-32C of bytes 0-59 (uint32)
//
// A record is uvarint len(norm), norm, uvarint len(original), original,
// uvarint count, confidence (float64 bits, 8 bytes); a postings list is
// uvarint n and n uvarint deltas of ascending ordinals.
const (
	bulkMagic     = "ORBULK\x00\x01"
	bulkVersion   = 1
	bulkHeaderLen = 64
	bulkExt       = ".orb"
	bulkPrefix    = "bulk-"
)

// DefaultBulkSize is how many names an import gathers into one bulk segment
// when Options.BatchSize is not set.
const DefaultBulkSize = 500_000

// bulkItem is one name to write into a segment.
type bulkItem struct {
	original, norm string
	count          int
	conf           float64
}

type bulkMeta struct {
	Prov Provenance `json:"prov"`
	Now  int64      `json:"now"` // UnixNano
}

// bulkSeg is an open (memory-mapped) bulk segment.
type bulkSeg struct {
	path     string
	entries  int
	meta     bulkMeta
	provKey  string
	now      time.Time
	recs     []byte
	offs     []byte
	postings []byte
	words    *vellum.FST
}

// bulkSegPaths lists the bulk segment files of a class directory, in order.
func bulkSegPaths(classDir string) ([]string, error) {
	des, err := os.ReadDir(classDir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	var ps []string
	for _, d := range des {
		n := d.Name()
		if d.Type().IsRegular() && strings.HasPrefix(n, bulkPrefix) && strings.HasSuffix(n, bulkExt) {
			ps = append(ps, filepath.Join(classDir, n))
		}
	}
	slices.Sort(ps)
	return ps, nil
}

// bulkEntryCount returns the number of entries in the segments of a class
// directory, reading their headers only.
func bulkEntryCount(classDir string) (uint64, error) {
	ps, err := bulkSegPaths(classDir)
	if err != nil {
		return 0, err
	}
	var n uint64
	for _, p := range ps {
		f, err := os.Open(p)
		if err != nil {
			return 0, err
		}
		hb := make([]byte, bulkHeaderLen)
		_, err = io.ReadFull(f, hb)
		f.Close()
		if err != nil {
			return 0, fmt.Errorf("bulk segment %s: %w", p, err)
		}
		if string(hb[:8]) != bulkMagic || crc32.Checksum(hb[:60], castagnoli) != binary.LittleEndian.Uint32(hb[60:]) {
			return 0, fmt.Errorf("bulk segment %s: bad header", p)
		}
		n += binary.LittleEndian.Uint64(hb[16:])
	}
	return n, nil
}

// writeBulkSeg writes items (unique norms, any order; sorted here) as the
// next segment of classDir, through a temporary file renamed into place.
//
// Memory: besides items themselves, it holds one uint64 offset per entry,
// one (word, ordinal) pair per word of an entry (the words are substrings
// of the norms: no copy), and the postings and vocabulary FST, which are a
// few bytes per word. The records (most of the file) go to the file as
// they are encoded, not through a buffer.
func writeBulkSeg(classDir string, items []bulkItem, meta bulkMeta) (string, error) {
	slices.SortFunc(items, func(a, b bulkItem) int { return strings.Compare(a.norm, b.norm) })
	var tmp [binary.MaxVarintLen64]byte
	recLen := func(it bulkItem) int {
		return uvarintLen(uint64(len(it.norm))) + len(it.norm) + uvarintLen(uint64(len(it.original))) + len(it.original) +
			uvarintLen(uint64(it.count)) + 8
	}
	offs := make([]byte, 8*len(items))
	var recsLen uint64
	// A (word, ordinal) pair per distinct word of an entry, in order of
	// ordinal; sorted by word (stably) they give each word's postings in
	// ascending order.
	type wordPos struct {
		word string
		ord  uint32
	}
	var pairs []wordPos
	for i, it := range items {
		if i > 0 && items[i-1].norm == it.norm {
			return "", fmt.Errorf("bulk entry %q twice", it.norm)
		}
		binary.LittleEndian.PutUint64(offs[8*i:], recsLen)
		recsLen += uint64(recLen(it))
		first := len(pairs)
		rest := it.norm
		for rest != "" {
			w, r, _ := strings.Cut(rest, " ")
			rest = r
			if w == "" || slices.ContainsFunc(pairs[first:], func(p wordPos) bool { return p.word == w }) {
				continue
			}
			pairs = append(pairs, wordPos{w, uint32(i)})
		}
	}
	slices.SortStableFunc(pairs, func(a, b wordPos) int { return strings.Compare(a.word, b.word) })
	var post, wordFST bytes.Buffer
	wb, err := vellum.New(&wordFST, nil)
	if err != nil {
		return "", err
	}
	for j := 0; j < len(pairs); {
		k := j + 1
		for k < len(pairs) && pairs[k].word == pairs[j].word {
			k++
		}
		if err := wb.Insert([]byte(pairs[j].word), uint64(post.Len())); err != nil {
			return "", err
		}
		n := binary.PutUvarint(tmp[:], uint64(k-j))
		post.Write(tmp[:n])
		prev := uint32(0)
		for _, p := range pairs[j:k] {
			n := binary.PutUvarint(tmp[:], uint64(p.ord-prev))
			post.Write(tmp[:n])
			prev = p.ord
		}
		j = k
	}
	pairs = nil
	if err := wb.Close(); err != nil {
		return "", err
	}
	mj, err := json.Marshal(meta)
	if err != nil {
		return "", err
	}

	if err := os.MkdirAll(classDir, 0o755); err != nil {
		return "", err
	}
	// A writer killed while writing a segment left its temporary file:
	// the store has one writer at a time, so none is being written now.
	if olds, _ := filepath.Glob(filepath.Join(classDir, bulkPrefix+"*"+bulkExt+".tmp-*")); len(olds) > 0 {
		for _, o := range olds {
			os.Remove(o)
		}
	}
	seq := 1
	if ps, err := bulkSegPaths(classDir); err != nil {
		return "", err
	} else if len(ps) > 0 {
		last := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(ps[len(ps)-1]), bulkPrefix), bulkExt)
		if n, err := strconv.Atoi(last); err == nil {
			seq = n + 1
		} else {
			seq = len(ps) + 1
		}
	}
	path := filepath.Join(classDir, fmt.Sprintf("%s%06d%s", bulkPrefix, seq, bulkExt))
	tmpPath := path + ".tmp-" + strconv.Itoa(os.Getpid())
	f, err := os.OpenFile(tmpPath, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return "", err
	}
	fail := func(err error) (string, error) {
		f.Close()
		os.Remove(tmpPath)
		return "", fmt.Errorf("writing bulk segment %s: %w", path, err)
	}
	if _, err := f.Write(make([]byte, bulkHeaderLen)); err != nil {
		return fail(err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	cw := &countingWriter{w: bw}
	section := func(n uint64) error {
		var l [8]byte
		binary.LittleEndian.PutUint64(l[:], n)
		_, err := cw.Write(l[:])
		return err
	}
	writeRecs := func() error {
		if err := section(recsLen); err != nil {
			return err
		}
		put := func(b []byte) {
			if err == nil {
				_, err = cw.Write(b)
			}
		}
		putStr := func(s string) {
			n := binary.PutUvarint(tmp[:], uint64(len(s)))
			put(tmp[:n])
			if err == nil {
				_, err = io.WriteString(cw, s)
			}
		}
		for _, it := range items {
			putStr(it.norm)
			putStr(it.original)
			n := binary.PutUvarint(tmp[:], uint64(it.count))
			put(tmp[:n])
			binary.LittleEndian.PutUint64(tmp[:8], math.Float64bits(it.conf))
			put(tmp[:8])
		}
		return err
	}
	for i, sec := range [][]byte{mj, nil, offs, post.Bytes(), wordFST.Bytes()} {
		if i == 1 {
			if err := writeRecs(); err != nil {
				return fail(err)
			}
			continue
		}
		if err := section(uint64(len(sec))); err != nil {
			return fail(err)
		}
		if _, err := cw.Write(sec); err != nil {
			return fail(err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fail(err)
	}
	h := make([]byte, bulkHeaderLen)
	copy(h, bulkMagic)
	binary.LittleEndian.PutUint32(h[8:], bulkVersion)
	binary.LittleEndian.PutUint64(h[16:], uint64(len(items)))
	binary.LittleEndian.PutUint64(h[24:], cw.n)
	binary.LittleEndian.PutUint32(h[32:], cw.crc)
	binary.LittleEndian.PutUint32(h[60:], crc32.Checksum(h[:60], castagnoli))
	if _, err := f.WriteAt(h, 0); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmpPath)
		return "", err
	}
	if err := os.Rename(tmpPath, path); err != nil {
		os.Remove(tmpPath)
		return "", err
	}
	syncDir(classDir)
	return path, nil
}

// uvarintLen is the length of x's uvarint encoding.
func uvarintLen(x uint64) int {
	n := 1
	for x >= 0x80 {
		x >>= 7
		n++
	}
	return n
}

// syncDir makes a rename in dir durable (best effort).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// openBulkSeg maps the segment at path and checks its checksums.
func openBulkSeg(path string) (seg *bulkSeg, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	bad := func(format string, a ...any) error {
		return fmt.Errorf("dictionary bulk segment %s is corrupt: %s", path, fmt.Sprintf(format, a...))
	}
	if fi.Size() < bulkHeaderLen {
		return nil, bad("%d bytes", fi.Size())
	}
	hb := make([]byte, bulkHeaderLen)
	if _, err := io.ReadFull(f, hb); err != nil {
		return nil, err
	}
	if string(hb[:8]) != bulkMagic {
		return nil, bad("bad magic")
	}
	if crc32.Checksum(hb[:60], castagnoli) != binary.LittleEndian.Uint32(hb[60:]) {
		return nil, bad("header checksum mismatch")
	}
	if v := binary.LittleEndian.Uint32(hb[8:]); v != bulkVersion {
		return nil, bad("format version %d, this build reads %d", v, bulkVersion)
	}
	entries := binary.LittleEndian.Uint64(hb[16:])
	bodyLen := binary.LittleEndian.Uint64(hb[24:])
	if bodyLen != uint64(fi.Size())-bulkHeaderLen {
		return nil, bad("header says %d bytes, the file holds %d", bodyLen, fi.Size()-bulkHeaderLen)
	}
	crc, err := fileCRC(f, bulkHeaderLen, int64(bodyLen))
	if err != nil {
		return nil, err
	}
	if crc != binary.LittleEndian.Uint32(hb[32:]) {
		return nil, bad("checksum mismatch")
	}
	data, release, err := mapFile(f, int(fi.Size()))
	if err != nil {
		return nil, fmt.Errorf("mapping %s: %w", path, err)
	}
	defer func() {
		if r := recover(); r != nil {
			seg, err = nil, bad("%v", r)
		}
		if err != nil {
			release()
		}
	}()
	body := data[bulkHeaderLen:]
	var secs [5][]byte
	for i := range secs {
		if len(body) < 8 {
			return nil, bad("section %d missing", i)
		}
		l := binary.LittleEndian.Uint64(body)
		body = body[8:]
		if l > uint64(len(body)) {
			return nil, bad("section %d: %d bytes, %d left", i, l, len(body))
		}
		secs[i], body = body[:l], body[l:]
	}
	seg = &bulkSeg{path: path, entries: int(entries), recs: secs[1], offs: secs[2], postings: secs[3]}
	if err := json.Unmarshal(secs[0], &seg.meta); err != nil {
		return nil, bad("meta: %v", err)
	}
	if uint64(len(seg.offs)) != 8*entries {
		return nil, bad("%d offsets for %d entries", len(seg.offs)/8, entries)
	}
	seg.provKey = seg.meta.Prov.key()
	seg.now = time.Unix(0, seg.meta.Now).UTC()
	if seg.words, err = vellum.Load(secs[4]); err != nil {
		return nil, bad("words FST: %v", err)
	}
	for i := range seg.entries {
		if off := binary.LittleEndian.Uint64(seg.offs[8*i:]); off >= uint64(len(seg.recs)) {
			return nil, bad("record %d at %d, past the records' %d bytes", i, off, len(seg.recs))
		}
	}
	runtime.AddCleanup(seg, func(release func() error) { release() }, release)
	return seg, nil
}

// record decodes the record of ordinal i: norm, original, count, confidence.
func (g *bulkSeg) record(i uint64) (norm, original string, count int, conf float64, err error) {
	if i >= uint64(g.entries) {
		return "", "", 0, 0, fmt.Errorf("bulk segment %s: entry %d of %d", g.path, i, g.entries)
	}
	b := g.recs[binary.LittleEndian.Uint64(g.offs[8*i:]):]
	str := func() string {
		l, n := binary.Uvarint(b)
		if n <= 0 || uint64(len(b)-n) < l {
			err = fmt.Errorf("bulk segment %s: bad record %d", g.path, i)
			return ""
		}
		s := string(b[n : n+int(l)])
		b = b[n+int(l):]
		return s
	}
	norm = str()
	original = str()
	if err != nil {
		return
	}
	c, n := binary.Uvarint(b)
	if n <= 0 || len(b)-n < 8 {
		return "", "", 0, 0, fmt.Errorf("bulk segment %s: bad record %d", g.path, i)
	}
	return norm, original, int(c), math.Float64frombits(binary.LittleEndian.Uint64(b[n:])), nil
}

// entry returns the Entry of ordinal i, as writeBatch would have stored it.
func (g *bulkSeg) entry(i uint64) (*Entry, error) {
	norm, orig, count, conf, err := g.record(i)
	if err != nil {
		return nil, err
	}
	return &Entry{
		Original:   orig,
		Norm:       norm,
		Count:      count,
		Confidence: conf,
		FirstSeen:  g.now,
		LastSeen:   g.now,
		Sources:    []Provenance{g.meta.Prov},
		Seen:       map[string]int{g.provKey: count},
	}, nil
}

// normAt returns the norm of ordinal i, sharing the mapped bytes (nil if
// the record is unreadable).
func (g *bulkSeg) normAt(i int) []byte {
	b := g.recs[binary.LittleEndian.Uint64(g.offs[8*i:]):]
	l, n := binary.Uvarint(b)
	if n <= 0 || uint64(len(b)-n) < l {
		return nil
	}
	return b[n : n+int(l)]
}

// lowerBound returns the first ordinal whose norm is >= key.
func (g *bulkSeg) lowerBound(key []byte) int {
	lo, hi := 0, g.entries
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if bytes.Compare(g.normAt(m), key) < 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// find returns the ordinal of norm, if the segment holds it.
func (g *bulkSeg) find(norm string) (uint64, bool) {
	i := g.lowerBound([]byte(norm))
	if i < g.entries && string(g.normAt(i)) == norm {
		return uint64(i), true
	}
	return 0, false
}

// withPrefix calls fn with the ordinals whose norm starts with p, in order,
// until fn returns false.
func (g *bulkSeg) withPrefix(p string, fn func(int) bool) {
	for i := g.lowerBound([]byte(p)); i < g.entries && bytes.HasPrefix(g.normAt(i), []byte(p)); i++ {
		if !fn(i) {
			return
		}
	}
}

// matching calls fn with the ordinals whose norm aut accepts, in order,
// until fn returns false. It keeps the automaton's state per byte of the
// current norm, resumes after the prefix shared with the previous one, and
// jumps past every norm under a prefix the automaton cannot match from.
func (g *bulkSeg) matching(aut vellum.Automaton, fn func(int) bool) {
	states := []int{aut.Start()}
	var prev []byte
	for i := 0; i < g.entries; {
		k := g.normAt(i)
		c := 0
		for c < len(k) && c < len(prev) && c+1 < len(states) && k[c] == prev[c] {
			c++
		}
		states = states[:c+1]
		dead := -1
		for j := c; j < len(k); j++ {
			st := aut.Accept(states[j], k[j])
			states = append(states, st)
			if !aut.CanMatch(st) {
				dead = j
				break
			}
		}
		prev = k
		if dead < 0 {
			if aut.IsMatch(states[len(k)]) && !fn(i) {
				return
			}
			i++
			continue
		}
		// Skip every norm starting with k[:dead+1].
		next := prefixEnd(string(k[:dead+1]))
		if next == nil {
			return
		}
		i = max(i+1, g.lowerBound(next))
	}
}

// postingsOf returns the ordinals of the entries holding word.
func (g *bulkSeg) postingsOf(word string) []uint64 {
	off, ok, err := g.words.Get([]byte(word))
	if !ok || err != nil || off >= uint64(len(g.postings)) {
		return nil
	}
	b := g.postings[off:]
	n, k := binary.Uvarint(b)
	if k <= 0 {
		return nil
	}
	b = b[k:]
	out := make([]uint64, 0, min(n, 1<<16))
	var prev uint64
	for j := uint64(0); j < n; j++ {
		d, k := binary.Uvarint(b)
		if k <= 0 {
			break
		}
		b = b[k:]
		prev += d
		out = append(out, prev)
	}
	return out
}

// bulkSet is the list of open segments of a class.
type bulkSet struct {
	segs []*bulkSeg
}

// find returns the segment and ordinal of norm.
func (bs *bulkSet) find(norm string) (*bulkSeg, uint64, bool) {
	if bs == nil {
		return nil, 0, false
	}
	for _, g := range bs.segs {
		if o, ok := g.find(norm); ok {
			return g, o, true
		}
	}
	return nil, 0, false
}

// entry returns the bulk entry of norm, or nil.
func (bs *bulkSet) entry(norm string) (*Entry, error) {
	g, o, ok := bs.find(norm)
	if !ok {
		return nil, nil
	}
	return g.entry(o)
}

func (bs *bulkSet) entries() uint64 {
	if bs == nil {
		return 0
	}
	var n uint64
	for _, g := range bs.segs {
		n += uint64(g.entries)
	}
	return n
}

// classBulk returns the open segments of class, opening them on first use.
// The caller holds s.mu.
func (s *Store) classBulkLocked(class string) (*bulkSet, error) {
	if bs, ok := s.bulk[class]; ok {
		return bs, nil
	}
	ps, err := bulkSegPaths(filepath.Join(s.data, class))
	if err != nil {
		return nil, err
	}
	bs := &bulkSet{}
	for _, p := range ps {
		g, err := openBulkSeg(p)
		if err != nil {
			return nil, err
		}
		bs.segs = append(bs.segs, g)
	}
	s.bulk[class] = bs
	return bs, nil
}

func (s *Store) classBulk(class string) (*bulkSet, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.classBulkLocked(class)
}

// sortedIter walks sorted keys: a segment's norms or words, or a Bleve term
// dictionary.
type sortedIter interface {
	// next returns the next key, or ok false at the end.
	next() (key string, val uint64, ok bool, err error)
}

// segIter walks a segment's norms in order; the value is the ordinal.
type segIter struct {
	g *bulkSeg
	i int
}

func (it *segIter) next() (string, uint64, bool, error) {
	if it.i >= it.g.entries {
		return "", 0, false, nil
	}
	k := it.g.normAt(it.i)
	if k == nil {
		return "", 0, false, fmt.Errorf("bulk segment %s: bad record %d", it.g.path, it.i)
	}
	it.i++
	return string(k), uint64(it.i - 1), true, nil
}

type fstIter struct {
	it      *vellum.FSTIterator
	started bool
	done    bool
}

func newFSTIter(f *vellum.FST) (*fstIter, error) {
	it, err := f.Iterator(nil, nil)
	if errors.Is(err, vellum.ErrIteratorDone) {
		return &fstIter{done: true}, nil
	}
	if err != nil {
		return nil, err
	}
	return &fstIter{it: it}, nil
}

func (i *fstIter) next() (string, uint64, bool, error) {
	if i.done {
		return "", 0, false, nil
	}
	if i.started {
		if err := i.it.Next(); err != nil {
			i.done = true
			if errors.Is(err, vellum.ErrIteratorDone) {
				return "", 0, false, nil
			}
			return "", 0, false, err
		}
	}
	i.started = true
	k, v := i.it.Current()
	return string(k), v, true, nil
}

// mergeSorted calls fn with every key of its in order, once per distinct
// key, with the index of the first iterator (in the order given) holding
// it and that iterator's value.
func mergeSorted(its []sortedIter, fn func(key string, src int, val uint64) error) error {
	type head struct {
		key string
		val uint64
		ok  bool
	}
	heads := make([]head, len(its))
	for i, it := range its {
		k, v, ok, err := it.next()
		if err != nil {
			return err
		}
		heads[i] = head{k, v, ok}
	}
	for {
		src := -1
		for i, h := range heads {
			if h.ok && (src < 0 || h.key < heads[src].key) {
				src = i
			}
		}
		if src < 0 {
			return nil
		}
		key := heads[src].key
		if err := fn(key, src, heads[src].val); err != nil {
			return err
		}
		for i := range heads {
			for heads[i].ok && heads[i].key == key {
				k, v, ok, err := its[i].next()
				if err != nil {
					return err
				}
				heads[i] = head{k, v, ok}
			}
		}
	}
}

// nearScore ranks an entry found by Search in a class with bulk segments
// (Bleve's scores and the segments' cannot be mixed): the boosts of the
// query's clauses the entry satisfies (exact 10, within the edit distance
// 3/(1+distance), prefixed 2, all words 1), times the share of clauses
// satisfied, as Bleve's disjunction weighs its clauses.
func nearScore(query, norm string, fuzziness int) float64 {
	clauses, sum, matched := 3, 0.0, 0
	if norm == query {
		sum += 10
		matched++
	}
	if d := editDistance(query, norm, fuzziness); d <= fuzziness {
		sum += 3 / float64(1+d)
		matched++
	}
	if len(query) >= 3 {
		clauses++
		if strings.HasPrefix(norm, query) {
			sum += 2
			matched++
		}
	}
	if hasAllWords(norm, query) {
		sum++
		matched++
	}
	return sum * float64(matched) / float64(clauses)
}

// hasAllWords reports whether every word of query is a word of norm.
func hasAllWords(norm, query string) bool {
	ws := strings.Fields(norm)
	for _, q := range strings.Fields(query) {
		if !slices.Contains(ws, q) {
			return false
		}
	}
	return true
}

// editDistance is the optimal-string-alignment distance of a and b in runes
// (an adjacent transposition counts 1, as in Bleve's fuzzy queries), or
// max+1 when it exceeds max.
func editDistance(a, b string, maxD int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > maxD || -d > maxD {
		return maxD + 1
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if prev[len(rb)] > maxD {
		return maxD + 1
	}
	return prev[len(rb)]
}

// searchBulk adds the bulk segments' near misses of norm to Bleve's hits
// and ranks them all by nearScore, returning the best limit.
func (s *Store) searchBulk(class string, bs *bulkSet, norm string, bleveHits []Hit, limit int) ([]Hit, error) {
	fuzziness := 1
	if len(norm) >= 8 {
		fuzziness = 2
	}
	per := 4 * limit // candidates per clause and segment
	byNorm := map[string]*Hit{}
	for i := range bleveHits {
		h := bleveHits[i]
		byNorm[h.Entry.Norm] = &h
	}
	type cand struct {
		g *bulkSeg
		o uint64
	}
	var cands []cand
	add := func(g *bulkSeg, o uint64) { cands = append(cands, cand{g, o}) }
	lb, err := levBuilder(fuzziness)
	if err != nil {
		return nil, err
	}
	dfa, err := lb.BuildDfa(norm, uint8(fuzziness))
	if err != nil {
		return nil, err
	}
	words := strings.Fields(norm)
	for _, g := range bs.segs {
		if o, ok := g.find(norm); ok {
			add(g, o)
		}
		n := 0
		g.matching(dfa, func(o int) bool {
			add(g, uint64(o))
			n++
			return n < per
		})
		if len(norm) >= 3 {
			n = 0
			g.withPrefix(norm, func(o int) bool {
				add(g, uint64(o))
				n++
				return n < per
			})
		}
		// Entries holding every word: the shortest postings list, filtered.
		var best []uint64
		for i, w := range words {
			p := g.postingsOf(w)
			if i == 0 || len(p) < len(best) {
				best = p
			}
			if len(p) == 0 {
				break
			}
		}
		n = 0
		for _, o := range best {
			if n >= per {
				break
			}
			nm, _, _, _, err := g.record(o)
			if err != nil {
				return nil, err
			}
			if hasAllWords(nm, norm) {
				add(g, o)
				n++
			}
		}
	}
	idx, err := s.index(class, false)
	if err != nil {
		return nil, err
	}
	r, err := indexReader(idx)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	for _, c := range cands {
		nm, _, _, _, err := c.g.record(c.o)
		if err != nil {
			return nil, err
		}
		if _, ok := byNorm[nm]; ok {
			continue // Bleve's document, or already found
		}
		// A Bleve document supersedes the segment's record.
		e, err := readEntry(r, nm)
		if err == nil && e == nil {
			e, err = c.g.entry(c.o)
		}
		if err != nil {
			return nil, err
		}
		byNorm[nm] = &Hit{Class: class, Entry: e, Exact: nm == norm}
	}
	hits := make([]Hit, 0, len(byNorm))
	for _, h := range byNorm {
		h.Score = nearScore(norm, h.Entry.Norm, fuzziness)
		hits = append(hits, *h)
	}
	slices.SortFunc(hits, func(a, b Hit) int {
		if a.Score != b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Entry.Norm, b.Entry.Norm)
	})
	if len(hits) > limit {
		hits = hits[:limit]
	}
	return hits, nil
}

// prefixEnd returns the smallest key after every key starting with p, or
// nil when there is none.
func prefixEnd(p string) []byte {
	b := []byte(p)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < 0xff {
			b[i]++
			return b[:i+1]
		}
	}
	return nil
}

var levBuilders [3]struct {
	once sync.Once
	b    *levenshtein.LevenshteinAutomatonBuilder
	err  error
}

// levBuilder returns the (cached) Levenshtein automaton builder for
// distance d (1 or 2), with transpositions as Bleve's.
func levBuilder(d int) (*levenshtein.LevenshteinAutomatonBuilder, error) {
	lb := &levBuilders[d]
	lb.once.Do(func() { lb.b, lb.err = levenshtein.NewLevenshteinAutomatonBuilder(uint8(d), true) })
	return lb.b, lb.err
}
