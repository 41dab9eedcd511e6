package repository

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

// Kind says how the values of a field are indexed and which restrictions
// apply to it.
type Kind int

const (
	// Text values (names, titles, addresses: dictionary, regex and address
	// recognizers) are indexed for full-text search (~) and exact match (=).
	Text Kind = iota
	// Keyword values (identifiers: ISBN, phone, e-mail, URL, clock time)
	// are matched exactly (=) on their text and their normalised form.
	Keyword
	// Numeric values (price, number, percent, year) also answer ranges
	// (<, <=, >, >=) on the recognizer's normalised number.
	Numeric
	// Date values also answer ranges on the recognizer's ISO date.
	Date
)

func (k Kind) String() string {
	switch k {
	case Text:
		return "text"
	case Keyword:
		return "keyword"
	case Numeric:
		return "numeric"
	case Date:
		return "date"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Field is one queryable field of an SOD: an entity or disjunction field,
// at the root or inside a nested tuple.
type Field struct {
	// Path is the field's dotted path from the root ("credits.name").
	Path string
	// Kind decides how its values are indexed.
	Kind Kind
	// Predefined is the predefined recognizer that normalises its values
	// ("price", "date", …), or "" (several for a disjunction are not kept).
	Predefined string
	// Many is set when an object can hold several values (a set field or a
	// field of a nested set of tuples).
	Many bool
}

// kindOf maps a predefined recognizer to the way its values are indexed.
func kindOf(predefined string) Kind {
	switch strings.ToLower(predefined) {
	case "price", "number", "percent", "year":
		return Numeric
	case "date":
		return Date
	case "isbn", "isbn10", "isbn13", "phone", "email", "url", "time":
		return Keyword
	}
	return Text
}

// entityKind returns the kind and predefined recognizer of an entity or
// disjunction type: a disjunction whose alternatives agree takes their kind,
// otherwise it is Text.
func entityKind(t *sod.Type) (Kind, string) {
	switch t.Kind {
	case sod.Entity:
		if t.Recognizer != nil && t.Recognizer.Kind == sod.Predefined {
			return kindOf(t.Recognizer.Name), strings.ToLower(t.Recognizer.Name)
		}
		return Text, ""
	case sod.Disjunction:
		var kind Kind
		var pre string
		for i, a := range t.Alternatives {
			k, p := entityKind(a)
			if i == 0 {
				kind, pre = k, p
				continue
			}
			if k != kind {
				return Text, ""
			}
			if p != pre {
				pre = ""
			}
		}
		return kind, pre
	}
	return Text, ""
}

// Fields lists the queryable fields of s in SOD order: every entity or
// disjunction field of the root tuple and of nested tuples, by dotted path.
// An SOD whose root is an entity has one field named after it.
func Fields(s *sod.SOD) []Field {
	if s == nil || s.Root == nil {
		return nil
	}
	if s.Root.Kind != sod.Tuple {
		k, p := entityKind(s.Root)
		return []Field{{Path: s.Root.Name, Kind: k, Predefined: p}}
	}
	var out []Field
	var add func(prefix string, t *sod.Type, many bool)
	add = func(prefix string, t *sod.Type, many bool) {
		for _, f := range t.Fields {
			path := prefix + f.Name
			m := many || f.Mult.Many()
			if f.Type.Kind == sod.Tuple {
				add(path+".", f.Type, m)
				continue
			}
			k, p := entityKind(f.Type)
			out = append(out, Field{Path: path, Kind: k, Predefined: p, Many: m})
		}
	}
	add("", s.Root, false)
	return out
}

// normalizer gives the predefined recognizers' canonical forms of texts that
// were extracted (or typed in a query) without one.
type normalizer struct {
	recs map[string]recognizers.Recognizer
}

func newNormalizer() *normalizer { return &normalizer{recs: map[string]recognizers.Recognizer{}} }

// normalize returns the canonical form of text under the predefined
// recognizer name: the normalised form of the longest match, or "".
func (n *normalizer) normalize(name, text string) string {
	if name == "" || text == "" {
		return ""
	}
	r, ok := n.recs[name]
	if !ok {
		var err error
		if r, err = recognizers.NewPredefined(name); err != nil {
			r = nil
		}
		n.recs[name] = r
	}
	if r == nil {
		return ""
	}
	ms, err := r.Find(text)
	if err != nil {
		return ""
	}
	best, bestLen := "", 0
	for _, m := range ms {
		if l := m.End - m.Start; l > bestLen && m.Normalized != "" {
			best, bestLen = m.Normalized, l
		}
	}
	return best
}

// exactKey is the form under which values are matched exactly and joined:
// the dictionaries' normalisation (case, diacritics and punctuation folded).
func exactKey(s string) string { return dictionaries.Normalize(s) }

// parseNumber reads a normalised numeric form: "24.75 USD", "1234.5",
// "46%", "2010".
func parseNumber(norm string) (float64, bool) {
	s := strings.TrimSpace(norm)
	if i := strings.IndexByte(s, ' '); i > 0 {
		s = s[:i]
	}
	s = strings.TrimSuffix(s, "%")
	s = strings.ReplaceAll(s, ",", "")
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}

// dateInterval reads an ISO date as the half-open interval it names:
// "2010" a year, "2010-06" a month, "2010-06-13" a day,
// "2010-06-13T20:00" a minute (seconds likewise). A date without a year
// ("--07-13") or anything else gives ok false.
func dateInterval(s string) (start, end time.Time, ok bool) {
	s = strings.TrimSpace(s)
	layouts := []struct {
		layout string
		step   func(time.Time) time.Time
	}{
		{"2006-01-02T15:04:05", func(t time.Time) time.Time { return t.Add(time.Second) }},
		{"2006-01-02T15:04", func(t time.Time) time.Time { return t.Add(time.Minute) }},
		{"2006-01-02", func(t time.Time) time.Time { return t.AddDate(0, 0, 1) }},
		{"2006-01", func(t time.Time) time.Time { return t.AddDate(0, 1, 0) }},
		{"2006", func(t time.Time) time.Time { return t.AddDate(1, 0, 0) }},
	}
	for _, l := range layouts {
		if len(s) != len(l.layout) {
			continue
		}
		t, err := time.Parse(l.layout, s)
		if err == nil {
			return t, l.step(t), true
		}
	}
	return time.Time{}, time.Time{}, false
}
