package dictionaries

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/blevesearch/vellum"
	"github.com/objectrunner/objectrunner/recognizers"
)

// Matcher finds dictionary entries in text in one pass, without querying
// Bleve. A class loaded from a store is a memory-mapped FST (its matcher
// file, fstfile.go) whose keys are the entries and their token prefixes;
// entries added in memory (Add, or growth since the file was built) live
// in a trie over normalised tokens (token → ID in a vocabulary, (node,
// token ID) → child node in one hash map). Find tokenizes the text with
// the tokenizer behind Normalize, keeping each token's byte range in the
// original text, and at each token walks the trie and each class's FST for
// the longest entry starting there (the trie's entry wins a tie: it is the
// newer).
//
// A Matcher is safe for concurrent use; Add may run while others Find.
//
// Its large tables hold no pointers (token and entry texts live in a few
// big byte arenas, addressed by offsets), so the garbage collector does not
// walk them: scanning speed does not depend on how many entries are loaded.
type Matcher struct {
	mu       sync.RWMutex
	vocab    map[uint64]uint32 // hash of token (probed on collision) → token ID
	tokText  []span            // token ID → its text (ID 0 unused)
	edges    map[uint64]uint32 // node<<32 | token ID → child node, below the root
	rootKid  []uint32          // token ID → child of the root, 0 for none
	hasKids  []bool            // node → whether it has children
	nodeTerm []int32           // node → first terminal, -1 for none
	terms    []terminal        // terminals, chained by next
	entries  []span            // entry ID → normalised entry
	arena    arena             // texts of tokens and entries
	classes  []string          // class index → name
	names    []string          // class index → "dictionary:<class>"
	classIdx map[string]int
	sizes    []int       // class index → entries
	fsts     []*fstClass // class index → its matcher file, or nil
	maxDepth int         // most tokens in one entry of the trie
}

// terminal is an entry of one class ending at a trie node.
type terminal struct {
	class uint16
	entry uint32
	conf  float32
	next  int32 // next terminal of the same node, -1 for none
}

// span addresses a text in the arena.
type span struct{ chunk, off, len uint32 }

// arena stores texts in large chunks that never move once written, so a
// string can point into them without copying.
type arena struct{ chunks [][]byte }

const arenaChunk = 1 << 20

// add copies b into the arena and returns where.
func (a *arena) add(b string) span {
	n := len(a.chunks)
	if n == 0 || len(a.chunks[n-1])+len(b) > cap(a.chunks[n-1]) {
		a.chunks = append(a.chunks, make([]byte, 0, max(arenaChunk, len(b))))
		n++
	}
	c := a.chunks[n-1]
	off := len(c)
	a.chunks[n-1] = append(c, b...)
	return span{chunk: uint32(n - 1), off: uint32(off), len: uint32(len(b))}
}

// bytes returns the text at sp.
func (a *arena) bytes(sp span) []byte {
	return a.chunks[sp.chunk][sp.off : sp.off+sp.len : sp.off+sp.len]
}

// string returns the text at sp without copying: arena bytes, once written,
// are never modified.
func (a *arena) string(sp span) string {
	if sp.len == 0 {
		return ""
	}
	return unsafe.String(&a.chunks[sp.chunk][sp.off], int(sp.len))
}

// NewMatcher returns an empty Matcher.
func NewMatcher() *Matcher {
	return &Matcher{
		vocab:    map[uint64]uint32{},
		tokText:  []span{{}},
		rootKid:  []uint32{0},
		hasKids:  []bool{false},
		edges:    map[uint64]uint32{},
		nodeTerm: []int32{-1}, // node 0 is the root
		classIdx: map[string]int{},
	}
}

// hashToken is FNV-1a over a token's bytes.
func hashToken(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

// tokenID returns the ID of token b, or 0 if the vocabulary lacks it.
// Hash collisions are resolved by probing h, h+1, …
func (m *Matcher) tokenID(b []byte) uint32 {
	for h := hashToken(b); ; h++ {
		id, ok := m.vocab[h]
		if !ok {
			return 0
		}
		if string(m.arena.bytes(m.tokText[id])) == string(b) {
			return id
		}
	}
}

// addToken returns the ID of token tok, adding it.
func (m *Matcher) addToken(tok string) uint32 {
	h := hashToken([]byte(tok))
	for ; ; h++ {
		id, ok := m.vocab[h]
		if !ok {
			break
		}
		if string(m.arena.bytes(m.tokText[id])) == tok {
			return id
		}
	}
	id := uint32(len(m.tokText))
	m.tokText = append(m.tokText, m.arena.add(tok))
	m.rootKid = append(m.rootKid, 0)
	m.vocab[h] = id
	return id
}

// MatchConfidence is the confidence a match of an entry carries: the entry's
// confidence, halved for entries of fewer than 4 characters once normalised
// (initials, abbreviations and short words are often something else).
func MatchConfidence(norm string, conf float64) float64 {
	if conf <= 0 || conf > 1 {
		conf = 1
	}
	if utf8.RuneCountInString(norm) < 4 {
		conf /= 2
	}
	return conf
}

// Add adds (or updates the confidence of) an entry of class. entry is
// normalised with Normalize first; an entry that normalises to "" is ignored.
func (m *Matcher) Add(class, entry string, conf float64) {
	norm := Normalize(entry)
	if norm == "" {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.addLocked(m.classLocked(class), norm, conf)
}

// classLocked returns the index of class, adding it.
func (m *Matcher) classLocked(class string) int {
	c, ok := m.classIdx[class]
	if !ok {
		c = len(m.classes)
		m.classes = append(m.classes, class)
		m.names = append(m.names, "dictionary:"+class)
		m.sizes = append(m.sizes, 0)
		m.fsts = append(m.fsts, nil)
		m.classIdx[class] = c
	}
	return c
}

// addLocked adds an already normalised entry.
func (m *Matcher) addLocked(c int, norm string, conf float64) {
	node := uint32(0)
	depth := 0
	for rest := norm; rest != ""; depth++ {
		tok := rest
		if i := strings.IndexByte(rest, ' '); i >= 0 {
			tok, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		id := m.addToken(tok)
		var child uint32
		if node == 0 {
			child = m.rootKid[id]
		} else {
			child = m.edges[uint64(node)<<32|uint64(id)]
		}
		if child == 0 {
			child = uint32(len(m.nodeTerm))
			m.nodeTerm = append(m.nodeTerm, -1)
			m.hasKids = append(m.hasKids, false)
			m.hasKids[node] = true
			if node == 0 {
				m.rootKid[id] = child
			} else {
				m.edges[uint64(node)<<32|uint64(id)] = child
			}
		}
		node = child
	}
	if depth > m.maxDepth {
		m.maxDepth = depth
	}
	mc := float32(MatchConfidence(norm, conf))
	for i := m.nodeTerm[node]; i >= 0; i = m.terms[i].next {
		if int(m.terms[i].class) == c {
			m.terms[i].conf = mc
			return
		}
	}
	m.terms = append(m.terms, terminal{class: uint16(c), entry: uint32(len(m.entries)), conf: mc, next: m.nodeTerm[node]})
	m.nodeTerm[node] = int32(len(m.terms) - 1)
	m.entries = append(m.entries, m.arena.add(norm))
	if fc := m.fsts[c]; fc != nil {
		if v, ok, err := fc.fst.Get([]byte(norm)); err == nil && ok && v&fstTerminal != 0 {
			return // already counted: an entry of the file, updated
		}
	}
	m.sizes[c]++
}

// attach makes fc the matcher file of class, taking the matcher's lock.
func (m *Matcher) attach(class string, fc *fstClass) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.attachLocked(m.classLocked(class), fc)
}

// attachLocked makes fc the matcher file of class c.
func (m *Matcher) attachLocked(c int, fc *fstClass) {
	m.fsts[c] = fc
	m.sizes[c] += fc.entries
}

// Classes returns the classes the Matcher holds, in the order they were added.
func (m *Matcher) Classes() []string {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return append([]string(nil), m.classes...)
}

// Len returns how many entries of class the Matcher holds.
func (m *Matcher) Len(class string) int {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if c, ok := m.classIdx[class]; ok {
		return m.sizes[c]
	}
	return 0
}

// Has reports whether the Matcher holds class (possibly with no entries).
func (m *Matcher) Has(class string) bool {
	m.mu.RLock()
	defer m.mu.RUnlock()
	_, ok := m.classIdx[class]
	return ok
}

// Find returns the entries of every class found in text, ordered by Start.
// Within one class, matches do not overlap and the longest entry starting
// at the leftmost position wins; matches of different classes may overlap.
// Each match's Recognizer is "dictionary:<class>", its Normalized the
// normalised entry, and text[Start:End] the original text matched; Start
// and End always fall on token boundaries.
func (m *Matcher) Find(text string) []recognizers.Match {
	return m.find(text, -1, nil)
}

// Recognizer returns a recognizer for the entries of class (which must be
// loaded) that reads the Matcher live, so entries added later are found.
func (m *Matcher) Recognizer(class string) (recognizers.Recognizer, error) {
	m.mu.RLock()
	c, ok := m.classIdx[class]
	m.mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("dictionary class %q is not loaded (loaded: %s)", class, strings.Join(m.Classes(), ", "))
	}
	return &dictRecognizer{m: m, class: c, name: "dictionary:" + class}, nil
}

// dictRecognizer is the recognizers.Recognizer of one class of a Matcher.
type dictRecognizer struct {
	m     *Matcher
	class int
	name  string
}

func (r *dictRecognizer) Name() string { return r.name }

func (r *dictRecognizer) Find(text string) ([]recognizers.Match, error) {
	return r.m.find(text, r.class, nil), nil
}

var scanPool = sync.Pool{New: func() any { return new(scanState) }}

// scanState is the reusable scratch space of one Find.
type scanState struct {
	tokenScan
	ids     []uint32
	sb      []byte  // the normalised tokens joined by single spaces
	ts, te  []int32 // token index → its start and end in sb
	readers []fstReader
	best    []bestMatch // per class
	free    []int32     // per class: first byte a new match may start at
	active  []int       // classes with a best match at the current start
}

// fstReader is a vellum reader of one class's FST, kept between Finds.
type fstReader struct {
	fc *fstClass
	r  *vellum.Reader
}

type bestMatch struct {
	end  int // token index, -1 for none
	term terminal
	fst  bool // found in the class's FST: the entry is sb[ts[start]:te[end]]
}

// reader returns a reader of fc for class c.
func (st *scanState) reader(c int, fc *fstClass) *vellum.Reader {
	if c >= len(st.readers) {
		st.readers = append(st.readers, make([]fstReader, c+1-len(st.readers))...)
	}
	if rd := &st.readers[c]; rd.fc != fc || rd.r == nil {
		r, err := fc.fst.Reader()
		if err != nil {
			return nil
		}
		*rd = fstReader{fc: fc, r: r}
	}
	return st.readers[c].r
}

// release drops the scan's hold on FSTs before it goes back to the pool.
func (st *scanState) release() {
	clear(st.readers)
	st.readers = st.readers[:0]
}

// find implements Find; only >= 0 restricts it to one class, and hit, when
// set, receives each match's class and normalised entry instead of
// building matches.
func (m *Matcher) find(text string, only int, hit func(class int, norm string)) []recognizers.Match {
	st := scanPool.Get().(*scanState)
	defer func() {
		st.release()
		scanPool.Put(st)
	}()
	st.scan(text)

	m.mu.RLock()
	defer m.mu.RUnlock()
	toks := st.toks
	st.ids = st.ids[:0]
	trie := len(m.tokText) > 1
	for _, t := range toks {
		var id uint32
		if trie {
			id = m.tokenID(st.buf[t.ns:t.ne])
		}
		st.ids = append(st.ids, id)
	}
	nc := len(m.classes)
	anyFST := false
	for c, fc := range m.fsts {
		if fc != nil && (only < 0 || only == c) {
			anyFST = true
		}
	}
	if anyFST {
		st.sb, st.ts, st.te = st.sb[:0], st.ts[:0], st.te[:0]
		for k, t := range toks {
			if k > 0 {
				st.sb = append(st.sb, ' ')
			}
			st.ts = append(st.ts, int32(len(st.sb)))
			st.sb = append(st.sb, st.buf[t.ns:t.ne]...)
			st.te = append(st.te, int32(len(st.sb)))
		}
	}
	if cap(st.best) < nc {
		st.best = make([]bestMatch, nc)
		st.free = make([]int32, nc)
	}
	st.best = st.best[:nc]
	st.free = st.free[:nc]
	for c := range st.best {
		st.best[c].end = -1
		st.free[c] = 0
	}
	var out []recognizers.Match
	for i := range toks {
		st.active = st.active[:0]
		if st.ids[i] != 0 {
			node := m.rootKid[st.ids[i]]
			for j := i; node != 0; {
				for ti := m.nodeTerm[node]; ti >= 0; ti = m.terms[ti].next {
					t := m.terms[ti]
					if only >= 0 && int(t.class) != only {
						continue
					}
					b := &st.best[t.class]
					if b.end < 0 {
						st.active = append(st.active, int(t.class))
					}
					b.end, b.term, b.fst = j, t, false
				}
				j++
				if j >= len(toks) || !m.hasKids[node] || st.ids[j] == 0 {
					break
				}
				node = m.edges[uint64(node)<<32|uint64(st.ids[j])]
			}
		}
		if anyFST {
			for c, fc := range m.fsts {
				if fc == nil || (only >= 0 && only != c) {
					continue
				}
				r := st.reader(c, fc)
				if r == nil {
					continue
				}
				// The longest entry of the FST starting at token i: ask for
				// the n-gram i..j while the key exists and may grow.
				end, conf := -1, float32(0)
				for j := i; j < len(toks); j++ {
					v, ok := fc.lookup(r, st.sb[st.ts[i]:st.te[j]])
					if !ok {
						break
					}
					if v&fstTerminal != 0 {
						end, conf = j, fstConf(v)
					}
					if v&fstKids == 0 {
						break
					}
				}
				if end < 0 {
					continue
				}
				b := &st.best[c]
				if b.end < 0 {
					st.active = append(st.active, c)
				} else if b.end >= end {
					continue // the trie's entry is as long, and newer
				}
				b.end, b.term, b.fst = end, terminal{class: uint16(c), conf: conf}, true
			}
		}
		if len(st.active) > 1 {
			sort.Ints(st.active)
		}
		for _, c := range st.active {
			b := &st.best[c]
			start, end := toks[i].start, toks[b.end].end
			if start >= st.free[c] {
				st.free[c] = end
				var norm string
				if b.fst {
					norm = string(st.sb[st.ts[i]:st.te[b.end]])
				} else {
					norm = m.arena.string(m.entries[b.term.entry])
				}
				if hit != nil {
					hit(c, norm)
				} else {
					out = append(out, recognizers.Match{
						Start:      int(start),
						End:        int(end),
						Recognizer: m.names[c],
						Confidence: float64(b.term.conf),
						Normalized: norm,
					})
				}
			}
			b.end = -1
		}
	}
	return out
}
