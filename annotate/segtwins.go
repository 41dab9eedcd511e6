package annotate

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/net/html"
)

// Twin types. Two fields typed by one recognizer (a headliner and the
// supporting acts, both from the dictionary class "artist") annotate the
// same spans with two types: on a page, their annotations coincide. A
// segment holding one instance then holds "every type" though the page
// shows the class's values in two places, one per field: the segment
// would cut the second field's place away (its values never annotated
// again, the field without slot). FindSegment therefore asks, for each
// group of twin types, that the segment hold as many distinct instances
// as the group has types, or every instance the page has when it has
// fewer.

// twinGroup is a group of types whose annotations coincide on a page, with
// their common spans.
type twinGroup struct {
	types int
	spans []*Annotation // one annotation per distinct span
}

// twinGroups returns the groups of two or more types of p whose
// annotations are the same spans.
func twinGroups(p *Page) []twinGroup {
	byType := map[string][]string{}
	first := map[string]*Annotation{}
	for _, an := range p.Annotations {
		k := spanKey(an)
		byType[an.Type] = append(byType[an.Type], k)
		if first[k] == nil {
			first[k] = an
		}
	}
	bySig := map[string][]string{} // signature -> types
	for t, ks := range byType {
		sort.Strings(ks)
		ks = compactStrings(ks)
		byType[t] = ks
		sig := strings.Join(ks, "\x01")
		bySig[sig] = append(bySig[sig], t)
	}
	sigs := make([]string, 0, len(bySig))
	for sig := range bySig {
		sigs = append(sigs, sig)
	}
	sort.Strings(sigs)
	var out []twinGroup
	for _, sig := range sigs {
		ts := bySig[sig]
		if len(ts) < 2 {
			continue
		}
		g := twinGroup{types: len(ts)}
		for _, k := range byType[ts[0]] {
			g.spans = append(g.spans, first[k])
		}
		out = append(out, g)
	}
	return out
}

// spanKey identifies an annotation's span: its node and offsets.
func spanKey(an *Annotation) string {
	return fmt.Sprintf("%p:%d:%d", an.Node, an.Start, an.End)
}

func compactStrings(s []string) []string {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// holdsTwins reports whether n holds, for each twin group, as many distinct
// spans as the group has types (or all of the group's spans when fewer).
func holdsTwins(groups []twinGroup, n *html.Node) bool {
	for _, g := range groups {
		need := min(g.types, len(g.spans))
		in := 0
		for _, an := range g.spans {
			if within(an.Node, n) {
				in++
			}
		}
		if in < need {
			return false
		}
	}
	return true
}

// within reports whether node c lies under n.
func within(c, n *html.Node) bool {
	for x := c; x != nil; x = x.Parent {
		if x == n {
			return true
		}
	}
	return false
}
