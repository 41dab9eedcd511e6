package objectrunner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/cluster"
	"github.com/objectrunner/objectrunner/warc"
)

// TemplateChoice says which template of a mixed source a run took
// (Config.Templates) and why: the pages of a source are grouped by
// template (package cluster), Algorithm 1 draws the annotation sample of
// each template of at least two pages on that template's pages alone, and
// the template whose sample best satisfies the SOD is taken.
type TemplateChoice struct {
	// Templates is the number of templates (page clusters) found, and
	// Sampled the number of them whose pages were sampled (the largest
	// ones of at least two pages, up to maxSampledTemplates).
	Templates int `json:"templates"`
	Sampled   int `json:"sampled"`
	// Pattern is the chosen template's page name pattern and Pages its
	// number of pages.
	Pattern string `json:"pattern"`
	Pages   int    `json:"pages"`
	// Coverage is the mean share of the SOD's entity types annotated on
	// a page of the template's sample (1: every type on every sample
	// page), and Sample the size of that sample.
	Coverage float64 `json:"coverage"`
	Sample   int     `json:"sample"`
	// LeftOut is the number of pages of the other templates, neither
	// learned from nor extracted; Others describes the largest of them.
	LeftOut int               `json:"left_out"`
	Others  []TemplateSummary `json:"others,omitempty"`
}

// TemplateSummary describes a template that was not chosen.
type TemplateSummary struct {
	Pattern string `json:"pattern"`
	Pages   int    `json:"pages"`
	// Coverage is as in TemplateChoice; Discarded says why the template
	// could not satisfy the SOD at all ("not sampled" for the small
	// ones).
	Coverage  float64 `json:"coverage"`
	Discarded string  `json:"discarded,omitempty"`
}

// Bounds of the template choice.
const (
	maxOtherTemplates   = 10 // TemplateChoice.Others
	maxSampledTemplates = 16 // templates sampled, largest first
)

// String says what was chosen, for a log line.
func (c *TemplateChoice) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d templates: took %s (%d pages), whose sample of %d pages shows %.0f%% of the SOD's types per page",
		c.Templates, c.Pattern, c.Pages, c.Sample, 100*c.Coverage)
	for i, o := range c.Others {
		if i == 3 {
			break
		}
		if o.Discarded != "" {
			fmt.Fprintf(&b, "; %s (%d pages): %s", o.Pattern, o.Pages, o.Discarded)
		} else {
			fmt.Fprintf(&b, "; %s (%d pages): %.0f%%", o.Pattern, o.Pages, 100*o.Coverage)
		}
	}
	fmt.Fprintf(&b, "; left out %d pages of other templates", c.LeftOut)
	return b.String()
}

// coverage returns the mean share of the ntypes entity types annotated on
// a page of res's sample, and the mean number of annotations per type
// found on a page (about the number of objects a page shows).
func coverage(res *annotate.SampleResult, ntypes int) (cov, perType float64) {
	if res == nil || len(res.Pages) == 0 || ntypes == 0 {
		return 0, 0
	}
	for _, p := range res.Pages {
		seen := map[string]bool{}
		for _, a := range p.Annotations {
			seen[a.Type] = true
		}
		cov += float64(len(seen)) / float64(ntypes)
		if len(seen) > 0 {
			perType += float64(len(p.Annotations)) / float64(len(seen))
		}
	}
	n := float64(len(res.Pages))
	return cov / n, perType / n
}

// coverageTie is the difference of coverage under which two templates
// satisfy the SOD equally well.
const coverageTie = 0.05

// fitsBetter reports whether a template with coverage cov, perType
// annotations per type and size pages fits the SOD better than one with
// bcov, bper and bsize: higher coverage; at equal coverage (a list and a
// detail template of one site show the same types), more objects per
// page for an SOD of several objects per page and fewer for one of one;
// then the larger template.
func fitsBetter(many bool, cov, per float64, size int, bcov, bper float64, bsize int) bool {
	if d := cov - bcov; d > coverageTie || d < -coverageTie {
		return d > 0
	}
	if per != bper {
		return (per > bper) == many
	}
	return size > bsize
}

// chooseTemplate groups the pages of src by template and, when there are
// several, draws each template's sample with sample (on the template's
// pages alone), takes the template whose sample fits the SOD best (most
// of its ntypes entity types per page, see fitsBetter; many: the SOD
// wants several objects per page), and narrows
// src to its pages. It returns the choice and the chosen template's
// sample, or a nil choice when the source has one template.
func chooseTemplate(src *pageSource, sample func(names []string) (*annotate.SampleResult, error), ntypes int, many bool) (*TemplateChoice, *annotate.SampleResult, error) {
	if src.open == nil {
		return nil, nil, fmt.Errorf("objectrunner: this source cannot be grouped by template")
	}
	cs, _, err := cluster.Files(src.names, src.open, cluster.Options{})
	if err != nil {
		return nil, nil, err
	}
	if len(cs) < 2 {
		return nil, nil, nil
	}
	type scored struct {
		c        *cluster.Cluster
		res      *annotate.SampleResult
		cov, per float64
		discard  string // why it cannot be taken
	}
	all := make([]*scored, len(cs))
	best := -1
	sampled := 0
	var firstErr error
	for i, c := range cs {
		s := &scored{c: c}
		all[i] = s
		if c.Size() < 2 || sampled == maxSampledTemplates {
			s.discard = "not sampled"
			continue
		}
		sampled++
		res, err := sample(c.Pages)
		var de *annotate.DiscardError
		if err == nil && res != nil && res.Discarded != nil {
			err, de = res.Discarded, res.Discarded
		}
		switch {
		case errors.As(err, &de):
			s.discard = de.Error()
			if firstErr == nil {
				firstErr = err
			}
		case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
			return nil, nil, err
		case err != nil: // e.g. none of its pages could be read
			s.discard = err.Error()
			if firstErr == nil {
				firstErr = err
			}
		case res == nil || len(res.Pages) < 2:
			s.discard = "a sample of fewer than 2 pages"
		default:
			s.res = res
			s.cov, s.per = coverage(res, ntypes)
			if b := all[max(best, 0)]; best < 0 || fitsBetter(many, s.cov, s.per, c.Size(), b.cov, b.per, b.c.Size()) {
				if best >= 0 {
					releaseSample(all[best].res)
				}
				best = i
			} else {
				releaseSample(res)
			}
		}
	}
	if best < 0 {
		if firstErr == nil {
			firstErr = errors.New("no template of at least two pages")
		}
		return nil, nil, fmt.Errorf("none of the source's %d templates satisfies the SOD (%d sampled), e.g. %s: %w",
			len(cs), sampled, cluster.Pattern(relNames(src, cs[0].Pages)), firstErr)
	}
	c := all[best].c
	choice := &TemplateChoice{Templates: len(cs), Sampled: sampled, Pattern: cluster.Pattern(relNames(src, c.Pages)), Pages: c.Size(),
		Coverage: all[best].cov, Sample: len(all[best].res.Pages), LeftOut: len(src.names) - c.Size()}
	for i, o := range all {
		if i != best && len(choice.Others) < maxOtherTemplates {
			choice.Others = append(choice.Others, TemplateSummary{Pattern: cluster.Pattern(relNames(src, o.c.Pages)), Pages: o.c.Size(), Coverage: o.cov, Discarded: o.discard})
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
	return choice, all[best].res, nil
}

// releaseSample releases the pages of a sample that is not used.
func releaseSample(res *annotate.SampleResult) {
	if res == nil {
		return
	}
	for _, p := range res.Pages {
		p.Release()
	}
}

// relNames returns the source paths of names.
func relNames(src *pageSource, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = src.rel(n)
	}
	return out
}

// SourceTemplate is one template of a source (SourceTemplates): its page
// name pattern and its pages, named as the objects' Page.
type SourceTemplate struct {
	Pattern string
	Pages   []string
}

// SourceTemplates groups the pages of source (a directory, a glob or WARC
// files, as Run takes) by template (package cluster), largest first. Each
// template can then be run as a source of its own (Config.Pages), where
// Config.Templates takes only the one that fits the SOD best.
func SourceTemplates(source string, cfg Config) ([]SourceTemplate, error) {
	var src *pageSource
	if warc.IsSource(source) {
		fsys, err := OpenWARC(source, cfg.WARC)
		if err != nil {
			return nil, err
		}
		defer fsys.Close()
		names, err := annotate.ListFS(fsys)
		if err != nil {
			return nil, err
		}
		src = &pageSource{root: ".", names: names, open: func(name string) (io.ReadCloser, error) { return fsys.Open(name) }}
	} else {
		var err error
		if src, _, err = dirSource(source, cfg.Load); err != nil {
			return nil, err
		}
		if err := src.list(); err != nil { // dirSource walks; clustering needs the list
			return nil, err
		}
	}
	cs, _, err := cluster.Files(src.names, src.open, cluster.Options{})
	if err != nil {
		return nil, err
	}
	out := make([]SourceTemplate, len(cs))
	for i, c := range cs {
		pages := relNames(src, c.Pages)
		out[i] = SourceTemplate{Pattern: cluster.Pattern(pages), Pages: pages}
	}
	return out, nil
}
