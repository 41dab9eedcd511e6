package records

import (
	"slices"
	"strings"
	"unicode"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"golang.org/x/net/html"
)

// recordTypes are the SOD's entity types as record segmentation sees them.
type recordTypes struct {
	names     []string
	index     map[string]int
	mandatory []int // types some mandatory field path requires in every object
	single    []int // types of fields with at most one instance per object
}

// recordTypesOf collects the entity types below s.Root, leaving out the
// root's page-scope fields (a team heading above a roster is no part of a
// record). A type is mandatory when every field on its path has Min ≥ 1,
// and single when every field on its path has Max 1; alternatives of a
// disjunction are never mandatory.
func recordTypesOf(s *sod.SOD) recordTypes {
	rt := recordTypes{index: map[string]int{}}
	add := func(name string, mandatory, single bool) {
		i, ok := rt.index[name]
		if !ok {
			i = len(rt.names)
			rt.index[name] = i
			rt.names = append(rt.names, name)
		}
		if mandatory && !slices.Contains(rt.mandatory, i) {
			rt.mandatory = append(rt.mandatory, i)
		}
		if single && !slices.Contains(rt.single, i) {
			rt.single = append(rt.single, i)
		}
	}
	var walk func(t *sod.Type, mandatory, single bool, depth int)
	walk = func(t *sod.Type, mandatory, single bool, depth int) {
		if t == nil || depth > 64 {
			return
		}
		switch t.Kind {
		case sod.Entity:
			add(t.Name, mandatory, single)
		case sod.Tuple:
			for _, f := range t.Fields {
				if depth == 0 && f.PageScope {
					continue // one value per page, outside the records
				}
				walk(f.Type, mandatory && f.Mult.Min >= 1, single && f.Mult.Max == 1, depth+1)
			}
		case sod.Disjunction:
			for _, a := range t.Alternatives {
				walk(a, false, single, depth+1)
			}
		}
	}
	walk(s.Root, true, true, 0)
	if len(rt.mandatory) == 0 { // every field optional: any type counts
		for i := range rt.names {
			rt.mandatory = append(rt.mandatory, i)
		}
	}
	// A type that is also reachable through a set-valued field is not single.
	var multi func(t *sod.Type, many bool, depth int)
	multi = func(t *sod.Type, many bool, depth int) {
		if t == nil || depth > 64 {
			return
		}
		switch t.Kind {
		case sod.Entity:
			if i, ok := rt.index[t.Name]; ok && many {
				rt.single = recordWithout(rt.single, i)
			}
		case sod.Tuple:
			for _, f := range t.Fields {
				multi(f.Type, many || f.Mult.Many(), depth+1)
			}
		case sod.Disjunction:
			for _, a := range t.Alternatives {
				multi(a, many, depth+1)
			}
		}
	}
	multi(s.Root, false, 0)
	return rt
}

func recordWithout(xs []int, x int) []int {
	out := xs[:0]
	for _, y := range xs {
		if y != x {
			out = append(out, y)
		}
	}
	return out
}

// recordPage is one sample page prepared for scoring.
type recordPage struct {
	p *annotate.Page
	// counts holds, per node, the number of annotations of each type in its
	// subtree (only nodes with at least one); weights the sum of their
	// novelty weights (see recordTextPages).
	counts  map[*html.Node][]int32
	weights map[*html.Node][]float64
	// mandatory is the number of annotations of mandatory types on the page.
	mandatory int
}

// recordTextStat is what the sample says of one annotated text: on how many
// pages it is, and whether its number of annotated nodes varies from one
// of those pages to another.
type recordTextStat struct {
	pages  int
	varies bool
	per    int // the count on the first page (to tell whether it varies)
}

// recordTextPages counts, for the text of every annotated node, the
// sample pages where it is annotated. A text annotated on more than half
// of the pages (and on at least three), as many times on each, is page
// template, such as a fixed sidebar of featured items, not data (ExAlg's
// view: what every page repeats with the same occurrence count is
// template), and its annotations are ignored. A text that recurs as
// often but a varying number of times is a value from a small set (a
// player's position, "C" on three rows of one page and one of the next)
// and stays. The others weigh 1/k for a text on k pages: a record's values
// are new on every page, while boxes of other records ("customers also
// viewed", a featured strip, facets) show values drawn from a smaller set
// again and again.
func recordTextPages(pages []*annotate.Page) (texts map[string]*recordTextStat, inst map[string]int, n int) {
	texts = map[string]*recordTextStat{}
	inst = map[string]int{}
	for _, p := range pages {
		if p == nil || p.Doc == nil {
			continue
		}
		n++
		onPage := map[string]int{}
		seen := map[*html.Node]bool{}
		vals := map[string]bool{}
		for _, an := range p.Annotations {
			if an == nil || an.Node == nil {
				continue
			}
			// The novelty of a value is that of its instance, wherever
			// it sits: "PG" in "Howie Dallmar, PG – 28.8 ppg" is as old
			// as a cell holding "PG" alone.
			if v := recordInstance(an); v != "" && !vals[v] {
				vals[v] = true
				inst[v]++
			}
			if !seen[an.Node] {
				seen[an.Node] = true
				onPage[strings.TrimSpace(an.Node.Data)]++
			}
		}
		for t, c := range onPage {
			rt := texts[t]
			if rt == nil {
				rt = &recordTextStat{per: c}
				texts[t] = rt
			}
			rt.pages++
			if c != rt.per {
				rt.varies = true
			}
		}
	}
	return texts, inst, n
}

// recordInstance returns the text an annotation matched, "" for none.
func recordInstance(an *annotate.Annotation) string {
	if an == nil || an.Node == nil || an.Start < 0 || an.End > len(an.Node.Data) || an.Start >= an.End {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(an.Node.Data[an.Start:an.End]))
}

// recordPrepare indexes the annotations of p by node, leaving out those on
// constant text and weighing the others by their novelty.
func recordPrepare(p *annotate.Page, rt recordTypes, textPages map[string]*recordTextStat, inst map[string]int, n int) *recordPage {
	rp := &recordPage{p: p, counts: map[*html.Node][]int32{}, weights: map[*html.Node][]float64{}}
	for _, an := range p.Annotations {
		if an == nil || an.Node == nil {
			continue
		}
		k, varies := 1, false
		if rt := textPages[strings.TrimSpace(an.Node.Data)]; rt != nil {
			k, varies = max(1, rt.pages), rt.varies
		}
		if k >= 3 && 2*k > n && !varies {
			continue
		}
		k = max(1, inst[recordInstance(an)])
		ti, ok := rt.index[an.Type]
		if !ok {
			continue
		}
		if slices.Contains(rt.mandatory, ti) {
			rp.mandatory++
		}
		for n := an.Node; n != nil; n = n.Parent {
			c := rp.counts[n]
			if c == nil {
				c = make([]int32, len(rt.names))
				rp.counts[n] = c
				rp.weights[n] = make([]float64, len(rt.names))
			}
			c[ti]++
			rp.weights[n][ti] += 1 / float64(k)
		}
	}
	return rp
}

// recordWords splits text into lower-case word tokens with surrounding
// punctuation trimmed (the tokens of seed 002's repetition count).
func recordWords(text string, f func(string)) {
	for _, w := range strings.Fields(text) {
		w = strings.TrimFunc(w, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) })
		if w != "" {
			f(strings.ToLower(w))
		}
	}
}
