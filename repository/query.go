package repository

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// Op is the operator of a restriction.
type Op string

// The operators of restrictions.
const (
	OpEq    Op = "=" // exact: the value, its normalised form, or the number or date it denotes
	OpMatch Op = "~" // full text: every word of the value, in any order
	OpLt    Op = "<" // ranges, on numeric and date fields
	OpLe    Op = "<="
	OpGt    Op = ">"
	OpGe    Op = ">="
)

// Pseudo-fields every object has, usable in restrictions like SOD fields.
const (
	// PseudoText is the visible text of the object's source page:
	// _text~words (all the words, in any order).
	PseudoText = "_text"
	// PseudoSource is the source's name: _source=name.
	PseudoSource = "_source"
	// PseudoPage is the page's path in its source: _page=0003.htm.
	PseudoPage = "_page"
	// PseudoConf is the object's extraction confidence: _conf>=0.9.
	PseudoConf = "_conf"
)

// Restriction is one condition of a query by example: FIELD OP VALUE, where
// FIELD is an SOD field path (credits.name), optionally qualified by its
// SOD's name (book.author), or a pseudo-field.
type Restriction struct {
	// SOD qualifies the field; "" when it is unqualified.
	SOD   string
	Field string
	Op    Op
	Value string
}

func (r Restriction) String() string {
	f := r.Field
	if r.SOD != "" {
		f = r.SOD + "." + f
	}
	return fmt.Sprintf("%s%s%q", f, r.Op, r.Value)
}

// FieldRef names a field of an SOD: "book.author".
type FieldRef struct {
	SOD, Field string
}

func (f FieldRef) String() string { return f.SOD + "." + f.Field }

// Join pairs the objects of two SODs whose fields share a value (compared
// as exact keys: case, diacritics and punctuation folded).
type Join struct {
	Left, Right FieldRef
}

// Query is a query by example over the repository.
type Query struct {
	// SODs whose objects are wanted; empty: every SOD that has the
	// restricted fields. With a Join, the join's two SODs.
	SODs []string
	// Sources restricts the objects to these sources (any SOD).
	Sources []string
	// Where are the restrictions; all must hold.
	Where []Restriction
	// Keywords must all occur in the text of the object's source page
	// (same as the restriction _text~Keywords on the first SOD).
	Keywords string
	// Join, when set, makes every result a pair of objects.
	Join *Join
	// Limit is how many results to return (default 20); Offset how many
	// of the best to skip.
	Limit, Offset int
	// Explain asks for each result's explanation.
	Explain bool
}

// restrictionRE splits FIELD OP VALUE; FIELD is [SOD.]path or a pseudo-field.
var restrictionRE = regexp.MustCompile(`^\s*([A-Za-z0-9_][A-Za-z0-9_.-]*)\s*(<=|>=|=|~|<|>)\s*(.*?)\s*$`)

// ParseRestriction parses "FIELD OP VALUE": author=Meyer, title~window,
// price<20, date>=2010-01-01, book.author=Meyer, _text~"sold out". Double
// quotes around the value are removed. Whether FIELD exists is checked
// when the query runs.
func ParseRestriction(s string) (Restriction, error) {
	m := restrictionRE.FindStringSubmatch(s)
	if m == nil {
		return Restriction{}, fmt.Errorf("restriction %q: expected FIELD OP VALUE with OP one of = ~ < <= > >= (e.g. author=Meyer, price<20, title~window)", s)
	}
	val := m[3]
	if len(val) >= 2 && val[0] == '"' && val[len(val)-1] == '"' {
		val = val[1 : len(val)-1]
	}
	if strings.TrimSpace(val) == "" {
		return Restriction{}, fmt.Errorf("restriction %q: no value after %s", s, m[2])
	}
	r := Restriction{Field: m[1], Op: Op(m[2]), Value: val}
	// A qualifier is split off only when it is followed by a pseudo-field
	// or when the query names the SOD (resolve does the rest).
	return r, nil
}

// ParseJoin parses "SOD.FIELD=SOD.FIELD", e.g. concert.artist=book.author.
func ParseJoin(s string) (*Join, error) {
	l, r, ok := strings.Cut(s, "=")
	bad := fmt.Errorf("join %q: expected SOD.FIELD=SOD.FIELD, e.g. concert.artist=book.author", s)
	if !ok {
		return nil, bad
	}
	ls, lf, ok1 := strings.Cut(strings.TrimSpace(l), ".")
	rs, rf, ok2 := strings.Cut(strings.TrimSpace(r), ".")
	if !ok1 || !ok2 || ls == "" || lf == "" || rs == "" || rf == "" {
		return nil, bad
	}
	if ls == rs {
		return nil, fmt.Errorf("join %q: the two sides must be different SODs", s)
	}
	return &Join{Left: FieldRef{SOD: ls, Field: lf}, Right: FieldRef{SOD: rs, Field: rf}}, nil
}

// isPseudo reports whether a field name is one of the pseudo-fields.
func isPseudo(f string) bool {
	switch f {
	case PseudoText, PseudoSource, PseudoPage, PseudoConf:
		return true
	}
	return false
}

// The bounds of a query (Query.Check). A query is what a user, or anyone
// who reaches `serve`, types: each bound keeps one query's time and memory
// small whatever it holds.
const (
	// MaxLimit is the most results one query returns.
	MaxLimit = 10000
	// MaxOffset is the most results a query may skip: pages of results
	// beyond it are not served (Offset+Limit hits are ranked in memory).
	MaxOffset = 100000
	// MaxQueryBytes bounds the text of a query: its keywords, restriction
	// values, SOD and source names together.
	MaxQueryBytes = 4096
	// MaxQueryTerms bounds the distinct words of a query's full-text parts
	// (keywords and ~ restrictions); each is a term Bleve searches.
	MaxQueryTerms = 64
	// MaxRestrictions bounds the restrictions and the sources of a query.
	MaxRestrictions = 64
)

// Check reports the first bound q exceeds (MaxLimit, MaxOffset,
// MaxQueryBytes, MaxQueryTerms, MaxRestrictions), or a negative offset or
// limit, with a clear error. Search checks every query first.
func (q *Query) Check() error {
	switch {
	case q.Offset < 0:
		return fmt.Errorf("offset %d is negative", q.Offset)
	case q.Offset > MaxOffset:
		return fmt.Errorf("offset %d is too large (at most %d results are skipped; restrict the query instead)", q.Offset, MaxOffset)
	case q.Limit < 0:
		return fmt.Errorf("limit %d is negative", q.Limit)
	case q.Limit > MaxLimit:
		return fmt.Errorf("limit %d is too large (at most %d results per query)", q.Limit, MaxLimit)
	case len(q.Where) > MaxRestrictions:
		return fmt.Errorf("%d restrictions: at most %d per query", len(q.Where), MaxRestrictions)
	case len(q.Sources) > MaxRestrictions:
		return fmt.Errorf("%d sources named: at most %d per query", len(q.Sources), MaxRestrictions)
	case len(q.SODs) > MaxRestrictions:
		return fmt.Errorf("%d SODs named: at most %d per query", len(q.SODs), MaxRestrictions)
	}
	size := len(q.Keywords)
	for _, s := range q.SODs {
		size += len(s)
	}
	for _, s := range q.Sources {
		size += len(s)
	}
	for _, w := range q.Where {
		size += len(w.SOD) + len(w.Field) + len(w.Value)
	}
	if size > MaxQueryBytes {
		return fmt.Errorf("query of %d bytes is too long (at most %d bytes of keywords, values and names)", size, MaxQueryBytes)
	}
	terms := map[string]bool{}
	count := func(s string) {
		for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) }) {
			terms[w] = true
		}
	}
	count(q.Keywords)
	for _, w := range q.Where {
		if w.Op == OpMatch {
			count(w.Value)
		}
	}
	if len(terms) > MaxQueryTerms {
		return fmt.Errorf("query of %d distinct words is too long (at most %d words in keywords and ~ restrictions)", len(terms), MaxQueryTerms)
	}
	return nil
}
