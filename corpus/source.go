package corpus

import (
	"fmt"
	"github.com/objectrunner/objectrunner"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/objectrunner/objectrunner/warc"
)

// Source is one source of a corpus: pages of one site template.
type Source struct {
	// Name identifies the source in outputs, reports and the repository:
	// the base name of its directory.
	Name string
	// Dir holds its pages (see SourceAt): a directory, or WARC files (one
	// file, a glob, or several separated by commas; see warc.IsSource).
	Dir string
	// Pages, when not nil, are the only pages of Dir that are the source's
	// (one template of a mixed directory, see SplitTemplates), named as
	// the objects' Page; Template is then their name pattern.
	Pages    []string
	Template string
}

// SplitTemplates groups the pages of each source by template
// (objectrunner.SourceTemplates) and returns every template of at least
// two pages as a source of its own, named NAME~1, NAME~2, … largest
// first; a source of one template is returned as it is. Pages of no
// template of two pages are left out: skipped counts them. The sources
// are then run as any others: a template that cannot satisfy the SOD is
// discarded with its reason (Algorithm 1), so that every template whose
// pages hold the SOD's objects gives them.
func SplitTemplates(sources []Source, cfg objectrunner.Config) (out []Source, skipped int, err error) {
	for _, src := range sources {
		ts, err := objectrunner.SourceTemplates(src.Dir, cfg)
		if err != nil {
			return nil, 0, fmt.Errorf("%s: %w", src.Name, err)
		}
		if len(ts) < 2 {
			out = append(out, src)
			continue
		}
		for i, t := range ts {
			if len(t.Pages) < 2 {
				skipped += len(t.Pages)
				continue
			}
			out = append(out, Source{Name: fmt.Sprintf("%s~%d", src.Name, i+1), Dir: src.Dir, Pages: t.Pages, Template: t.Pattern})
		}
	}
	return out, skipped, nil
}

// SourceAt returns the source in directory dir. Its pages are those of dir,
// or of dir/pages when that directory exists (the layout of examples/,
// where a source directory also holds its SOD and expected output). A WARC
// source (a .warc or .warc.gz file, a glob of them, or several separated
// by commas) is a source too, named after its first file without the
// extension; its HTML responses are its pages.
func SourceAt(dir string) (Source, error) {
	if warc.IsSource(dir) {
		if _, err := warc.Expand(dir); err != nil { // the files are there
			return Source{}, err
		}
		first := strings.TrimSpace(strings.Split(dir, ",")[0])
		name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(first), ".gz"), ".warc")
		name = strings.Trim(name, "*?")
		if name == "" {
			name = filepath.Base(filepath.Dir(first))
		}
		return Source{Name: name, Dir: dir}, nil
	}
	st, err := os.Stat(dir)
	if err != nil {
		return Source{}, err
	}
	if !st.IsDir() {
		return Source{}, fmt.Errorf("%s: a source is a directory of pages or WARC files (.warc, .warc.gz)", dir)
	}
	name := filepath.Base(filepath.Clean(dir))
	pages := dir
	if st, err := os.Stat(filepath.Join(dir, "pages")); err == nil && st.IsDir() {
		pages = filepath.Join(dir, "pages")
	}
	return Source{Name: name, Dir: pages}, nil
}

// Discover returns the sources of a corpus directory: each of its
// sub-directories (hidden ones aside), sorted by name.
func Discover(dir string) ([]Source, error) {
	des, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []Source
	for _, de := range des {
		if !de.IsDir() || strings.HasPrefix(de.Name(), ".") {
			continue
		}
		s, err := SourceAt(filepath.Join(dir, de.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no sub-directories (a corpus holds one directory per source)", dir)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// Sources returns the sources in dirs, in order, checking that their names
// are distinct.
func Sources(dirs []string) ([]Source, error) {
	var out []Source
	seen := map[string]string{}
	for _, d := range dirs {
		s, err := SourceAt(d)
		if err != nil {
			return nil, err
		}
		if prev, ok := seen[s.Name]; ok {
			return nil, fmt.Errorf("two sources are named %s (%s and %s): names must be distinct", s.Name, prev, d)
		}
		seen[s.Name] = d
		out = append(out, s)
	}
	return out, nil
}
