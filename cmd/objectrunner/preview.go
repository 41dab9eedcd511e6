package main

import (
	"fmt"
	"path/filepath"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/preview"
)

// writePreview writes extract --preview: the sample pages of a learning
// run, or up to k pages spread over the source when a saved wrapper was
// applied, with what the wrapper extracts from them.
func (m *Main) writePreview(dir, source string, rep *objectrunner.Report, load annotate.LoadOptions, k int) error {
	var paths []string
	if rep.Sample != nil && len(rep.Sample.Pages) > 0 {
		for _, p := range rep.Sample.Pages {
			paths = append(paths, filepath.Join(rep.Root, filepath.FromSlash(p.Path)))
		}
	} else {
		all, err := annotate.ListSource(source)
		if err != nil {
			return err
		}
		n := min(k, len(all))
		for i := 0; i < n; i++ {
			paths = append(paths, all[i*len(all)/n])
		}
	}
	var pages []*annotate.Page
	for _, path := range paths {
		p, err := annotate.ReadPage(path, annotate.SourceRel(rep.Root, path), load)
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
	return nil
}
