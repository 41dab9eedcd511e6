package wrapper

import (
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

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
func titledName(w *Wrapper, cands []mapping.Cand, stats []*mapping.SlotStats) []mapping.Cand {
	if !mapping.TitledNames {
		return cands
	}
	fi := mapping.NameField(w.fields)
	if fi < 0 {
		return cands
	}
	f := w.fields[fi]
	s := mapping.TitleSlot(stats)
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
	return append(cands, mapping.Cand{Field: fi, Slot: s, Cnt: st.Occ, Share: share, Cov: float64(c) / float64(st.Occ), Score: top + 1, Sc: mapping.RuleScore("title-name", top+1)})
}
