package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/net/html"

	"github.com/objectrunner/objectrunner/dictionaries"
)

// dictDirFlag adds the --dir flag shared by the dict commands, and
// --dict-dir, the name the other commands give the same directory.
func dictDirFlag(fs *flag.FlagSet) *string {
	dir := fs.String("dir", "", "dictionary store directory (default $"+dictionaries.DirEnv+", else <user cache dir>/objectrunner/dictionaries)")
	fs.StringVar(dir, "dict-dir", "", "the same as --dir (the name extract, run and recognize use)")
	return dir
}

// runDictImport imports word lists into classes.
func (m *Main) runDictImport(ctx context.Context, args []string) error {
	fs := m.newFlagSet("dict import", "FILE|DIR...",
		"Import word lists (one entry per line, or TSV: entry<TAB>count[<TAB>confidence])\n"+
			"into dictionary classes. A directory imports each of its CLASS.txt and CLASS.tsv\n"+
			"files into the class its name gives; a file goes into --class, or without it\n"+
			"into the class its name gives (author.txt: author). Re-importing changes nothing.")
	dir := dictDirFlag(fs)
	class := fs.String("class", "", "dictionary class for the FILE arguments (default: each file's name without extension)")
	format := fs.String("format", "", "list or tsv (default: by extension, .tsv is TSV)")
	conf := fs.Float64("confidence", 0, "confidence of imported entries without one (default 0.8)")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if *class != "" {
		if err := dictionaries.ValidClass(*class); err != nil {
			return usagef("--class: %v", err)
		}
	}
	if fs.NArg() == 0 {
		return usagef("no file or directory to import")
	}
	var f dictionaries.Format
	if *format != "" {
		var err error
		if f, err = dictionaries.ParseFormat(*format); err != nil {
			return usagef("--format: %v", err)
		}
	}
	if *conf < 0 || *conf > 1 {
		return usagef("--confidence %g not in (0,1]", *conf)
	}
	lists, err := wordLists(fs.Args(), *class)
	if err != nil {
		return err
	}
	s, err := m.openStore(*dir, false)
	if err != nil {
		return err
	}
	defer s.Close()
	for _, l := range lists {
		rep, err := m.importList(ctx, s, l, dictionaries.ImportOptions{Format: f, Confidence: *conf})
		if err != nil {
			return err
		}
		fmt.Fprintf(m.Stdout, "%s: %s: %d new, %d updated, %d unchanged, %d skipped lines\n",
			l.path, l.class, rep.New, rep.Updated, rep.Unchanged, rep.Skipped)
	}
	return nil
}

// wordList is one file to import and its class.
type wordList struct{ path, class string }

// wordLists expands import arguments: a directory gives its CLASS.txt and
// CLASS.tsv files (class from the name), a file goes into class or, when
// class is empty, into the class its name gives.
func wordLists(args []string, class string) ([]wordList, error) {
	var out []wordList
	for _, arg := range args {
		st, err := os.Stat(arg)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			c := class
			if c == "" {
				c = strings.TrimSuffix(filepath.Base(arg), filepath.Ext(arg))
				if err := dictionaries.ValidClass(c); err != nil {
					return nil, usagef("%s: the file name gives no class (%v): use --class", arg, err)
				}
			}
			out = append(out, wordList{arg, c})
			continue
		}
		if class != "" {
			return nil, usagef("%s is a directory: its files go into the classes their names give, --class applies to files only", arg)
		}
		entries, err := os.ReadDir(arg)
		if err != nil {
			return nil, err
		}
		n := 0
		for _, e := range entries {
			ext := filepath.Ext(e.Name())
			if e.IsDir() || (ext != ".txt" && ext != ".tsv") {
				continue
			}
			c := strings.TrimSuffix(e.Name(), ext)
			if err := dictionaries.ValidClass(c); err != nil {
				return nil, fmt.Errorf("%s: %v", filepath.Join(arg, e.Name()), err)
			}
			out = append(out, wordList{filepath.Join(arg, e.Name()), c})
			n++
		}
		if n == 0 {
			return nil, fmt.Errorf("%s: no CLASS.txt or CLASS.tsv word lists", arg)
		}
	}
	return out, nil
}

// importList imports one word list, logging progress on long files.
func (m *Main) importList(ctx context.Context, s *dictionaries.Store, l wordList, opts dictionaries.ImportOptions) (dictionaries.ImportReport, error) {
	opts.Progress = func(r dictionaries.ImportReport) {
		if r.Batches%10 == 0 {
			m.Log.Info("importing", "file", l.path, "class", l.class, "lines", r.Lines, "new", r.New)
		}
	}
	opts.Warn = func(line int, msg string) { m.Log.Warn("line skipped", "file", l.path, "line", line, "reason", msg) }
	return s.ImportFile(ctx, l.class, l.path, opts)
}

// runDictList lists the classes, or the entries of one class.
func (m *Main) runDictList(ctx context.Context, args []string) error {
	fs := m.newFlagSet("dict list", "[CLASS]",
		"Without CLASS, list the classes and their entry counts.\nWith CLASS, list its entries: original form, count, confidence (TSV).")
	dir := dictDirFlag(fs)
	limit := fs.Int("limit", 0, "list at most this many entries (0: all)")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usagef("at most one class")
	}
	s, err := m.openStore(*dir, true)
	if err != nil {
		return err
	}
	defer s.Close()
	if fs.NArg() == 0 {
		classes, err := s.Classes()
		if err != nil {
			return err
		}
		for _, c := range classes {
			st, err := s.Selectivity(c)
			if err != nil {
				return err
			}
			fmt.Fprintf(m.Stdout, "%s\t%d\n", c, st.Entries)
		}
		return nil
	}
	n := 0
	errStop := errors.New("stop")
	err = s.Entries(fs.Arg(0), func(e *dictionaries.Entry) error {
		if *limit > 0 && n >= *limit {
			return errStop
		}
		n++
		_, err := fmt.Fprintf(m.Stdout, "%s\t%d\t%.2f\n", e.Original, e.Count, e.Confidence)
		return err
	})
	if errors.Is(err, errStop) {
		return nil
	}
	return err
}

// runDictStats prints the selectivity statistics of classes.
func (m *Main) runDictStats(ctx context.Context, args []string) error {
	fs := m.newFlagSet("dict stats", "[CLASS...]",
		"Print per-class statistics: entries, vocabulary, words per entry.\nWith --sample, also how often each class hits on the pages of a directory.")
	dir := dictDirFlag(fs)
	sample := fs.String("sample", "", "directory of HTML pages to measure hit rates on")
	pages := fs.Int("pages", 50, "pages of --sample to read")
	top := fs.Int("top", 3, "with --sample, the most frequent entries to show per class")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	s, err := m.openStore(*dir, true)
	if err != nil {
		return err
	}
	defer s.Close()
	classes := fs.Args()
	if len(classes) == 0 {
		if classes, err = s.Classes(); err != nil {
			return err
		}
	}
	var hits map[string]*dictionaries.SampleStats
	if *sample != "" {
		texts, err := dictSampleTexts(*sample, *pages)
		if err != nil {
			return err
		}
		mt, err := s.Matcher(classes...)
		if err != nil {
			return err
		}
		hits = mt.Stats(texts)
	}
	w := m.Stdout
	fmt.Fprint(w, "class\tentries\tvocabulary\tmean_words\tmax_words\tdigit_entries")
	if hits != nil {
		fmt.Fprint(w, "\tpages\tpages_hit\thits_per_page\ttop")
	}
	fmt.Fprintln(w)
	for _, c := range classes {
		st, err := s.Selectivity(c)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%.2f\t%d\t%d", c, st.Entries, st.Vocabulary, st.MeanWords, st.MaxWords, st.DigitEntries)
		if h := hits[c]; h != nil {
			fmt.Fprintf(w, "\t%d\t%d\t%.2f\t%s", h.Pages, h.PagesHit, h.HitsPerPage(), strings.Join(h.Top(*top), "|"))
		}
		fmt.Fprintln(w)
	}
	return nil
}

// dictSampleTexts returns the visible text of up to n HTML pages of dir.
func dictSampleTexts(dir string, n int) ([]string, error) {
	des, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var texts []string
	for _, d := range des {
		if len(texts) >= n {
			break
		}
		ext := strings.ToLower(filepath.Ext(d.Name()))
		if d.IsDir() || (ext != ".htm" && ext != ".html") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, d.Name()))
		if err != nil {
			return nil, err
		}
		texts = append(texts, dictVisibleText(b))
	}
	if len(texts) == 0 {
		return nil, fmt.Errorf("%s: no .htm or .html page", dir)
	}
	return texts, nil
}

// dictVisibleText returns the text of an HTML page outside script and style.
func dictVisibleText(page []byte) string {
	z := html.NewTokenizer(bytes.NewReader(page))
	var b strings.Builder
	skip := 0
	for {
		switch z.Next() {
		case html.ErrorToken:
			return b.String()
		case html.StartTagToken:
			if n, _ := z.TagName(); string(n) == "script" || string(n) == "style" {
				skip++
			}
		case html.EndTagToken:
			if n, _ := z.TagName(); (string(n) == "script" || string(n) == "style") && skip > 0 {
				skip--
			}
		case html.TextToken:
			if skip == 0 {
				b.Write(z.Text())
				b.WriteByte('\n')
			}
		}
	}
}

// runDictLookup looks a text up, exactly and approximately.
func (m *Main) runDictLookup(ctx context.Context, args []string) error {
	fs := m.newFlagSet("dict lookup", "TEXT",
		"Look TEXT up in dictionary classes: exact matches (after normalisation) and,\nunless --exact, near misses (typos, prefixes, entries holding all its words).\nPrints class, exact|fuzzy, entry, count, confidence (TSV).")
	dir := dictDirFlag(fs)
	class := fs.String("class", "", "class to look in (default: all)")
	exact := fs.Bool("exact", false, "exact matches only")
	limit := fs.Int("limit", 5, "near misses to show per class")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usagef("no text to look up")
	}
	text := strings.Join(fs.Args(), " ")
	s, err := m.openStore(*dir, true)
	if err != nil {
		return err
	}
	defer s.Close()
	classes := []string{*class}
	if *class == "" {
		if classes, err = s.Classes(); err != nil {
			return err
		}
	}
	found := 0
	for _, c := range classes {
		if *exact {
			e, err := s.Lookup(c, text)
			if err != nil {
				return err
			}
			if e != nil {
				found++
				fmt.Fprintf(m.Stdout, "%s\texact\t%s\t%d\t%.2f\n", c, e.Original, e.Count, e.Confidence)
			}
			continue
		}
		hits, err := s.Search(c, text, *limit)
		if err != nil {
			return err
		}
		for _, h := range hits {
			found++
			kind := "fuzzy"
			if h.Exact {
				kind = "exact"
			}
			fmt.Fprintf(m.Stdout, "%s\t%s\t%s\t%d\t%.2f\n", c, kind, h.Entry.Original, h.Entry.Count, h.Entry.Confidence)
		}
	}
	if found == 0 {
		return fmt.Errorf("%q: not found (normalised %q)", text, dictionaries.Normalize(text))
	}
	return nil
}

// runDictGrow adds extracted values to a class.
func (m *Main) runDictGrow(ctx context.Context, args []string) error {
	fs := m.newFlagSet("dict grow", "",
		"Add the values of one field of extraction results (JSON lines with page,\nobject and confidence) to a dictionary class. The field may be a dotted\npath into nested objects (credits.name); values may be strings or arrays.\nValues without a confidence are skipped. Growing twice changes nothing.")
	dir := dictDirFlag(fs)
	from := fs.String("from", "", "extraction results, JSON lines (required)")
	field := fs.String("field", "", "field of the objects, dotted for nested ones (required)")
	class := fs.String("class", "", "dictionary class to grow (default: the field's last part)")
	minConf := fs.Float64("min-confidence", 0.5, "skip values with a lower confidence")
	source := fs.String("source", "", "source recorded as provenance (default: the --from file)")
	sodPath := fs.String("sod", "", "SOD recorded as provenance")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if *from == "" || *field == "" {
		return usagef("--from and --field are required")
	}
	if fs.NArg() > 0 {
		return usagef("unexpected arguments %q", fs.Args())
	}
	if *class == "" {
		*class = (*field)[strings.LastIndexByte(*field, '.')+1:]
	}
	if err := dictionaries.ValidClass(*class); err != nil {
		return usagef("--class: %v", err)
	}
	if *source == "" {
		*source = *from
	}
	obs, low, missing, err := readGrowObservations(*from, strings.Split(*field, "."), *minConf, *source, *sodPath)
	if err != nil {
		return err
	}
	s, err := m.openStore(*dir, false)
	if err != nil {
		return err
	}
	defer s.Close()
	rep, err := s.Grow(*class, obs)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "%s: %d new, %d updated, %d unchanged, %d refused, %d below --min-confidence, %d without confidence\n",
		*class, rep.New, rep.Updated, rep.Unchanged, len(rep.Refused), low, missing)
	reasons := map[string]int{}
	for _, r := range rep.Refused {
		reasons[r.Reason]++
		m.Log.Debug("refused", "value", r.Value, "page", r.Page, "reason", r.Reason)
	}
	keys := make([]string, 0, len(reasons))
	for k := range reasons {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(m.Stdout, "  refused %d: %s\n", reasons[k], k)
	}
	return nil
}

// growResult is one line of extraction results.
type growResult struct {
	Page       string `json:"page"`
	Object     any    `json:"object"`
	Confidence any    `json:"confidence"`
}

// readGrowObservations reads the values at path in the results file, with
// the confidences at the same path; it returns the observations at or above
// minConf and how many values were below it or had no confidence.
func readGrowObservations(file string, path []string, minConf float64, source, sodPath string) (obs []dictionaries.Observation, low, missing int, err error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, 0, 0, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	line := 0
	for {
		b, rerr := r.ReadBytes('\n')
		if len(bytes.TrimSpace(b)) > 0 {
			line++
			var res growResult
			if err := json.Unmarshal(b, &res); err != nil {
				return nil, 0, 0, fmt.Errorf("%s:%d: %v", file, line, err)
			}
			var vals []growValue
			collectGrowValues(res.Object, res.Confidence, path, &vals)
			for _, v := range vals {
				switch {
				case v.conf < 0:
					missing++
				case v.conf < minConf:
					low++
				default:
					obs = append(obs, dictionaries.Observation{Value: v.text, Confidence: v.conf, Source: source, SOD: sodPath, Page: res.Page})
				}
			}
		} else if len(b) > 0 {
			line++
		}
		if rerr == io.EOF {
			return obs, low, missing, nil
		}
		if rerr != nil {
			return nil, 0, 0, fmt.Errorf("%s:%d: %w", file, line+1, rerr)
		}
	}
}

// growValue is a value found in a result with its confidence (-1: none).
type growValue struct {
	text string
	conf float64
}

// collectGrowValues walks obj and its mirror conf along path. Arrays are
// walked element by element (a confidence array of the same length gives
// each element its own; a single confidence applies to all).
func collectGrowValues(obj, conf any, path []string, out *[]growValue) {
	if arr, ok := obj.([]any); ok {
		carr, _ := conf.([]any)
		for i, o := range arr {
			var c any = conf
			if carr != nil {
				c = nil
				if len(carr) == len(arr) {
					c = carr[i]
				}
			}
			collectGrowValues(o, c, path, out)
		}
		return
	}
	if len(path) > 0 {
		o, ok := obj.(map[string]any)
		if !ok {
			return
		}
		var c any
		if cm, ok := conf.(map[string]any); ok {
			c = cm[path[0]]
		} else if _, ok := conf.(float64); ok {
			c = conf // one confidence for the whole object
		}
		collectGrowValues(o[path[0]], c, path[1:], out)
		return
	}
	s, ok := obj.(string)
	if !ok {
		return
	}
	c, ok := conf.(float64)
	if !ok {
		c = -1
	}
	*out = append(*out, growValue{text: s, conf: c})
}

// runDictExport writes a class as a plain list or TSV.
func (m *Main) runDictExport(ctx context.Context, args []string) error {
	fs := m.newFlagSet("dict export", "",
		"Write the entries of a class, in order of normalised form, as a plain list\n(one original form per line) or TSV (entry, count, confidence) that imports back.")
	dir := dictDirFlag(fs)
	class := fs.String("class", "", "class to export (required)")
	format := fs.String("format", "list", "list or tsv")
	out := fs.String("o", "", "write to this file instead of standard output")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if *class == "" {
		return usagef("--class is required")
	}
	f, err := dictionaries.ParseFormat(*format)
	if err != nil {
		return usagef("--format: %v", err)
	}
	s, err := m.openStore(*dir, true)
	if err != nil {
		return err
	}
	defer s.Close()
	w := m.Stdout
	var file *os.File
	if *out != "" {
		if file, err = os.Create(*out); err != nil {
			return err
		}
		w = file
	}
	bw := bufio.NewWriter(w)
	n, err := s.Export(*class, bw, f)
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	if file != nil {
		if cerr := file.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return err
	}
	m.Log.Info("exported", "class", *class, "entries", n)
	return nil
}
