package cluster

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Options tune Cluster. Zero values select the defaults.
type Options struct {
	// Similarity is the least estimated Jaccard index of two pages' tag
	// path sets for them to share a cluster (default 0.6).
	Similarity float64
	// Examples is how many example pages each cluster lists (default 3).
	Examples int
	// MaxBytes bounds the bytes of a page read for its paths (default
	// 4 MiB): the rest of a huge page is not read.
	MaxBytes int
}

func (o Options) withDefaults() Options {
	if o.Similarity <= 0 || o.Similarity > 1 {
		o.Similarity = 0.6
	}
	if o.Examples <= 0 {
		o.Examples = 3
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = 4 << 20
	}
	return o
}

// Cluster is a group of pages that share a template.
type Cluster struct {
	// Pages are the names of the cluster's pages, in input order.
	Pages []string `json:"pages"`
	// Pattern generalises the pages' names: segments that vary are "*",
	// digit runs that vary are "{n}" ("item/{n}.html").
	Pattern string `json:"pattern"`
	// Examples are a few of the pages, spread over the cluster.
	Examples []string `json:"examples"`
	// Paths is the number of tag paths of the cluster's first page, and
	// Cohesion the mean estimated similarity of its pages to that page.
	Paths    int     `json:"paths"`
	Cohesion float64 `json:"cohesion"`
}

// Size is the number of pages of the cluster.
func (c *Cluster) Size() int { return len(c.Pages) }

// Signature is the MinHash signature of a page's tag path set.
type Signature struct {
	min   [sigLen]uint64
	paths int // distinct shingles
}

// Paths is the number of distinct shingles (tag paths and local q-grams,
// see Sign) of the page.
func (s *Signature) Paths() int { return s.paths }

// sigLen is the number of MinHash values of a signature; it is cut into
// bands of bandRows values for locality-sensitive hashing. With 32 bands
// of 4 rows, two pages of similarity s share a band with probability
// 1-(1-s^4)^32: 0.98 at s = 0.6, 0.27 at s = 0.3.
const (
	sigLen   = 1 << sigBits
	sigBits  = 7
	bandRows = 4
	bands    = sigLen / bandRows
)

// Similarity estimates the Jaccard index of the tag path sets of the
// pages of a and b.
func Similarity(a, b *Signature) float64 {
	if a.paths == 0 || b.paths == 0 {
		if a.paths == b.paths {
			return 1
		}
		return 0
	}
	same := 0
	for i := range a.min {
		if a.min[i] == b.min[i] {
			same++
		}
	}
	return float64(same) / sigLen
}

// mix is a 64-bit finalizer (splitmix64).
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// Sign reads an HTML page and returns the MinHash signature of its tag
// path set. At most maxBytes are read (0: no limit). Broken markup is read
// as browsers read it; a page without elements has an empty signature.
func Sign(r io.Reader, maxBytes int) (*Signature, error) {
	if maxBytes > 0 {
		r = io.LimitReader(r, int64(maxBytes))
	}
	z := html.NewTokenizer(r)
	sig := &Signature{}
	for i := range sig.min {
		sig.min[i] = ^uint64(0)
	}
	seen := map[uint64]bool{}
	// stack holds the open elements' tags and the hash of the path to each.
	type open struct {
		name string
		h    uint64 // hash of the tag path to the element
		step uint64 // hash of its step with classes
	}
	var stack []open
	var step bytes.Buffer
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if err := z.Err(); err != io.EOF {
				return nil, err
			}
			sig.paths = len(seen)
			sig.densify()
			return sig, nil
		case html.StartTagToken, html.SelfClosingTagToken:
			raw, hasAttr := z.TagName()
			name := string(raw)
			a := atom.Lookup(raw)
			step.Reset()
			step.WriteString(name)
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				if string(k) == "class" {
					writeClasses(&step, v)
				}
			}
			// Two shingles per element: its path of tag names from the
			// root, and its last qgram steps with their class names.
			// Classes are kept out of the long path: a class that varies
			// near the root ("page--denver" on <body>) would otherwise
			// change every path below it; in a q-gram it changes the
			// shingles of a few elements only.
			parent := uint64(0)
			if n := len(stack); n > 0 {
				parent = stack[n-1].h
			}
			ph := hashStep(parent, raw)
			sig.add(ph, seen)
			stepHash := hashStep(0, step.Bytes())
			q := stepHash
			for k := len(stack) - 1; k >= 0 && k >= len(stack)-(qgram-1); k-- {
				q = mix(q ^ stack[k].step*0x9e3779b97f4a7c15)
			}
			sig.add(q^0x5bd1e995, seen)
			if tt == html.StartTagToken && !void(a) {
				stack = append(stack, open{name: name, h: ph, step: stepHash})
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			// Close up to the innermost open element of that name, as a
			// browser does for ordinary markup; a stray end tag is ignored.
			for i := len(stack) - 1; i >= 0; i-- {
				if stack[i].name == string(name) {
					stack = stack[:i]
					break
				}
			}
		}
	}
}

// qgram is the number of steps, with class names, of a page's local
// shingles.
const qgram = 3

// add adds shingle h to the signature, once. The signature is a
// one-permutation MinHash: one hash per shingle, whose top bits pick one
// of sigLen bins and whose other bits compete for that bin's minimum
// (Li, Owen and Zhang 2012); empty bins are filled by densify.
func (s *Signature) add(h uint64, seen map[uint64]bool) {
	if seen[h] {
		return
	}
	seen[h] = true
	x := mix(h)
	bin, v := x>>(64-sigBits), x&(1<<(64-sigBits)-1)
	if v < s.min[bin] {
		s.min[bin] = v
	}
}

// densify fills the empty bins of a signature from the next non-empty
// bin to their right, offset by the distance (rotation densification,
// Shrivastava and Li 2014), so that two similar pages with few shingles
// still agree bin by bin.
func (s *Signature) densify() {
	const empty = ^uint64(0)
	first := -1
	for i, v := range s.min {
		if v != empty {
			first = i
			break
		}
	}
	if first < 0 {
		return // no shingle: every bin stays empty
	}
	var out [sigLen]uint64
	for i := range s.min {
		if s.min[i] != empty {
			out[i] = s.min[i]
			continue
		}
		for t := 1; t < sigLen; t++ {
			if v := s.min[(i+t)%sigLen]; v != empty {
				out[i] = v + uint64(t)<<(64-sigBits)
				break
			}
		}
	}
	s.min = out
}

// hashStep hashes a step under a parent hash (FNV-1a).
func hashStep(parent uint64, step []byte) uint64 {
	h := uint64(14695981039346656037)
	for i := range 8 {
		h ^= (parent >> (8 * i)) & 0xff
		h *= 1099511628211
	}
	for _, c := range step {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

// writeClasses appends the element's class names, sorted, without their
// digits (ids and counters vary from page to page), as ".a.b".
func writeClasses(b *bytes.Buffer, v []byte) {
	var cls []string
	for _, c := range strings.Fields(string(v)) {
		c = strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return -1
			}
			return r
		}, c)
		if c != "" && c != "-" && c != "_" {
			cls = append(cls, c)
		}
	}
	sort.Strings(cls)
	cls = slices.Compact(cls)
	for _, c := range cls {
		b.WriteByte('.')
		b.WriteString(c)
	}
}

func void(a atom.Atom) bool {
	switch a {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input,
		atom.Link, atom.Meta, atom.Param, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}

// Group clusters pages by their signatures: names[i] is the name of the
// page of sigs[i]. Clusters come largest first (ties: by first page).
func Group(names []string, sigs []*Signature, o Options) ([]*Cluster, error) {
	if len(names) != len(sigs) {
		return nil, fmt.Errorf("cluster: %d names for %d signatures", len(names), len(sigs))
	}
	o = o.withDefaults()
	uf := newUnionFind(len(sigs))
	// In each band, pages whose band agrees are candidates: each is
	// compared with the first page of its bucket that it is similar to,
	// so a bucket of k pages costs at most k comparisons per distinct
	// cluster in it.
	for b := range bands {
		buckets := map[uint64][]int{}
		for i, s := range sigs {
			if s == nil || s.paths == 0 {
				continue
			}
			h := uint64(b)
			for _, v := range s.min[b*bandRows : (b+1)*bandRows] {
				h = mix(h ^ v)
			}
			reps := buckets[h]
			joined := false
			for _, r := range reps {
				if uf.find(r) == uf.find(i) {
					joined = true
					break
				}
				if Similarity(sigs[r], s) >= o.Similarity {
					uf.union(r, i)
					joined = true
					break
				}
			}
			if !joined {
				buckets[h] = append(reps, i)
			}
		}
	}
	byRoot := map[int]*Cluster{}
	var order []*Cluster
	first := map[*Cluster]int{}
	for i, n := range names {
		r := uf.find(i)
		c := byRoot[r]
		if c == nil {
			c = &Cluster{}
			byRoot[r] = c
			order = append(order, c)
			first[c] = i
		}
		c.Pages = append(c.Pages, n)
	}
	for _, c := range order {
		f := first[c]
		if sigs[f] != nil {
			c.Paths = sigs[f].paths
		}
		sum := 0.0
		idx := indexOf(names, c.Pages)
		for _, i := range idx {
			if sigs[f] != nil && sigs[i] != nil {
				sum += Similarity(sigs[f], sigs[i])
			}
		}
		c.Cohesion = sum / float64(len(c.Pages))
		c.Pattern = Pattern(c.Pages)
		c.Examples = spread(c.Pages, o.Examples)
	}
	sort.SliceStable(order, func(a, b int) bool { return len(order[a].Pages) > len(order[b].Pages) })
	return order, nil
}

// indexOf returns the positions in names of the cluster's pages (names in
// input order, so one forward pass finds them).
func indexOf(names, pages []string) []int {
	out := make([]int, 0, len(pages))
	j := 0
	for i, n := range names {
		if j < len(pages) && n == pages[j] {
			out = append(out, i)
			j++
		}
	}
	return out
}

// spread returns n of pages, evenly spaced.
func spread(pages []string, n int) []string {
	if len(pages) <= n {
		return slices.Clone(pages)
	}
	out := make([]string, 0, n)
	for i := range n {
		out = append(out, pages[i*(len(pages)-1)/max(1, n-1)])
	}
	return out
}

// unionFind joins pages into clusters; the lowest index of a cluster is
// its root, so that clusters are named by their first page whatever the
// order of unions.
type unionFind struct{ parent []int }

func newUnionFind(n int) *unionFind {
	u := &unionFind{parent: make([]int, n)}
	for i := range u.parent {
		u.parent[i] = i
	}
	return u
}

func (u *unionFind) find(i int) int {
	for u.parent[i] != i {
		u.parent[i] = u.parent[u.parent[i]]
		i = u.parent[i]
	}
	return i
}

func (u *unionFind) union(a, b int) {
	a, b = u.find(a), u.find(b)
	if a > b {
		a, b = b, a
	}
	if a != b {
		u.parent[b] = a
	}
}
