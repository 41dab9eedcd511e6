package zoo

import (
	"slices"
	"strings"
)

// Helpers the domains share to draw their SODs and records.

// pool returns a per-source pool of n values drawn from gen (publishers,
// venues, teams recur across records as on real sites).
func (s *state) pool(kind string, n int, gen func() string) []string {
	if p, ok := s.pools[kind]; ok {
		return p
	}
	var p []string
	for range n {
		p = append(p, s.r.unique(kind, gen))
	}
	s.pools[kind] = p
	return p
}

// shown reports whether the template shows fact key on its pages: as a
// row, combined in a row, as the heading, or once per list page.
func (s *state) shown(key string) bool {
	if key == s.dom.heading || s.list && key == s.dom.pageFact {
		return true
	}
	for _, rw := range s.t.rows {
		for _, k := range rw.keys {
			if k == key {
				return true
			}
		}
	}
	return false
}

// mult draws the multiplicity a newcomer writes for fact key: optional
// when the fact is absent from some records (sometimes also when it is
// not: the user does not know the site), a set for multi-valued facts.
func (s *state) mult(key string) string {
	set := s.dom.fact(key).kind == multi
	opt := false
	if _, ok := s.presence[key]; ok {
		opt = true
	} else if s.r.chance(0.15) {
		opt = true
	}
	switch {
	case set && opt:
		return "*"
	case set:
		return "+"
	case opt:
		return "?"
	}
	return "1"
}

// sodField draws a field for fact key with one of the names a newcomer
// might choose.
func (s *state) sodField(key string, names []string, rec, arg string) sodField {
	names = slices.DeleteFunc(slices.Clone(names), func(n string) bool { return n == s.dom.object })
	return sodField{name: pick(s.r, names), fact: key, mult: s.mult(key), rec: rec, arg: arg}
}

// newSpec starts an SOD for the domain's root type.
func (s *state) newSpec() *sodSpec {
	sp := &sodSpec{object: s.dom.object, objects: "1"}
	kind := "detail pages: one " + s.dom.object + " per page"
	if s.list {
		sp.objects = "*"
		kind = "list pages: many " + s.dom.object + "s per page, some pages have none"
	}
	sp.comment = s.dom.name + " from " + s.site.name + " (" + kind + ")"
	if s.r.chance(0.5) {
		sp.name = s.dom.name + "-" + strings.ToLower(s.site.name)
	}
	return sp
}

// addIfShown appends f to sp when the template shows its fact.
func (s *state) addIfShown(sp *sodSpec, f sodField) {
	if s.shown(f.fact) {
		sp.fields = append(sp.fields, f)
	}
}

// optionalFacts draws, for each fact, the share of records that show it.
func (s *state) optionalFacts(lo, hi float64, keys ...string) {
	for _, k := range keys {
		s.presence[k] = lo + s.r.Float64()*(hi-lo)
	}
	if len(keys) > 0 {
		s.tag("optional-rows")
	}
}

// distractors marks facts the domain's SODs never ask for.
func (s *state) distractors(keys ...string) {
	for _, k := range keys {
		s.extra["distractor:"+k] = true
	}
}

// hide marks facts the template does not show at all.
func (s *state) hide(keys ...string) {
	for _, k := range keys {
		s.extra["hide:"+k] = true
	}
}
