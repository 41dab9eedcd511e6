package objectrunner

import (
	"fmt"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/cluster"
)

// TemplateChoice says which template of a mixed source a run took
// (Config.Templates) and why: the pages of a source are grouped by
// template (package cluster), and the annotation sample of the whole
// source (Algorithm 1: the pages that best satisfy the SOD) votes for the
// template whose pages it holds.
type TemplateChoice struct {
	// Templates is the number of templates (page clusters) found.
	Templates int `json:"templates"`
	// Pattern is the chosen template's page name pattern, Pages its
	// number of pages, and Votes how many of the Sample best-annotated
	// pages of the whole source are among them.
	Pattern string `json:"pattern"`
	Pages   int    `json:"pages"`
	Votes   int    `json:"votes"`
	Sample  int    `json:"sample"`
	// LeftOut is the number of pages of the other templates, neither
	// learned from nor extracted; Others describes the largest of them.
	LeftOut int               `json:"left_out"`
	Others  []TemplateSummary `json:"others,omitempty"`
}

// TemplateSummary describes a template that was not chosen.
type TemplateSummary struct {
	Pattern string `json:"pattern"`
	Pages   int    `json:"pages"`
	Votes   int    `json:"votes"`
}

// maxOtherTemplates bounds TemplateChoice.Others.
const maxOtherTemplates = 10

// String says what was chosen, for a log line.
func (c *TemplateChoice) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d templates: took %s (%d pages), which holds %d of the %d best-annotated pages; left out %d pages of other templates",
		c.Templates, c.Pattern, c.Pages, c.Votes, c.Sample, c.LeftOut)
	return b.String()
}

// chooseTemplate groups the pages of src by template and, when there are
// several, narrows src to the one that holds most of the sample's pages
// (ties: the larger template). It returns nil when the source has one
// template.
func chooseTemplate(src *pageSource, sample []*annotate.Page) (*TemplateChoice, error) {
	if src.open == nil {
		return nil, fmt.Errorf("objectrunner: this source cannot be grouped by template")
	}
	cs, _, err := cluster.Files(src.names, src.open, cluster.Options{})
	if err != nil {
		return nil, err
	}
	if len(cs) < 2 {
		return nil, nil
	}
	of := map[string]int{} // page (rel) -> cluster
	for i, c := range cs {
		for _, n := range c.Pages {
			of[src.rel(n)] = i
		}
	}
	votes := make([]int, len(cs))
	for _, p := range sample {
		if i, ok := of[p.Path]; ok {
			votes[i]++
		}
	}
	best := 0
	for i := range cs {
		if votes[i] > votes[best] || votes[i] == votes[best] && cs[i].Size() > cs[best].Size() {
			best = i
		}
	}
	c := cs[best]
	choice := &TemplateChoice{Templates: len(cs), Pattern: cluster.Pattern(relNames(src, c.Pages)), Pages: c.Size(),
		Votes: votes[best], Sample: len(sample), LeftOut: len(src.names) - c.Size()}
	for i, o := range cs {
		if i != best && len(choice.Others) < maxOtherTemplates {
			choice.Others = append(choice.Others, TemplateSummary{Pattern: cluster.Pattern(relNames(src, o.Pages)), Pages: o.Size(), Votes: votes[i]})
		}
	}
	keep := make(map[string]bool, c.Size())
	for _, n := range c.Pages {
		keep[n] = true
	}
	names := src.names[:0:0]
	for _, n := range src.names {
		if keep[n] {
			names = append(names, n)
		}
	}
	src.names = names
	if src.extractOrder != nil { // RunPages: the iterator's order, kept
		order := src.extractOrder[:0:0]
		for _, n := range src.extractOrder {
			if keep[n] {
				order = append(order, n)
			}
		}
		src.extractOrder = order
	}
	return choice, nil
}

// relNames returns the source paths of names.
func relNames(src *pageSource, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = src.rel(n)
	}
	return out
}
