package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/objectrunner/objectrunner/annotate"
)

// runRecognize runs the SOD's recognizers over pages and prints every hit,
// grouped by entity type: page, DOM path, value, recognizer, confidence, and
// whether the hit covers its node's whole text.
func (m *Main) runRecognize(ctx context.Context, args []string) error {
	fs := m.newFlagSet("recognize", "PAGE|DIR...",
		"List what the SOD's entity recognizers find in pages (after cleaning).\n"+
			"Output, per entity type: a header line, then one line per hit:\n"+
			"  PAGE<TAB>DOM-PATH<TAB>\"VALUE\"<TAB>RECOGNIZER<TAB>CONFIDENCE[<TAB>whole]")
	sodPath := fs.String("sod", "", "SOD file (required)")
	dictDir := fs.String("dict-dir", "", "dictionary store directory, for dictionary recognizers")
	encoding := fs.String("encoding", "", "character encoding of the pages (default: detect)")
	baseURL := baseURLFlag(fs)
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if *sodPath == "" {
		return usagef("--sod is required")
	}
	if fs.NArg() == 0 {
		return usagef("expected at least one page or directory")
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
	type hit struct {
		page string
		an   *annotate.Annotation
	}
	hits := map[string][]hit{}
	var pages []*annotate.Page // kept so the hits' nodes stay valid
	for _, arg := range fs.Args() {
		if err := ctx.Err(); err != nil {
			return err
		}
		files := []string{arg}
		root := filepath.Dir(arg)
		if st, err := os.Stat(arg); err == nil && st.IsDir() {
			if files, err = annotate.ListSource(arg); err != nil {
				return err
			}
			root = arg
		}
		for _, f := range files {
			rel := annotate.SourceRel(root, f)
			if root == filepath.Dir(arg) {
				rel = f
			}
			p, err := annotate.ReadPage(f, rel, annotate.LoadOptions{Encoding: *encoding, BaseURL: *baseURL})
			if err != nil {
				return err
			}
			if err := a.Annotate(p); err != nil {
				return err
			}
			pages = append(pages, p)
			for _, an := range p.Annotations {
				hits[an.Type] = append(hits[an.Type], hit{rel, an})
			}
		}
	}
	for _, et := range a.Types() {
		hs := hits[et.Name]
		fmt.Fprintf(m.Stdout, "%s: %d hit(s) in %d page(s)\n", et.Name, len(hs), len(pages))
		for _, h := range hs {
			whole := ""
			if h.an.Whole {
				whole = "\twhole"
			}
			fmt.Fprintf(m.Stdout, "  %s\t%s\t%s\t%s\t%.2f%s\n", h.page, annotate.NodePath(h.an.Node),
				strconv.Quote(h.an.Text()), h.an.Recognizer, h.an.Confidence, whole)
		}
	}
	return nil
}
