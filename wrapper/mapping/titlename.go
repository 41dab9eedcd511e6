package mapping

// nameField returns the index of the first field of fields that is a
// single dictionary field of the object itself (not of a nested tuple,
// not a set, not patterned), or -1.
func nameField(fields []FieldSpec) int {
	for i, f := range fields {
		if f.Tuple || f.Parent != "" || f.Many {
			continue
		}
		if !f.Dictionary || f.Patterned() {
			return -1 // the object's first field is not a name
		}
		return i
	}
	return -1
}

// titleSlot returns the slot holding the page's titled name: one value
// per sample page on at least two pages, every value named by the page
// title, new page after page (at most one repeat in ten); -1 when no
// slot qualifies or when titled slots disagree (a match page whose title
// names two teams). Of slots that agree page by page (a breadcrumb's last
// crumb and the heading), the first.
func titleSlot(stats []*slotStats) int {
	best := -1
	for s, st := range stats {
		if st.Occ < 2 || st.InTitle < st.Occ || len(st.PerPage) < st.Occ || 10*len(st.Values) < 9*st.Occ {
			continue
		}
		if best < 0 {
			best = s
			continue
		}
		for pg, v := range st.FirstVal {
			if b, ok := stats[best].FirstVal[pg]; ok && b != v {
				return -1
			}
		}
	}
	return best
}

// TitledNames turns the rule on (a switch for the test that shows what
// it does).
var TitledNames = true

// The object's name in the page title. On a detail page the <title>
// names the object page after page, and so does a heading slot of the
// template (<h1>The Crystal Mirrors</h1>). A noisy dictionary may know
// the heading's names no better than a second dictionary does (the venue
// dictionary knowing some acts as well as the artist dictionary does) or
// than it knows a look-alike box (an advertisement naming another act on
// every page): counted by annotations the heading is no candidate, or one
// that another field takes. The SOD's first single dictionary field of
// the object is its name (an event's act, a book's title, a restaurant's
// name): when one slot of the template holds new text page after page
// that the title names on every sample page, and that field's types
// annotate some of it, titledName makes the slot that field's first
// choice.

// titledName returns cands with a candidate for the object's naming field
// (nameField) on the page's titled slot (titleSlot) ahead of every
// other candidate, when there is one and the field's types annotate at
// least one of its values. Only for the page scope of a single-object
// (detail) wrapper.
func titledName(w *State, cands []cand, stats []*slotStats) []cand {
	if !TitledNames {
		return cands
	}
	fi := nameField(w.FieldSpecs)
	if fi < 0 {
		return cands
	}
	f := w.FieldSpecs[fi]
	s := titleSlot(stats)
	if s < 0 {
		return cands
	}
	st := stats[s]
	c := st.Count(f.Types)
	if c == 0 {
		return cands
	}
	top := 0.0
	for _, cd := range cands {
		if cd.Field == fi && cd.Slot == s {
			return cands // already a candidate: scored as usual (titled)
		}
		top = max(top, cd.Score)
	}
	share := 0.0
	if st.AnnOcc > 0 {
		share = float64(c) / float64(st.AnnOcc)
	}
	return append(cands, cand{Field: fi, Slot: s, Cnt: st.Occ, Share: share, Cov: float64(c) / float64(st.Occ), Score: top + 1, Sc: ruleScore("title-name", top+1)})
}
