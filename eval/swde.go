package eval

import (
	"bufio"
	"errors"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// SWDENull is how SWDE ground truth writes "no value on this page".
const SWDENull = "<NULL>"

// SWDECounts are the four counts on line 2 of an SWDE ground-truth file.
type SWDECounts struct {
	Pages          int `json:"pages"`            // pages listed
	PagesWithValue int `json:"pages_with_value"` // pages with at least one value
	Values         int `json:"values"`           // values over all pages
	Distinct       int `json:"distinct"`         // distinct values
}

// SWDEFile is one parsed SWDE ground-truth file: the values of one
// attribute on every page of one site.
type SWDEFile struct {
	Name                      string     // file name, for messages
	Vertical, Site, Attribute string     // from line 1
	Declared                  SWDECounts // from line 2
	Pages                     []SWDEPage // from line 3 on, in file order
	Warnings                  []string   // file:line: message
}

// SWDEPage is one page line of an SWDE file.
type SWDEPage struct {
	ID     string   // e.g. "0000"
	Values []string // without <NULL> and empty values
}

// ReadSWDE parses one SWDE ground-truth file from r; name is used in
// messages. The format: an optional UTF-8 byte order mark; CRLF or LF line
// ends; tab-separated fields; line 1 "<vertical> <site> <attribute>";
// line 2 the four counts; then "<page id> <number of values> <values…>",
// where <NULL> stands for no value.
func ReadSWDE(r io.Reader, name string) (*SWDEFile, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	f := &SWDEFile{Name: name}
	seen := map[string]int{}
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		if line == "" && err != nil {
			if n <= 2 {
				return nil, fmt.Errorf("%s:%d: unexpected end of file: an SWDE file starts with a header line and a counts line", name, n)
			}
			return f, nil
		}
		line = strings.TrimRight(line, "\r\n")
		if n == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		switch {
		case n == 1:
			h := strings.Split(line, "\t")
			if len(h) != 3 || h[0] == "" || h[1] == "" || h[2] == "" {
				return nil, fmt.Errorf("%s:1: header %q: want <vertical>TAB<site>TAB<attribute>", name, line)
			}
			f.Vertical, f.Site, f.Attribute = h[0], h[1], h[2]
		case n == 2:
			c := strings.Split(line, "\t")
			var v [4]int
			if len(c) != 4 {
				return nil, fmt.Errorf("%s:2: counts %q: want four tab-separated numbers", name, line)
			}
			for i := range c {
				x, err := strconv.Atoi(c[i])
				if err != nil || x < 0 {
					return nil, fmt.Errorf("%s:2: counts %q: field %d is not a count", name, line, i+1)
				}
				v[i] = x
			}
			f.Declared = SWDECounts{v[0], v[1], v[2], v[3]}
		case strings.TrimSpace(line) == "":
			// Blank lines (a trailing one is common) carry nothing.
		default:
			c := strings.Split(line, "\t")
			if len(c) < 2 || c[0] == "" {
				return nil, fmt.Errorf("%s:%d: %q: want <page id>TAB<number of values>TAB<values…>", name, n, line)
			}
			k, err := strconv.Atoi(c[1])
			if err != nil || k < 0 {
				return nil, fmt.Errorf("%s:%d: page %s: number of values %q is not a count", name, n, c[0], c[1])
			}
			if prev, dup := seen[c[0]]; dup {
				return nil, fmt.Errorf("%s:%d: page %s already listed on line %d", name, n, c[0], prev)
			}
			seen[c[0]] = n
			p := SWDEPage{ID: c[0]}
			null := false
			for _, v := range c[2:] {
				switch {
				case v == SWDENull:
					null = true
				case strings.TrimSpace(v) != "":
					p.Values = append(p.Values, v)
				}
			}
			if len(p.Values) != k && !(null && len(p.Values) == 0) {
				f.Warnings = append(f.Warnings, fmt.Sprintf("%s:%d: page %s declares %d values but lists %d", name, n, c[0], k, len(p.Values)))
			}
			f.Pages = append(f.Pages, p)
		}
		if err != nil {
			return f, nil
		}
	}
}

// Counts returns the counts line 2 should state for the parsed pages:
// pages listed, pages with a value, values, distinct values.
func (f *SWDEFile) Counts() SWDECounts {
	c := SWDECounts{Pages: len(f.Pages)}
	distinct := map[string]bool{}
	for _, p := range f.Pages {
		if len(p.Values) > 0 {
			c.PagesWithValue++
		}
		c.Values += len(p.Values)
		for _, v := range p.Values {
			distinct[v] = true
		}
	}
	c.Distinct = len(distinct)
	return c
}

// LoadSWDE reads the SWDE ground truth of one site: every attribute file
// of the site. path is one of
//   - a directory holding the files of exactly one site;
//   - a path prefix such as ".../groundtruth/book-<site>", naming
//     the files ".../groundtruth/book-<site>-<attribute>.txt";
//   - one attribute file "<vertical>-<site>-<attribute>.txt": the other
//     attribute files of its site beside it are read too.
func LoadSWDE(path string) (*Truth, error) {
	files, err := swdeFiles(path)
	if err != nil {
		return nil, err
	}
	var parsed []*SWDEFile
	sites := map[string]bool{}
	for _, name := range files {
		f, err := readSWDEFile(name)
		if err != nil {
			return nil, err
		}
		sites[f.Vertical+"-"+f.Site] = true
		parsed = append(parsed, f)
	}
	if len(sites) > 1 {
		var s []string
		for k := range sites {
			s = append(s, k)
		}
		sort.Strings(s)
		return nil, fmt.Errorf("%s: ground truth of several sites (%s): name one, e.g. %s", path, strings.Join(s, ", "), filepath.Join(path, s[0]))
	}
	return swdeTruth(path, parsed)
}

// swdeTruth merges the attribute files of one site into a Truth: one
// record per page holding every attribute with a value.
func swdeTruth(path string, files []*SWDEFile) (*Truth, error) {
	t := &Truth{Path: path, Format: "swde", Declared: map[string]SWDECounts{}}
	byID := map[string]*TruthPage{}
	recs := map[string]Record{}
	for _, f := range files {
		if _, dup := t.Declared[f.Attribute]; dup {
			return nil, fmt.Errorf("%s:1: attribute %q given by two files", f.Name, f.Attribute)
		}
		t.Declared[f.Attribute] = f.Declared
		t.Attributes = append(t.Attributes, f.Attribute)
		t.Warnings = append(t.Warnings, f.Warnings...)
		for _, p := range f.Pages {
			tp := byID[p.ID]
			if tp == nil {
				tp = &TruthPage{Name: p.ID}
				byID[p.ID] = tp
				recs[p.ID] = Record{}
				t.Pages = append(t.Pages, tp)
			}
			if len(p.Values) > 0 {
				recs[p.ID][f.Attribute] = unescapeAll(p.Values)
			}
		}
	}
	for _, tp := range t.Pages {
		if r := recs[tp.Name]; len(r) > 0 {
			tp.Records = []Record{r}
		}
	}
	t.collectAttributes()
	return t, nil
}

// unescapeAll decodes the HTML character references of SWDE values, which
// are copied from the page source ("Boston&nbsp;Celtics"): extraction
// results hold the text the page shows.
func unescapeAll(vs []string) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = html.UnescapeString(v)
	}
	return out
}

func readSWDEFile(name string) (*SWDEFile, error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return ReadSWDE(fh, name)
}

// swdeFiles lists the attribute files path designates (see LoadSWDE).
func swdeFiles(path string) ([]string, error) {
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		files, err := listPrefix(path, "")
		if err == nil && len(files) == 0 {
			err = fmt.Errorf("%s: no SWDE ground-truth files (*.txt) in the directory", path)
		}
		return files, err
	case err == nil:
		fh, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		head, err := bufio.NewReader(fh).ReadString('\n')
		fh.Close()
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s:1: %w", path, err)
		}
		h := strings.Split(strings.TrimPrefix(strings.TrimRight(head, "\r\n"), "\uFEFF"), "\t")
		if len(h) != 3 {
			return nil, fmt.Errorf("%s:1: header %q: want <vertical>TAB<site>TAB<attribute>", path, strings.TrimRight(head, "\r\n"))
		}
		return listPrefix(filepath.Dir(path), h[0]+"-"+h[1]+"-")
	case errors.Is(err, os.ErrNotExist) && strings.HasSuffix(path, ".txt"):
		return nil, err
	case errors.Is(err, os.ErrNotExist):
		dir, prefix := filepath.Split(path)
		if dir == "" {
			dir = "."
		}
		files, lerr := listPrefix(dir, prefix+"-")
		if lerr == nil && len(files) == 0 {
			return nil, fmt.Errorf("%s: no such file, directory or SWDE site prefix (no %s-<attribute>.txt)", path, path)
		}
		return files, lerr
	default:
		return nil, err
	}
}

// listPrefix returns the *.txt files of dir whose names start with prefix,
// sorted.
func listPrefix(dir, prefix string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range ents {
		n := e.Name()
		if !e.IsDir() && strings.HasPrefix(n, prefix) && strings.HasSuffix(n, ".txt") {
			files = append(files, filepath.Join(dir, n))
		}
	}
	return files, nil
}
