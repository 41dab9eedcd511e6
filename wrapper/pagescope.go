package wrapper

// Page-scope fields: values that appear once per list page and belong to
// every object of the page (the team heading above a roster).
//
// A list SOD may mark fields of its root tuple with scope = "page"
// (sod.Field.PageScope). Induce learns the objects without them, from a
// derived SOD, and learns the page-scope fields apart: a page-mode wrapper
// (the detail-page induction, one object per page) over the same sample
// pages, for a derived SOD whose root holds only those fields, all
// optional. Extract runs that page wrapper once per page and copies its
// values into every object of the page.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// inducePageScope learns the page wrapper of the page-scope fields of s
// into w. When the page-level induction fails, or leaves some of the fields
// without a slot, those fields are dropped (DroppedPageFields says which and
// why); it returns a *StopError only when a dropped field is mandatory.
func (w *Wrapper) inducePageScope(pages []*annotate.Page, s, page *sod.SOD) error {
	w.pageFields = mapping.PageScopeSpecs(s)
	w.order = nil
	for _, f := range s.Root.Fields {
		w.order = append(w.order, f.Name)
	}
	pw := &Wrapper{opt: w.opt, sodHash: s.Hash, sodName: s.Name, mult: page.Mult.String(), pageMin: page.Mult.Min,
		fields: mapping.SodFields(page), scope: -1, ps: mapping.NewPathsFor(mapping.SodFields(page))}
	// The objects' fields are read from the records: their types'
	// annotations on the page's own slots are another dictionary's noise
	// (a college dictionary that knows team names).
	for _, f := range mapping.SodFields(s) {
		if !slices.ContainsFunc(w.pageFields, func(p FieldSpec) bool { return p.Path == f.Path }) {
			for _, t := range f.Types {
				if !slices.ContainsFunc(w.pageFields, func(p FieldSpec) bool { return slices.Contains(p.Types, t) }) {
					pw.elsewhere = append(pw.elsewhere, t)
				}
			}
		}
	}
	reason := ""
	got, err := inducePageLevel(pw, pages, page)
	if err != nil {
		reason = fmt.Sprintf("page-level induction failed: %v", err)
	} else {
		w.page = got
	}
	mapped := map[string]bool{}
	if w.page != nil {
		for _, sm := range w.page.slots {
			mapped[sm.Field] = true
		}
	}
	var dropped, mandatory []string
	for _, f := range w.pageFields {
		if mapped[f.Path] {
			continue
		}
		dropped = append(dropped, f.Path)
		if !f.Optional {
			mandatory = append(mandatory, f.Path)
		}
	}
	if len(dropped) > 0 {
		if reason == "" {
			reason = "no slot of the page template consistently holds them"
		}
		w.pageDrop = fmt.Sprintf("page-scope field(s) %s dropped: %s", strings.Join(dropped, ", "), reason)
	}
	if len(mandatory) > 0 {
		return &StopError{Reason: fmt.Sprintf("mandatory page-scope field(s) %s: %s", strings.Join(mandatory, ", "), reason)}
	}
	if w.page != nil && len(w.page.slots) == 0 {
		w.page = nil
	}
	return nil
}

// DroppedPageFields says which page-scope fields (SOD scope = "page") the
// wrapper does not extract and why; "" when it extracts all of them or the
// SOD has none.
func (w *Wrapper) DroppedPageFields() string { return w.pageDrop }

// PageWrapper returns the page-mode wrapper that extracts the page-scope
// fields (one object per page), or nil when the wrapper has none. The
// slots of its fields are listed by Slots after the wrapper's own and refer
// to its template.
func (w *Wrapper) PageWrapper() *Wrapper { return w.page }

// addPageFields extracts the page-scope fields of p with the page wrapper
// and copies them into every object, in SOD order. It returns the
// mandatory page-scope fields that got no value.
func (w *Wrapper) addPageFields(p *annotate.Page, objs []*Object) []string {
	if len(objs) == 0 || len(w.pageFields) == 0 {
		return nil
	}
	var vals []Field
	var rejected []Rejection
	if w.page != nil {
		if pobjs, _ := w.page.Extract(p); len(pobjs) > 0 {
			vals, rejected = pobjs[0].Fields, pobjs[0].Rejected
		}
	}
	for _, o := range objs {
		o.Rejected = append(o.Rejected, rejected...) // typed.go
	}
	var missing []string
	for _, f := range w.pageFields {
		if !f.Optional && !slices.ContainsFunc(vals, func(v Field) bool { return v.Name == f.Name }) {
			missing = append(missing, f.Name)
		}
	}
	if len(vals) == 0 {
		return missing
	}
	rank := func(name string) int {
		if i := slices.Index(w.order, name); i >= 0 {
			return i
		}
		return len(w.order)
	}
	for _, o := range objs {
		for _, v := range vals {
			v.Values = slices.Clone(v.Values)
			o.Fields = append(o.Fields, v)
		}
		slices.SortStableFunc(o.Fields, func(a, b Field) int { return rank(a.Name) - rank(b.Name) })
	}
	return missing
}

// inducePageLevel is inducePage for the page SOD of the page-scope fields
// (one object per page), except that slots whose values are mostly items
// of a list (see listItem) are not candidates: a value shown once for the
// whole page is not one of a run of like siblings (a menu of other teams,
// a standings table).
func inducePageLevel(w *Wrapper, pages []*annotate.Page, s *sod.SOD) (*Wrapper, error) {
	toks := make([][]mapping.Token, len(pages))
	for i, p := range pages {
		toks[i] = tokenize(p, w.ps)
	}
	stats := w.learnTemplate(toks)
	items, all := make([]int, len(stats)), make([]int, len(stats))
	for _, tk := range toks {
		root, ok := w.matchRoot(tk)
		if !ok {
			continue
		}
		mapping.Collect(root, -1, func(v mapping.Sval) {
			if v.Slot < 0 || v.Slot >= len(stats) {
				return
			}
			for x := v.A; x < v.B; x++ {
				if tk[x].Kind == KindWord && tk[x].Node != nil {
					all[v.Slot]++
					if mapping.ListItem(tk[x].Node) {
						items[v.Slot]++
					}
					return
				}
			}
		})
	}
	for sl := range stats {
		if all[sl] > 0 && 2*items[sl] > all[sl] {
			stats[sl] = mapping.NewSlotStats()
		}
	}
	sm, _, serr := mapSlots(w, stats, len(pages), -1)
	if serr != nil {
		return nil, serr
	}
	w.slots, w.scope = sm, -1
	w.link()
	w.learnJoins(toks)
	w.learnExtends(toks)
	w.learnBlocks(toks)
	w.learnRows(toks)
	return w, nil
}
