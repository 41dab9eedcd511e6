package main

import (
	"fmt"
	"path/filepath"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/preview"
	"github.com/objectrunner/objectrunner/warc"
)

// writePreview writes extract --preview: the sample pages of a learning
// run, or up to k pages spread over the source when a saved wrapper was
// applied, with what the wrapper extracts from them, and the review page
// when the learned wrapper has questions.
func (m *Main) writePreview(dir, source string, filter warc.Filter, rep *objectrunner.Report, load annotate.LoadOptions, k int) error {
	all, root, read, err := listSource(source, filter, load)
	if err != nil {
		return err
	}
	var paths []string
	if rep.Sample != nil && len(rep.Sample.Pages) > 0 {
		for _, p := range rep.Sample.Pages {
			paths = append(paths, filepath.Join(root, filepath.FromSlash(p.Path)))
		}
	} else {
		n := min(k, len(all))
		for i := 0; i < n; i++ {
			paths = append(paths, all[i*len(all)/n])
		}
	}
	var pages []*annotate.Page
	for _, path := range paths {
		p, err := read(path, annotate.SourceRel(root, path))
		if err != nil {
			m.Log.Warn("preview: page left out", "page", path, "err", err)
			continue
		}
		pages = append(pages, p)
	}
	res, err := preview.Write(dir, rep.Wrapper, pages)
	if err != nil {
		return fmt.Errorf("--preview: %w", err)
	}
	m.Log.Info("preview written", "pages", len(res.Pages), "index", res.Index)
	if rv := res.Review; rv != nil {
		m.Log.Info(fmt.Sprintf("review page written: %d question(s); choose there and download %s for --answers", len(rv.Questions), preview.AnswersFile), "page", rv.Page)
	}
	return nil
}

// listSource lists the pages of a --source: page files of a directory or
// glob, or the pages of WARC files (fs paths HOST/PATH, root "."), with
// the function that reads one (path as listed, rel its name in the source).
func listSource(source string, filter warc.Filter, load annotate.LoadOptions) (paths []string, root string, read func(path, rel string) (*annotate.Page, error), err error) {
	if warc.IsSource(source) {
		fsys, err := objectrunner.OpenWARC(source, filter)
		if err != nil {
			return nil, "", nil, err
		}
		for _, e := range fsys.Entries() {
			paths = append(paths, e.Name)
		}
		return paths, ".", func(path, _ string) (*annotate.Page, error) {
			return annotate.ReadPageFS(fsys, path, load)
		}, nil
	}
	paths, err = annotate.ListSource(source)
	if err != nil {
		return nil, "", nil, err
	}
	if len(paths) == 0 {
		return nil, "", nil, fmt.Errorf("%s: no .htm, .html or .xhtml pages", source)
	}
	return paths, annotate.SourceRoot(source), func(path, rel string) (*annotate.Page, error) {
		return annotate.ReadPage(path, rel, load)
	}, nil
}
