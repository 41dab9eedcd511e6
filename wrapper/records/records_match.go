package records

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/net/html"
)

// recordTree is the tag skeleton of a DOM subtree (or of a group of
// consecutive siblings) that record segmentation compares: element tag
// names, "#" for text, children in order. Text content and attributes are
// ignored, so two records of one template have equal or similar skeletons
// whatever their values.
type recordTree struct {
	label string
	kids  []*recordTree
	size  int    // number of nodes of the subtree, after list collapsing
	shape string // canonical form, used to collapse runs of equal siblings
	// sorted is the tree with the children of every node sorted by shape:
	// t itself when that changes nothing. Records whose rows come in another order on every record
	// compare alike through it.
	sorted *recordTree
}

// recordTextLabel is the label of a text node in a recordTree.
const recordTextLabel = "#"

// recordGroupLabel labels the virtual root that holds a group of k
// consecutive siblings, so that groups compare like single subtrees.
const recordGroupLabel = "@"

// recordMaxTreeNodes bounds the size of a skeleton built from a page: deeper
// or larger content is cut off, which keeps tree matching cheap on huge
// records (a record that large is compared by its first nodes only).
const recordMaxTreeNodes = 400

// recordSkeleton builds the collapsed skeleton of the given sibling nodes.
// Without grouped, the first node gives its own tree; with grouped (records
// of k consecutive siblings), the nodes become children of a
// recordGroupLabel root, whatever their number.
func recordSkeleton(nodes []*html.Node, grouped bool) *recordTree {
	budget := recordMaxTreeNodes
	if !grouped && len(nodes) > 0 {
		if t := recordBuild(nodes[0], &budget); t != nil {
			return t
		}
	}
	root := &recordTree{label: recordGroupLabel}
	for _, n := range nodes {
		if t := recordBuild(n, &budget); t != nil {
			root.kids = append(root.kids, t)
		}
	}
	root.finish()
	return root
}

// recordBuild converts n to a skeleton; comments and other non-content
// nodes are skipped (nil).
func recordBuild(n *html.Node, budget *int) *recordTree {
	var t *recordTree
	switch n.Type {
	case html.TextNode:
		if strings.TrimSpace(n.Data) == "" {
			return nil
		}
		t = &recordTree{label: recordTextLabel}
	case html.ElementNode:
		t = &recordTree{label: recordLabel(n.Data)}
		*budget--
		for c := n.FirstChild; c != nil && *budget > 0; c = c.NextSibling {
			if k := recordBuild(c, budget); k != nil {
				t.kids = append(t.kids, k)
			}
		}
	default:
		return nil
	}
	t.finish()
	return t
}

func recordSameRun(a, b []*recordTree) bool {
	for i := range a {
		if a[i].shape != b[i].shape {
			return false
		}
	}
	return true
}

// recordLabel makes a tag name safe for the skeleton syntax: the parser
// keeps odd characters in tag names of broken markup.
func recordLabel(tag string) string {
	if tag == "" || strings.ContainsAny(tag, "(),"+recordTextLabel+recordGroupLabel) {
		return "_" + strings.Map(func(r rune) rune {
			if strings.ContainsRune("(),"+recordTextLabel+recordGroupLabel, r) {
				return '_'
			}
			return r
		}, tag)
	}
	return tag
}

// recordMaxPeriod is the longest run of siblings finish collapses as one
// list element ("a , a , a" has period 2).
const recordMaxPeriod = 3

// finish collapses tandem repeats among the children — a run of 1 to
// recordMaxPeriod siblings repeated right after itself — into one copy
// (the nested lists of seed 001 §4.5, restricted to exact repeats: several
// performers or authors count as one), then computes size, shape and the
// sorted twin (children sorted by shape, not collapsed again).
func (t *recordTree) finish() {
	t.collapse()
	t.sorted = nil // computed on demand by twin
}

// twin returns the sorted twin, computing it (and its subtrees') on first
// use: skeletons built from a page are matched by one goroutine, and
// recordParseTree computes the twins of the exemplars a pattern shares.
func (t *recordTree) twin() *recordTree {
	if t.sorted != nil {
		return t.sorted
	}
	t.sorted = t
	if len(t.kids) == 0 {
		return t
	}
	kids := make([]*recordTree, len(t.kids))
	changed := false
	for i, k := range t.kids {
		kids[i] = k.twin()
		changed = changed || kids[i] != k
	}
	sort.SliceStable(kids, func(i, j int) bool { return kids[i].shape < kids[j].shape })
	for i := range kids {
		changed = changed || kids[i] != t.kids[i].sorted
	}
	if changed {
		// Sorting does not collapse again: equal siblings brought together
		// are as many rows as before (a box of three lists is no record of
		// one).
		u := &recordTree{label: t.label, kids: kids}
		u.measure()
		u.sorted = u
		t.sorted = u
	}
	return t.sorted
}

// collapse is finish without the sorted twin.
func (t *recordTree) collapse() {
	t.collapseRuns()
	t.measure()
}

// collapseRuns drops the tandem repeats among the children.
func (t *recordTree) collapseRuns() {
	for period := 1; period <= recordMaxPeriod && len(t.kids) >= 2*period; period++ {
		kept := t.kids[:0:0]
		for i := 0; i < len(t.kids); {
			if n := len(kept); n >= period && i+period <= len(t.kids) && recordSameRun(kept[n-period:], t.kids[i:i+period]) {
				i += period // the run repeats the previous one: drop it
				continue
			}
			kept = append(kept, t.kids[i])
			i++
		}
		t.kids = kept
	}
}

// measure computes size and shape from the children's.
func (t *recordTree) measure() {
	t.size = 1
	var b strings.Builder
	b.WriteString(t.label)
	if len(t.kids) > 0 {
		b.WriteByte('(')
		for i, k := range t.kids {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(k.shape)
			t.size += k.size
		}
		b.WriteByte(')')
	}
	t.shape = b.String()
}

// String returns the skeleton's canonical form, e.g. "tr(td(#),td(a(#)))";
// recordParseTree reads it back.
func (t *recordTree) String() string { return t.shape }

// recordParseTree parses the canonical form printed by recordTree.String.
func recordParseTree(s string) (*recordTree, error) {
	p := recordTreeParser{s: s}
	t, err := p.tree(0)
	if err != nil {
		return nil, err
	}
	t.twin() // computed now: a pattern's exemplars are shared by goroutines
	if p.i != len(s) {
		return nil, fmt.Errorf("skeleton %q: unexpected %q at offset %d", recordClip(s), s[p.i], p.i)
	}
	return t, nil
}

type recordTreeParser struct {
	s string
	i int
}

// recordMaxTreeDepth bounds nesting when parsing a skeleton, so that hostile
// wrapper files cannot exhaust the stack.
const recordMaxTreeDepth = 512

func (p *recordTreeParser) tree(depth int) (*recordTree, error) {
	if depth > recordMaxTreeDepth {
		return nil, fmt.Errorf("skeleton %q: nested deeper than %d", recordClip(p.s), recordMaxTreeDepth)
	}
	start := p.i
	for p.i < len(p.s) && !strings.ContainsRune("(),", rune(p.s[p.i])) {
		p.i++
	}
	if p.i == start {
		return nil, fmt.Errorf("skeleton %q: missing label at offset %d", recordClip(p.s), start)
	}
	t := &recordTree{label: p.s[start:p.i]}
	if p.i < len(p.s) && p.s[p.i] == '(' {
		p.i++
		for {
			k, err := p.tree(depth + 1)
			if err != nil {
				return nil, err
			}
			t.kids = append(t.kids, k)
			if p.i >= len(p.s) {
				return nil, fmt.Errorf("skeleton %q: unclosed '('", recordClip(p.s))
			}
			if p.s[p.i] == ')' {
				p.i++
				break
			}
			if p.s[p.i] != ',' {
				return nil, fmt.Errorf("skeleton %q: unexpected %q at offset %d", recordClip(p.s), p.s[p.i], p.i)
			}
			p.i++
		}
	}
	t.finish()
	return t, nil
}

func recordClip(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// recordMatch is Simple Tree Matching (Yang 1991; seed 001 §4.1): the number
// of node pairs in a maximum top-down, order-preserving mapping between a
// and b, where only nodes with equal labels map, and a node maps only if its
// parent does:
//
//	W(A,B) = 0 if root labels differ, else 1 + m(children(A), children(B))
//	m(<A1..Ak>, <B1..Bn>) = max(m(..k-1, ..n-1) + W(Ak,Bn), m(..k, ..n-1), m(..k-1, ..n))
func recordMatch(a, b *recordTree) int {
	if a.label != b.label {
		return 0
	}
	if len(a.kids) == 0 || len(b.kids) == 0 {
		return 1
	}
	if a.shape == b.shape {
		return a.size
	}
	n := len(b.kids)
	var buf [64]int
	var prev, cur []int
	if 2*(n+1) <= len(buf) {
		prev, cur = buf[:n+1], buf[n+1:2*(n+1)]
	} else {
		prev, cur = make([]int, n+1), make([]int, n+1)
	}
	for i := 1; i <= len(a.kids); i++ {
		ak := a.kids[i-1]
		for j := 1; j <= n; j++ {
			best := prev[j]
			if cur[j-1] > best {
				best = cur[j-1]
			}
			if w := prev[j-1] + recordMatch(ak, b.kids[j-1]); w > best {
				best = w
			}
			cur[j] = best
		}
		prev, cur = cur, prev
	}
	return 1 + prev[n]
}

// recordSimilarity is the normalised STM score 2W(A,B) / (|A|+|B|), in
// [0,1], or the same score of the sorted twins when higher: rows in
// another order (a site that shuffles a record's labelled rows) still
// match. Seed 001 divides by max(|A|,|B|); the mean size keeps a record
// without its optional rows (60 % of the full size) above τ2 of the full
// ones, while an ad or a heading row, which shares little more than its
// root with a record, stays far below.
func recordSimilarity(a, b *recordTree) float64 {
	if a == nil || b == nil {
		return 0
	}
	s := recordStm(a, b)
	if at, bt := a.twin(), b.twin(); at != a || bt != b {
		s = max(s, recordStm(at, bt))
	}
	return s
}

func recordStm(a, b *recordTree) float64 {
	return 2 * float64(recordMatch(a, b)) / float64(a.size+b.size)
}

// recordSizeBound is the highest recordStm a and b can reach given their
// sizes.
func recordSizeBound(a, b *recordTree) float64 {
	return 2 * float64(min(a.size, b.size)) / float64(a.size+b.size)
}

// recordBestSimilarity is the highest recordSimilarity of t with any of the
// exemplars; exemplars too different in size to reach floor are skipped.
// With a floor above 0, the search ends at the first score that reaches
// it (the caller only asks whether t passes), trying the trees as they
// are before their sorted twins.
func recordBestSimilarity(t *recordTree, exemplars []*recordTree, floor float64) float64 {
	best := 0.0
	for pass := range 2 {
		for _, e := range exemplars {
			a, b := t, e
			if pass == 1 {
				if a, b = t.twin(), e.twin(); a == t && b == e {
					continue
				}
			}
			if bound := recordSizeBound(a, b); bound < floor || bound <= best {
				continue // the score cannot exceed this bound
			}
			if s := recordStm(a, b); s > best {
				best = s
			}
			if floor > 0 && best >= floor {
				return best
			}
		}
	}
	return best
}
