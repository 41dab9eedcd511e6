package annotate

import (
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

// textHash hashes a text for the sketches: FNV-1a, then SplitMix64's
// finalizer to spread the bits for bottom-k. It is the same in every
// process (a maphash seed is not), so that the sample, and so the wrapper
// and the output, do not change from one run to the next.
func textHash(t string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(t); i++ {
		h ^= uint64(t[i])
		h *= 1099511628211
	}
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	return h ^ h>>31
}

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
func sketchOf(texts *textSet, template map[string]bool) *pageSketch {
	sk := &pageSketch{}
	var vars, tmpl []uint64
	for j := range texts.len() {
		t := strings.TrimSpace(texts.at(j))
		if t == "" {
			continue
		}
		h := textHash(t)
		if template[t] {
			tmpl = append(tmpl, h)
		} else {
			vars = append(vars, h)
		}
	}
	slices.Sort(vars)
	vars = slices.Compact(vars)
	sk.bottom = slices.Clone(vars[:min(len(vars), sketchSize)]) // not all of vars
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
// sketch are taken as they come. Pages that do not share the source's
// template (offTemplate) are left out, and returned, unless no page does.
// The result keeps the richness order.
func chooseSample(cands []*pageState, k int, types []int) (chosen, foreign []*pageState) {
	if len(cands) == 0 {
		return nil, nil
	}
	taken := map[*pageState]bool{}
	off := offTemplate(cands)
	if len(off) == len(cands) {
		off = nil
	}
	for st := range off {
		taken[st] = true // never taken
	}
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
	best := 0
	for _, st := range cands {
		if !off[st] {
			best = richnessOf(st, types).cov
			break
		}
	}
	structures := map[uint64]bool{}
	for _, st := range cands {
		if len(chosen) >= (k+1)/2 || richnessOf(st, types).cov < best {
			break
		}
		if st.sketch == nil || off[st] || structures[st.sketch.structure] || dup(st) {
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
	for _, st := range cands {
		if off[st] {
			foreign = append(foreign, st)
		}
	}
	return chosen, foreign
}

// MinTemplateTexts is the number of texts common to the candidates that a
// source needs before offTemplate judges pages by them: with fewer, one
// missing label would make a page look foreign.
const MinTemplateTexts = 5

// offTemplate returns the pages of cands that do not share the template of
// the others: their common texts are the texts on more than half of cands
// (labels, headings, navigation), and a page is off-template when it has
// fewer than half as many of them as the median candidate. A source is
// pages of one template; a page saved among them that is not of it (an
// error or login page, a page's source shown as text in a <pre>) can be
// richly annotated, since it may hold every value as text, yet its
// structure is not the one the wrapper must learn, and one such page in a
// small sample breaks induction. The common texts are those of the
// candidates (the pages richest in the SOD's types), not of the whole
// source, so that in a directory mixing templates the template the SOD
// describes is the one kept; and judged relative to the median, so
// optional rows and boxes (a page lacking some common texts) do not count
// against a page.
func offTemplate(cands []*pageState) map[*pageState]bool {
	if len(cands) < 3 {
		return nil
	}
	sets := make([]map[uint64]bool, len(cands))
	freq := map[uint64]int{}
	for i, st := range cands {
		set := map[uint64]bool{}
		for j := range st.texts.len() {
			if t := strings.TrimSpace(st.texts.at(j)); t != "" {
				set[textHash(t)] = true
			}
		}
		for h := range set {
			freq[h]++
		}
		sets[i] = set
	}
	common := 0
	for _, k := range freq {
		if 2*k > len(cands) {
			common++
		}
	}
	if common < MinTemplateTexts {
		return nil
	}
	has := make([]int, len(cands))
	for i, set := range sets {
		for h := range set {
			if 2*freq[h] > len(cands) {
				has[i]++
			}
		}
	}
	sorted := slices.Clone(has)
	slices.Sort(sorted)
	median := sorted[len(sorted)/2]
	var off map[*pageState]bool
	for i, st := range cands {
		if 2*has[i] < median {
			if off == nil {
				off = map[*pageState]bool{}
			}
			off[st] = true
		}
	}
	return off
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
