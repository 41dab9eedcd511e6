package dictionaries

import (
	"fmt"
	"strings"

	"github.com/blevesearch/bleve/v2"
)

// Observation is one value extracted by a run, offered to a class.
type Observation struct {
	// Value is the extracted text.
	Value string
	// Confidence in (0,1] the extraction gave the value.
	Confidence float64
	// Source, SOD and Page say where it was extracted: the source (page
	// directory), the SOD file and the page.
	Source, SOD, Page string
}

// Limits on grown values: longer ones are extraction errors (a paragraph
// taken for a name), not instances.
const (
	MaxEntryBytes  = 300
	MaxEntryTokens = 32
)

// Refusal is an observation Grow did not add, and why.
type Refusal struct {
	Observation
	Reason string
}

// GrowReport says what Grow did.
type GrowReport struct {
	Class string
	// Observations that created an entry (New), changed one (Updated: a
	// new provenance raising its count, or a higher confidence), or changed
	// nothing (Unchanged: same value, source, SOD and page already recorded).
	New, Updated, Unchanged int
	// Refused observations, each with its reason.
	Refused []Refusal
}

// Grow adds extracted values to class (created if needed) with their
// provenance and confidence. It is idempotent: an observation already
// recorded changes nothing, while the same value seen on another page
// raises its count. Values that cannot be instances are refused with a
// reason: empty once normalised (only punctuation or spaces), longer than
// MaxEntryBytes or MaxEntryTokens, a confidence outside (0,1], or only
// digits in a name class (a class where fewer than half the entries hold a
// digit, unlike ISBN or phone classes; for an empty class, fewer than half
// the observations).
func (s *Store) Grow(class string, obs []Observation) (GrowReport, error) {
	rep := GrowReport{Class: class}
	if s.opts.ReadOnly {
		return rep, fmt.Errorf("dictionary %s is open read-only", s.dir)
	}
	idx, err := s.index(class, true)
	if err != nil {
		return rep, err
	}
	nameClass, known, err := s.isNameClass(class)
	if err != nil {
		return rep, err
	}
	if !known { // an empty class: judge by what is offered
		digits := 0
		for _, o := range obs {
			if hasDigit(Normalize(o.Value)) {
				digits++
			}
		}
		nameClass = digits*2 < len(obs)
	}
	var batch []item
	for _, o := range obs {
		norm := Normalize(o.Value)
		if reason := refuse(o, norm, nameClass); reason != "" {
			rep.Refused = append(rep.Refused, Refusal{Observation: o, Reason: reason})
			continue
		}
		batch = append(batch, item{
			original: strings.Join(strings.Fields(o.Value), " "),
			norm:     norm,
			prov:     Provenance{Kind: "extract", Source: o.Source, SOD: o.SOD, Page: o.Page},
			count:    1,
			conf:     o.Confidence,
		})
		if len(batch) >= s.opts.BatchSize {
			if err := s.growBatch(idx, class, batch, &rep); err != nil {
				return rep, err
			}
			batch = batch[:0]
		}
	}
	if err := s.growBatch(idx, class, batch, &rep); err != nil {
		return rep, err
	}
	return rep, nil
}

func (s *Store) growBatch(idx bleve.Index, class string, batch []item, rep *GrowReport) error {
	res, _, err := s.writeBatch(idx, class, batch)
	if err != nil {
		return err
	}
	rep.New += res.New
	rep.Updated += res.Updated
	rep.Unchanged += res.Unchanged
	return nil
}

// refuse returns why o (normalised to norm) cannot be an instance, or "".
func refuse(o Observation, norm string, nameClass bool) string {
	switch {
	case norm == "":
		if strings.TrimSpace(o.Value) == "" {
			return "empty value"
		}
		return "no letter or digit (only punctuation or symbols)"
	case len(o.Value) > MaxEntryBytes:
		return fmt.Sprintf("too long: %d bytes (at most %d)", len(o.Value), MaxEntryBytes)
	case strings.Count(norm, " ")+1 > MaxEntryTokens:
		return fmt.Sprintf("too long: %d words (at most %d)", strings.Count(norm, " ")+1, MaxEntryTokens)
	case o.Confidence <= 0 || o.Confidence > 1:
		return fmt.Sprintf("confidence %g not in (0,1]", o.Confidence)
	case nameClass && onlyDigits(norm):
		return "only digits, and the class holds names"
	}
	return ""
}

func onlyDigits(norm string) bool {
	for i := 0; i < len(norm); i++ {
		if c := norm[i]; c != ' ' && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// isNameClass reports whether fewer than half of the class's entries hold a
// digit; known is false for an empty class. The verdict on a non-empty
// class is computed once per Store, from the term dictionary.
func (s *Store) isNameClass(class string) (name, known bool, err error) {
	s.mu.Lock()
	v, ok := s.nameClass[class]
	s.mu.Unlock()
	if ok {
		return v, true, nil
	}
	st, err := s.Selectivity(class)
	if err != nil || st.Entries == 0 {
		return false, false, err
	}
	v = st.DigitEntries*2 < st.Entries
	s.mu.Lock()
	s.nameClass[class] = v
	s.mu.Unlock()
	return v, true, nil
}
