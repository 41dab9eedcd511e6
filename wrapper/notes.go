package wrapper

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
)

// Note is a warning the wrapper can give about its own mapping: a field
// it abstained on, a multiplicity the pages contradict. The run's
// diagnostics (objectrunner.Diagnose) carry them.
type Note struct {
	// Kind is one of the Note… constants.
	Kind string
	// Field is the field's path ("" for the SOD's objects).
	Field string
	// Message says what was seen, readably.
	Message string
}

// Kinds of Note.
const (
	// NoteMultiplicity: a field declared single whose values hold several
	// instances of its type (or whose slot holds several values) on many
	// sample pages: its multiplicity is likely "+" or "*".
	NoteMultiplicity = "multiplicity"
	// NoteObjects: the SOD wants one object per page, and the sample
	// pages hold repeated records of its types.
	NoteObjects = "objects-multiplicity"
	// NoteAbstained: no candidate slot was clearly best for a field,
	// which was left empty (abstain.go).
	NoteAbstained = "abstained"
)

// Thresholds of Notes.
const (
	// MultiShare: a single field shows several instances on at least
	// this share of the sample pages where it has a value (and on two
	// pages or more).
	MultiShare = 0.3
	// RepeatShare and RepeatMin: with one object per page, the SOD's
	// mandatory types are each annotated RepeatMin times or more in
	// distinct elements on at least RepeatShare of the sample pages.
	RepeatShare, RepeatMin = 0.6, 3
)

// Notes returns the wrapper's warnings about the sample it was learned
// from (pages, annotated): the notes of induction (abstentions) and the
// multiplicity hints measured on the sample. Sorted by field then kind.
func (w *Wrapper) Notes(pages []*annotate.Page) []Note {
	out := slices.Clone(w.notes)
	out = append(out, w.multiplicityNotes(pages)...)
	if w.page != nil {
		out = append(out, w.page.Notes(pages)...)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Field != out[j].Field {
			return out[i].Field < out[j].Field
		}
		return out[i].Kind < out[j].Kind
	})
	return out
}

// sampleScopes matches the wrapper on one sample page and calls f with
// the page's tokens and each object's match (a record, an iteration of
// the objects' set, or the page).
func (w *Wrapper) sampleScopes(p *annotate.Page, f func(toks []token, r *mrec)) {
	if w.rp != nil {
		for _, nodes := range w.rp.Records(p) {
			toks := tokenizeNodes(nodes, p, w.ps)
			if root, ok := w.matchRoot(toks); ok {
				f(toks, root)
			}
		}
		return
	}
	toks := tokenize(p, w.ps)
	root, ok := w.matchRoot(toks)
	if !ok {
		return
	}
	if w.scope < 0 {
		f(toks, root)
		return
	}
	var find func(r *mrec)
	find = func(r *mrec) {
		for _, k := range r.kids {
			if k.set == w.scope {
				f(toks, k)
			} else {
				find(k)
			}
		}
	}
	find(root)
}

// multiplicityNotes measures, on the sample, the single root fields whose
// slot gives several values per object, or whose values hold several
// instances of the field's types (two authors in one byline), and the
// one-object SODs whose types repeat on the pages.
func (w *Wrapper) multiplicityNotes(pages []*annotate.Page) []Note {
	type count struct{ objs, multi, most int }
	counts := map[string]*count{}
	slotsOf := map[string][]int{}
	for _, sm := range w.slots {
		if sm.Lines || sm.Join || sm.JoinPrev || sm.Block || sm.Part || sm.Item || sm.Row != nil {
			continue // a value of several lines or parts, not several values
		}
		slotsOf[sm.Field] = append(slotsOf[sm.Field], sm.Slot)
	}
	var single []FieldSpec
	for _, f := range w.fields {
		if !f.Many && !f.Tuple && f.Parent == "" && len(slotsOf[f.Path]) > 0 {
			single = append(single, f)
		}
	}
	for _, p := range pages {
		w.sampleScopes(p, func(toks []token, r *mrec) {
			for _, f := range single {
				vals, most := 0, 0
				collect(r, -1, func(v sval) {
					if !slices.Contains(slotsOf[f.Path], v.slot) {
						return
					}
					_, a, b := valueText(toks, v.a, v.b)
					if a >= b {
						return
					}
					vals++
					most = max(most, vals, instances(toks, a, b, f.Types))
				})
				if vals == 0 {
					continue
				}
				c := counts[f.Path]
				if c == nil {
					c = &count{}
					counts[f.Path] = c
				}
				c.objs++
				if most >= 2 {
					c.multi++
					c.most = max(c.most, most)
				}
			}
		})
	}
	var out []Note
	for _, f := range single {
		c := counts[f.Path]
		if c == nil || c.multi < 2 || float64(c.multi) < MultiShare*float64(c.objs) {
			continue
		}
		use := "+"
		if f.Optional {
			use = "*"
		}
		out = append(out, Note{Kind: NoteMultiplicity, Field: f.Path, Message: fmt.Sprintf(
			"field %s is declared %q, but %d of the %d sample objects with a value show 2-%d values of it: use %q? (only the first is written)",
			f.Path, f.Mult, c.multi, c.objs, c.most, use)})
	}
	if n := w.repeatedRecords(pages); n != "" {
		out = append(out, Note{Kind: NoteObjects, Message: n})
	}
	return out
}

// instances counts the distinct annotations of types over tokens [a, b).
func instances(toks []token, a, b int, types []string) int {
	seen := map[*annotate.Annotation]bool{}
	for x := a; x < b; x++ {
		for _, an := range toks[x].ann {
			if slices.Contains(types, an.Type) {
				seen[an] = true
			}
		}
	}
	return len(seen)
}

// repeatedRecords says, for a wrapper of one object per page, whether the
// sample pages repeat the SOD's mandatory types: each annotated at least
// RepeatMin times, in distinct text nodes, on RepeatShare of the pages
// or more. "" when they do not.
func (w *Wrapper) repeatedRecords(pages []*annotate.Page) string {
	if w.rp != nil || w.scope >= 0 || (w.mult != "1" && w.mult != "?") || len(pages) < 2 {
		return ""
	}
	var types [][]string
	for _, f := range w.fields {
		if !f.Tuple && !f.Optional && !f.Many && f.Parent == "" {
			types = append(types, f.Types)
		}
	}
	if len(types) < 2 {
		return "" // one repeated type is a list field's, not records
	}
	repeated, least := 0, -1
	for _, p := range pages {
		low := -1
		for _, ts := range types {
			nodes := map[any]bool{}
			for _, an := range p.Annotations {
				if slices.Contains(ts, an.Type) {
					nodes[an.Node] = true
				}
			}
			if low < 0 || len(nodes) < low {
				low = len(nodes)
			}
		}
		if low >= RepeatMin {
			repeated++
			if least < 0 || low < least {
				least = low
			}
		}
	}
	if float64(repeated) < RepeatShare*float64(len(pages)) {
		return ""
	}
	var names []string
	for _, f := range w.fields {
		if !f.Tuple && !f.Optional && !f.Many && f.Parent == "" {
			names = append(names, f.Path)
		}
	}
	return fmt.Sprintf("the SOD wants %s object per page, but on %d of the %d sample pages every mandatory field's type (%s) is found %d times or more in distinct places: the pages look like lists of records; use objects = \"+\"?",
		w.mult, repeated, len(pages), strings.Join(names, ", "), least)
}
