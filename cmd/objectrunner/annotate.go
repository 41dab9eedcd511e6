package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/objectrunner/objectrunner/annotate"
)

// runAnnotate annotates a source with the SOD's recognizers (Algorithm 1 of
// seed 003: type by type, continuing on the richest pages), prints per entity
// type what was found, and writes highlighted copies of the sample pages and
// an index.html to --out.
func (m *Main) runAnnotate(ctx context.Context, args []string) error {
	fs := m.newFlagSet("annotate", "[DIR|GLOB|WARC]",
		"Annotate a source (a directory or glob of HTML pages sharing a template) with the\n"+
			"SOD's entity recognizers, choose the best-annotated sample pages, print per\n"+
			"entity type: pages with hits, hits per page, recognizers that fired; and write\n"+
			"highlighted copies of the sample pages (open OUT/index.html in a browser).\n"+
			"A source whose mandatory types find too few matches is discarded (exit 1).")
	sodPath := fs.String("sod", "", "SOD file (required)")
	source := fs.String("source", "", sourceHelp)
	warcFilter := warcFlags(fs)
	k := fs.Int("sample", annotate.DefaultSampleSize, "number of sample pages")
	out := fs.String("out", "annotated", "directory for the highlighted sample pages")
	dictDir := fs.String("dict-dir", "", "dictionary store directory, for dictionary recognizers")
	minShare := fs.Float64("min-share", annotate.DefaultMinShare,
		"discard the source when a mandatory type has hits on fewer than this share of a sample (negative: never)")
	encoding := fs.String("encoding", "", "character encoding of the pages (default: detect)")
	noSegment := fs.Bool("no-segment", false, "do not restrict annotation to the main content segment")
	baseURL := baseURLFlag(fs)
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	rest := fs.Args()
	if *source == "" && len(rest) == 1 {
		// "annotate --sod S pages/": the one argument is the source, as
		// for extract.
		*source, rest = rest[0], nil
	}
	switch {
	case *sodPath == "":
		return usagef("--sod is required")
	case *source == "" && len(rest) > 1:
		return usagef("give one source (a directory or a quoted glob), not %d arguments: %q", len(rest), rest)
	case *source == "":
		return usagef("--source is required (or give the source as the one argument)")
	case len(rest) > 0:
		return usagef("unexpected arguments %q", rest)
	case *k < 1:
		return usagef("--sample must be at least 1")
	}
	if err := checkBaseURL(*baseURL); err != nil {
		return err
	}
	s, recs, closeFn, err := m.loadSOD(*sodPath, *dictDir)
	if err != nil {
		return err
	}
	defer closeFn()
	a, err := annotate.NewAnnotator(s, recs, annotate.Options{})
	if err != nil {
		return err
	}
	filter, err := warcFilter()
	if err != nil {
		return err
	}
	load := annotate.LoadOptions{Encoding: *encoding, BaseURL: *baseURL}
	paths, root, read, err := listSource(*source, filter, load)
	if err != nil {
		return err
	}
	start := time.Now()
	pr := m.startProgress()
	res, err := annotate.SampleSource(ctx, paths, root, a, annotate.SampleOptions{
		K: *k, MinShare: *minShare, NoSegment: *noSegment, Read: read,
		Load: load,
		Progress: func(p annotate.Progress) {
			label := p.Stage
			if p.Type != "" {
				label = fmt.Sprintf("%s %s (%d/%d)", p.Stage, p.Type, p.Step, p.Steps)
			}
			pr.update(label, p.Done, p.Total)
		},
	})
	m.stopProgress()
	var discard *annotate.DiscardError
	if err != nil && !errors.As(err, &discard) {
		return err
	}
	m.printSampleStats(res, *source, time.Since(start))
	if discard != nil {
		return discard
	}
	if err := writeAnnotated(*out, res); err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "\nwrote %d highlighted sample pages and %s\n", len(res.Pages), filepath.Join(*out, "index.html"))
	return nil
}

func (m *Main) printSampleStats(res *annotate.SampleResult, source string, took time.Duration) {
	seg := res.Segment
	if seg == "" {
		seg = "(whole page)"
	}
	pool := ""
	if res.Pool < res.Total {
		pool = fmt.Sprintf(" (sample chosen from %d spread over them)", res.Pool)
	}
	fmt.Fprintf(m.Stdout, "source %s: %d pages%s, %d skipped, sample %d, main segment %s, %v\n\n",
		source, res.Total, pool, len(res.Skipped), len(res.Pages), seg, took.Round(time.Millisecond))
	tw := tabwriter.NewWriter(m.Stdout, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "step\ttype\tmandatory\testimate\tpages annotated\tpages with hits\thits/page\tsample pages with hits\trecognizers")
	for _, st := range res.Stats {
		mand := "no"
		if st.Mandatory {
			mand = "yes"
		}
		var recs []string
		for r, n := range st.Recognizers {
			recs = append(recs, fmt.Sprintf("%s×%d", r, n))
		}
		sort.Strings(recs)
		sample := "-"
		if len(res.Pages) > 0 {
			sample = fmt.Sprintf("%d/%d", st.SamplePagesWithHits, len(res.Pages))
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%.2f\t%d\t%d\t%.2f\t%s\t%s\n", st.Step, st.Type, mand, st.Estimate,
			st.Candidates, st.PagesWithHits, st.HitsPerPage(), sample, strings.Join(recs, " "))
	}
	tw.Flush()
	for _, sk := range res.Skipped {
		fmt.Fprintf(m.Stdout, "skipped %s: %v\n", sk.Path, sk.Err)
	}
	if res.Discarded != nil {
		fmt.Fprintf(m.Stdout, "\n%v\n", res.Discarded)
	}
}

// writeAnnotated writes each sample page highlighted, and index.html.
func writeAnnotated(dir string, res *annotate.SampleResult) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>ObjectRunner annotated sample</title>" +
		"<style>body{font:14px sans-serif}td,th{padding:2px 8px;text-align:left}</style></head><body>\n")
	fmt.Fprintf(&b, "<h1>Annotated sample: %d of %d pages</h1>\n<p>Main content segment: %s</p>\n<table><tr><th>#</th><th>page</th>",
		len(res.Pages), res.Total, html.EscapeString(orDash(res.Segment)))
	for _, t := range res.Order {
		fmt.Fprintf(&b, "<th>%s</th>", html.EscapeString(t))
	}
	b.WriteString("</tr>\n")
	for i, p := range res.Pages {
		base := strings.TrimSuffix(p.Path, filepath.Ext(p.Path))
		name := fmt.Sprintf("%02d-%s.html", i+1, strings.NewReplacer("/", "_", "\\", "_").Replace(base))
		if err := writeHighlightedFile(filepath.Join(dir, name), p, res.Order); err != nil {
			return err
		}
		counts := map[string]int{}
		for _, an := range p.Annotations {
			counts[an.Type]++
		}
		fmt.Fprintf(&b, "<tr><td>%d</td><td><a href=\"%s\">%s</a></td>", i+1, html.EscapeString(name), html.EscapeString(p.Path))
		for _, t := range res.Order {
			fmt.Fprintf(&b, "<td>%d</td>", counts[t])
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table></body></html>\n")
	return os.WriteFile(filepath.Join(dir, "index.html"), []byte(b.String()), 0o644)
}

func writeHighlightedFile(path string, p *annotate.Page, order []string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := annotate.WriteHighlightedTypes(w, p, order); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func orDash(s string) string {
	if s == "" {
		return "(whole page)"
	}
	return s
}
