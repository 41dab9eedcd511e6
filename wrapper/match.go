package wrapper

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// matcher applies a template to one page's tokens (EXVAL). Every token is
// mapped to the wrapper's template-token key table once; constant strings
// are then found through per-key position lists, so matching is a single
// left-to-right pass with binary searches.
type matcher struct {
	toks []mapping.Token
	keys []int32
	occ  [][]int32
	fail string
	bufs *matchBufs // the arrays above, from matchPool (see release)
}

func newMatcher(w *Wrapper, toks []mapping.Token) *matcher {
	b := matchPool.Get().(*matchBufs)
	m := &matcher{toks: toks, keys: b.ints(0, len(toks)), occ: b.lists(len(w.keyList)), bufs: b}
	cnt := b.ints(1, len(w.keyList))
	for x := range toks {
		t := &toks[x]
		k := int32(-1)
		if t.Path >= 0 && int(t.Path) < len(w.wordKeys) {
			switch t.Kind {
			case KindStart, KindEnd:
				k = w.tagKey[t.Kind][t.Path]
			case KindWord:
				if id, ok := w.wordKeys[t.Path][t.Text]; ok {
					k = id
				}
			}
		}
		m.keys[x] = k
		if k >= 0 {
			cnt[k]++
		}
	}
	all := b.ints(2, len(toks))[:0]
	off := b.ints(3, len(cnt))
	for k, c := range cnt {
		off[k] = int32(len(all))
		all = all[:len(all)+int(c)]
	}
	fill := b.ints(4, len(cnt))
	for x, k := range m.keys {
		if k >= 0 {
			all[off[k]+fill[k]] = int32(x)
			fill[k]++
		}
	}
	for k := range cnt {
		m.occ[k] = all[off[k] : off[k]+cnt[k]]
	}
	return m
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
			if m.keys[s+j] != toks[j].Key {
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
				if m.keys[s+j] != toks[j].Key {
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
func (m *matcher) seq(n Node, i, limit int, rec *mapping.Mrec) (int, bool) {
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
					m.fail = fmt.Sprintf("template text %q not found after token %d", truncate(t.String(), 60), cur)
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
func (m *matcher) resolve(nodes []Node, a, b int, rec *mapping.Mrec) bool {
	cur := a
	var pend *SlotNode
	emit := func(end int) {
		if pend != nil && end > cur {
			rec.Vals = append(rec.Vals, mapping.Sval{Slot: pend.ID, A: cur, B: end})
		}
		pend = nil
	}
	try := func(body Node, from int) (int, int, *mapping.Mrec) {
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
			tmp := &mapping.Mrec{Set: -1}
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
				rec.Kids = append(rec.Kids, r)
				cur = e
				if len(n.Sep) > 0 && cur+len(n.Sep) <= b {
					ok := true
					for j, t := range n.Sep {
						if m.keys[cur+j] != t.Key {
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
				rec.Vals = append(rec.Vals, r.Vals...)
				rec.Kids = append(rec.Kids, r.Kids...)
				cur = e
			}
		case *DisjunctionNode:
			bs, be := -1, -1
			var br *mapping.Mrec
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
					m.fail = "no alternative of " + truncate(n.String(), 60) + " matches"
				}
				return false
			}
			emit(bs)
			rec.Vals = append(rec.Vals, br.Vals...)
			rec.Kids = append(rec.Kids, br.Kids...)
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

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// hasValueText reports whether valueText(toks, a, b) is not empty,
// without building the text: some run of words it joins holds a
// character that is not white space, or a line break puts ", " between
// two runs.
func hasValueText(toks []mapping.Token, a, b int) bool {
	a, b = mapping.ValueBounds(toks, a, b)
	some := false // valueText's builder holds something
	br := false
	for x := a; x < b; {
		t := &toks[x]
		if t.Kind != KindWord {
			br = br || mapping.LineBreak(t)
			x++
			continue
		}
		y := x
		for y+1 < b && toks[y+1].Kind == KindWord && toks[y+1].Node == t.Node {
			y++
		}
		run := t.Node.Data[t.Start:toks[y].End]
		if some && br && !strings.HasPrefix(run, ",") {
			// The builder holds only white space (else this returned
			// already): ", " is written.
			return true
		}
		if strings.IndexFunc(run, func(r rune) bool { return !unicode.IsSpace(r) }) >= 0 {
			return true
		}
		some = some || run != ""
		br = false
		x = y + 1
	}
	return false
}

// itemsKeep is items that does not cut at a learned separator inside an
// occurrence of one of keep (SlotMap.Keep), and also cuts before and
// after brackets: a bracketed remark after an item ("Chinese ($)") is an
// item of its own, which extraction drops.
func itemsKeep(toks []mapping.Token, a, b int, seps, keep []string) [][2]int {
	return mapping.SplitItems(toks, a, b, seps, keep, true)
}

// segSeps are the punctuation tokens that split a slot value into segments
// ("Paperback - July 13, 2010", "2010 | Hardcover | 320 pages").
const segSeps = "-\u2013\u2014|\u00b7\u2022/;()[]:"

// segments splits tokens [a, b) at tags and segment separators.
func segments(toks []mapping.Token, a, b int) [][2]int {
	var out [][2]int
	start := a
	for x := a; x <= b; x++ {
		if x == b || toks[x].Kind != KindWord || (len(toks[x].Text) <= 3 && strings.Trim(toks[x].Text, segSeps) == "") {
			if x > start {
				out = append(out, [2]int{start, x})
			}
			start = x + 1
		}
	}
	return out
}
