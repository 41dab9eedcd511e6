package records

import (
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
)

// Segmentation alternatives (issue 24: ask when unsure). When the best
// candidate segmentation and the runner-up that cuts the sample
// differently score close, a user can tell which is right from the
// number of records each finds on a few sample pages and what a record
// holds (paper 002's "number of rows"). FindRecordPattern keeps both in
// RecordPattern.Alternatives, and RecordOptions.At makes it take the
// candidate a user chose.

// RecordAlternative is one candidate segmentation of the sample.
type RecordAlternative struct {
	// At is the candidate's parent tag path and head, as
	// RecordStats.RunnerUpAt prints it and RecordOptions.At takes it.
	At string `json:"at"`
	// Score is the candidate's score; Chosen says it is the pattern's.
	Score  float64 `json:"score"`
	Chosen bool    `json:"chosen,omitempty"`
	// Pages are the records it finds on the sample pages holding any, in
	// sample order.
	Pages []RecordAltPage `json:"pages"`
}

// RecordAltPage is what an alternative finds on one sample page.
type RecordAltPage struct {
	// Index is the page's index in the sample, Path its path.
	Index int    `json:"index"`
	Path  string `json:"path"`
	// Records counts the records; First is the text of the first one
	// (clipped to 80 characters), FirstPath its first node's DOM path.
	Records   int    `json:"records"`
	First     string `json:"first"`
	FirstPath string `json:"first_path,omitempty"`
}

// alternative describes candidate c's records on the sample pages.
func (c *recordCand) alternative(pgs []*recordPage, chosen bool) RecordAlternative {
	a := RecordAlternative{At: c.where(), Score: recordRound(c.score), Chosen: chosen}
	byPage := map[int]int{}
	for _, g := range c.accepted {
		k, ok := byPage[g.page]
		if !ok {
			k = len(a.Pages)
			byPage[g.page] = k
			p := RecordAltPage{Index: g.page}
			if g.page < len(pgs) {
				p.Path = pgs[g.page].p.Path
			}
			var texts []string
			for _, n := range g.nodes {
				if t := strings.Join(strings.Fields(annotate.Text(n)), " "); t != "" {
					texts = append(texts, t)
				}
			}
			p.First = clip(strings.Join(texts, " "), 80)
			if len(g.nodes) > 0 {
				p.FirstPath = annotate.NodePath(g.nodes[0])
			}
			a.Pages = append(a.Pages, p)
		}
		a.Pages[k].Records++
	}
	return a
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// pinned returns the candidate of cands at where at (the best scored
// when several), fully evaluated; nil when none.
func pinned(cands []*recordCand, at string, full func(*recordCand)) *recordCand {
	var out *recordCand
	for _, c := range cands {
		if c.where() == at && (out == nil || c.score > out.score) {
			out = c
		}
	}
	if out != nil && out.accepted == nil {
		full(out)
	}
	return out
}
