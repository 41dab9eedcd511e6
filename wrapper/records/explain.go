package records

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"github.com/objectrunner/objectrunner/annotate"
)

// explainCandidates bounds the candidate records compared with the
// exemplars to explain a page without records.
const explainCandidates = 200

// WhyNoRecords explains, in words, why Records(p) is empty ("" when it is not).
func (rp *RecordPattern) WhyNoRecords(p *annotate.Page) string {
	if len(rp.exemplars) == 0 || len(rp.steps) == 0 {
		cp := *rp
		if err := cp.init(); err != nil {
			return err.Error()
		}
		rp = &cp
	}
	// Walk the parent path ignoring indices (as Records' fallback does).
	cur := []*html.Node{p.Doc}
	for i, st := range rp.steps {
		var next []*html.Node
		for _, n := range cur {
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == html.ElementNode && c.Data == st.tag {
					next = append(next, c)
				}
			}
		}
		if len(next) == 0 {
			at := "the document"
			if i > 0 {
				at = pathOf(rp.steps[:i])
			}
			return fmt.Sprintf("no list where the records were learned: no <%s> in %s (the records are children of %s)",
				st.tag, at, rp.Parent)
		}
		cur = next
	}
	var open []*html.Node
	for _, par := range cur {
		if !rp.exclude[annotate.NodePath(par)] {
			open = append(open, par)
		}
	}
	if len(open) == 0 {
		return fmt.Sprintf("the only elements at %s are look-alike regions set aside when learning", rp.Parent)
	}
	best, candidates := 0.0, 0
	tags := map[string]int{} // the parents' child elements, by tag
	for _, par := range open {
		for c := par.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				tags[c.Data]++
			}
		}
		for _, g := range recordGroups(par, rp.Head, rp.members) {
			if candidates == explainCandidates {
				break
			}
			candidates++
			if t := recordSkeleton(g, rp.grouped()); t != nil {
				best = max(best, recordBestSimilarity(t, rp.exemplars, 0))
			}
		}
	}
	if candidates == 0 {
		return fmt.Sprintf("the list at %s has no <%s> items (its children: %s)", rp.Parent, rp.Head, tagCounts(tags))
	}
	if best >= rp.Threshold {
		return ""
	}
	// Counts and scores vary from page to page; the reason does not, so
	// that a run groups its pages by it.
	return fmt.Sprintf("<%s> items at %s, none like the sample's records (similarity below %.2f)",
		rp.Head, rp.Parent, rp.Threshold)
}

// pathOf prints steps as a parent path.
func pathOf(steps []recordStep) string {
	parts := make([]string, len(steps))
	for i, st := range steps {
		parts[i] = st.tag
		if st.index > 0 {
			parts[i] += fmt.Sprintf("[%d]", st.index)
		}
	}
	return strings.Join(parts, "/")
}

// tagCounts prints the tags of a map in alphabetical order (at most five),
// "none" when empty.
func tagCounts(tags map[string]int) string {
	if len(tags) == 0 {
		return "none"
	}
	names := slices.Sorted(maps.Keys(tags))
	var parts []string
	for i, t := range names {
		if i == 5 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, "<"+t+">")
	}
	return strings.Join(parts, " ")
}
