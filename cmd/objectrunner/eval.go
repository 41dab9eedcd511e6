package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/eval"
)

// runEval implements `objectrunner eval`: score a results file against
// ground truth (SWDE or JSON Lines) and print the report.
func (m *Main) runEval(ctx context.Context, args []string) error {
	fs := m.newFlagSet("eval", "--truth PATH --results FILE",
		`Score extraction results against ground truth: per attribute, value-level
and SWDE page-hit precision/recall/F1, the class (correct, partially correct,
incorrect) and the pages that went wrong; record-level scores for list pages.

--truth is SWDE ground truth (a directory of one site, a site prefix such as
DIR/book-<site>, or one DIR/<vertical>-<site>-<attribute>.txt file) or a
JSON Lines truth file (.jsonl, .json, .ndjson). The exit status is 0 however
low the scores are.`)
	truthPath := fs.String("truth", "", "ground truth: SWDE directory, site prefix or attribute file, or a JSON Lines file")
	site := fs.String("site", "", "SWDE site inside the --truth directory, e.g. book-<site>")
	format := fs.String("format", "auto", "truth format: auto (by extension: .jsonl/.json/.ndjson are JSON Lines), swde or jsonl")
	resultsPath := fs.String("results", "", "results file written by 'objectrunner extract' (- for standard input)")
	fieldMap := map[string]string{}
	fs.Func("map", "result field to truth attribute, e.g. name=title,date=publication_date (repeatable)", func(s string) error {
		for _, kv := range strings.Split(s, ",") {
			f, a, ok := strings.Cut(kv, "=")
			f, a = strings.TrimSpace(f), strings.TrimSpace(a)
			if !ok || f == "" || a == "" {
				return fmt.Errorf("%q: want field=attribute", kv)
			}
			fieldMap[f] = a
		}
		return nil
	})
	attrList := fs.String("attrs", "", "score only these truth attributes, comma-separated (default: all)")
	show := fs.Int("show", eval.DefaultShow, "wrong pages listed per attribute in the text report (-1: all)")
	asJSON := fs.Bool("json", false, "print the full report as JSON (every wrong page)")
	pagesArg := fs.String("pages", "", "score only the truth pages whose files are in this directory or match this glob (when only part of a site was extracted)")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return usagef("unexpected argument %q", fs.Arg(0))
	case *truthPath == "":
		return usagef("--truth is required")
	case *resultsPath == "":
		return usagef("--results is required")
	}
	path := *truthPath
	if *site != "" {
		path = filepath.Join(path, *site)
	}
	var load func(string) (*eval.Truth, error)
	switch *format {
	case "swde":
		load = eval.LoadSWDE
	case "jsonl":
		load = eval.LoadJSONL
	case "auto":
		load = eval.LoadSWDE
		switch strings.ToLower(filepath.Ext(path)) {
		case ".jsonl", ".json", ".ndjson":
			load = eval.LoadJSONL
		}
	default:
		return usagef("--format %q: want auto, swde or jsonl", *format)
	}
	truth, err := load(path)
	if err != nil {
		return err
	}
	if *pagesArg != "" {
		if truth, err = onlyPages(truth, *pagesArg); err != nil {
			return err
		}
	}
	var results *eval.Results
	if *resultsPath == "-" {
		results, err = eval.ReadResults(m.Stdin, "<stdin>")
	} else {
		results, err = eval.LoadResults(*resultsPath)
	}
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	var attrs []string
	for _, a := range strings.Split(*attrList, ",") {
		if a = strings.TrimSpace(a); a == "" {
			continue
		}
		if !slices.Contains(truth.Attributes, a) {
			return usagef("--attrs: %q is not an attribute of %s (it has %s)", a, truth.Path, strings.Join(truth.Attributes, ", "))
		}
		attrs = append(attrs, a)
	}
	if len(results.Pages) == 0 {
		m.Log.Warn("the results file has no lines", "file", results.Path)
	}
	rep := eval.Score(truth, results, eval.Options{Map: fieldMap, Attributes: attrs, Show: *show})
	m.Log.Info("eval", "truth", truth.Path, "pages", rep.Pages, "pages_with_results", rep.PagesWithResults,
		"unknown_pages", len(rep.UnknownPages), "warnings", len(truth.Warnings))
	if *asJSON {
		enc := json.NewEncoder(m.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	return rep.WriteText(m.Stdout)
}

// onlyPages restricts truth to the pages whose files are in dir (or match
// the glob): a user who extracted 20 pages of a site scores those 20, not
// the site's other pages as missing.
func onlyPages(truth *eval.Truth, arg string) (*eval.Truth, error) {
	pattern := arg
	if st, err := os.Stat(arg); err == nil && st.IsDir() {
		pattern = filepath.Join(arg, "*")
	}
	files, err := filepath.Glob(pattern)
	if err != nil {
		return nil, usagef("--pages %q: %v", arg, err)
	}
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = filepath.Base(f)
	}
	only := truth.Only(names)
	if len(only.Pages) == 0 {
		return nil, usagef("--pages %q: none of its %d files is a page of the truth %s", arg, len(files), truth.Path)
	}
	return only, nil
}
