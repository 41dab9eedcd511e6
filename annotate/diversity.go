package annotate

import (
	"hash/maphash"
	"slices"
	"strings"
)

// Sample diversity. A crawl often saves one page under several URLs, and
// the pages richest in annotations are often of one kind (those that show
// every optional row). A sample of copies teaches ExAlg nothing: every token
// of identical pages has the same occurrence vector, so page text becomes
// template. A sample of one kind makes its optional rows mandatory. The
// final choice of Sample therefore
//
//   - never takes a page whose variable text (the text nodes that are not
//     template text) is, by a bottom-k estimate of Jaccard similarity, at
//     least NearDuplicate similar to a page already taken;
//   - takes, among the pages that show as many types as the best page, the
//     best page of each distinct structure first (structure: which of the
//     template texts — labels, headings — the page has), up to half the
//     sample, then fills the sample by richness.

// NearDuplicate is the Jaccard similarity of variable text above which two
// pages count as copies of one another.
const NearDuplicate = 0.8

// sketchSize is k of the bottom-k sketches of variable text.
const sketchSize = 16

var sketchSeed = maphash.MakeSeed()

// pageSketch summarises a page for the final choice.
type pageSketch struct {
	// bottom holds the sketchSize smallest hashes of the page's distinct
	// variable texts, ascending.
	bottom []uint64
	// structure hashes the set of template texts the page has; content
	// the set of its variable texts (equal for exact copies).
	structure, content uint64
}

// sketchOf computes the sketch of a page's texts, given the template texts.
func sketchOf(texts []string, template map[string]bool) *pageSketch {
	sk := &pageSketch{}
	var vars, tmpl []uint64
	for _, t := range texts {
		t = strings.TrimSpace(t)
		if t == "" {
			continue
		}
		h := maphash.String(sketchSeed, t)
		if template[t] {
			tmpl = append(tmpl, h)
		} else {
			vars = append(vars, h)
		}
	}
	slices.Sort(vars)
	vars = slices.Compact(vars)
	sk.bottom = vars[:min(len(vars), sketchSize)]
	for _, h := range vars {
		sk.content = sk.content*1099511628211 ^ h
	}
	slices.Sort(tmpl)
	tmpl = slices.Compact(tmpl)
	for _, h := range tmpl {
		sk.structure = sk.structure*1099511628211 ^ h
	}
	return sk
}

// similarity estimates the Jaccard similarity of the variable texts of two
// sketches: the share of the k smallest hashes of the union found in both.
func similarity(a, b *pageSketch) float64 {
	if len(a.bottom) == 0 && len(b.bottom) == 0 {
		return 1 // two pages of template text only
	}
	i, j, n, both := 0, 0, 0, 0
	for n < sketchSize && (i < len(a.bottom) || j < len(b.bottom)) {
		switch {
		case j >= len(b.bottom) || (i < len(a.bottom) && a.bottom[i] < b.bottom[j]):
			i++
		case i >= len(a.bottom) || b.bottom[j] < a.bottom[i]:
			j++
		default:
			both++
			i++
			j++
		}
		n++
	}
	return float64(both) / float64(n)
}

// chooseSample picks at most k pages of cands, which are sorted richest
// first for types: no near-duplicates, distinct structures first among the
// pages that show the most types (see the comment above). Pages without a
// sketch are taken as they come. The result keeps the richness order.
func chooseSample(cands []*pageState, k int, types []int) []*pageState {
	if len(cands) == 0 {
		return nil
	}
	var chosen []*pageState
	taken := map[*pageState]bool{}
	dup := func(st *pageState) bool {
		if st.sketch == nil {
			return false
		}
		for _, c := range chosen {
			if c.sketch != nil && similarity(c.sketch, st.sketch) >= NearDuplicate {
				return true
			}
		}
		return false
	}
	take := func(st *pageState) {
		chosen = append(chosen, st)
		taken[st] = true
	}
	best := richnessOf(cands[0], types).cov
	structures := map[uint64]bool{}
	for _, st := range cands {
		if len(chosen) >= (k+1)/2 || richnessOf(st, types).cov < best {
			break
		}
		if st.sketch == nil || structures[st.sketch.structure] || dup(st) {
			continue
		}
		structures[st.sketch.structure] = true
		take(st)
	}
	for _, st := range cands {
		if len(chosen) >= k {
			break
		}
		if !taken[st] && !dup(st) {
			take(st)
		}
	}
	order := map[*pageState]int{}
	for i, st := range cands {
		order[st] = i
	}
	slices.SortFunc(chosen, func(a, b *pageState) int { return order[a] - order[b] })
	return chosen
}

// countNearDuplicates counts the pages of cands that are near-duplicates of
// a page of chosen (the page itself excepted).
func countNearDuplicates(cands, chosen []*pageState) int {
	n := 0
	in := map[*pageState]bool{}
	for _, c := range chosen {
		in[c] = true
	}
	for _, st := range cands {
		if in[st] || st.sketch == nil {
			continue
		}
		for _, c := range chosen {
			if c.sketch != nil && similarity(c.sketch, st.sketch) >= NearDuplicate {
				n++
				break
			}
		}
	}
	return n
}

// dropCopies removes from cands, which are sorted richest first, the pages
// whose variable text is exactly that of a page before them, so copies do
// not crowd distinct pages out of the candidates; it returns the pages
// kept, in order, and those removed.
func dropCopies(cands []*pageState) (kept, copies []*pageState) {
	seen := map[uint64]bool{}
	for _, st := range cands {
		if st.sketch != nil {
			if seen[st.sketch.content] {
				copies = append(copies, st)
				continue
			}
			seen[st.sketch.content] = true
		}
		kept = append(kept, st)
	}
	return kept, copies
}

// kindStats compares the structures of the sample with the probe's.
func kindStats(sample, probe []*pageState) KindStats {
	count := map[uint64]int{}
	n := 0
	for _, st := range sample {
		if st.sketch != nil {
			count[st.sketch.structure]++
			n++
		}
	}
	var ks KindStats
	if n == 0 {
		return ks
	}
	ks.Sample = len(count)
	var dom uint64
	for k, c := range count {
		if c > count[dom] || (c == count[dom] && k < dom) {
			dom = k
		}
	}
	ks.Dominant = float64(count[dom]) / float64(n)
	np, in := 0, 0
	for _, st := range probe {
		if st.err == nil && st.sketch != nil {
			np++
			if st.sketch.structure == dom {
				in++
			}
		}
	}
	if np > 0 {
		ks.InProbe = float64(in) / float64(np)
	}
	return ks
}
