package mapping

import (
	"fmt"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"golang.org/x/net/html"
)

// SplitPageScope derives, from a list SOD with page-scope fields, the SOD
// of the objects without them (rec) and the SOD of one page holding only
// them, all optional (page). ok is false when s has no page-scope field.
func SplitPageScope(s *sod.SOD) (rec, page *sod.SOD, ok bool) {
	if s == nil || s.Root == nil || s.Root.Kind != sod.Tuple || !s.Mult.Many() {
		return nil, nil, false
	}
	var recFields, pageFields []*sod.Field
	for _, f := range s.Root.Fields {
		if f.PageScope && f.Type != nil && f.Type.Kind != sod.Tuple {
			pf := *f
			pf.Mult = sod.Multiplicity{Min: 0, Max: 1}
			pageFields = append(pageFields, &pf)
		} else {
			recFields = append(recFields, f)
		}
	}
	if len(pageFields) == 0 {
		return nil, nil, false
	}
	recRoot, pageRoot := *s.Root, *s.Root
	recRoot.Fields, pageRoot.Fields = recFields, pageFields
	r, p := *s, *s
	r.Root, p.Root = &recRoot, &pageRoot
	p.Mult, p.Orders = sod.One, nil
	var orders []sod.Order
	for _, o := range s.Orders {
		if rootField(&recRoot, o.Before) != nil && rootField(&recRoot, o.After) != nil {
			orders = append(orders, o)
		}
	}
	r.Orders = orders
	return &r, &p, true
}

// pageScopeSpecs returns the FieldSpecs of the page-scope fields of s,
// with their multiplicity as declared and Page set.
func pageScopeSpecs(s *sod.SOD) []FieldSpec {
	var out []FieldSpec
	for _, fs := range SodFields(s) {
		if fs.Parent != "" {
			continue
		}
		if f := rootField(s.Root, fs.Name); f != nil && f.PageScope && !fs.Tuple {
			fs.Page = true
			out = append(out, fs)
		}
	}
	return out
}

// rootField returns the field of tuple t called name, or nil.
func rootField(t *sod.Type, name string) *sod.Field {
	for _, f := range t.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// listItem reports whether text node n is inside an item of a list: going
// up from n through elements that are their parent's only element child,
// the first element with element siblings has one of the same tag.
func listItem(n *html.Node) bool {
	for e := n.Parent; e != nil && e.Type == html.ElementNode; e = e.Parent {
		if e.Data == "body" || e.Data == "html" {
			return false
		}
		siblings, same := false, false
		for _, sib := range []func(*html.Node) *html.Node{
			func(x *html.Node) *html.Node { return x.PrevSibling },
			func(x *html.Node) *html.Node { return x.NextSibling },
		} {
			for c := sib(e); c != nil; c = sib(c) {
				if c.Type == html.ElementNode {
					siblings = true
					same = same || c.Data == e.Data
				}
			}
		}
		if siblings {
			return same
		}
	}
	return false
}

// InducePageScope learns the page wrapper of the page-scope fields of s
// into w. When the page-level induction fails, or leaves some of the fields
// without a slot, those fields are dropped (DroppedPageFields says which and
// why), mandatory ones too: the objects then miss them on every page
// (extractPage reports a partial mismatch). The error is always nil.
func (w *State) InducePageScope(pages []*annotate.Page, s, page *sod.SOD) error {
	w.PageFields = pageScopeSpecs(s)
	w.Order = nil
	for _, f := range s.Root.Fields {
		w.Order = append(w.Order, f.Name)
	}
	pw := &State{Options: w.Options, SODHash: s.Hash, SODName: s.Name, Mult: page.Mult.String(), PageMin: page.Mult.Min,
		FieldSpecs: SodFields(page), Scope: -1, Paths: NewPathsFor(SodFields(page))}
	// The objects' fields are read from the records: their types'
	// annotations on the page's own slots are another dictionary's noise
	// (a college dictionary that knows team names).
	for _, f := range SodFields(s) {
		if !slices.ContainsFunc(w.PageFields, func(p FieldSpec) bool { return p.Path == f.Path }) {
			for _, t := range f.Types {
				if !slices.ContainsFunc(w.PageFields, func(p FieldSpec) bool { return slices.Contains(p.Types, t) }) {
					pw.elsewhere = append(pw.elsewhere, t)
				}
			}
		}
	}
	reason := ""
	var pageTypes []string
	for _, f := range w.PageFields {
		pageTypes = append(pageTypes, f.Types...)
	}
	got, err := inducePageLevel(pw, withoutSiteWords(pages, pageTypes))
	if err != nil {
		reason = fmt.Sprintf("page-level induction failed: %v", err)
	} else {
		w.Page = got
	}
	mapped := map[string]bool{}
	if w.Page != nil {
		for _, sm := range w.Page.SlotMaps {
			mapped[sm.Field] = true
		}
	}
	var dropped, mandatory []string
	for _, f := range w.PageFields {
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
		w.PageDropped = fmt.Sprintf("page-scope field(s) %s dropped: %s", strings.Join(dropped, ", "), reason)
	}
	if len(mandatory) > 0 {
		// A mandatory one too: the records are extracted and every page
		// reports the field missing (extractPage's partial mismatch), as
		// record fields left without slot are (Lenient). Stopping lost
		// every record's own fields for want of one page fact, and a
		// page-level mapping that had to place the field read a menu word
		// rather than stop (withoutSiteWords).
		w.PageDropped += " (mandatory: " + strings.Join(mandatory, ", ") + ")"
	}
	if w.Page != nil && len(w.Page.SlotMaps) == 0 {
		w.Page = nil
	}
	return nil
}

// withoutSiteWords returns pages, shallow copies where needed, without
// the annotations of types whose instance every sample page shows (at
// least three pages): the site's own words that a noisy dictionary knows,
// a menu entry ("Players", "Standings") or a search button, which the
// page's heading repeats on some pages ("Players" as the <h1> of a
// roster). A page-scope value is a fact of one page (a roster's team) and
// changes with the page; a word every page shows is the site's, and an
// annotation of it in a slot is no evidence that the slot holds the
// field. The page-level score (Annotation) counted them: a rotating <h1>
// of menu words outweighed the team's heading (s26097: team "Roster" on
// every record). With them left out the field takes its own slot, or no
// slot and is dropped with a reason (an abstention, never a menu word).
// The records' segmentation leaves out text recurring on most pages for
// the same reason (records.recordTextPages).
func withoutSiteWords(pages []*annotate.Page, types []string) []*annotate.Page {
	type inst struct{ typ, text string }
	onPages := map[inst]int{}
	n := 0
	for _, p := range pages {
		if p == nil {
			continue
		}
		n++
		seen := map[inst]bool{}
		for _, an := range p.Annotations {
			if k, ok := instanceOf(an, types); ok && !seen[k] {
				seen[k] = true
				onPages[k]++
			}
		}
	}
	if n < 3 {
		return pages
	}
	out := make([]*annotate.Page, len(pages))
	for i, p := range pages {
		out[i] = p
		if p == nil {
			continue
		}
		var keep []*annotate.Annotation
		dropped := false
		for _, an := range p.Annotations {
			if k, ok := instanceOf(an, types); ok && onPages[k] >= n {
				dropped = true
				continue
			}
			keep = append(keep, an)
		}
		if !dropped {
			continue
		}
		cp := *p
		cp.Annotations = keep
		cp.ByNode = make(map[*html.Node][]*annotate.Annotation, len(keep))
		for _, an := range keep {
			cp.ByNode[an.Node] = append(cp.ByNode[an.Node], an)
			for _, up := range an.Up {
				cp.ByNode[up] = append(cp.ByNode[up], an)
			}
		}
		out[i] = &cp
	}
	return out
}

// instanceOf returns the type and lower-cased matched text of an, when its
// type is one of types.
func instanceOf(an *annotate.Annotation, types []string) (struct{ typ, text string }, bool) {
	var k struct{ typ, text string }
	if an == nil || an.Node == nil || !slices.Contains(types, an.Type) || an.Start < 0 || an.End > len(an.Node.Data) || an.Start >= an.End {
		return k, false
	}
	k.typ, k.text = an.Type, strings.ToLower(strings.TrimSpace(an.Node.Data[an.Start:an.End]))
	return k, true
}

// DroppedPageFields says which page-scope fields (SOD scope = "page") the
// wrapper does not extract and why; "" when it extracts all of them or the
// SOD has none.
func (w *State) DroppedPageFields() string { return w.PageDropped }

// addPageFields extracts the page-scope fields of p with the page wrapper
// and copies them into every object, in SOD order. It returns the
// mandatory page-scope fields that got no value.
func (w *State) addPageFields(p *annotate.Page, objs []*Object) []string {
	if len(objs) == 0 || len(w.PageFields) == 0 {
		return nil
	}
	var vals []Field
	var rejected []Rejection
	if w.Page != nil {
		if pobjs, _ := w.Page.Extract(p); len(pobjs) > 0 {
			vals, rejected = pobjs[0].Fields, pobjs[0].Rejected
		}
	}
	for _, o := range objs {
		o.Rejected = append(o.Rejected, rejected...) // typed.go
	}
	var missing []string
	for _, f := range w.PageFields {
		if !f.Optional && !slices.ContainsFunc(vals, func(v Field) bool { return v.Name == f.Name }) {
			missing = append(missing, f.Name)
		}
	}
	if len(vals) == 0 {
		return missing
	}
	rank := func(name string) int {
		if i := slices.Index(w.Order, name); i >= 0 {
			return i
		}
		return len(w.Order)
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
func inducePageLevel(w *State, pages []*annotate.Page) (*State, error) {
	toks := make([][]Token, len(pages))
	for i, p := range pages {
		toks[i] = Tokenize(p, w.Paths)
	}
	stats := w.LearnTemplate(toks)
	items, all := make([]int, len(stats)), make([]int, len(stats))
	for _, tk := range toks {
		root, ok := w.matchRoot(tk)
		if !ok {
			continue
		}
		Collect(root, -1, func(v sval) {
			if v.Slot < 0 || v.Slot >= len(stats) {
				return
			}
			for x := v.A; x < v.B; x++ {
				if tk[x].Kind == KindWord && tk[x].Node() != nil {
					all[v.Slot]++
					if listItem(tk[x].Node()) {
						items[v.Slot]++
					}
					return
				}
			}
		})
	}
	for sl := range stats {
		if all[sl] > 0 && 2*items[sl] > all[sl] {
			stats[sl] = NewSlotStats()
		}
	}
	sm, _, serr := MapSlots(w, stats, len(pages), -1)
	if serr != nil {
		return nil, serr
	}
	w.SlotMaps, w.Scope = sm, -1
	w.Link()
	w.LearnJoins(toks)
	w.LearnExtends(toks)
	w.LearnBlocks(toks)
	return w, nil
}
