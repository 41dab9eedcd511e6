package zoo

import (
	"maps"
	"slices"
)

// dictionaries builds the seed list of every dictionary class the SOD
// uses, as incomplete and noisy as real gazetteers: 10–40 % of the
// distinct true values (at least two), as many of the look-alike values
// of sidebars and ads (a gazetteer knows popular names), names that are
// on no page, a few values of another class that are on the pages, and
// words of the page chrome ("Home", "Sign in"). It returns the lists and,
// per class, the share of true values listed.
func (s *state) dictionaries(spec *sodSpec, shown []record) (map[string][]string, map[string]float64) {
	r := s.r
	facts := map[string][]string{} // class -> facts of SOD fields using it
	for _, f := range spec.fields {
		if f.rec == "dictionary" && !slices.Contains(facts[f.arg], f.fact) {
			facts[f.arg] = append(facts[f.arg], f.fact)
		}
	}
	out := map[string][]string{}
	cov := map[string]float64{}
	for _, c := range slices.Sorted(maps.Keys(facts)) {
		truth := distinctValues(shown, facts[c])
		var lookFacts []string
		for _, f := range s.dom.facts {
			if f.class == c {
				lookFacts = append(lookFacts, f.key)
			}
		}
		look := distinctValues(s.others, lookFacts)
		onPage := map[string]bool{}
		for _, v := range append(slices.Clone(truth), look...) {
			onPage[v] = true
		}
		share := float64(r.between(10, 40)) / 100
		k := max(min(2, len(truth)), int(share*float64(len(truth))+0.5))
		list := pickN(r, truth, k)
		cov[c] = float64(len(list)) / float64(max(1, len(truth)))
		for _, v := range look {
			if !slices.Contains(truth, v) && r.chance(share) {
				list = append(list, v)
			}
		}
		list = append(list, s.noise(c, onPage, shown, max(2, len(list)/8))...)
		slices.Sort(list)
		out[c] = slices.Compact(list)
	}
	return out, cov
}

// noise draws n entries that belong in no true record: names of the class
// on no page, values of another class that are on the pages, chrome words.
func (s *state) noise(c string, onPage map[string]bool, shown []record, n int) []string {
	r := s.r
	var out []string
	if gen := s.dom.names[c]; gen != nil {
		for tries := 0; len(out) < n && tries < 20*n; tries++ {
			if v := gen(r); !onPage[v] && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	if wrong := distinctValues(shown, s.dom.wrong[c]); len(wrong) > 0 {
		out = append(out, pickN(r, wrong, r.between(1, 3))...)
	}
	words := append(slices.Clone(chromeWords), s.dom.nav...)
	return append(out, pickN(r, words, r.between(1, 3))...)
}

// distinctValues lists the distinct values of facts in recs (addresses as
// their truth value), in first-seen order.
func distinctValues(recs []record, facts []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, rec := range recs {
		for _, k := range facts {
			vs := rec[k]
			if len(vs) == 2 && k == "address" {
				vs = []string{address{vs[0], vs[1]}.full()}
			}
			for _, v := range vs {
				if !seen[v] {
					seen[v] = true
					out = append(out, v)
				}
			}
		}
	}
	return out
}
