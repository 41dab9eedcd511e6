package repository

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"
)

// side is what one SOD (or, without a join, several) contributes to a
// query: a filter that does not score (the SOD, sources, exact values,
// ranges) and the full-text parts that do.
type side struct {
	sods    []*SODInfo
	entries []*SourceEntry
	// filter selects the objects; scoring parts rank them (empty: ranked
	// by confidence alone).
	filter  query.Query
	scoring []query.Query
	// filters and scores describe the parts, for explanations.
	filters, scores []string
}

func (s *side) names() []string {
	out := make([]string, len(s.sods))
	for i, x := range s.sods {
		out[i] = x.Name
	}
	return out
}

// plan resolves a query against the repository's SODs into one side, or
// two for a join.
func (r *Reader) plan(q *Query) ([]*side, error) {
	if len(r.sods) == 0 {
		return nil, fmt.Errorf("repository %s holds no objects yet", r.dir)
	}
	for _, n := range q.SODs {
		if r.sods[n] == nil {
			return nil, fmt.Errorf("no SOD %q in the repository (SODs: %s)", n, strings.Join(r.SODs(), ", "))
		}
	}
	where := append([]Restriction(nil), q.Where...)
	if strings.TrimSpace(q.Keywords) != "" {
		where = append(where, Restriction{Field: PseudoText, Op: OpMatch, Value: q.Keywords})
	}
	if q.Join != nil {
		return r.planJoin(q, where)
	}
	// Split qualifiers off: book.author names the SOD book.
	qualified := ""
	for i, w := range where {
		if s, f, ok := r.qualifier(w.Field); ok {
			if qualified != "" && qualified != s {
				return nil, fmt.Errorf("restrictions name two SODs (%s, %s): use --join to combine them", qualified, s)
			}
			qualified = s
			where[i].SOD, where[i].Field = s, f
		}
	}
	var sods []*SODInfo
	switch {
	case qualified != "":
		if len(q.SODs) > 0 && !contains(q.SODs, qualified) {
			return nil, fmt.Errorf("a restriction names SOD %s, which the query does not select (%s)", qualified, strings.Join(q.SODs, ", "))
		}
		sods = []*SODInfo{r.sods[qualified]}
	case len(q.SODs) > 0:
		for _, n := range q.SODs {
			sods = append(sods, r.sods[n])
		}
	default:
		for _, n := range r.SODs() {
			if r.hasFields(r.sods[n], where) {
				sods = append(sods, r.sods[n])
			}
		}
		if len(sods) == 0 {
			return nil, fmt.Errorf("no SOD has every field the restrictions name (%s)", r.describeFields())
		}
	}
	sd, err := r.buildSide(sods, where, q.Sources)
	if err != nil {
		return nil, err
	}
	return []*side{sd}, nil
}

// planJoin assigns each restriction to one side of a join.
func (r *Reader) planJoin(q *Query, where []Restriction) ([]*side, error) {
	j := q.Join
	for _, ref := range []FieldRef{j.Left, j.Right} {
		s := r.sods[ref.SOD]
		if s == nil {
			return nil, fmt.Errorf("join: no SOD %q in the repository (SODs: %s)", ref.SOD, strings.Join(r.SODs(), ", "))
		}
		if _, ok := s.Field(ref.Field); !ok {
			return nil, fmt.Errorf("join: SOD %s has no field %q (fields: %s)", ref.SOD, ref.Field, fieldList(s))
		}
	}
	left, right := r.sods[j.Left.SOD], r.sods[j.Right.SOD]
	var lw, rw []Restriction
	for _, w := range where {
		if s, f, ok := r.qualifier(w.Field); ok {
			w.SOD, w.Field = s, f
		}
		switch {
		case w.SOD == left.Name:
			lw = append(lw, w)
		case w.SOD == right.Name:
			rw = append(rw, w)
		case w.SOD != "":
			return nil, fmt.Errorf("restriction %s: SOD %s is not one of the join's (%s, %s)", w, w.SOD, left.Name, right.Name)
		case isPseudo(w.Field):
			lw = append(lw, w)
		default:
			_, inL := left.Field(w.Field)
			_, inR := right.Field(w.Field)
			switch {
			case inL && inR:
				return nil, fmt.Errorf("restriction %s: both %s and %s have field %s: write %s.%s or %s.%s", w, left.Name, right.Name, w.Field, left.Name, w.Field, right.Name, w.Field)
			case inL:
				lw = append(lw, w)
			case inR:
				rw = append(rw, w)
			default:
				return nil, fmt.Errorf("restriction %s: neither %s (%s) nor %s (%s) has field %s", w, left.Name, fieldList(left), right.Name, fieldList(right), w.Field)
			}
		}
	}
	ls, err := r.buildSide([]*SODInfo{left}, lw, q.Sources)
	if err != nil {
		return nil, err
	}
	rs, err := r.buildSide([]*SODInfo{right}, rw, q.Sources)
	if err != nil {
		return nil, err
	}
	return []*side{ls, rs}, nil
}

// qualifier splits "sod.field" when sod is an SOD of the repository and
// field one of its fields or a pseudo-field.
func (r *Reader) qualifier(f string) (string, string, bool) {
	s, rest, ok := strings.Cut(f, ".")
	if !ok || r.sods[s] == nil {
		return "", "", false
	}
	if _, has := r.sods[s].Field(rest); has || isPseudo(rest) {
		// An unqualified field of that name wins when the SOD has it
		// (a field "book.x" of a nested tuple "book").
		if _, plain := r.sods[s].Field(f); plain {
			return "", "", false
		}
		return s, rest, true
	}
	return "", "", false
}

func (r *Reader) hasFields(s *SODInfo, where []Restriction) bool {
	for _, w := range where {
		if isPseudo(w.Field) {
			continue
		}
		if _, ok := s.Field(w.Field); !ok {
			return false
		}
	}
	return true
}

func (r *Reader) describeFields() string {
	var parts []string
	for _, n := range r.SODs() {
		parts = append(parts, n+": "+fieldList(r.sods[n]))
	}
	return strings.Join(parts, "; ")
}

func fieldList(s *SODInfo) string {
	var fs []string
	for _, f := range s.Fields {
		fs = append(fs, f.Path)
	}
	return strings.Join(fs, ", ")
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// buildSide builds the filter and scoring parts of the given SODs.
func (r *Reader) buildSide(sods []*SODInfo, where []Restriction, sources []string) (*side, error) {
	sd := &side{sods: sods}
	norm := newNormalizer()
	var perSOD []query.Query
	restricted := false // a restriction other than an SOD term
	for _, s := range sods {
		// Each index holds one SOD's objects and the side searches only its
		// SODs' indexes: the SOD term is needed only to tell several apart.
		var conj []query.Query
		if len(sods) > 1 {
			conj = append(conj, termQuery(fieldSOD, s.Name))
		}
		for _, w := range where {
			if w.SOD != "" && w.SOD != s.Name {
				continue
			}
			q, scoring, err := restrictionQuery(s, w, norm)
			if err != nil {
				return nil, err
			}
			if scoring {
				continue
			}
			conj = append(conj, q)
		}
		if len(conj) > 0 {
			perSOD = append(perSOD, conjunction(conj))
		}
		if len(sods) == 1 || len(conj) > 1 {
			restricted = true
		}
	}
	// Without a restriction besides the SOD terms, the disjunction of those
	// terms matches every object of the side's indexes: no filter (a
	// full-text query then runs without one, see addFilter).
	var filters []query.Query
	if len(perSOD) > 0 && restricted {
		filters = append(filters, disjunction(perSOD))
	}
	// Scoring parts are the same for every SOD (t.PATH and text).
	for _, w := range where {
		q, scoring, err := restrictionQuery(sods[0], w, norm)
		if err != nil {
			return nil, err
		}
		if scoring {
			sd.scoring = append(sd.scoring, q)
			sd.scores = append(sd.scores, w.String())
		} else {
			sd.filters = append(sd.filters, w.String())
		}
	}
	// Sources: each side keeps the named sources it has.
	var mine []string
	for _, e := range r.manifest.Sources {
		if !containsSOD(sods, e.SOD) {
			continue
		}
		if len(sources) == 0 || contains(sources, e.Name) {
			sd.entries = append(sd.entries, e)
			mine = append(mine, e.Name)
		}
	}
	if len(sources) > 0 {
		if len(mine) == 0 {
			return nil, fmt.Errorf("no source named %s for SOD %s (sources: %s)", strings.Join(sources, ", "), strings.Join(sd.names(), ", "), strings.Join(r.sourceNames(sods), ", "))
		}
		// Only the chosen sources' indexes are searched: no term needed.
		sd.filters = append(sd.filters, "_source in ("+strings.Join(uniq(mine), ", ")+")")
	}
	switch len(filters) {
	case 0:
		sd.filter = bleve.NewMatchAllQuery()
	default:
		sd.filter = conjunction(filters)
	}
	return sd, nil
}

func containsSOD(sods []*SODInfo, name string) bool {
	for _, s := range sods {
		if s.Name == name {
			return true
		}
	}
	return false
}

func (r *Reader) sourceNames(sods []*SODInfo) []string {
	var out []string
	for _, e := range r.manifest.Sources {
		if containsSOD(sods, e.SOD) {
			out = append(out, e.Name)
		}
	}
	return out
}

func uniq(ss []string) []string {
	out := append([]string(nil), ss...)
	sort.Strings(out)
	n := 0
	for i, s := range out {
		if i == 0 || s != out[n-1] {
			out[n] = s
			n++
		}
	}
	return out[:n]
}

func termQuery(field, term string) query.Query {
	q := bleve.NewTermQuery(term)
	q.SetField(field)
	return q
}

func conjunction(qs []query.Query) query.Query {
	if len(qs) == 1 {
		return qs[0]
	}
	return bleve.NewConjunctionQuery(qs...)
}

func disjunction(qs []query.Query) query.Query {
	if len(qs) == 1 {
		return qs[0]
	}
	return bleve.NewDisjunctionQuery(qs...)
}

// restrictionQuery builds the Bleve query of one restriction on SOD s;
// scoring says whether it takes part in relevance (full-text parts).
func restrictionQuery(s *SODInfo, w Restriction, norm *normalizer) (query.Query, bool, error) {
	switch w.Field {
	case PseudoText:
		if w.Op == OpMatch {
			return matchQuery(fieldText, w.Value), true, nil
		}
		return nil, false, fmt.Errorf("restriction %s: the page text takes ~ (all the words, in any order; phrases are not indexed)", w)
	case PseudoSource, PseudoPage:
		if w.Op != OpEq {
			return nil, false, fmt.Errorf("restriction %s: %s takes = only", w, w.Field)
		}
		return termQuery(strings.TrimPrefix(w.Field, "_"), w.Value), false, nil
	case PseudoConf:
		v, err := strconv.ParseFloat(strings.TrimSpace(w.Value), 64)
		if err != nil {
			return nil, false, fmt.Errorf("restriction %s: %q is not a number", w, w.Value)
		}
		if w.Op == OpMatch {
			return nil, false, fmt.Errorf("restriction %s: _conf takes = < <= > >=", w)
		}
		return numericRange(fieldConf, w.Op, v), false, nil
	}
	f, ok := s.Field(w.Field)
	if !ok {
		return nil, false, fmt.Errorf("restriction %s: SOD %s has no field %q (fields: %s; and %s, %s, %s, %s)", w, s.Name, w.Field,
			fieldList(s), PseudoText, PseudoSource, PseudoPage, PseudoConf)
	}
	if w.Op == OpMatch {
		return matchQuery(subText+pathSep+f.Path, w.Value), true, nil
	}
	switch f.Kind {
	case Numeric:
		v, ok := parseNumber(w.Value)
		if !ok {
			v, ok = parseNumber(norm.normalize(f.Predefined, w.Value))
		}
		if !ok {
			return nil, false, fmt.Errorf("restriction %s: %q is not a number (field %s is numeric)", w, w.Value, f.Path)
		}
		return numericRange(subNumber+pathSep+f.Path, w.Op, v), false, nil
	case Date:
		start, end, ok := dateInterval(w.Value)
		if !ok {
			start, end, ok = dateInterval(norm.normalize("date", w.Value))
		}
		if !ok {
			return nil, false, fmt.Errorf("restriction %s: %q is not a date (write 2010-07-13, 2010-07 or 2010, or a date as the pages show it)", w, w.Value)
		}
		return dateRange(subDate+pathSep+f.Path, w.Op, start, end), false, nil
	}
	if w.Op != OpEq {
		return nil, false, fmt.Errorf("restriction %s: field %s is %s; ranges apply to numeric and date fields", w, f.Path, f.Kind)
	}
	var qs []query.Query
	seen := map[string]bool{}
	for _, k := range []string{exactKey(w.Value), exactKey(norm.normalize(f.Predefined, w.Value))} {
		if k != "" && !seen[k] {
			seen[k] = true
			qs = append(qs, termQuery(subKey+pathSep+f.Path, k))
		}
	}
	if len(qs) == 0 {
		return nil, false, fmt.Errorf("restriction %s: the value has no letter or digit to match", w)
	}
	return disjunction(qs), false, nil
}

func matchQuery(field, text string) query.Query {
	q := bleve.NewMatchQuery(text)
	q.SetField(field)
	q.SetOperator(query.MatchQueryOperatorAnd)
	return q
}

func numericRange(field string, op Op, v float64) query.Query {
	t, f := true, false
	var q *query.NumericRangeQuery
	switch op {
	case OpLt:
		q = bleve.NewNumericRangeInclusiveQuery(nil, &v, nil, &f)
	case OpLe:
		q = bleve.NewNumericRangeInclusiveQuery(nil, &v, nil, &t)
	case OpGt:
		q = bleve.NewNumericRangeInclusiveQuery(&v, nil, &f, nil)
	case OpGe:
		q = bleve.NewNumericRangeInclusiveQuery(&v, nil, &t, nil)
	default:
		q = bleve.NewNumericRangeInclusiveQuery(&v, &v, &t, &t)
	}
	q.SetField(field)
	return q
}

// dateRange restricts a date field by the interval [start, end) a query
// value names: d < start, d < end (<=), d >= end (>), d >= start (>=),
// start <= d < end (=).
func dateRange(field string, op Op, start, end time.Time) query.Query {
	t, f := true, false
	var q *query.DateRangeQuery
	switch op {
	case OpLt:
		q = bleve.NewDateRangeInclusiveQuery(time.Time{}, start, nil, &f)
	case OpLe:
		q = bleve.NewDateRangeInclusiveQuery(time.Time{}, end, nil, &f)
	case OpGt:
		q = bleve.NewDateRangeInclusiveQuery(end, time.Time{}, &t, nil)
	case OpGe:
		q = bleve.NewDateRangeInclusiveQuery(start, time.Time{}, &t, nil)
	default:
		q = bleve.NewDateRangeInclusiveQuery(start, end, &t, &f)
	}
	q.SetField(field)
	return q
}
