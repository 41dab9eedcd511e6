package mapping

// Row order. Label-value rows that come in another order on every page
// ("Brand" before "Model" on one page, after it on the next) cannot be
// aligned by ExAlg: a template is a sequence, so the rows fall into one
// slot or into slots of their own on some pages only. The same row is
// recognised whatever its position by the label it opens with, so the
// tokenizer puts such rows in one canonical order (their labels sorted)
// before ExAlg sees them, at induction and at extraction alike: the
// template then holds one place per row kind, optional when the row is
// absent from some pages, and every other mechanism (labels, optional
// rows, mapping) works as on a template whose rows never move.
//
// A container element's children are cut into rows (rowUnits): an element
// that opens with a label (labelOf, or a text "Label: value") is a row of
// its own (<tr>, <li>, <div class="row">); a label element (<dt>, or an
// element whose only text ends with ":") or a text opening with "Label:"
// starts a row that runs over the following siblings (<dd>, the value's
// elements and text) up to the next row or a <br>. Other children (<br>,
// headings, notes) keep their places; the rows fill the places rows had,
// in the canonical order.
//
// Which rows are sorted is learned from the sample (learnRowOrder): the
// labels of rows that the sample shows in both orders relative to another
// such label (a before b in one container, b before a in another), each on
// labelMinRecords of the sample pages (records) and at least two, never
// annotated (a label the recognizers find is a value), and never twice
// in one container (items of a list repeat their first words). Rows
// whose labels are not learned keep their places, and a container is
// reordered only when it holds two learned rows or more and no learned
// label twice. Without learned labels nothing changes: the tokens are
// those of the page.

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// rowOrder holds the labels of rows put in canonical order (the labels'
// sorted order) when a page is tokenized.
type rowOrder struct {
	keys map[string]bool
	// fixed are the labels whose rows get roles of their own (relabel):
	// those always in one container.
	fixed map[string]bool
	// stay are labels whose rows get roles of their own but keep their
	// places: rows in one order whose presence varies (rowroles.go).
	stay map[string]bool
	// first are the first words of the labels of keys and stay (see
	// hot), set by withFirst.
	first []string
	// firstASCII marks the ASCII bytes a word of first may start with
	// (any case: every ASCII rune that folds to its first rune); hot
	// skips a text starting with another ASCII byte without comparing
	// words. Not set (filter false) when a word of first is empty.
	firstASCII [utf8.RuneSelf]bool
	filter     bool
}

// withFirst sets ro.first from its labels and returns ro.
func (ro *rowOrder) withFirst() *rowOrder {
	for _, m := range []map[string]bool{ro.keys, ro.stay} {
		for k := range m {
			w, _, _ := strings.Cut(k, "_")
			ro.first = append(ro.first, w)
		}
	}
	ro.filter = true
	for _, w := range ro.first {
		r, _ := utf8.DecodeRuneInString(w)
		if w == "" {
			ro.filter = false
			break
		}
		for f := r; ; {
			if f < utf8.RuneSelf {
				ro.firstASCII[f] = true
			}
			if f = unicode.SimpleFold(f); f == r {
				break
			}
		}
	}
	return ro
}

// rowUnit is one row among a container's children: its label (key) and
// its first and last child.
type rowUnit struct {
	Key         string
	First, Last *html.Node
	label       *html.Node // the text node of the label
	value       *html.Node // a label's value: the child after it (nil: none, or the row is whole)
	brk         *html.Node // the <br> that ends a row a label started (nil: none)
	lstart      int        // byte span of the label in label.Data
	lend        int
}

// rowKeyText normalises a label's text as labelOf does: trimmed,
// without a final colon, lower-cased, spaces as "_" (labelKey); "" when
// it is empty, long, or holds a digit that names no kind ("ISBN13" is a
// label, "12:30" is not: labelDigits).
func rowKeyText(t string) string {
	t = strings.TrimSpace(t)
	t = strings.TrimSpace(strings.TrimSuffix(t, ":"))
	if t == "" || len(t) > maxLabelBytes || !labelDigits(t) || !strings.ContainsFunc(t, unicode.IsLetter) {
		return ""
	}
	return labelKey(t)
}

// colonLabel returns the label a text opens with when it reads "Label:
// value" (a colon in its first maxLabelBytes bytes, after a label
// without digits): the key and the byte offset where the label ends.
func colonLabel(s string) (string, int, int) {
	lead := len(s) - len(strings.TrimLeft(s, " \t\r\n\u00a0"))
	i := strings.IndexByte(s, ':')
	if i <= lead || i-lead > maxLabelBytes || strings.HasPrefix(s[i+1:], "//") {
		// Not "http://…": a link is no label.
		return "", 0, 0
	}
	k := rowKeyText(s[lead:i])
	if k == "" {
		return "", 0, 0
	}
	return k, lead, i
}

// firstChild returns n's first child that is not blank text, a comment
// or a skipped element.
func firstChild(n *html.Node) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.CommentNode || c.Type == html.TextNode && strings.TrimSpace(c.Data) == "" || c.Type == html.ElementNode && Skipped(c) {
			continue
		}
		return c
	}
	return nil
}

// rowStart says whether child c of a container starts a row, and how:
// whole when c is the row (an element opening with a label), else c is a
// label whose row runs over the next siblings. label is the label's text
// node and [ls, le) the label's bytes in it.
func rowStart(c *html.Node) (key string, whole bool, label *html.Node, ls, le int) {
	key, whole, label, ls, le = rowStartAny(c)
	if label != nil && !plainLabel(label, c) {
		return "", false, nil, 0, 0
	}
	return key, whole, label, ls, le
}

// plainLabel reports whether text node t, under c, is no link's or
// heading's text: a link or a heading names a thing (related events in
// a sidebar, a record's title), a row's label does not.
func plainLabel(t, c *html.Node) bool {
	for n := t.Parent; n != nil; n = n.Parent {
		switch n.DataAtom {
		case atom.A, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			return false
		}
		if n == c {
			break
		}
	}
	return true
}

// rowStartAny is rowStart whatever holds the label.
func rowStartAny(c *html.Node) (key string, whole bool, label *html.Node, ls, le int) {
	if k, t, a, b := pairStart(c); k != "" {
		return k, false, t, a, b
	}
	if c.Type != html.ElementNode || Skipped(c) || void(c) {
		return "", false, nil, 0, 0
	}
	if t := onlyText(c); t != nil {
		if k, a, b := colonLabel(t.Data); k != "" && strings.TrimSpace(t.Data[b+1:]) != "" {
			return k, true, t, a, b // <li>Brand: Fennick</li>
		}
		return "", false, nil, 0, 0
	}
	if labelKids(c) >= 2 {
		return "", false, nil, 0, 0 // a container of rows, not a row
	}
	if l, t := labelOf(c); l != "" && !listElement(c) {
		return l, true, t, 0, len(t.Data)
	}
	if t := firstChild(c); t != nil && t.Type == html.TextNode {
		if k, a, b := colonLabel(t.Data); k != "" {
			return k, true, t, a, b // <li>Brand: <a>Fennick</a></li>
		}
	}
	return "", false, nil, 0, 0
}

// pairStart returns the label that child c is when it starts a row
// running over the next siblings: a text "Label: value", a term (<dt>)
// or an element whose only text ends with ":".
func pairStart(c *html.Node) (key string, label *html.Node, ls, le int) {
	switch c.Type {
	case html.TextNode:
		if k, a, b := colonLabel(c.Data); k != "" {
			return k, c, a, b
		}
		return "", nil, 0, 0
	case html.ElementNode:
		if Skipped(c) || void(c) {
			return "", nil, 0, 0
		}
	default:
		return "", nil, 0, 0
	}
	t := onlyText(c)
	if t == nil {
		return "", nil, 0, 0
	}
	if s := strings.TrimSpace(t.Data); c.DataAtom == atom.Dt || strings.HasSuffix(s, ":") {
		if k := rowKeyText(s); k != "" {
			return k, t, 0, len(t.Data)
		}
	}
	return "", nil, 0, 0
}

// listElement reports whether n holds items or rows by its tag (a list,
// a table, a menu): its first item is no label of the rest.
func listElement(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Ul, atom.Ol, atom.Dl, atom.Table, atom.Tbody, atom.Thead, atom.Select, atom.Menu:
		return true
	}
	return false
}

// labelKids counts the children of c that are labels starting a row
// (pairStart), without looking further down.
func labelKids(c *html.Node) int {
	n := 0
	for k := c.FirstChild; k != nil; k = k.NextSibling {
		if l, _, _, _ := pairStart(k); l != "" {
			n++
		}
	}
	return n
}

// rowUnits cuts container n's children into rows (see the comment at the
// top of the file); children outside rows are not in any unit. Only
// labels keep accepts start rows (nil: any); another label is a child
// like any other.
func rowUnits(n *html.Node, keep func(string) bool) []rowUnit {
	var units []rowUnit
	open, valued := -1, false // the row a label started, and whether it has a value yet
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.CommentNode || c.Type == html.TextNode && strings.TrimSpace(c.Data) == "" || c.Type == html.ElementNode && Skipped(c) {
			continue
		}
		if c.Type == html.ElementNode && c.DataAtom == atom.Br {
			if open >= 0 && rowBreak(c) {
				units[open].brk = c
			}
			open = -1
			continue
		}
		if open >= 0 && !valued {
			// The value of the label before: even one that opens with
			// a label of its own (a <dd> holding "<b>x</b> y").
			units[open].Last, units[open].value, valued = c, c, true
			continue
		}
		if k, whole, t, a, b := rowStart(c); k != "" && (keep == nil || keep(k)) {
			units = append(units, rowUnit{Key: k, First: c, Last: c, label: t, lstart: a, lend: b})
			open, valued = -1, false
			if !whole {
				open = len(units) - 1
				// A text "Label: value" holds its value.
				valued = c.Type == html.TextNode && strings.TrimSpace(c.Data[b+1:]) != ""
			}
			continue
		}
		if open >= 0 {
			units[open].Last = c
		}
	}
	return units
}

// rowStats are the sample's rows as learnRowOrder counts them.
type rowStats struct {
	recsWith map[string]int // label -> records holding a row with it
	bad      map[string]bool
	before   map[[2]string]int // (a, b) -> containers where a's row comes before b's
	places   map[string]map[string]bool
	conts    map[string]int    // container place -> containers there
	at       map[[2]string]int // (label, place) -> containers there holding the label
}

// countRows counts the rows of the sample records whose labels keep
// accepts (nil: any).
func countRows(recs []sampleRecord, keep func(string) bool) *rowStats {
	st := &rowStats{recsWith: map[string]int{}, bad: map[string]bool{}, before: map[[2]string]int{}, places: map[string]map[string]bool{}, conts: map[string]int{}, at: map[[2]string]int{}}
	for _, r := range recs {
		here := map[string]bool{}
		seen := map[string]int{} // container places in this record
		var visit func(n *html.Node, path string)
		visit = func(n *html.Node, path string) {
			if n.Type != html.ElementNode && n.Type != html.DocumentNode || n.Type == html.ElementNode && Skipped(n) {
				return
			}
			if n.Type == html.ElementNode {
				path += "/" + n.Data
			}
			if units := rowUnits(n, keep); len(units) >= 2 || keep != nil && len(units) == 1 && !selfRow(n, units[0]) {
				// The container's place: its path and rank among the
				// record's containers of rows at that path.
				place := fmt.Sprintf("%s#%d", path, seen[path])
				seen[path]++
				st.conts[place]++
				var keys []string
				for _, u := range units {
					if slices.Contains(keys, u.Key) {
						st.bad[u.Key] = true
					}
					if !slices.Contains(keys, u.Key) {
						st.at[[2]string{u.Key, place}]++
					}
					keys = append(keys, u.Key)
					here[u.Key] = true
					if st.places[u.Key] == nil {
						st.places[u.Key] = map[string]bool{}
					}
					st.places[u.Key][place] = true
					if r.Page != nil {
						for _, an := range r.Page.ByNode[u.label] {
							if an.Start < u.lend && an.End > u.lstart {
								st.bad[u.Key] = true
							}
						}
					}
				}
				for i := range keys {
					for j := i + 1; j < len(keys) && len(keys) >= 2; j++ {
						st.before[[2]string{keys[i], keys[j]}]++
					}
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				visit(c, path)
			}
		}
		for _, n := range r.Nodes {
			if n != nil {
				visit(n, "")
			}
		}
		for k := range here {
			st.recsWith[k]++
		}
	}
	return st
}

// shuffled returns the labels of rows seen in both orders relative to
// another such label, each on minRecs records, never annotated nor twice
// in one container.
func (st *rowStats) shuffled(minRecs int) map[string]bool {
	ok := func(k string) bool { return !st.bad[k] && st.recsWith[k] >= minRecs }
	keys := map[string]bool{}
	for p, n := range st.before {
		if n > 0 && st.before[[2]string{p[1], p[0]}] > 0 && p[0] != p[1] && ok(p[0]) && ok(p[1]) {
			keys[p[0]], keys[p[1]] = true, true
		}
	}
	return keys
}

// selfRow reports whether u, the one row of container n, is n's own
// label: n is itself that row of its parent ("<dd><b>Featuring:</b>
// …</dd>").
func selfRow(n *html.Node, u rowUnit) bool {
	if n.Type != html.ElementNode {
		return false
	}
	k, _, _, _, _ := rowStart(n)
	return k == u.Key
}

// LearnRowOrder learns the labels of rows to sort (see the comment at
// the top of the file) from the sample records; nil when none. A first
// count takes every label; the second only those the first found
// shuffled, so that a heading or value that reads like a label (an
// artist's name in a <dt>) does not take the row after it as its value.
// Labels whose rows sit in several containers of a record (the rows of
// two tables, shared out anew on every page) are sorted but keep the
// roles of the rows around them (relabel).
func LearnRowOrder(recs []sampleRecord) *rowOrder {
	if !RowOrdering {
		return nil
	}
	minRecs := max(2, int(labelMinRecords*float64(len(recs))+0.5))
	first := countRows(recs, nil)
	keys := first.shuffled(minRecs)
	stay := first.optionalRows(minRecs, keys)
	if len(keys) == 0 && len(stay) == 0 {
		return nil
	}
	st := countRows(recs, func(k string) bool { return keys[k] || stay[k] })
	keys = st.shuffled(minRecs)
	stay = st.optionalRows(minRecs, keys)
	if len(keys) == 0 && len(stay) == 0 {
		return nil
	}
	ro := &rowOrder{keys: keys, fixed: map[string]bool{}, stay: stay}
	for k := range keys {
		if len(st.places[k]) == 1 {
			ro.fixed[k] = true
		}
	}
	return ro.withFirst()
}

// rowOrderFile is the saved form of the rows put in canonical order.
type rowOrderFile struct {
	// Labels are the labels (normalised: lower case, "_" for spaces)
	// of the rows sorted when a page is tokenized.
	Labels []string `json:"labels"`
	// Roles are the labels among Labels whose rows get roles of their
	// own.
	Roles []string `json:"roles,omitempty"`
	// InPlace are labels (not among Labels) whose rows get roles of
	// their own and keep their places (rowroles.go).
	InPlace []string `json:"in_place,omitempty"`
}

// File returns the rules in their saved form (nil without rules).
func (ro *rowOrder) File() *rowOrderFile {
	if ro == nil {
		return nil
	}
	f := &rowOrderFile{}
	for k := range ro.keys {
		f.Labels = append(f.Labels, k)
		if ro.fixed[k] {
			f.Roles = append(f.Roles, k)
		}
	}
	for k := range ro.stay {
		f.InPlace = append(f.InPlace, k)
	}
	slices.Sort(f.InPlace)
	slices.Sort(f.Labels)
	slices.Sort(f.Roles)
	return f
}

// RowOrderFromFile rebuilds the rules saved by file.
func RowOrderFromFile(f *rowOrderFile) (*rowOrder, error) {
	if f == nil || len(f.Labels) == 0 && len(f.InPlace) == 0 {
		return nil, nil
	}
	ro := &rowOrder{keys: map[string]bool{}, fixed: map[string]bool{}, stay: map[string]bool{}}
	for _, k := range f.InPlace {
		if k == "" || strings.ContainsAny(k, " \t\n") || slices.Contains(f.Labels, k) {
			return nil, fmt.Errorf("row_order: invalid in-place label %q", k)
		}
		ro.stay[k] = true
	}
	for _, k := range f.Labels {
		if k == "" || strings.ContainsAny(k, " \t\n") {
			return nil, fmt.Errorf("row_order: invalid label %q", k)
		}
		ro.keys[k] = true
	}
	for _, k := range f.Roles {
		if !ro.keys[k] {
			return nil, fmt.Errorf("row_order: role %q is not among the labels", k)
		}
		ro.fixed[k] = true
	}
	return ro.withFirst(), nil
}

// sorted returns the learned rows of container n, when it is one to
// reorder (two learned rows or more) or relabel (a learned row whose
// label gets roles), and no learned label is there twice.
func (ro *rowOrder) sorted(n *html.Node) []rowUnit {
	var out []rowUnit
	for _, u := range rowUnits(n, func(k string) bool { return ro.keys[k] || ro.stay[k] }) {
		if ro.stay[u.Key] {
			u = u.InPlace()
		}
		for _, v := range out {
			if v.Key == u.Key {
				return nil
			}
		}
		out = append(out, u)
	}
	if len(out) == 0 || len(out) == 1 && (!ro.fixed[out[0].Key] && !ro.stay[out[0].Key] || selfRow(n, out[0])) {
		return nil
	}
	return out
}

// hotDepth is how far above a label's text node the container of its row
// may be (the text, its label element, the row, the container, and one
// wrapper more).
const hotDepth = 5

// hot returns the elements of the page of toks that may hold a learned
// row: the ancestors, up to hotDepth, of the text nodes whose first word
// is the first word of a learned label (labelKey: lower case, "/" a
// space, a colon after it). Only those are looked at by sorted, which
// reads every child of the element it is given: on a page without a
// learned label, nothing is.
func (ro *rowOrder) hot(toks []Token) map[*html.Node]bool {
	var hot map[*html.Node]bool
	var last *html.Node
	for i := range toks {
		t := &toks[i]
		if t.Kind != KindWord || t.Node() == nil || t.Node() == last {
			continue
		}
		last = t.Node()
		if ro.filter && !ro.mayStart(t.Node().Data) || !firstWordIn(t.Node().Data, ro.first) {
			continue
		}
		if hot == nil {
			hot = map[*html.Node]bool{}
		}
		for n, d := t.Node().Parent, 0; n != nil && d < hotDepth; n, d = n.Parent, d+1 {
			hot[n] = true
		}
	}
	return hot
}

// mayStart reports whether the first word of text (as firstWordIn cuts
// it) may be one of ro.first: false when it starts with an ASCII byte no
// word of ro.first starts with, in any case.
func (ro *rowOrder) mayStart(text string) bool {
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c >= utf8.RuneSelf {
			return true
		}
		if !asciiSep(c) {
			return ro.firstASCII[c]
		}
	}
	return false
}

// firstWordIn reports whether the first word of text (as labelKey splits
// it, a colon after it left out) is, in lower case, one of words.
func firstWordIn(text string, words []string) bool {
	sep := func(r rune) bool { return unicode.IsSpace(r) || r == '/' }
	// ASCII text is cut without decoding (the same runes are separators).
	i := 0
	for i < len(text) && text[i] < utf8.RuneSelf && asciiSep(text[i]) {
		i++
	}
	if i < len(text) && text[i] >= utf8.RuneSelf {
		text = strings.TrimLeftFunc(text, sep)
	} else {
		text = text[i:]
	}
	w := text
	for j := 0; j < len(text); j++ {
		c := text[j]
		if c >= utf8.RuneSelf {
			if k := strings.IndexFunc(text[j:], sep); k >= 0 {
				w = text[:j+k]
			}
			break
		}
		if asciiSep(c) {
			w = text[:j]
			break
		}
	}
	if w == "" {
		return false
	}
	bare := strings.TrimRight(w, ":")
	for _, x := range words {
		if strings.EqualFold(w, x) || bare != w && strings.EqualFold(bare, x) {
			return true
		}
	}
	return false
}

// asciiSep reports the ASCII bytes firstWordIn cuts words at: white space
// (unicode.IsSpace) and '/'.
func asciiSep(c byte) bool {
	return c == ' ' || c == '/' || '\t' <= c && c <= '\r'
}

// Reorder returns toks with the learned rows of every container in
// canonical order (toks itself when nothing moves).
// bufs, when not nil, lends the arrays of the reordered tokens and of the
// tag pairs (reused from page to page by a pooled tokenizer).
func (ro *rowOrder) Reorder(toks []Token, ps *Paths, bufs *reorderBufs) []Token {
	if ro == nil || len(ro.keys) == 0 && len(ro.stay) == 0 {
		return toks
	}
	hot := ro.hot(toks)
	if len(hot) == 0 {
		return toks
	}
	if bufs == nil {
		bufs = &reorderBufs{}
	}
	if cap(bufs.End) < len(toks) {
		bufs.End = make([]int, len(toks))
	}
	end := bufs.End[:len(toks)]
	stack := bufs.stack[:0]
	defer func() { bufs.stack = stack[:0] }()
	units := map[int][]rowUnit{}
	for i := range toks {
		t := &toks[i]
		end[i] = -1
		switch t.Kind {
		case KindStart:
			if t.Node() != nil && !void(t.Node()) {
				stack = append(stack, i)
			}
		case KindEnd:
			for len(stack) > 0 {
				s := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if toks[s].Node() == t.Node() {
					end[s] = i
					if hot[t.Node()] && !strings.HasPrefix(t.Text(), "@") {
						if us := ro.sorted(t.Node()); us != nil {
							units[s] = us
						}
					}
					break
				}
			}
		}
	}
	if len(units) == 0 {
		return toks
	}
	if cap(bufs.Out) < len(toks) {
		bufs.Out = make([]Token, 0, len(toks))
	}
	starts := make([]int, 0, len(units))
	for k := range units {
		starts = append(starts, k)
	}
	slices.Sort(starts)
	em := rowEmitter{toks: toks, end: end, units: units, starts: starts, out: bufs.Out[:0], ps: ps, fixed: ro.fixed, stay: ro.stay}
	em.emit(0, len(toks))
	bufs.Out = nil // the array is the caller's now
	return em.out
}

// reorderBufs are the arrays reorder may reuse.
type reorderBufs struct {
	Out   []Token // for the reordered tokens: given away by reorder
	End   []int
	stack []int
}

// rowEmitter writes a page's tokens with the rows of some containers in
// canonical order.
type rowEmitter struct {
	toks  []Token
	end   []int             // start tag -> its end tag
	units map[int][]rowUnit // start tag of a container to reorder -> its rows
	// starts are the keys of units in increasing order: the tokens
	// between two containers are copied in one piece.
	starts []int
	out    []Token
	ps     *Paths
	fixed  map[string]bool
	stay   map[string]bool
}

// emit appends tokens [a, b), reordering the containers in it.
func (em *rowEmitter) emit(a, b int) {
	for a < b {
		next := b
		if i, _ := slices.BinarySearch(em.starts, a); i < len(em.starts) && em.starts[i] < b {
			next = em.starts[i]
		}
		em.out = append(em.out, em.toks[a:next]...)
		if next == b {
			return
		}
		em.container(next, em.end[next], em.units[next])
		a = em.end[next] + 1
	}
}

// container appends the tokens of the container whose start tag is
// token s and end tag token e, its rows us in canonical order.
func (em *rowEmitter) container(s, e int, us []rowUnit) {
	toks := em.toks
	n := toks[s].Node()
	// The child of n each token belongs to (nil: n's own attribute tokens).
	childOf := func(t *Token) *html.Node {
		c := t.Node()
		for c != nil && c.Parent != n {
			c = c.Parent
		}
		if c != nil && c.Type == html.ElementNode && strings.HasPrefix(c.Data, "@") {
			return nil
		}
		return c
	}
	// Units by their first and last child; the token range of each unit.
	unitOf := map[*html.Node]int{}
	for i, u := range us {
		for c := u.First; c != nil; c = c.NextSibling {
			unitOf[c] = i
			if c == u.Last {
				break
			}
		}
	}
	type span struct{ a, b int }
	ranges := make([]span, len(us))
	for i := range ranges {
		ranges[i] = span{-1, -1}
	}
	k := s + 1
	for k < e && childOf(&toks[k]) == nil {
		k++ // the container's attribute tokens
	}
	// Items in document order: runs of tokens outside units, and units.
	type item struct {
		a, b int
		unit bool
	}
	var items []item
	pieces := 0
	for h := k; h < e; {
		u, in := unitOf[childOf(&toks[h])]
		j := h + 1
		for j < e {
			v, din := unitOf[childOf(&toks[j])]
			if din != in || in && v != u {
				break
			}
			j++
		}
		if in {
			ranges[u] = span{h, j}
			pieces++
		}
		items = append(items, item{h, j, in})
		h = j
	}
	order := make([]int, 0, len(us))
	for i := range us {
		if ranges[i].a >= 0 {
			order = append(order, i)
		}
	}
	em.out = append(em.out, toks[s:k]...)
	if pieces != len(order) {
		// A row's tokens are not in one piece: the page's order stays.
		em.emit(k, e)
		em.out = append(em.out, toks[e])
		return
	}
	em.sortMoving(order, us)
	next := 0
	for _, it := range items {
		if it.unit {
			u := order[next]
			r := ranges[u]
			next++
			from := len(em.out)
			em.emit(r.a, r.b)
			if em.fixed[us[u].Key] || em.stay[us[u].Key] {
				em.relabel(em.out[from:], toks[s].Path, us[u].Key)
			}
			continue
		}
		em.emit(it.a, it.b)
	}
	em.out = append(em.out, toks[e])
}
