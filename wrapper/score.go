package wrapper

import (
	"strings"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// slotScore weighs candidate slot s (stats st, at set depth depth) for
// field fi on its base evidence (basis, annotation), the label that
// nominated it (label, "" for none) and the slot's template label
// (tmplLabel). It is mapSlots' one weighing of a candidate; locality is
// set afterwards (locality.go), once the region is known.
func (w *Wrapper) slotScore(st *mapping.SlotStats, fi int, basis string, annotation float64, label string, tmplLabel []string, depth, nPages int, detail, lines bool) Score {
	f := w.fields[fi]
	single := f.Parent == "" && !f.Many
	sc := mapping.NewScore(basis, annotation)
	if label != "" {
		// A label that is the field's name weighs more than one that
		// shares a stem with it ("Published" and publisher).
		switch mapping.LabelAffinity(strings.Fields(label), f) {
		case mapping.AffinityWhole:
			sc.Label = mapping.NamedBoost
		case mapping.AffinityName:
			sc.Label = mapping.NamedBoost * 0.75
		}
	} else {
		// A template label naming the field just before the slot
		// ("Publisher:", "ISBN-13", "Brand" for a field make whose class
		// is brand) is evidence for it; one that names another field of
		// the object, and not this one, against.
		switch mapping.LabelAffinity(tmplLabel, f) {
		case mapping.AffinityWhole, mapping.AffinityName:
			sc.Label = 1.5
		case mapping.AffinityKind:
			sc.Label = 1.3
		default:
			if w.labelsOther(tmplLabel, f) {
				sc.Label = 0.5
			}
		}
	}
	sc.Variation = st.Variation()
	sc.Multiplicity = mapping.Presence(st, f, w.fields, depth, nPages)
	if single && !lines && detail {
		sc.Multiplicity *= mapping.OnePerPage(st)
	}
	// On a detail page, annotations that all fall on one text of a slot
	// whose values vary, over several pages, are a dictionary knowing a
	// heading ("Trending players", "More information"), not one
	// object's value page after page. Two pages are enough: a heading
	// that rotates among a few boilerplate texts ("Details", "More
	// information", "Specifications") gives a noisy dictionary's word
	// ("More") one text on a couple of sample pages, and the slot then
	// gives the field a heading on every page. (Counted on the
	// annotations: a label naming the field counts every value it
	// precedes, known or not.)
	if ac := st.Count(f.Types); detail && ac >= 2 && len(st.Values) > 1 && st.AnnotatedTexts(f.Types) == 1 {
		sc.OneText = mapping.OneTextPenalty
	}
	// On a detail page, a single field whose values the page's <title>
	// names is the page's own (not a sidebar's). Not for dates, prices
	// and the like: a year in a title is incidental.
	if single && detail && f.Predefined == "" && 2*st.InTitle >= st.Occ {
		sc.Title = mapping.TitleBoost
	}
	// Values that are whole text nodes are preferred, strongly for
	// whole-node types.
	whole := st.WholeShare(f)
	if f.WholeNode {
		sc.Whole = 0.5 + 0.5*whole
	} else {
		sc.Whole = 0.75 + 0.25*whole
	}
	return sc
}
