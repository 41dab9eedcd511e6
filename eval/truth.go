package eval

import (
	"path"
	"sort"
	"strings"
)

// Record is one object flattened to its leaf fields: field name (dotted
// for nested fields, e.g. "credits.name") to the field's values in
// document order. A field with no value is absent.
type Record map[string][]string

// Truth is the ground truth of one source: the labelled pages, each with
// the true records on it.
type Truth struct {
	// Path is the file, directory or prefix the truth was loaded from.
	Path string `json:"path"`
	// Format is "swde" or "jsonl".
	Format string `json:"format"`
	// Attributes lists every attribute named in the truth, sorted.
	Attributes []string `json:"attributes"`
	// Pages lists the labelled pages in the order they were read.
	Pages []*TruthPage `json:"pages"`
	// Declared holds, for SWDE truth, the counts stated on line 2 of each
	// attribute file, by attribute.
	Declared map[string]SWDECounts `json:"declared,omitempty"`
	// Warnings lists recoverable oddities (file:line: message), such as a
	// value count that disagrees with the values on an SWDE line.
	Warnings []string `json:"warnings,omitempty"`

	byKey map[string]*TruthPage
}

// TruthPage is one labelled page.
type TruthPage struct {
	// Name is the page as the truth names it ("0000" in SWDE, a path in
	// JSON Lines truth).
	Name string `json:"name"`
	// Records are the true objects on the page; none when the page holds
	// no object.
	Records []Record `json:"records"`
}

// Values returns the page's true values of attr, over all its records.
func (p *TruthPage) Values(attr string) []string {
	var vs []string
	for _, r := range p.Records {
		vs = append(vs, r[attr]...)
	}
	return vs
}

// Page returns the truth page a page path (as in results: "0001.htm",
// "sub/0001.htm") refers to, or nil. The path matches a truth page with
// the same path once extensions are removed; failing that, the one truth
// page with the same base name without extension ("0001"). The first call
// indexes t.Pages: change them no more after it, and make that first call
// before sharing t between goroutines.
func (t *Truth) Page(name string) *TruthPage {
	t.index()
	k := pageKey(name)
	if p := t.byKey[k]; p != nil {
		return p
	}
	if p := t.byKey["\x00"+path.Base(k)]; p != nil {
		return p
	}
	return nil
}

// index builds the lookup tables of Page; base names shared by several
// pages are left out of the base-name table.
func (t *Truth) index() {
	if t.byKey != nil {
		return
	}
	t.byKey = make(map[string]*TruthPage, 2*len(t.Pages))
	dup := map[string]bool{}
	for _, p := range t.Pages {
		k := pageKey(p.Name)
		t.byKey[k] = p
		b := "\x00" + path.Base(k)
		if _, seen := t.byKey[b]; seen {
			dup[b] = true
		}
		t.byKey[b] = p
	}
	for b := range dup {
		delete(t.byKey, b)
	}
}

// pageKey is a page path with forward slashes, no leading "./" and no
// extension: the form pages are matched in.
func pageKey(name string) string {
	k := path.Clean(strings.ReplaceAll(name, `\`, "/"))
	k = strings.TrimPrefix(k, "./")
	return strings.TrimSuffix(k, path.Ext(k))
}

// collectAttributes adds every field named in a record to t.Attributes
// and sorts them.
func (t *Truth) collectAttributes() {
	seen := map[string]bool{}
	for _, a := range t.Attributes {
		seen[a] = true
	}
	for _, p := range t.Pages {
		for _, r := range p.Records {
			for a := range r {
				if !seen[a] {
					seen[a] = true
					t.Attributes = append(t.Attributes, a)
				}
			}
		}
	}
	sort.Strings(t.Attributes)
}
