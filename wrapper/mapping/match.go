package mapping

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// mrec is the data matched for one instance of the object scope or of a set
// iteration: slot values and nested set iterations.
type mrec struct {
	Set  int // set ID, -1 for the root
	Vals []sval
	Kids []*mrec
}

// sval is a slot value: tokens [a, b) of the page.
type sval struct {
	Slot int
	A, B int
}

// gluedSlash reports whether token x is a run of "/" written against the
// word y next to it (both in [lo, hi)), with no space between: the slash
// then belongs to the value ("https://example.org/", "/path") and is kept
// at its edge, while a free-standing "/" between label and value is not.
func gluedSlash(toks []Token, x, y, lo, hi int) bool {
	if y < lo || y >= hi || x < lo || x >= hi {
		return false
	}
	t, u := &toks[x], &toks[y]
	if t.Kind != KindWord || strings.Trim(t.Text(), "/") != "" || u.Kind != KindWord || u.Node() != t.Node() || exalg.EdgeToken(u) {
		return false
	}
	return u.End == t.Start || t.End == u.Start
}

// abbreviations are words written with a period that ends names and
// addresses (English; matched case-insensitively).
var abbreviations = map[string]bool{"jr": true, "sr": true, "co": true, "inc": true, "ltd": true, "corp": true,
	"bros": true, "esq": true, "st": true, "ave": true, "rd": true, "blvd": true, "dr": true, "ln": true,
	"pl": true, "mt": true, "ft": true, "no": true, "vol": true, "ed": true, "eds": true, "etc": true}

// abbreviation reports whether w is a known abbreviation or an initial
// (one capital letter).
func abbreviation(w string) bool {
	if len(w) == 1 {
		return w[0] >= 'A' && w[0] <= 'Z'
	}
	return abbreviations[strings.ToLower(w)]
}

// inlineTags are the elements that sit inside a line of text; the edges
// of any other element (div, p, li, td, …) break the line.
var inlineTags = map[string]bool{"a": true, "abbr": true, "b": true, "bdi": true, "cite": true, "code": true,
	"data": true, "em": true, "font": true, "i": true, "img": true, "kbd": true, "label": true, "mark": true, "q": true, "s": true,
	"small": true, "span": true, "strong": true, "sub": true, "sup": true, "time": true, "u": true, "var": true, "wbr": true}

// lineBreak reports whether tag token t ends a line: a <br>, or the start
// or end of a block element ("street</div><div>city").
func lineBreak(t *Token) bool {
	return (t.Kind == KindStart && t.Text() == "br") || ((t.Kind == KindStart || t.Kind == KindEnd) && !inlineTags[t.Text()])
}

// collapseSpace is strings.Join(strings.Fields(s), " "), and s itself
// (no copy) when it is that already.
func collapseSpace(s string) string {
	prev := true // the byte before is white space (or the start)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch c {
			case ' ':
				if prev {
					return strings.Join(strings.Fields(s), " ")
				}
				prev = true
			case '\t', '\n', '\v', '\f', '\r':
				return strings.Join(strings.Fields(s), " ")
			default:
				prev = false
			}
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			return strings.Join(strings.Fields(s), " ")
		}
		prev = false
		i += w
	}
	if prev && s != "" {
		return strings.Join(strings.Fields(s), " ") // a space at the end
	}
	return s
}

// valueBounds returns the tokens of [a, b) valueText reads: edge
// punctuation and tags left out, an abbreviation's period taken in.
func valueBounds(toks []Token, a, b int) (int, int) {
	for a < b && (exalg.EdgeToken(&toks[a]) && !gluedSlash(toks, a, a+1, a, b) || onlyOf(&toks[a], ")]}")) {
		a++
	}
	for b > a && (exalg.EdgeToken(&toks[b-1]) && !gluedSlash(toks, b-1, b-2, a, b) || onlyOf(&toks[b-1], "([{")) {
		b--
	}
	if a >= b {
		return a, a
	}
	// An abbreviation's period is the value's ("Oliver Yarborough Sr.",
	// "Casa Bread Co."), a sentence's is not.
	if abbrevDot(toks, b) != "" && abbreviation(toks[b-1].Text()) {
		b++
	}
	return a, b
}

// onlyOf reports whether word token t is made of the characters of set
// only. valueBounds drops a lone opening bracket at a value's end and a
// lone closing one at its start: the template's punctuation around
// another row that the slot's text ran into ("<a>Publisher</a> (" before
// an optional "<a>date</a>)"), never a value's own (a value's brackets
// come in pairs: "Jane Roe (1945)").
func onlyOf(t *Token, set string) bool {
	return t.Kind == KindWord && t.Text() != "" && strings.Trim(t.Text(), set) == ""
}

// runs splits tokens [a, b) into maximal runs of words between tags.
func runs(toks []Token, a, b int) [][2]int {
	return appendRuns(nil, toks, a, b)
}

// firstRun returns the first run of words of the value [a, b) as the
// slot's statistics read it (valueBounds: edge punctuation and tags left
// out), or [a, b) when it has none. A slot is a Run slot (SlotMap.Run)
// when none of its sample values holds a tag within those bounds
// (slotStats.Tagged), so extraction must cut the value the same way: on
// the raw bounds the first run may be edge punctuation alone, the ":" a
// label's element leaves to the slot when the template ends inside the
// label ("<b>Made by:</b> Hartwell" with "Made by" template text), and the
// field gets no value on any record.
func firstRun(toks []Token, a, b int) (int, int) {
	va, vb := valueBounds(toks, a, b)
	if x, y := nextRun(toks, va, vb); x < y {
		return x, y
	}
	return a, b
}

// appendRuns appends the runs of words of tokens [a, b) to out.
func appendRuns(out [][2]int, toks []Token, a, b int) [][2]int {
	for x, y := nextRun(toks, a, b); x < y; x, y = nextRun(toks, y, b) {
		out = append(out, [2]int{x, y})
	}
	return out
}

// nextRun returns the first of the runs of words of tokens [a, b) (runs'
// first element), without listing the others (a value over a large
// page's region has hundreds of thousands); x == y == b when there is
// none.
func nextRun(toks []Token, a, b int) (x, y int) {
	x = a
	for x < b && toks[x].Kind != KindWord {
		x++
	}
	y = x
	for y < b && toks[y].Kind == KindWord {
		y++
	}
	return x, y
}

// itemSeps are the punctuation tokens that always separate the items of a
// set written as plain text ("A, B; C").
const itemSeps = ",;|\u00b7\u2022"

// weakSeps are punctuation tokens that separate items only when the sample
// showed them between annotated items (SlotMap.SepWords): they also occur
// inside single values ("Grosset & Dunlap", "Author / Illustrator").
const weakSeps = "&/+"

// sepToken reports whether a word is a short run of the characters of set.
func sepToken(t *Token, set string) bool {
	return t.Kind == KindWord && len(t.Text()) <= 3 && strings.Trim(t.Text(), set) == ""
}

// items splits tokens [a, b) into the items of a set value at tags and at
// the separator punctuation of itemSeps (splitItems also cuts at the
// separators learned from the sample: words such as "and", or weakSeps
// punctuation).
func items(toks []Token, a, b int) [][2]int {
	return splitItems(toks, a, b, nil, nil, false)
}

// splitItems is items, with keep for itemsKeep and brackets cut when
// brackets is set.
func splitItems(toks []Token, a, b int, seps, keep []string, brackets bool) [][2]int {
	var out [][2]int
	start := a
	cut := func(x int) {
		if x > start {
			out = append(out, [2]int{start, x})
		}
		start = x + 1
	}
	for x := a; x < b; x++ {
		t := &toks[x]
		switch {
		case t.Kind != KindWord:
			cut(x)
		case sepToken(t, itemSeps):
			cut(x)
		case slices.Contains(seps, t.Text()) && !keptAt(toks, x, keep) && !(brackets && (inLink(t) || markupItem(toks, a, b, x))) && !nameGoesOn(toks, x):
			cut(x)
		case brackets && sepToken(t, "(["):
			cut(x)
			start = x // the bracket opens the next item
		case brackets && sepToken(t, ")]"):
			cut(x + 1)
			start = x + 1
		}
	}
	cut(b)
	return out
}

// matcher applies a template to one page's tokens (EXVAL). Every token is
// mapped to the wrapper's template-token key table once; constant strings
// are then found through per-key position lists, so matching is a single
// left-to-right pass with binary searches.
type matcher struct {
	toks []Token
	keys []int32 // the tokens' keys; nil for a page of more than MaxKeyedTokens (key)
	w    *State  // for key when keys is nil
	occ  [][]int32
	fail string
	bufs *matchBufs // the arrays above, from matchPool (see release)
	// vchunk and rchunk are the unused rest of blocks the records' value
	// lists and the records are carved from (addVals, newRec): a page's
	// match appends a few values at a time to many records, and growing
	// each list by append made most of the matcher's allocations. The
	// blocks are the page's own (not pooled): the records outlive the
	// matcher.
	vchunk []sval
	rchunk []mrec
	kchunk []*mrec // likewise for the records' iterations (addKids)
}

// addVals appends vs to rec's values. A list that must grow takes its
// new array from the matcher's current block: every carved array has its
// capacity cut to its size (a later append elsewhere reallocates), so the
// lists never share memory.
func (m *matcher) addVals(rec *mrec, vs ...sval) {
	n := len(rec.Vals) + len(vs)
	if n > cap(rec.Vals) {
		c := max(4, 2*cap(rec.Vals), n)
		if c > len(m.vchunk) {
			m.vchunk = make([]sval, max(128, c))
		}
		grown := m.vchunk[:len(rec.Vals):c]
		m.vchunk = m.vchunk[c:]
		copy(grown, rec.Vals)
		rec.Vals = grown
	}
	rec.Vals = append(rec.Vals, vs...)
}

// addKids appends ks to rec's iterations, as addVals does for values.
func (m *matcher) addKids(rec *mrec, ks ...*mrec) {
	n := len(rec.Kids) + len(ks)
	if n > cap(rec.Kids) {
		c := max(4, 2*cap(rec.Kids), n)
		if c > len(m.kchunk) {
			m.kchunk = make([]*mrec, max(64, c))
		}
		grown := m.kchunk[:len(rec.Kids):c]
		m.kchunk = m.kchunk[c:]
		copy(grown, rec.Kids)
		rec.Kids = grown
	}
	rec.Kids = append(rec.Kids, ks...)
}

// newRec returns a new record of set -1, from the matcher's block.
func (m *matcher) newRec() *mrec {
	if len(m.rchunk) == 0 {
		m.rchunk = make([]mrec, 16)
	}
	r := &m.rchunk[0]
	m.rchunk = m.rchunk[1:]
	r.Set = -1
	return r
}

func newMatcher(w *State, toks []Token) *matcher {
	b := matchPool.Get().(*matchBufs)
	m := &matcher{toks: toks, occ: b.lists(len(w.keyList)), bufs: b}
	if len(toks) <= MaxKeyedTokens {
		m.keys = b.ints(0, len(toks))
	} else {
		m.w = w // keys found again when read (key)
	}
	cnt := b.ints(1, len(w.keyList))
	for x := range toks {
		k := w.tokenKey(&toks[x])
		if m.keys != nil {
			m.keys[x] = k
		}
		if k >= 0 {
			cnt[k]++
		}
	}
	keyed := 0
	for _, c := range cnt {
		keyed += int(c)
	}
	// The positions of the tokens with a key (on a page that the
	// template does not know, a small part of its tokens).
	all := b.ints(2, keyed)[:0]
	off := b.ints(3, len(cnt))
	for k, c := range cnt {
		off[k] = int32(len(all))
		all = all[:len(all)+int(c)]
	}
	fill := b.ints(4, len(cnt))
	for x := range toks {
		if k := m.key(x); k >= 0 {
			all[off[k]+fill[k]] = int32(x)
			fill[k]++
		}
	}
	for k := range cnt {
		m.occ[k] = all[off[k] : off[k]+cnt[k]]
	}
	return m
}

// MaxKeyedTokens is the most tokens whose keys a matcher keeps in an
// array (one int32 a token); a larger page's keys are found again each
// time they are read (key), so that a 20 MB page's few million tokens do
// not add their keys to its peak memory (tests lower it: set it before
// pages are extracted).
var MaxKeyedTokens = 1 << 20

// tokenKey returns the template key of token t (-1: none).
func (w *State) tokenKey(t *Token) int32 {
	if t.Path >= 0 && int(t.Path) < len(w.wordKeys) {
		switch t.Kind {
		case KindStart, KindEnd:
			return w.tagKey[t.Kind][t.Path]
		case KindWord:
			if id, ok := w.wordKeys[t.Path][t.Text()]; ok {
				return id
			}
		}
	}
	return -1
}

// key returns the template key of the x-th token (-1: none).
func (m *matcher) key(x int) int32 {
	if m.keys != nil {
		return m.keys[x]
	}
	return m.w.tokenKey(&m.toks[x])
}

func (m *matcher) next(k int32, from int) int {
	if k < 0 {
		return -1
	}
	l := m.occ[k]
	i := sort.Search(len(l), func(i int) bool { return int(l[i]) >= from })
	if i == len(l) {
		return -1
	}
	return int(l[i])
}

// findText finds constant text t in [from, limit): first as a contiguous
// run of tokens, else as an in-order subsequence starting at an occurrence
// of its first token (tolerating tokens a page inserts into the template).
// It returns the start and the end (exclusive) or -1.
func (m *matcher) findText(t *TextNode, from, limit int) (int, int) {
	toks := t.Toks
	n := len(toks)
	k0 := toks[0].Key
	for f := from; ; {
		s := m.next(k0, f)
		if s < 0 || s+n > limit {
			break
		}
		ok := true
		for j := 1; j < n; j++ {
			if m.key(s+j) != toks[j].Key {
				ok = false
				break
			}
		}
		if ok {
			return s, s + n
		}
		f = s + 1
	}
	// Loose: subsequence within a window.
	s := m.next(k0, from)
	if s < 0 || s >= limit {
		return -1, -1
	}
	win := min(limit, s+2*n+16)
	x := s + 1
	for j := 1; j < n; j++ {
		y := m.next(toks[j].Key, x)
		if y < 0 || y >= win {
			return -1, -1
		}
		x = y + 1
	}
	return s, x
}

// findSuffix finds the longest suffix (of at least two tokens, dropping at
// most 16) of t that occurs contiguously in [from, limit): a page that
// lacks the first tokens of a constant text (an empty element the cleaner
// removed) still anchors on the rest.
func (m *matcher) findSuffix(t *TextNode, from, limit int) (int, int) {
	n := len(t.Toks)
	for d := 1; d <= 16 && n-d >= 2; d++ {
		toks := t.Toks[d:]
		for f := from; ; {
			s := m.next(toks[0].Key, f)
			if s < 0 || s+len(toks) > limit {
				break
			}
			ok := true
			for j := 1; j < len(toks); j++ {
				if m.key(s+j) != toks[j].Key {
					ok = false
					break
				}
			}
			if ok {
				return s, s + len(toks)
			}
			f = s + 1
		}
	}
	return -1, -1
}

// choice returns n's choice when n is one (alone or as the only node of a
// sequence) whose every alternative opens with a tag, nil otherwise.
func choice(n Node) *DisjunctionNode {
	if s, ok := n.(*SeqNode); ok && len(s.Nodes) == 1 {
		n = s.Nodes[0]
	}
	d, _ := n.(*DisjunctionNode)
	if d == nil {
		return nil
	}
	for _, alt := range d.Alts {
		if t := firstText(alt); t == nil || len(t.Toks) == 0 || t.Toks[0].Kind != KindStart {
			return nil
		}
	}
	return d
}

// firstText returns the first text of a sequence, if it starts with one.
func firstText(n Node) *TextNode {
	if s, ok := n.(*SeqNode); ok && len(s.Nodes) > 0 {
		if t, ok := s.Nodes[0].(*TextNode); ok {
			return t
		}
	}
	return nil
}

// seq matches the nodes of a sequence from token i, within limit.
func (m *matcher) seq(n Node, i, limit int, rec *mrec) (int, bool) {
	nodes := []Node{n}
	if s, ok := n.(*SeqNode); ok {
		nodes = s.Nodes
	}
	cur := i
	start := 0
	texts, missing := 0, 0
	for _, c := range nodes {
		if _, ok := c.(*TextNode); ok {
			texts++
		}
	}
	for j, c := range nodes {
		t, ok := c.(*TextNode)
		if !ok {
			continue
		}
		s, e := m.findText(t, cur, limit)
		if s < 0 && j > 0 {
			s, e = m.findSuffix(t, cur, limit)
		}
		if s < 0 {
			// A constant text missing from the page: tolerated (the page
			// omits a part the sample always had) unless it is the text
			// that anchors the sequence, or too many are missing.
			missing++
			if j == 0 || 2*missing > texts {
				if m.fail == "" {
					m.fail = fmt.Sprintf("template text %q not found after token %d", Truncate(t.String(), 60), cur)
				}
				return cur, false
			}
			continue
		}
		if !m.resolve(nodes[start:j], cur, s, rec) {
			return cur, false
		}
		cur, start = e, j+1
	}
	if start < len(nodes) {
		if !m.resolve(nodes[start:], cur, limit, rec) {
			return cur, false
		}
		cur = limit
	}
	return cur, true
}

// resolve matches slots and constructors between two constant texts.
func (m *matcher) resolve(nodes []Node, a, b int, rec *mrec) bool {
	cur := a
	var pend *SlotNode
	emit := func(end int) {
		if pend != nil && end > cur {
			m.addVals(rec, sval{Slot: pend.ID, A: cur, B: end})
		}
		pend = nil
	}
	var try func(body Node, from int) (int, int, *mrec)
	try = func(body Node, from int) (int, int, *mrec) {
		if d := choice(body); d != nil {
			// An optional choice of elements ("( <div>A</div> | <div>B
			// </div> )?": a row whose form varies, present on some pages
			// only): the earliest alternative. A choice of words is not
			// tried: it would cut a sentence the template begins with a
			// few fixed openings, leaving its last words as a value.
			bs, be := -1, -1
			var br *mrec
			for _, alt := range d.Alts {
				if s, e, r := try(alt, from); s >= 0 && (bs < 0 || s < bs) {
					bs, be, br = s, e, r
				}
			}
			return bs, be, br
		}
		t := firstText(body)
		if t == nil {
			return -1, -1, nil
		}
		// A few candidate starts only: keeps matching linear on pages
		// where the body's first text is frequent.
		for f, tries := from, 0; tries < 4; tries++ {
			s, _ := m.findText(t, f, b)
			if s < 0 {
				return -1, -1, nil
			}
			tmp := m.newRec()
			saved := m.fail
			if e, ok := m.seq(body, s, b, tmp); ok {
				return s, e, tmp
			}
			m.fail = saved
			f = s + 1
		}
		return -1, -1, nil
	}
	for _, n := range nodes {
		switch n := n.(type) {
		case *SlotNode:
			// Two slots with nothing matched between them (the text that
			// separated them is missing from this page): the first one
			// takes the region.
			if pend == nil {
				pend = n
			}
		case *SetNode:
			for {
				s, e, r := try(n.Body, cur)
				if s < 0 {
					break
				}
				emit(s)
				r.Set = n.ID
				m.addKids(rec, r)
				cur = e
				if len(n.Sep) > 0 && cur+len(n.Sep) <= b {
					ok := true
					for j, t := range n.Sep {
						if m.key(cur+j) != t.Key {
							ok = false
							break
						}
					}
					if ok {
						cur += len(n.Sep)
					}
				}
			}
		case *OptionalNode:
			if s, e, r := try(n.Body, cur); s >= 0 {
				emit(s)
				m.addVals(rec, r.Vals...)
				m.addKids(rec, r.Kids...)
				cur = e
			}
		case *DisjunctionNode:
			bs, be := -1, -1
			var br *mrec
			for _, alt := range n.Alts {
				if s, e, r := try(alt, cur); s >= 0 && (bs < 0 || s < bs) {
					bs, be, br = s, e, r
				}
			}
			if bs < 0 {
				// None of the forms the sample showed: a part that holds
				// no field (a sidebar box under a heading the sample
				// lacked) is passed over, as a missing constant text is.
				if !holdsField(n) {
					continue
				}
				if m.fail == "" {
					m.fail = "no alternative of " + Truncate(n.String(), 60) + " matches"
				}
				return false
			}
			emit(bs)
			m.addVals(rec, br.Vals...)
			m.addKids(rec, br.Kids...)
			cur = be
		case *SeqNode:
			e, ok := m.seq(n, cur, b, rec)
			if !ok {
				return false
			}
			cur = e
		}
	}
	emit(b)
	return true
}

// holdsField reports whether a slot under n is mapped to a field.
func holdsField(n Node) bool {
	found := false
	exalg.Walk(n, func(c Node) {
		if sl, ok := c.(*SlotNode); ok && sl.Field != "" {
			found = true
		}
	})
	return found
}

// itemsKeep is items that does not cut at a learned separator inside an
// occurrence of one of keep (SlotMap.Keep), and also cuts before and
// after brackets: a bracketed remark after an item ("Chinese ($)") is an
// item of its own, which extraction drops.
func itemsKeep(toks []Token, a, b int, seps, keep []string) [][2]int {
	return splitItems(toks, a, b, seps, keep, true)
}

// segSeps are the punctuation tokens that split a slot value into segments
// ("Paperback - July 13, 2010", "2010 | Hardcover | 320 pages").
const segSeps = "-\u2013\u2014|\u00b7\u2022/;()[]:"

// segments splits tokens [a, b) at tags and segment separators.
func segments(toks []Token, a, b int) [][2]int {
	var out [][2]int
	start := a
	for x := a; x <= b; x++ {
		if x == b || toks[x].Kind != KindWord || (len(toks[x].Text()) <= 3 && strings.Trim(toks[x].Text(), segSeps) == "") {
			if x > start {
				out = append(out, [2]int{start, x})
			}
			start = x + 1
		}
	}
	return out
}
