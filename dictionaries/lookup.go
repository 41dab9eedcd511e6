package dictionaries

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// Lookup returns the entry of class whose normalised form equals
// Normalize(text), or nil if there is none.
func (s *Store) Lookup(class, text string) (*Entry, error) {
	idx, err := s.index(class, false)
	if err != nil {
		return nil, err
	}
	norm := Normalize(text)
	if norm == "" {
		return nil, nil
	}
	r, err := indexReader(idx)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	e, err := readEntry(r, norm)
	if e != nil || err != nil {
		return e, err
	}
	bs, err := s.classBulk(class)
	if err != nil {
		return nil, err
	}
	return bs.entry(norm)
}

// Hit is an entry found by Search.
type Hit struct {
	Class string
	Entry *Entry
	// Exact is true when the entry's normalised form equals the query's.
	Exact bool
	// Score is Bleve's relevance score.
	Score float64
}

// Search looks text up in class for near misses as well as exact matches:
// the exact normalised form, forms within an edit distance (1 for short
// queries, 2 from 8 characters), forms it prefixes, and entries holding all
// its words. Up to limit hits are returned, best first.
func (s *Store) Search(class, text string, limit int) ([]Hit, error) {
	idx, err := s.index(class, false)
	if err != nil {
		return nil, err
	}
	norm := Normalize(text)
	if norm == "" {
		return nil, nil
	}
	if limit <= 0 {
		limit = 10
	}
	bs, err := s.classBulk(class)
	if err != nil {
		return nil, err
	}
	bleveLimit := limit
	if len(bs.segs) > 0 {
		// Bleve's and the segments' hits are ranked together by
		// nearScore: ask Bleve for more than it would return alone.
		bleveLimit = 4 * limit
	}
	exact := bleve.NewTermQuery(norm)
	exact.SetField(fieldNorm)
	exact.SetBoost(10)
	fuzzy := bleve.NewFuzzyQuery(norm)
	fuzzy.SetField(fieldNorm)
	fuzzy.Fuzziness = 1
	if len(norm) >= 8 {
		fuzzy.Fuzziness = 2
	}
	fuzzy.SetBoost(3)
	qs := []query.Query{exact, fuzzy}
	if len(norm) >= 3 {
		prefix := bleve.NewPrefixQuery(norm)
		prefix.SetField(fieldNorm)
		prefix.SetBoost(2)
		qs = append(qs, prefix)
	}
	words := bleve.NewMatchQuery(norm)
	words.SetField(fieldWords)
	words.Analyzer = wordsAnalyzer
	words.SetOperator(query.MatchQueryOperatorAnd)
	qs = append(qs, words)
	req := bleve.NewSearchRequestOptions(bleve.NewDisjunctionQuery(qs...), bleveLimit, 0, false)
	req.Fields = []string{fieldEntry}
	res, err := idx.Search(req)
	if err != nil {
		return nil, fmt.Errorf("class %s: %w", class, err)
	}
	hits := make([]Hit, 0, len(res.Hits))
	for _, h := range res.Hits {
		js, _ := h.Fields[fieldEntry].(string)
		e := new(Entry)
		if err := json.Unmarshal([]byte(js), e); err != nil {
			return nil, fmt.Errorf("class %s: entry %q: %w", class, h.ID, err)
		}
		hits = append(hits, Hit{Class: class, Entry: e, Exact: e.Norm == norm, Score: h.Score})
	}
	if len(bs.segs) == 0 {
		return hits, nil
	}
	return s.searchBulk(class, bs, norm, hits, limit)
}

// Entries calls fn with every entry of class in order of normalised form,
// stopping at fn's first error.
func (s *Store) Entries(class string, fn func(*Entry) error) error {
	idx, err := s.index(class, false)
	if err != nil {
		return err
	}
	r, err := indexReader(idx)
	if err != nil {
		return err
	}
	defer r.Close()
	// The entry ID is its normalised form, which the norm field's term
	// dictionary lists in order; entries are never deleted, so every term
	// names a live entry. The bulk segments' norms merge in, the Bleve
	// document winning over a segment's record of the same name.
	d, err := r.FieldDict(fieldNorm)
	if err != nil {
		return err
	}
	defer d.Close()
	bs, err := s.classBulk(class)
	if err != nil {
		return err
	}
	its := []sortedIter{&dictIter{d: d}}
	for _, g := range bs.segs {
		its = append(its, &segIter{g: g})
	}
	return mergeSorted(its, func(key string, src int, val uint64) error {
		var e *Entry
		var err error
		if src == 0 {
			e, err = readEntry(r, key)
		} else {
			e, err = bs.segs[src-1].entry(val)
		}
		if err != nil {
			return err
		}
		if e == nil {
			return nil
		}
		return fn(e)
	})
}

// dictIter walks a Bleve term dictionary as a sortedIter.
type dictIter struct{ d index.FieldDict }

func (i *dictIter) next() (string, uint64, bool, error) {
	de, err := i.d.Next()
	if err != nil || de == nil {
		return "", 0, false, err
	}
	return de.Term, de.Count, true, nil
}

// Export writes the entries of class to w as a plain list (original forms)
// or as TSV (original form, count, confidence), in order of normalised form.
// An exported TSV imports back to the same entries, counts and confidences.
func (s *Store) Export(class string, w io.Writer, f Format) (int, error) {
	n := 0
	err := s.Entries(class, func(e *Entry) error {
		orig := strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(e.Original)
		var err error
		if f == FormatTSV {
			_, err = fmt.Fprintf(w, "%s\t%d\t%s\n", orig, e.Count, strconv.FormatFloat(e.Confidence, 'g', 4, 64))
		} else {
			_, err = fmt.Fprintln(w, orig)
		}
		n++
		return err
	})
	return n, err
}

// indexReader opens a reader on a class index's segments; the caller
// closes it.
func indexReader(idx bleve.Index) (index.IndexReader, error) {
	adv, err := idx.Advanced()
	if err != nil {
		return nil, err
	}
	return adv.Reader()
}
