package main

import (
	"context"
	"encoding/json"
	"fmt"
	iofs "io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/cluster"
	"github.com/objectrunner/objectrunner/warc"
)

// runSources implements `objectrunner sources`: group the pages of a site
// by template.
func (m *Main) runSources(ctx context.Context, args []string) error {
	fs := m.newFlagSet("sources", "DIR|GLOB|WARC",
		`Group the pages of a site (a directory or glob of saved pages, or WARC files such
as a crawl's, of any number of templates) by template, from their structure: each page's set of tag paths
(tag names and class names), compared by MinHash. Prints each cluster with its
size, the pattern of its page names and example pages, largest first; each
cluster is a source for extract (--source with the cluster's pages).`)
	similarity := fs.Float64("similarity", 0.6, "least estimated share of tag paths two pages of one cluster have in common (0 to 1)")
	examples := fs.Int("examples", 3, "example pages listed per cluster")
	asJSON := fs.Bool("json", false, "print the clusters as JSON, with every page")
	out := fs.String("o", "", "with --json: write to this file (default: stdout)")
	warcFilter := warcFlags(fs)
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() != 1:
		return usagef("want one directory or glob of pages, got %d arguments", fs.NArg())
	case *similarity <= 0 || *similarity > 1:
		return usagef("--similarity %g: want a share in (0, 1]", *similarity)
	case *examples < 1:
		return usagef("--examples %d: want at least 1", *examples)
	}
	src := fs.Arg(0)
	filter, err := warcFilter()
	if err != nil {
		return err
	}
	var (
		root  string
		names []string
		fsys  iofs.FS
	)
	if warc.IsSource(src) {
		// A WARC source: its HTML responses, named HOST/PATH.
		wfs, err := objectrunner.OpenWARC(src, filter)
		if err != nil {
			return err
		}
		defer wfs.Close()
		for _, e := range wfs.Entries() {
			names = append(names, e.Name)
		}
		root, fsys = src, wfs
	} else {
		paths, err := annotate.ListSource(src)
		if err != nil {
			return err
		}
		if len(paths) == 0 {
			return fmt.Errorf("%s: no pages (.html, .htm)", src)
		}
		root = annotate.SourceRoot(src)
		names = make([]string, len(paths))
		for i, p := range paths {
			names[i] = filepath.ToSlash(annotate.SourceRel(root, p))
		}
		fsys = os.DirFS(root)
	}
	start := time.Now()
	cs, skipped, err := cluster.FS(fsys, names, cluster.Options{Similarity: *similarity, Examples: *examples})
	if err != nil {
		return err
	}
	for _, e := range skipped {
		m.Log.Warn("page left out", "error", e)
	}
	if *asJSON {
		w := m.Stdout
		if *out != "" {
			f, err := os.Create(*out)
			if err != nil {
				return err
			}
			defer f.Close()
			w = f
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(map[string]any{"root": root, "pages": len(names) - len(skipped), "clusters": cs})
	}
	fmt.Fprintf(m.Stdout, "%d pages of %s in %d clusters (%v)\n", len(names)-len(skipped), root, len(cs), time.Since(start).Round(time.Millisecond))
	for i, c := range cs {
		fmt.Fprintf(m.Stdout, "%3d. %6d pages  %-40s cohesion %.2f  e.g. %v\n", i+1, c.Size(), c.Pattern, c.Cohesion, c.Examples)
	}
	return nil
}
