package annotate

import (
	"io/fs"
	"os"
	"path/filepath"
)

// listPages returns the page files under dir, recursively. Symbolic links
// are followed, to files and to directories (a directory reached twice, by
// a link cycle or two links, is read once); a link whose target is missing
// is listed when its name is a page's, so that reading it reports the
// problem instead of the page silently not counting. A subdirectory that
// cannot be read is skipped and returned with the reason, as an
// unreadable page is skipped; only an unreadable dir is an error.
func listPages(dir string) ([]string, []*PageError, error) {
	seen := map[string]bool{}
	var out []string
	var skipped []*PageError
	var walk func(d string) error
	walk = func(d string) error {
		if real, err := filepath.EvalSymlinks(d); err == nil {
			if seen[real] {
				return nil
			}
			seen[real] = true
		}
		entries, err := os.ReadDir(d)
		if err != nil {
			return err
		}
		for _, e := range entries {
			p := filepath.Join(d, e.Name())
			mode := e.Type()
			if mode&fs.ModeSymlink != 0 {
				st, err := os.Stat(p)
				if err != nil {
					if IsPageFile(p) {
						out = append(out, p)
					}
					continue
				}
				mode = st.Mode().Type()
			}
			switch {
			case mode.IsDir():
				if err := walk(p); err != nil {
					skipped = append(skipped, &PageError{Path: p, Err: err})
				}
			case mode.IsRegular() && IsPageFile(p):
				out = append(out, p)
			}
		}
		return nil
	}
	err := walk(dir)
	return out, skipped, err
}
