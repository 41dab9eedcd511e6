package dictionaries

import (
	"sort"
	"strings"
)

// ClassStats are the selectivity estimates of a class, for ordering the
// annotation of entity types (seed 003, Algorithm 1: the most selective
// types first).
type ClassStats struct {
	Class string
	// Entries in the class.
	Entries int
	// Vocabulary is the number of distinct words over all entries.
	Vocabulary int
	// MeanWords and MaxWords describe entry length in words.
	MeanWords float64
	MaxWords  int
	// DigitEntries hold at least one digit; a class where fewer than half
	// do is a name class for Grow.
	DigitEntries int
}

// Selectivity returns the structural statistics of class, read from its
// Bleve index's term dictionaries and its bulk segments' FSTs (no entry is
// decoded: fast for any size). For hit rates on
// pages, see Matcher.Stats.
func (s *Store) Selectivity(class string) (ClassStats, error) {
	st := ClassStats{Class: class}
	idx, err := s.index(class, false)
	if err != nil {
		return st, err
	}
	r, err := indexReader(idx)
	if err != nil {
		return st, err
	}
	defer r.Close()
	bs, err := s.classBulk(class)
	if err != nil {
		return st, err
	}
	d, err := r.FieldDict(fieldNorm)
	if err != nil {
		return st, err
	}
	defer d.Close()
	its := []sortedIter{&dictIter{d: d}}
	for _, g := range bs.segs {
		its = append(its, &segIter{g: g})
	}
	words := 0
	err = mergeSorted(its, func(term string, _ int, _ uint64) error {
		st.Entries++
		n := strings.Count(term, " ") + 1
		words += n
		st.MaxWords = max(st.MaxWords, n)
		if hasDigit(term) {
			st.DigitEntries++
		}
		return nil
	})
	if err != nil {
		return st, err
	}
	if st.Entries > 0 {
		st.MeanWords = float64(words) / float64(st.Entries)
	}
	if v, err := r.FieldDict(fieldWords); err == nil {
		its := []sortedIter{&dictIter{d: v}}
		for _, g := range bs.segs {
			if it, err := newFSTIter(g.words); err == nil {
				its = append(its, it)
			}
		}
		mergeSorted(its, func(string, int, uint64) error {
			st.Vocabulary++
			return nil
		})
		v.Close()
	}
	return st, nil
}

// SampleStats are the hit counts of one class over a sample of pages.
type SampleStats struct {
	Class string
	// Pages in the sample, PagesHit with at least one match of the class,
	// and Hits in all.
	Pages, PagesHit, Hits int
	// EntryHits counts matches per normalised entry.
	EntryHits map[string]int
}

// HitsPerPage is the mean number of matches per sampled page.
func (s SampleStats) HitsPerPage() float64 {
	if s.Pages == 0 {
		return 0
	}
	return float64(s.Hits) / float64(s.Pages)
}

// Top returns the n entries with the most hits, most first (ties by entry).
func (s SampleStats) Top(n int) []string {
	es := make([]string, 0, len(s.EntryHits))
	for e := range s.EntryHits {
		es = append(es, e)
	}
	sort.Slice(es, func(i, j int) bool {
		if a, b := s.EntryHits[es[i]], s.EntryHits[es[j]]; a != b {
			return a > b
		}
		return es[i] < es[j]
	})
	return es[:min(n, len(es))]
}

// Stats runs the Matcher over pages (their text) and returns, per class it
// holds, how often the class and each of its entries hit: the selectivity
// on a sample of pages.
func (m *Matcher) Stats(pages []string) map[string]*SampleStats {
	classes := m.Classes()
	out := make(map[string]*SampleStats, len(classes))
	for _, c := range classes {
		out[c] = &SampleStats{Class: c, Pages: len(pages), EntryHits: map[string]int{}}
	}
	seen := make([]bool, len(classes))
	for _, p := range pages {
		clear(seen)
		var hits []struct {
			c int
			e string
		}
		m.find(p, -1, func(c int, e string) {
			hits = append(hits, struct {
				c int
				e string
			}{c, e})
		})
		m.mu.RLock()
		for _, h := range hits {
			if h.c >= len(seen) {
				continue // a class added meanwhile
			}
			st := out[m.classes[h.c]]
			st.Hits++
			st.EntryHits[h.e]++
			if !seen[h.c] {
				seen[h.c] = true
				st.PagesHit++
			}
		}
		m.mu.RUnlock()
	}
	return out
}
