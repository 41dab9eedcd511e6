package zoo

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Source is one generated source: the pages of one random site template,
// the SOD a newcomer would write for it, the expected objects and the seed
// dictionaries, all in memory.
type Source struct {
	// Name is "s0007-books-list": the seed, the domain, list or detail.
	Name string
	// Pages are the page files in order, duplicates included.
	Pages []Page
	// SOD is the SOD's TOML text.
	SOD string
	// Expected is the expected objects in the JSON Lines format of
	// examples/*/expected.jsonl (see doc.go for the conventions).
	Expected []byte
	// Dictionaries maps a dictionary class to its seed list, sorted.
	Dictionaries map[string][]string
	// Features describes what the generator drew.
	Features Features
}

// Page is one page file.
type Page struct {
	Name string // file name, "0007.html"
	HTML []byte
}

// Features describes a generated source: enough to tell which template a
// failing seed drew.
type Features struct {
	Seed    uint64
	Domain  string // books, events, sports, products, restaurants
	List    bool   // list pages (objects = "*") rather than detail pages
	Pages   int    // page files, duplicates included
	Dups    int    // pages saved a second time under another name
	Records int    // expected objects over all pages
	Site    string // the made-up site's name
	// Tags are the template features drawn, sorted: "list:table",
	// "block:dl", "multi:text", "address:br", "one-node:date+time",
	// "rows-shuffled", "near-miss:editor", "dup-pages", …
	Tags []string
	// Fields are the SOD's fields, nested ones as "venue.address".
	Fields []Field
	// Coverage is, per dictionary class, the share of the distinct true
	// values the seed list holds.
	Coverage map[string]float64
}

// Field is one field of the generated SOD.
type Field struct {
	Name       string // as in the expected objects; nested: "group.name"
	Fact       string // what it asks for, per domain: "author", "date", …
	Mult       string
	Recognizer string // "dictionary:author", "predefined:date", "regex"
	Label      string // the label the pages print before it ("" for none)
}

// Kind is "list" or "detail".
func (f Features) Kind() string {
	if f.List {
		return "list"
	}
	return "detail"
}

// String describes the source on one line.
func (f Features) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s, %d pages (%d dup), %d objects; fields", f.Domain, f.Kind(), f.Pages, f.Dups, f.Records)
	for _, fl := range f.Fields {
		fmt.Fprintf(&b, " %s[%s %s", fl.Name, fl.Mult, fl.Recognizer)
		if fl.Label != "" {
			fmt.Fprintf(&b, " %q", fl.Label)
		}
		b.WriteString("]")
	}
	b.WriteString("; coverage")
	for _, c := range slices.Sorted(maps.Keys(f.Coverage)) {
		fmt.Fprintf(&b, " %s %.0f%%", c, 100*f.Coverage[c])
	}
	fmt.Fprintf(&b, "; %s", strings.Join(f.Tags, " "))
	return b.String()
}

// Domains lists the domains in the order seeds cycle through them.
func Domains() []string {
	var out []string
	for _, d := range domains {
		out = append(out, d.name)
	}
	return out
}

// domains: seed n draws domain n mod len(domains), list pages when
// (n / len(domains)) is odd, so any run of 2·len(domains) consecutive
// seeds covers every domain with both kinds of page.
var domains = []*domain{booksDomain, eventsDomain, sportsDomain, productsDomain, restaurantsDomain}

// Name returns the source name of a seed without generating it.
func Name(seed uint64) string {
	d := domains[seed%uint64(len(domains))]
	kind := "detail"
	if (seed/uint64(len(domains)))%2 == 1 {
		kind = "list"
	}
	return fmt.Sprintf("s%04d-%s-%s", seed, d.name, kind)
}

// Generate draws the source of seed. The result is a pure function of the
// seed (math/rand/v2 PCG).
func Generate(seed uint64) *Source {
	d := domains[seed%uint64(len(domains))]
	s := &state{r: newRNG(seed, 0x7a6f6f), seed: seed, dom: d,
		list: (seed/uint64(len(domains)))%2 == 1, tags: map[string]bool{},
		presence: map[string]float64{}, extra: map[string]bool{}, pools: map[string][]string{}, classes: map[string]string{}}
	s.drawSite(d.siteHeads, d.siteTails)
	w := s.writer()
	d.setup(s)
	s.drawTemplate()
	if s.extra["groups"] {
		for _, rw := range s.t.rows {
			if rw.keys[0] == "date" && len(rw.keys) == 1 {
				s.t.chrome.groups, s.t.chrome.groupFact = true, "date"
				s.tag("grouped-by-date")
			}
		}
	}
	spec := d.sod(s)
	for range 40 {
		o := record{}
		d.draw(s, o, true)
		s.others = append(s.others, o)
	}
	src := &Source{Name: Name(seed), SOD: spec.toml()}
	var truth [][]object
	var shown []record
	var counts []int
	if s.list {
		counts = s.recordCounts()
	}
	for p := range s.t.pages {
		s.page = record{}
		if d.drawPage != nil {
			d.drawPage(s)
		}
		var recs []record
		var objs []object
		n := 1
		if s.list {
			n = counts[p]
		}
		for range n {
			rec := record{}
			d.draw(s, rec, false)
			recs = append(recs, rec)
		}
		if s.list && s.t.chrome.groups {
			s.sortForGroups(recs)
		}
		var html []byte
		if s.list {
			html = w.render(s.doctype(), s.listPage(recs, p))
		} else {
			html = w.render(s.doctype(), s.detailPage(recs[0], p))
		}
		for _, rec := range recs {
			objs = append(objs, spec.expected(d, rec))
		}
		shown = append(shown, recs...)
		src.Pages = append(src.Pages, Page{pageName(p), html})
		truth = append(truth, objs)
	}
	for i := range s.t.dups {
		j := s.r.IntN(s.t.pages)
		src.Pages = append(src.Pages, Page{pageName(s.t.pages + i), src.Pages[j].HTML})
		truth = append(truth, truth[j])
	}
	src.Expected = expectedJSONL(src.Pages, truth)
	src.Dictionaries, src.Features.Coverage = s.dictionaries(spec, shown)
	src.Features = s.features(spec, src, truth, src.Features.Coverage)
	return src
}

// recordCounts plans how many records each list page holds: one or two
// pages with none, one or two with one, the rest 2..maxRecs.
func (s *state) recordCounts() []int {
	n := s.t.pages
	counts := make([]int, n)
	zero, one := s.r.between(1, 2), s.r.between(1, 2)
	for i := range counts {
		switch {
		case i < zero:
		case i < zero+one:
			counts[i] = 1
		default:
			counts[i] = s.r.between(2, s.t.maxRecs)
		}
	}
	s.r.Shuffle(n, func(i, j int) { counts[i], counts[j] = counts[j], counts[i] })
	return counts
}

func (s *state) doctype() string {
	if s.site.html5 {
		return "<!DOCTYPE html>"
	}
	return `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">`
}

func pageName(i int) string { return fmt.Sprintf("%04d.html", i) }

// expectedJSONL writes one line per expected object, in page order; a page
// with no object gets a line with "object": null, so that objects
// extracted from it count as wrong.
func expectedJSONL(pages []Page, truth [][]object) []byte {
	var b bytes.Buffer
	for i, objs := range truth {
		name := jsonString(pages[i].Name)
		if len(objs) == 0 {
			fmt.Fprintf(&b, "{\"page\":%s,\"object\":null}\n", name)
		}
		for j, o := range objs {
			ob, _ := o.MarshalJSON()
			fmt.Fprintf(&b, "{\"page\":%s,\"index\":%d,\"object\":%s}\n", name, j, ob)
		}
	}
	return b.Bytes()
}

// features fills the description of the source.
func (s *state) features(spec *sodSpec, src *Source, truth [][]object, cov map[string]float64) Features {
	f := Features{Seed: s.seed, Domain: s.dom.name, List: s.list, Pages: len(src.Pages), Dups: s.t.dups,
		Site: s.site.name, Coverage: cov}
	for _, objs := range truth {
		f.Records += len(objs)
	}
	for _, sf := range spec.fields {
		name := sf.name
		if sf.group != "" {
			name = sf.group + "." + sf.name
		}
		rec := sf.rec + ":" + sf.arg
		if sf.rec == "regex" {
			rec = "regex"
		}
		label := s.labelOf(sf.fact)
		if label != "" && !s.dom.fact(sf.fact).near {
			if strings.EqualFold(strings.ReplaceAll(label, " ", "_"), sf.name) {
				s.tag("label=field-name")
			} else {
				s.tag("label≠field-name")
			}
		}
		f.Fields = append(f.Fields, Field{Name: name, Fact: sf.fact, Mult: sf.mult, Recognizer: rec, Label: label})
	}
	if len(spec.groups) > 0 {
		s.tag("sod:nested")
	}
	for _, sf := range spec.fields {
		if sf.whole {
			s.tag("sod:whole_node")
		}
	}
	for _, c := range cov {
		if c < 0.2 {
			s.tag("coverage<20%")
		}
	}
	f.Tags = s.sortedTags()
	return f
}

// labelOf is the label printed before fact key, or "".
func (s *state) labelOf(key string) string {
	for _, rw := range s.t.rows {
		if rw.keys[0] == key && rw.label != "" {
			return rw.label
		}
	}
	return ""
}

// WriteDir writes the source in the layout of examples/<name>/: sod.toml,
// pages/, expected.jsonl and dictionaries/CLASS.txt. It replaces what a
// previous run wrote there.
func (src *Source) WriteDir(dir string) error {
	for _, sub := range []string{"pages", "dictionaries"} {
		if err := os.RemoveAll(filepath.Join(dir, sub)); err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "sod.toml"), []byte(src.SOD), 0o644); err != nil {
		return err
	}
	for _, p := range src.Pages {
		if err := os.WriteFile(filepath.Join(dir, "pages", p.Name), p.HTML, 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "expected.jsonl"), src.Expected, 0o644); err != nil {
		return err
	}
	for c, entries := range src.Dictionaries {
		text := strings.Join(entries, "\n") + "\n"
		if err := os.WriteFile(filepath.Join(dir, "dictionaries", c+".txt"), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dir, "FEATURES.txt"), []byte(src.Name+": "+src.Features.String()+"\n"), 0o644)
}

// ParseSeeds parses a seed list such as "1-40", "7", "1-10,100-109".
func ParseSeeds(spec string) ([]uint64, error) {
	var out []uint64
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.ParseUint(lo, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("seeds %q: %q is not a seed or a range a-b", spec, part)
		}
		b := a
		if isRange {
			if b, err = strconv.ParseUint(hi, 10, 64); err != nil || b < a {
				return nil, fmt.Errorf("seeds %q: %q is not a range a-b with a <= b", spec, part)
			}
		}
		if b-a >= 100000 {
			return nil, fmt.Errorf("seeds %q: range %q is too long (at most 100000 seeds)", spec, part)
		}
		for x := a; x <= b; x++ {
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("seeds %q: no seed", spec)
	}
	return out, nil
}
