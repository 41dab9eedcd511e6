package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"html"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	xhtml "golang.org/x/net/html"
)

var update = flag.Bool("update", false, "regenerate the committed example sources under examples/")

// examplesDir is the examples/ directory, seen from this package.
var examplesDir = filepath.Join("..", "..")

// target is a generated source to check: a committed one under examples/
// or a parked one, generated into a temporary directory.
type target struct {
	name, dir string
	parked    bool
}

// targets returns the committed sources and the parked ones, the latter
// freshly generated (they are not committed, see parked in main.go).
func targets(t *testing.T) []target {
	t.Helper()
	var ts []target
	for _, s := range sources {
		ts = append(ts, target{s.name, filepath.Join(examplesDir, s.name), false})
	}
	tmp := t.TempDir()
	if err := generateSpecs(tmp, parked); err != nil {
		t.Fatal(err)
	}
	for _, s := range parked {
		ts = append(ts, target{s.name, filepath.Join(tmp, s.name), true})
	}
	return ts
}

// TestCommittedFilesMatchGenerator regenerates every source into a temporary
// directory and requires the committed files to be byte-identical, with no
// file missing or left over. Run with -update to rewrite them.
func TestCommittedFilesMatchGenerator(t *testing.T) {
	if *update {
		if err := generate(examplesDir); err != nil {
			t.Fatal(err)
		}
	}
	tmp := t.TempDir()
	if err := generate(tmp); err != nil {
		t.Fatal(err)
	}
	for _, spec := range sources {
		t.Run(spec.name, func(t *testing.T) {
			want := readTree(t, filepath.Join(tmp, spec.name))
			got := readTree(t, filepath.Join(examplesDir, spec.name))
			for name, w := range want {
				g, ok := got[name]
				switch {
				case !ok:
					t.Errorf("%s/%s missing; run: go run ./examples/internal/gen -out examples", spec.name, name)
				case !bytes.Equal(g, w):
					t.Errorf("%s/%s differs from the generator's output; run: go run ./examples/internal/gen -out examples", spec.name, name)
				}
			}
			for name := range got {
				if _, ok := want[name]; !ok {
					t.Errorf("%s/%s is not produced by the generator", spec.name, name)
				}
			}
		})
	}
}

// readTree returns the files under dir by slash-separated relative path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = b
		return nil
	})
	if err != nil {
		t.Fatalf("reading %s: %v", dir, err)
	}
	return files
}

// expectedLine is one line of expected.jsonl.
type expectedLine struct {
	Page   string         `json:"page"`
	Index  int            `json:"index"`
	Object map[string]any `json:"object"`
}

// loaded is a committed source, read back from disk.
type loaded struct {
	pages []string // file names, sorted
	lines []expectedLine
	sod   struct {
		Name    string
		Object  string
		Objects string
		Entity  map[string]map[string]any
		Tuple   map[string]map[string]string
	}
}

func load(t *testing.T, dir string) *loaded {
	t.Helper()
	name := filepath.Base(dir)
	var l loaded
	md, err := toml.DecodeFile(filepath.Join(dir, "sod.toml"), &l.sod)
	if err != nil {
		t.Fatalf("%s/sod.toml: %v", name, err)
	}
	if u := md.Undecoded(); len(u) > 0 {
		t.Fatalf("%s/sod.toml: unexpected keys %v", name, u)
	}
	ents, err := os.ReadDir(filepath.Join(dir, "pages"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		l.pages = append(l.pages, e.Name())
	}
	f, err := os.Open(filepath.Join(dir, "expected.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		var e expectedLine
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil {
			t.Fatalf("%s/expected.jsonl:%d: %v", name, n, err)
		}
		l.lines = append(l.lines, e)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return &l
}

// visibleText returns the text a reader sees in an HTML page: text nodes
// outside <head>, <script>, <style>, <noscript> and <template>, joined by
// spaces, with runs of white space collapsed.
func visibleText(page []byte) (string, error) {
	doc, err := xhtml.Parse(bytes.NewReader(page))
	if err != nil {
		return "", err
	}
	var parts []string
	var walk func(n *xhtml.Node)
	walk = func(n *xhtml.Node) {
		if n.Type == xhtml.ElementNode {
			switch n.Data {
			case "head", "script", "style", "noscript", "template":
				return
			}
		}
		if n.Type == xhtml.TextNode {
			parts = append(parts, n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return collapse(strings.Join(parts, " ")), nil
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// values lists an object's values, one-valued and many-valued fields alike.
func values(o map[string]any) []string {
	var vs []string
	for _, k := range slices.Sorted(maps.Keys(o)) {
		switch v := o[k].(type) {
		case string:
			vs = append(vs, v)
		case []any:
			for _, x := range v {
				s, _ := x.(string)
				vs = append(vs, s)
			}
		}
	}
	return vs
}

// TestExpectedValuesAreVisible checks that every expected value occurs in
// the visible text of its page, as written (entities decoded, whitespace
// collapsed), and that lines are in page order with consecutive indexes.
func TestExpectedValuesAreVisible(t *testing.T) {
	for _, spec := range targets(t) {
		t.Run(spec.name, func(t *testing.T) {
			l := load(t, spec.dir)
			texts := map[string]string{}
			prevPage, next := "", 0
			for i, e := range l.lines {
				if e.Page < prevPage {
					t.Fatalf("line %d: page %s after %s", i+1, e.Page, prevPage)
				}
				if e.Page != prevPage {
					prevPage, next = e.Page, 0
				}
				if e.Index != next {
					t.Fatalf("line %d: index %d, want %d", i+1, e.Index, next)
				}
				next++
				text, ok := texts[e.Page]
				if !ok {
					b, err := os.ReadFile(filepath.Join(spec.dir, "pages", e.Page))
					if err != nil {
						t.Fatalf("line %d: %v", i+1, err)
					}
					if text, err = visibleText(b); err != nil {
						t.Fatalf("%s: %v", e.Page, err)
					}
					texts[e.Page] = text
				}
				for _, v := range values(e.Object) {
					if v == "" || v != collapse(v) {
						t.Errorf("line %d: value %q is empty or not whitespace-collapsed", i+1, v)
					}
					if !strings.Contains(text, v) {
						t.Errorf("line %d: %q does not occur in the visible text of %s", i+1, v, e.Page)
					}
				}
			}
		})
	}
}

// TestSourceShape checks the properties the sources promise. List sources
// (objects = "*"): at least 24 pages of 5–30 KB, some empty and some
// single-record pages, mostly 3–15 records. Detail sources (objects = "1"):
// at least 30 pages of 8–40 KB, exactly one record per page. Both: fields
// and multiplicities as declared in the SOD, optional fields missing on
// some records but not all, many-valued fields with several values on at
// least a fifth of the records.
func TestSourceShape(t *testing.T) {
	total := map[bool]int{} // bytes of pages, by parked
	for _, spec := range targets(t) {
		t.Run(spec.name, func(t *testing.T) {
			l := load(t, spec.dir)
			detail := l.sod.Objects == "1"
			minPages, minSize, maxSize := 24, int64(5<<10), int64(30<<10)
			if detail {
				minPages, minSize, maxSize = 30, 8<<10, 40<<10
			} else if l.sod.Objects != "*" {
				t.Fatalf("sod.toml: objects=%q, want \"*\" or \"1\"", l.sod.Objects)
			}
			if got := len(l.pages); got < minPages {
				t.Errorf("%d pages, want at least %d", got, minPages)
			}
			for _, p := range l.pages {
				fi, err := os.Stat(filepath.Join(spec.dir, "pages", p))
				if err != nil {
					t.Fatal(err)
				}
				total[spec.parked] += int(fi.Size())
				if fi.Size() < minSize || fi.Size() > maxSize {
					t.Errorf("%s: %d bytes, want %d–%d KB", p, fi.Size(), minSize>>10, maxSize>>10)
				}
			}
			perPage := map[string]int{}
			for _, e := range l.lines {
				perPage[e.Page]++
			}
			hist := map[string]int{}
			for _, p := range l.pages {
				switch n := perPage[p]; {
				case detail && n != 1:
					t.Errorf("%s: %d records, want 1 (detail page)", p, n)
				case detail:
				case n == 0:
					hist["zero"]++
				case n == 1:
					hist["one"]++
				case n >= 3 && n <= 15:
					hist["3-15"]++
				default:
					t.Errorf("%s: %d records, want 0, 1 or 3–15", p, n)
				}
			}
			if !detail && (hist["zero"] == 0 || hist["one"] == 0 || hist["3-15"] < len(l.pages)*3/4) {
				t.Errorf("records per page: %v; want some empty, some single and mostly 3–15", hist)
			}
			tuple := l.sod.Tuple[l.sod.Object]
			if len(tuple) == 0 {
				t.Fatalf("sod.toml: tuple %q missing", l.sod.Object)
			}
			missing, multi := map[string]int{}, map[string]int{}
			for i, e := range l.lines {
				for k := range e.Object {
					if _, ok := tuple[k]; !ok {
						t.Errorf("line %d: field %q not in the SOD", i+1, k)
					}
				}
				for field, mult := range tuple {
					v, ok := e.Object[field]
					switch mult {
					case "1", "?":
						if _, isStr := v.(string); ok && !isStr || !ok && mult == "1" {
							t.Errorf("line %d: %s=%v, want one string (multiplicity %s)", i+1, field, v, mult)
						}
						if !ok {
							missing[field]++
						}
					case "+":
						list, _ := v.([]any)
						if len(list) == 0 {
							t.Errorf("line %d: %s=%v, want a non-empty list", i+1, field, v)
						}
						if len(list) > 1 {
							multi[field]++
						}
					default:
						t.Fatalf("sod.toml: unexpected multiplicity %q", mult)
					}
				}
			}
			for field, mult := range tuple {
				switch mult {
				case "?":
					if n := missing[field]; n == 0 || n == len(l.lines) {
						t.Errorf("optional %s missing in %d of %d records; want some but not all", field, n, len(l.lines))
					}
				case "+":
					if multi[field] < len(l.lines)/5 {
						t.Errorf("%s has several values in %d of %d records; want a real nested list", field, multi[field], len(l.lines))
					}
				}
			}
		})
	}
	if total[false] > 6<<20 || total[true] > 3<<20 {
		t.Errorf("pages total %d bytes committed, %d parked; want under 6 MB committed, 3 MB parked", total[false], total[true])
	}
}

// TestDictionaries checks that each seed dictionary is sorted, has no
// duplicates, covers roughly half of the names on the pages and carries
// some noise (names that appear nowhere in the records).
func TestDictionaries(t *testing.T) {
	for _, spec := range targets(t) {
		t.Run(spec.name, func(t *testing.T) {
			l := load(t, spec.dir)
			classes := map[string][]string{} // class -> fields using it
			for field, ent := range l.sod.Entity {
				if c, _ := ent["dictionary"].(string); c != "" {
					classes[c] = append(classes[c], field)
				}
			}
			if len(classes) == 0 {
				t.Fatal("no dictionary entity in sod.toml")
			}
			for class, fields := range classes {
				b, err := os.ReadFile(filepath.Join(spec.dir, "dictionaries", class+".txt"))
				if err != nil {
					t.Fatal(err)
				}
				entries := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
				if !slices.IsSorted(entries) || len(slices.Compact(slices.Clone(entries))) != len(entries) {
					t.Errorf("%s.txt: not sorted or has duplicates", class)
				}
				names := map[string]bool{}
				for _, e := range l.lines {
					for _, f := range fields {
						for _, v := range values(map[string]any{f: e.Object[f]}) {
							names[v] = true
						}
					}
				}
				covered, noise := 0, 0
				for _, e := range entries {
					if strings.TrimSpace(e) == "" {
						t.Errorf("%s.txt: blank entry", class)
					}
					if names[e] {
						covered++
					} else {
						noise++
					}
				}
				cov := float64(covered) / float64(len(names))
				t.Logf("%s.txt: %d entries, covers %d of %d names (%.2f), %d noise", class, len(entries), covered, len(names), cov, noise)
				lo, hi := wantCoverage(l.sod.Objects, class)
				if cov < lo || cov > hi {
					t.Errorf("%s.txt covers %.2f of %d names, want %.2f–%.2f", class, cov, len(names), lo, hi)
				}
				share := float64(noise) / float64(len(entries))
				switch {
				case l.sod.Objects == "1" && noise == 0:
					t.Errorf("%s.txt: no noise entry", class)
				case l.sod.Objects != "1" && (share < 0.05 || share > 0.2):
					t.Errorf("%s.txt: %.2f of entries are noise, want about a tenth", class, share)
				}
			}
		})
	}
}

// wantCoverage is the share of a class's names a seed dictionary should
// cover: about half on list sources; on detail sources, like the shared
// gazetteers on real book pages, about a quarter of titles and authors and
// almost no publishers.
func wantCoverage(objects, class string) (lo, hi float64) {
	switch {
	case objects != "1":
		return 0.35, 0.65
	case class == "publisher":
		return 0, 0.2
	}
	return 0.12, 0.4
}

// TestTemplatesDiffer checks that the three templates of a domain write
// dates differently (the shape of the date strings: digits and letters).
func TestTemplatesDiffer(t *testing.T) {
	shape := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= '0' && r <= '9':
				return '9'
			case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
				return 'a'
			}
			return r
		}, s)
	}
	owner := map[string]string{} // domain and date shape -> source
	for _, spec := range targets(t) {
		l := load(t, spec.dir)
		for _, e := range l.lines {
			d, _ := e.Object["date"].(string)
			if d == "" {
				continue
			}
			// Collapse runs so that "7/13/2010" and "12/1/2010" share a shape.
			sh := l.sod.Name + " " + shape(d)
			for strings.Contains(sh, "99") || strings.Contains(sh, "aa") {
				sh = strings.ReplaceAll(strings.ReplaceAll(sh, "99", "9"), "aa", "a")
			}
			if o, ok := owner[sh]; ok && o != spec.name {
				t.Errorf("date shape %q used by both %s and %s", sh, o, spec.name)
			}
			owner[sh] = spec.name
		}
	}
}

// FuzzEsc checks that the page writer's escaping round-trips through HTML
// unescaping in every entity style.
func FuzzEsc(f *testing.F) {
	for _, s := range []string{"Chloé & the Comets", "O’Connell <b>", `say "hi"`, "Sørensen — Jovanović", "\u0086 (a C1 control: &#134; would decode as Windows-1252)", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			t.Skip()
		}
		for _, style := range []entStyle{entNamed, entNumeric, entRaw} {
			d := &doc{ent: style, alt: style}
			if got := html.UnescapeString(d.esc(s)); got != s {
				t.Fatalf("style %d: unescape(esc(%q)) = %q", style, s, got)
			}
		}
	})
}
