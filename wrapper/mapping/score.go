package mapping

import (
	"strconv"
	"strings"
)

// The score of a (field, candidate slot). Every candidate slot of a field
// (mapSlots) is weighed by one Score: named factors, each computed in one
// place, multiplied in Total in one fixed order. The mapping decisions
// (which field takes which slot, in which order) read Total only; the
// factors are kept so that `objectrunner wrapper show --explain` prints
// the numbers the model used (fieldexplain.go).
//
// The factors, in the order Total multiplies them:
//
//	Annotation    the evidence that the slot holds the field at all: the
//	              number of sample values its types annotate × their
//	              share of the slot's annotated values × the annotations'
//	              mean confidence relative to the field's best slot; or,
//	              when a label naming the field nominated the slot, the
//	              number of values the label precedes (Basis says which)
//	Label         a label naming the field near the slot: namedBoost
//	              (×0.75 for a stem) when one nominated it; otherwise
//	              ×1.5 (×1.3 for a type's kind) when the template's label
//	              before the slot names it, ×0.5 when it names another
//	              field (or another number: "ISBN10" for isbn_13), and
//	              ×0.5 on a detail page when it is another row's label and
//	              a label that is the field's name nominated another of
//	              its slots (otherRowLabel, ownrow.go)
//	Variation     variation across pages: a slot whose value hardly
//	              changes from page to page is template-like (a menu
//	              entry a dictionary happens to know)
//	Multiplicity  multiplicity fit: a mandatory single field has a value
//	              on every page, so a slot filled on some pages only
//	              counts for the share it fills (presence.go); a single
//	              field takes one value per page, so a slot holding
//	              several per page (a sidebar's list of prices, another
//	              format's box) counts pages, not values (onePerPage)
//	OneText       a detail page's slot whose annotations all fall on one
//	              text is a dictionary knowing a heading (oneTextPenalty;
//	              0, no candidate, when a single field's types do not
//	              cover that text wholly: headingWord)
//	Title         a detail page's slot whose values the page's <title>
//	              names is the page's own object (titleBoost)
//	Whole         recognizer agreement in shape: the share of values that
//	              are whole text nodes (or whole instances of a
//	              delimiting pattern), strongly for whole-node types
//	Locality      on a detail page the fields of one object come from one
//	              region of the page (locality.go; a set field's place
//	              too, detailPlaces): a slot outside the
//	              region of the best-supported fields weighs
//	              outsidePenalty, so that it is taken only when the
//	              region holds no candidate, and is then flagged
//	Recognized    recognizer agreement in content: for a field whose
//	              regex or predefined recognizer delimits whole values
//	              (not an address's partial one), 0.5 + 0.5 × Valid, the
//	              share of the slot's sample values in which it finds an
//	              instance (recognizedFactor)
//	Markup        the template's own names for the slot (markup.go): a
//	              class, id or itemprop of the element holding the value
//	              (or of an ancestor holding no other slot's value) that
//	              names the field (or its dictionary class, at half weight), 1 to markupBoost by the share of
//	              sample pages where one does; it ranks candidates with
//	              evidence of their own and never makes one
//
// A patterned field's candidates are its recognizer's annotations
// (Annotation counts them), and a label-nominated slot must be recognized
// in GeneraliseThres of its values to be nominated (plausible); but the
// annotation count does not see the slot's other values. Two slots with
// as many instances, one holding them alone (a website's own <span>) and
// one where they ride on other text on some pages only (a "District:"
// line that swallows the website's line on a few pages), weighed the same
// and the field abstained. Recognized separates them; it is mild (never
// below 0.5) so that placeholders ("N/A", "TBA") on a field's own slot
// cost little.
//
// A few candidates are not weighed but placed by a rule that the factors
// cannot express (Rule names it; Total is then the rule's value, set
// above every weighed candidate of the scope): the page's titled heading
// for the object's name (titlename.go), a mandatory field's slot another
// field took without need (reclaim.go), a part of another field's value
// (partcands.go, never mapped directly).
type Score struct {
	Basis        string  `json:"basis"` // "annotations", "lead", "label" or "rule"
	Rule         string  `json:"rule,omitempty"`
	Annotation   float64 `json:"annotation"`
	Label        float64 `json:"label"`
	Variation    float64 `json:"variation"`
	Multiplicity float64 `json:"multiplicity"`
	OneText      float64 `json:"one_text"`
	Title        float64 `json:"title"`
	Whole        float64 `json:"whole"`
	Locality     float64 `json:"locality"`
	Recognized   float64 `json:"recognized,omitempty"`
	// Markup: the template's own names for the slot's element (class,
	// id, itemprop) naming the field (markup.go); 0 in a Score saved
	// before the part existed (neutral).
	Markup float64 `json:"markup,omitempty"`
	// Valid is the share of the slot's sample values in which the
	// field's recognizer finds an instance (-1: no recognizer); the
	// Recognized factor is computed from it.
	Valid float64 `json:"valid"`
	// Fixed is Total for a rule's candidate.
	Fixed float64 `json:"fixed,omitempty"`
	// Untyped: the slot was nominated by a label naming the field
	// (Basis "label") though none of its sample values holds an
	// annotation of the field's types. It weighs nothing; the label-only
	// note (untyped.go) reads it.
	Untyped bool `json:"untyped,omitempty"`
}

// newScore returns a Score with every factor neutral.
func newScore(basis string, annotation float64) Score {
	return Score{Basis: basis, Annotation: annotation, Label: 1, Variation: 1, Multiplicity: 1,
		OneText: 1, Title: 1, Whole: 1, Locality: 1, Recognized: 1, Markup: 1, Valid: -1}
}

// ruleScore returns the Score of a candidate placed by rule at total.
func ruleScore(rule string, total float64) Score {
	s := newScore("rule", 0)
	s.Rule, s.Fixed = rule, total
	return s
}

// Total combines the factors: their product, or Fixed for a rule. The
// one place where a candidate's weight is computed.
func (s Score) Total() float64 {
	if s.Basis == "rule" {
		return s.Fixed
	}
	t := s.Annotation * s.Label
	t *= s.Variation
	t *= s.Multiplicity
	t *= s.OneText
	t *= s.Title
	t *= s.Whole
	t *= s.Locality
	if s.Recognized != 0 { // 0: a Score saved before the factor existed
		t *= s.Recognized
	}
	if s.Markup != 0 { // the same
		t *= s.Markup
	}
	return t
}

// String prints the factors that are not neutral, for --explain.
func (s Score) String() string {
	if s.Basis == "rule" {
		return "rule " + s.Rule
	}
	var b strings.Builder
	b.WriteString(s.Basis)
	b.WriteString(" ")
	b.WriteString(FmtFactor(s.Annotation))
	for _, p := range []struct {
		name string
		v    float64
	}{{"label", s.Label}, {"variation", s.Variation}, {"multiplicity", s.Multiplicity},
		{"one-text", s.OneText}, {"title", s.Title}, {"whole", s.Whole}, {"locality", s.Locality},
		{"recognized", s.Recognized}, {"markup", s.Markup}} {
		if p.v != 1 && p.v != 0 {
			b.WriteString(" × " + p.name + " " + FmtFactor(p.v))
		}
	}
	if s.Untyped {
		b.WriteString(" (no value of its types)")
	}
	return b.String()
}

// FmtFactor prints a factor with three significant decimals.
func FmtFactor(v float64) string {
	return strings.TrimRight(strings.TrimRight(strconv.FormatFloat(v, 'f', 3, 64), "0"), ".")
}

// recognizedFactor is the Recognized factor of a slot whose sample values
// the field's recognizer finds an instance in at share valid (-1: the
// field has no recognizer, neutral).
func recognizedFactor(valid float64) float64 {
	if valid < 0 {
		return 1
	}
	return 0.5 + 0.5*valid
}

// onePerPage is the multiplicity fit of a single field's slot on a detail
// page (a list's records are weighed as before: their sets are the
// records' own, and record mode has rules of its own for them): the
// number of sample pages (records) where it holds values over the number
// of its values. The Annotation factor counts values; a single field
// gets one per page, so a slot with fifteen prices a page (a carousel)
// is worth its pages, not fifteen times them.
func onePerPage(st *slotStats) float64 {
	if len(st.PerPage) == 0 || st.Occ <= len(st.PerPage) {
		return 1
	}
	return float64(len(st.PerPage)) / float64(st.Occ)
}

// slotScore weighs candidate slot s (stats st, at set depth depth) for
// field fi on its base evidence (basis, annotation), the label that
// nominated it (label, "" for none) and the slot's template label
// (tmplLabel). It is mapSlots' one weighing of a candidate; locality is
// set afterwards (locality.go), once the region is known.
func (w *State) slotScore(st *slotStats, fi int, basis string, annotation float64, label string, tmplLabel []string, depth, nPages int, detail, lines bool) Score {
	f := w.FieldSpecs[fi]
	single := f.Parent == "" && !f.Many
	sc := newScore(basis, annotation)
	if label != "" {
		// A label that is the field's name weighs more than one that
		// shares a stem with it ("Published" and publisher).
		switch labelAffinity(strings.Fields(label), f) {
		case affinityWhole:
			sc.Label = namedBoost
		case affinityName:
			sc.Label = namedBoost * 0.75
		}
	} else {
		// A template label naming the field just before the slot
		// ("Publisher:", "ISBN-13", "Brand" for a field make whose class
		// is brand) is evidence for it; one that names another field of
		// the object, and not this one, against.
		switch labelAffinity(tmplLabel, f) {
		case affinityWhole, affinityName:
			sc.Label = 1.5
		case affinityKind:
			sc.Label = 1.3
		default:
			if labelsOther(tmplLabel, f, w.FieldSpecs) {
				sc.Label = 0.5
			}
		}
	}
	sc.Variation = st.Variation()
	sc.Multiplicity = presence(st, f, w.FieldSpecs, depth, nPages)
	if single && !lines && detail {
		sc.Multiplicity *= onePerPage(st)
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
		sc.OneText = oneTextPenalty
		if basis != "label" && headingWord(st, f) {
			sc.OneText = 0
		}
	}
	// On a detail page, a single field whose values the page's <title>
	// names is the page's own (not a sidebar's). Not for dates, prices
	// and the like: a year in a title is incidental.
	if single && detail && f.Predefined == "" && 2*st.InTitle >= st.Occ {
		sc.Title = titleBoost
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

// headingWord reports whether f's annotations in a detail page's slot
// whose values vary all fall, on two pages or more, on one text that is
// not even wholly an instance of f's types: the dictionary knows one
// word of it ("More" of a "More information" heading that rotates with
// "Details" and "Specifications"). That is a heading's word, not one
// object's value page after page, and no evidence for f at all: the
// OneText part is then 0 (no candidate), not oneTextPenalty, which only
// ranks such a slot below others and still gave it the field when it was
// the only candidate (every page's heading written as the field's value).
// A slot that a label naming f nominated is not judged by it, nor is a
// set field's slot: a set field left without the heading falls back to
// its best other candidate, which on s39294 was a sidebar's list of
// cuisines (ten wrong values a page instead of one heading); the place of
// a set whose only candidates lie in a sidebar is detailPlaces' (an
// anchor of the region), which the score's parts do not decide yet.
func headingWord(st *slotStats, f FieldSpec) bool {
	if f.Many || st.Count(f.Types) < 2 || len(st.Values) <= 1 || st.AnnotatedTexts(f.Types) != 1 {
		return false
	}
	for _, t := range f.Types {
		if st.Full[t] > 0 {
			return false
		}
	}
	return true
}
