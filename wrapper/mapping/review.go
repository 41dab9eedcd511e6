package mapping

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"golang.org/x/net/html"
)

// Review points (issue 24: ask when unsure). After induction the
// wrapper knows where it was unsure; Questions lists those places, each
// a question a user answers by choosing among at most MaxCandidates
// candidate slots, shown with their values on a few sample pages and
// where they sit. The questions are read from the explanation of the
// mapping (fieldexplain.go): the same candidates and the same scores
// the mapping used, not a second model. An answer is a Pin (pins.go).
//
// A question is asked when
//
//   - a single field's chosen slot has a rival holding other values
//     whose score is at least AskRatio of it, on a slot no other field
//     has (or above it: a slot another field took) ("close");
//   - a field got no slot (abstained, its slots went to other fields, or
//     it had no candidate): the other slots holding varying values are
//     offered (FieldExplain.Others) ("no-slot");
//   - a single field's chosen slot is weighed on instances counted on
//     fewer than weakShare of the sample and a rival holding other
//     values scores at least weakRival of it ("weak");
//   - a single field's slot holds several values a page ("several");
//   - a single field carries one of the doubt notes AskDoubts ("doubt"),
//     also when a rule placed it (without any weighed candidate, or over
//     its weighed ones: its candidates and the other slots are offered);
//   - a single field, or a set field of the object, has a candidate
//     holding values only on sample objects where its slots hold none
//     (CandidateExplain.Adds: the field at another place on those
//     pages), or, when it carries a doubt note of any kind or is
//     mandatory and filled on under lowFillShare of the sample
//     (lowFill), one of the other slots does (markSpareAdds): chosen,
//     the slot is added to the field's ("split");
//   - a list source's record segmentation had a runner-up cutting the
//     sample differently that scores at least AskRatio of it ("records",
//     recordq.go: the candidates are the two segmentations, shown with
//     their record counts on the sample pages).
//
// Not asked: a set field otherwise, a field placed by a rule (a row, a part), a
// field with no candidate at all (the no-slot diagnostic says why).

// Thresholds of Questions.
const (
	// AskRatio: a rival scoring at least this share of the chosen
	// slot's score makes the choice close.
	AskRatio = 0.9
	// MaxCandidates bounds the candidates of a question.
	MaxCandidates = 5
	// MaxSamplePages bounds the sample pages shown per candidate;
	// maxPageVals the values kept per page.
	MaxSamplePages = 3
	maxPageVals    = 3
	// severalPerPage: a single field's slot holding this many values a
	// page on average asks.
	severalPerPage = 1.5
	// weakShare: a single field whose chosen slot's evidence (its
	// Annotation factor: instances counted) is below this share of the
	// sample is weakly supported, and asks.
	weakShare = 0.5
	// weakRival: a weakly supported field asks only when a rival, holding
	// other values, scores at least this share of its slot (a slot
	// another field has, more): without one there is nothing to choose
	// (measured on zoo seeds 20000-20199, the weak questions without
	// such a rival were asked on right slots only).
	weakRival = 0.5
)

// Kinds of Question.
const (
	QuestionClose   = "close"
	QuestionNoSlot  = "no-slot"
	QuestionSeveral = "several"
	QuestionWeak    = "weak"
	QuestionDoubt   = "doubt"
	QuestionSplit   = "split"
	QuestionPart    = "part"
	QuestionDrop    = "drop"
)

// askDoubts are the doubt notes (doubt.go, trustnotes.go) that ask about
// a single field whose choice the score alone found sure ("doubt"): signs,
// measured on the sample, that the chosen slot holds something else than
// the field (a heading, another field's value, a link's words, a run of
// several values, a neighbouring row's label, a label naming a variant of
// the field, the field read inside another's value, a label opening the
// value, a value outside the object's element). The other doubt kinds
// (missed values, another field's type, items beside a set's) fire on
// right slots too often to ask (measured per kind with -zoo.reviewdump:
// the fields < 0.90 and the good templates carrying each).
var askDoubts = []string{NoteWeakSlot, NoteSameAs, NoteLeadItem, NoteConstant, NoteRagged, NoteInLink, NoteNoLetter, NoteMerged, NoteCloseRival, NoteClassOther, NoteInAside,
	NoteForeignLabel, NoteLabelVariant, NoteInOther, NoteLabelInValue, NoteSetElsewhere}

// CandidateSample is a candidate slot's values on one sample page.
type CandidateSample struct {
	// Page is the sample page's path; index its index in the sample.
	Page  string `json:"page,omitempty"`
	Index int    `json:"index"`
	// Values are the slot's first values on the page (at most 3), Count
	// how many it holds there.
	Values []string `json:"values"`
	Count  int      `json:"count"`
	// Nearby is the page's text right before the first value.
	Nearby string `json:"nearby,omitempty"`
	// Path is the DOM path of the first value's element, as in
	// Value.Path (for showing it on the page).
	Path string `json:"path,omitempty"`
}

// Question is one review point.
type Question struct {
	Field string `json:"field"`
	Kind  string `json:"kind"`
	// Why says, readably, why the wrapper asks.
	Why string `json:"why"`
	// Slots are the slots the field got (none for "no-slot").
	Slots []int `json:"slots,omitempty"`
	// Candidates are the choices, best score first; TakenBy names the
	// field that has a candidate's slot, when another.
	Candidates []QuestionCandidate `json:"candidates"`
}

// QuestionCandidate is one choice of a Question.
type QuestionCandidate struct {
	CandidateExplain
	TakenBy string `json:"taken_by,omitempty"`
	// Records is, for a question on the records of a list source, the
	// segmentation the candidate stands for (recordq.go).
	Records string `json:"records,omitempty"`
	// Also are the other slots of a candidate standing for several
	// adding slots at once (allAdds): its pin adds them all.
	Also []Pin `json:"also,omitempty"`
	// Drop: the candidate is one of the field's own slots, and choosing
	// it says the slot does not hold the field (a "drop" question): its
	// pin removes the slot, the field keeps its others (Pin.Drop).
	Drop bool `json:"drop,omitempty"`
}

// Title is the headline of candidate c numbered k+1, as the terminal
// review and the review page show it: where the candidate sits (slot,
// text before it, label, the field that has it now) or the records it
// stands for, and its score.
func (c QuestionCandidate) Title(k int) string {
	chosen := ""
	if c.Chosen {
		chosen = ", chosen"
	}
	if c.Records != "" {
		return fmt.Sprintf("[%d] records at %s%s (score %s)", k+1, c.Records, chosen, FmtFactor(c.Total))
	}
	where := fmt.Sprintf("slot %d", c.Slot)
	if c.Context != "" {
		where += fmt.Sprintf(", after %q", c.Context)
	}
	if c.Label != "" {
		where += fmt.Sprintf(", label %q", c.Label)
	}
	if c.Piece != nil {
		where += ", " + c.Piece.String()
	}
	if c.TakenBy != "" {
		where += ", now " + c.TakenBy
	}
	for _, a := range c.Also {
		where += fmt.Sprintf(" and slot %d", a.Slot)
		if a.Context != "" {
			where += fmt.Sprintf(" after %q", a.Context)
		}
	}
	if c.Adds {
		where += ", besides the chosen slot(s): values on other pages"
	}
	if c.Drop {
		where += ": not this field's, drop it"
	}
	return fmt.Sprintf("[%d] %s%s (score %s)", k+1, where, chosen, FmtFactor(c.Total))
}

// Pin is the answer choosing candidate c for field.
func (c QuestionCandidate) Pin(field string) Pin {
	if c.Records != "" {
		return Pin{Records: c.Records}
	}
	if c.Drop {
		return Pin{Field: field, Slot: c.Slot, Context: c.Context, Nth: c.Nth, Label: c.Label, Drop: true}
	}
	p := Pin{Field: field, Slot: c.Slot, Context: c.Context, Nth: c.Nth, Label: c.Label, Add: c.Adds, Piece: c.Piece}
	for _, a := range c.Also {
		a.Field = field
		p.Also = append(p.Also, a)
	}
	return p
}

// weak reports whether chosen, fe's chosen candidate, is weighed on
// instances counted on fewer than weakShare of the sample (a label naming
// the field is evidence enough).
func weak(fe FieldExplain, chosen *CandidateExplain) bool {
	b := chosen.Score.Basis
	return (b == "annotations" || b == "lead") && chosen.Score.Annotation < weakShare*float64(fe.Sample)
}

// closeRival returns the best candidate of fe, other than chosen and not
// chosen itself, scoring at least AskRatio of chosen and holding other
// values on the sample pages they share. A slot another field has
// (slotOf) is a rival only when it outscores chosen: the field lost it.
func closeRival(fe FieldExplain, chosen *CandidateExplain, slotOf map[int]string) (CandidateExplain, bool) {
	return rival(fe, chosen, slotOf, AskRatio)
}

// rival is closeRival for rivals scoring at least ratio of chosen.
func rival(fe FieldExplain, chosen *CandidateExplain, slotOf map[int]string, ratio float64) (CandidateExplain, bool) {
	for _, c := range fe.Candidates {
		if c.Chosen || c.Slot == chosen.Slot || c.Total < ratio*chosen.Total {
			continue
		}
		if o := slotOf[c.Slot]; o != "" && o != fe.Field && c.Total <= chosen.Total {
			continue
		}
		if sameValues(c.Samples, chosen.Samples) {
			continue
		}
		return c, true
	}
	return CandidateExplain{}, false
}

// sameValues reports whether two candidates show the same first value on
// every sample page they share (and share one at least).
func sameValues(a, b []CandidateSample) bool {
	common := 0
	for _, x := range a {
		for _, y := range b {
			if x.Index == y.Index {
				common++
				if len(x.Values) == 0 || len(y.Values) == 0 || x.Values[0] != y.Values[0] {
					return false
				}
			}
		}
	}
	return common > 0
}

// Short clips each value to 80 characters.
func Short(vs []string) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		if r := []rune(v); len(r) > 80 {
			v = string(r[:80]) + "…"
		}
		out[i] = v
	}
	return out
}

// prevText is the page text right before node n in document order (its
// last max characters), "" when none.
func prevText(n *html.Node, max int) string {
	var parts []string
	size := 0
	cur := n
	for cur != nil && size < max {
		if cur.PrevSibling == nil {
			cur = cur.Parent
			continue
		}
		cur = cur.PrevSibling
		var texts []string
		var walk func(x *html.Node)
		walk = func(x *html.Node) {
			if x.Type == html.TextNode {
				if t := normSpace(x.Data); t != "" {
					texts = append(texts, t)
				}
			}
			if x.Type == html.ElementNode && (x.Data == "script" || x.Data == "style" || x.Data == "head") {
				return
			}
			for c := x.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(cur)
		for i := len(texts) - 1; i >= 0 && size < max; i-- {
			parts = append(parts, texts[i])
			size += len(texts[i]) + 1
		}
	}
	slices.Reverse(parts)
	s := strings.Join(parts, " ")
	if r := []rune(s); len(r) > max {
		s = "…" + string(r[len(r)-max:])
	}
	return s
}

func QuoteAll(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(q, ", ")
}

// Questions returns the wrapper's review points, in SOD order; nil for
// a loaded wrapper saved without its explanation, or when the wrapper
// was sure everywhere. A field pinned by the answers it was learned with
// is not asked again.
func (w *State) Questions() []Question {
	qs := w.recordQuestions() // recordq.go
	qs = append(qs, w.questions()...)
	if w.Page != nil {
		qs = append(qs, w.Page.questions()...)
	}
	return qs
}

func (w *State) questions() []Question {
	pinned := map[string]bool{}
	for _, p := range w.Options.Pins {
		pinned[p.Field] = true
	}
	slotOf := map[int]string{} // slot -> the field that has it
	for _, sm := range w.SlotMaps {
		slotOf[sm.Slot] = sm.Field
	}
	var qs []Question
	for _, fe := range w.Explain {
		fi := IndexOf(w.FieldSpecs, fe.Field)
		if fi < 0 || pinned[fe.Field] || len(fe.Candidates)+len(fe.Others)+len(fe.Spare) == 0 {
			continue
		}
		f := w.FieldSpecs[fi]
		single := !f.Many
		q := Question{Field: fe.Field, Slots: fe.Slots}
		var chosen *CandidateExplain
		for i := range fe.Candidates {
			if fe.Candidates[i].Chosen {
				chosen = &fe.Candidates[i]
				break
			}
		}
		switch {
		case len(fe.Slots) == 0:
			q.Kind = QuestionNoSlot
			q.Why = fmt.Sprintf("%s got no slot (%d candidate slot(s) weighed)", f.Path, len(fe.Candidates))
		case !single && f.Parent == "" && len(w.doubtsIn(f.Path, askSetDoubts)) > 0:
			q.Kind = QuestionDoubt
			q.Why = fmt.Sprintf("%s's slot(s) %v were chosen, but its items on the sample look doubtful (%s: see the diagnostics)", f.Path, fe.Slots, strings.Join(w.doubtsIn(f.Path, askSetDoubts), ", "))
		case single && (chosen == nil || chosen.Score.Basis == "rule") && len(w.doubtsIn(f.Path, askDoubts)) > 0:
			// Placed by a rule (without a weighed candidate, or over the
			// weighed ones), and the sample doubts it: its candidates and
			// the other slots are offered.
			q.Kind = QuestionDoubt
			q.Why = fmt.Sprintf("%s's slot(s) %v were placed by a rule, but its values on the sample look doubtful (%s: see the diagnostics)", f.Path, fe.Slots, strings.Join(w.doubtsIn(f.Path, askDoubts), ", "))
		case !single && f.Parent == "" && slices.ContainsFunc(fe.Candidates, func(c CandidateExplain) bool { return c.Adds }):
			// A set field of the object with a candidate holding items
			// only on sample objects where its slots hold none: the set
			// at another place of the template on those pages.
			a := slices.IndexFunc(fe.Candidates, func(c CandidateExplain) bool { return c.Adds })
			q.Kind = QuestionSplit
			q.Why = fmt.Sprintf("slot %d holds %s's items on sample pages where its slot(s) %v hold none: may the field sit at two places?",
				fe.Candidates[a].Slot, f.Path, fe.Slots)
		case !single && f.Parent == "" && lowFill(fe, f) && slices.ContainsFunc(fe.Spare, func(c CandidateExplain) bool { return c.Adds }):
			a := slices.IndexFunc(fe.Spare, func(c CandidateExplain) bool { return c.Adds })
			q.Kind = QuestionSplit
			q.Why = fmt.Sprintf("slot %d holds values on sample pages where %s's slot(s) %v hold none, and the field is in doubt (%s): may the field sit at two places?",
				fe.Spare[a].Slot, f.Path, fe.Slots, w.doubtWords(fe, f))
		case single && slices.ContainsFunc(fe.Spare, func(c CandidateExplain) bool { return c.Typed }) &&
			!slices.ContainsFunc(fe.Candidates, func(c CandidateExplain) bool { return c.Adds }):
			// A spare slot holding the field's types on sample objects
			// where its slots hold nothing: the field may sit at two
			// places, asked with or without a doubt (typedSlot).
			a := slices.IndexFunc(fe.Spare, func(c CandidateExplain) bool { return c.Typed })
			q.Kind = QuestionSplit
			q.Why = fmt.Sprintf("slot %d holds values of %s's type(s) on sample pages where its slot(s) %v hold none: may the field sit at two places?",
				fe.Spare[a].Slot, f.Path, fe.Slots)
		case !single || chosen == nil || chosen.Score.Basis == "rule":
			if a := slices.IndexFunc(fe.Candidates, func(c CandidateExplain) bool { return c.Adds }); single && a >= 0 {
				// A rule placed the field, and a weighed candidate holds
				// its values on sample objects where its slots hold none:
				// the field at a second place, as for a weighed field
				// (below).
				q.Kind = QuestionSplit
				q.Why = fmt.Sprintf("slot %d holds %s's values on sample pages where its slot(s) %v hold none: may the field sit at two places?",
					fe.Candidates[a].Slot, f.Path, fe.Slots)
			} else if single && partAsk(fe, f) {
				w.partQuestion(&q, fe, f)
			} else if !w.dropQuestion(&q, fe, f) {
				continue // a set field, or placed by a rule
			}
		default:
			if a := slices.IndexFunc(fe.Candidates, func(c CandidateExplain) bool { return c.Adds }); a >= 0 {
				q.Kind = QuestionSplit
				q.Why = fmt.Sprintf("slot %d holds %s's values on sample pages where its slot(s) %v hold none: may the field sit at two places?",
					fe.Candidates[a].Slot, f.Path, fe.Slots)
			} else if a := slices.IndexFunc(fe.Spare, func(c CandidateExplain) bool { return c.Adds }); a >= 0 && (len(w.Doubt[f.Path]) > 0 || lowFill(fe, f)) {
				q.Kind = QuestionSplit
				q.Why = fmt.Sprintf("slot %d holds values on sample pages where %s's slot(s) %v hold none, and the field is in doubt (%s: see the diagnostics): may the field sit at two places?",
					fe.Spare[a].Slot, f.Path, fe.Slots, w.doubtWords(fe, f))
			} else if r, ok := closeRival(fe, chosen, slotOf); ok {
				q.Kind = QuestionClose
				q.Why = fmt.Sprintf("slot %d (score %s) was chosen for %s over slot %d (score %s) holding other values",
					chosen.Slot, FmtFactor(chosen.Total), f.Path, r.Slot, FmtFactor(r.Total))
			} else if _, ok := rival(fe, chosen, slotOf, weakRival); ok && weak(fe, chosen) {
				q.Kind = QuestionWeak
				q.Why = fmt.Sprintf("slot %d was chosen for %s on little evidence (%s of %d sample values)",
					chosen.Slot, f.Path, FmtFactor(chosen.Score.Annotation), fe.Sample)
			} else if chosen.PerPage >= severalPerPage && !w.joined(f.Path) {
				q.Kind = QuestionSeveral
				q.Why = fmt.Sprintf("%s is declared single, but slot %d holds %s values a page", f.Path, chosen.Slot, FmtFactor(chosen.PerPage))
			} else if ks := w.doubtsIn(f.Path, askDoubts); len(ks) > 0 {
				q.Kind = QuestionDoubt
				q.Why = fmt.Sprintf("slot %d was chosen for %s, but its values on the sample look doubtful (%s: see the diagnostics)", chosen.Slot, f.Path, strings.Join(ks, ", "))
			} else if partAsk(fe, f) {
				w.partQuestion(&q, fe, f)
			} else if !w.dropQuestion(&q, fe, f) {
				continue
			}
		}
		if q.Kind == QuestionDrop {
			for _, c := range w.dropCandidates(fe, f) {
				q.Candidates = append(q.Candidates, QuestionCandidate{CandidateExplain: c, Drop: true})
			}
			qs = append(qs, q)
			continue
		}
		// The parts of slots' texts holding the field's instances come
		// after the weighed candidates (parts.go), first when they are
		// the question.
		parts := offeredParts(fe, f, slotOf)
		offer := slices.Concat(fe.Candidates, parts, fe.Others)
		if q.Kind == QuestionPart {
			offer = slices.Concat(parts, fe.Candidates)
		}
		if q.Kind == QuestionDoubt || q.Kind == QuestionWeak || q.Kind == QuestionSplit || q.Kind == QuestionPart || q.Kind == QuestionSeveral {
			offer = append(offer, fe.Spare...)
		}
		if q.Kind == QuestionSplit {
			// The adding candidates first: they are the question.
			offer = slices.Clone(offer)
			sort.SliceStable(offer, func(a, b int) bool { return offer[a].Adds && !offer[b].Adds })
			if qc, ok := allAdds(offer); ok {
				q.Candidates = append(q.Candidates, qc)
			}
		}
		for _, c := range offer {
			if len(q.Candidates) == MaxCandidates {
				break
			}
			qc := QuestionCandidate{CandidateExplain: c}
			if o := slotOf[c.Slot]; o != "" && o != f.Path {
				qc.TakenBy = o
			}
			if slices.ContainsFunc(q.Candidates, func(k QuestionCandidate) bool { return sameValues(k.Samples, c.Samples) }) {
				continue // the same values as a better candidate: no choice
			}
			q.Candidates = append(q.Candidates, qc)
		}
		qs = append(qs, q)
	}
	return qs
}

// lowFillShare: a mandatory field whose slots hold values on fewer than
// this share of the sample objects is in doubt (lowFill).
const lowFillShare = 0.75

// lowFill reports whether field f (explanation fe), declared mandatory,
// has values in its slots on fewer than lowFillShare of the sample
// objects (FieldExplain.Filled): the sample itself says values are
// missing (the run's low-fill diagnostic, seen before extraction). An
// explanation without Filled (saved before it was kept) says nothing.
func lowFill(fe FieldExplain, f FieldSpec) bool {
	return !f.Optional && len(fe.Slots) > 0 && fe.Filled > 0 && float64(fe.Filled) < lowFillShare*float64(fe.Sample)
}

// doubtWords says why field f is in doubt, for a question's Why: its
// doubt notes, and its low fill on the sample.
func (w *State) doubtWords(fe FieldExplain, f FieldSpec) string {
	ks := slices.Clone(w.Doubt[f.Path])
	if lowFill(fe, f) {
		ks = append(ks, fmt.Sprintf("a value on %d of %d sample objects only, though mandatory", fe.Filled, fe.Sample))
	}
	return strings.Join(ks, ", ")
}

// askSetDoubts are the doubt notes that ask about a set field of the
// object (not of a tuple): its items lie outside the object's element.
var askSetDoubts = []string{NoteSetElsewhere}

// doubtsIn returns the kinds of field path's doubt notes that are among
// kinds (askDoubts, askSetDoubts): the notes that ask.
func (w *State) doubtsIn(path string, kinds []string) []string {
	var ks []string
	for _, k := range w.Doubt[path] {
		if slices.Contains(kinds, k) {
			ks = append(ks, k)
		}
	}
	return ks
}

// offerOthers fills fe.Others, for a field (index fi) that got no slot in
// out: the slots of the scope that are not its
// candidates and hold varying values on at least a quarter of the
// sample, those after a template label naming the field first, then
// those where its types touch most values, free ones before taken ones,
// those with values on more pages first (at most MaxCandidates); for a
// single field, the slots holding one value a page before those holding
// several (a list of related items: measured on zoo seeds 14700-14999,
// such lists took the places of a single field's right slot among the
// five).
func (w *State) offerOthers(fe *FieldExplain, fi int, out []SlotMap, stats []*slotStats, labels [][]string, inScope func(int) (bool, int)) {
	f := w.FieldSpecs[fi]
	if len(fe.Slots) > 0 && f.Many && f.Parent != "" {
		return // a tuple's set: not asked
	}
	taken := map[int]bool{}
	for _, sm := range out {
		taken[sm.Slot] = true
	}
	type other struct {
		slot, named, single, some, free, pages int
	}
	var os []other
	for s, st := range stats {
		if ok, _ := inScope(s); !ok || st.Occ == 0 || len(st.Values) < 2 || 4*len(st.PerPage) < fe.Sample {
			continue
		}
		if slices.ContainsFunc(fe.Candidates, func(c CandidateExplain) bool { return c.Slot == s }) {
			continue
		}
		o := other{slot: s, pages: len(st.PerPage)}
		if labelAffinity(labels[s], f) >= affinityName {
			o.named = 1
		}
		if f.Many || float64(st.Occ) < severalPerPage*float64(len(st.PerPage)) {
			o.single = 1
		}
		for _, t := range f.Types {
			o.some += st.Some[t]
		}
		if !taken[s] {
			o.free = 1
		}
		os = append(os, o)
	}
	sort.SliceStable(os, func(a, b int) bool {
		x, y := os[a], os[b]
		switch {
		case x.named != y.named:
			return x.named > y.named
		case x.single != y.single:
			return x.single > y.single
		case x.some != y.some:
			return x.some > y.some
		case x.free != y.free:
			return x.free > y.free
		}
		return x.pages > y.pages
	})
	for _, o := range os {
		if len(fe.Others)+len(fe.Spare) == MaxCandidates {
			break
		}
		ce := CandidateExplain{Slot: o.slot, Score: newScore("none", 0)}
		w.describe(&ce, stats[o.slot], labels[o.slot], w.reading(f))
		ce.Nth = nthOf(labels, o.slot)
		if len(ce.Samples) == 0 {
			continue // none of its values is one the field would read
		}
		if len(fe.Slots) > 0 {
			fe.Spare = append(fe.Spare, ce)
		} else {
			fe.Others = append(fe.Others, ce)
		}
	}
}

// minAddObjects: an adding candidate (CandidateExplain.Adds) holds
// values on this many sample objects at least.
const minAddObjects = 2

// markAdds marks the candidates of field f (explanation fe; a single
// field, or a set field of the object) that add to its slots: not chosen, keyed by no label, holding values on
// minAddObjects sample objects or more, none of which has a value in
// one of the field's slots (a value at another place of the template on
// those pages; split).
func markAdds(fe *FieldExplain, f FieldSpec, stats []*slotStats) {
	if f.Many && f.Parent != "" || len(fe.Slots) == 0 {
		return
	}
	has := map[int]bool{}
	for _, s := range fe.Slots {
		for i, n := range stats[s].PerPage {
			if n > 0 {
				has[i] = true
			}
		}
	}
	markAddsIn(fe.Candidates, fe, has, stats)
}

// markSpareAdds marks, after markAdds, the spare slots of field f (as
// markAdds) (FieldExplain.Spare) that add to its slots and its adding candidates
// the same way: values on minAddObjects sample objects or more where
// none of them has one. They are asked about only when the field
// carries a doubt note (spareSplit).
func markSpareAdds(fe *FieldExplain, f FieldSpec, stats []*slotStats) {
	if f.Many && f.Parent != "" || len(fe.Slots) == 0 || len(fe.Spare) == 0 {
		return
	}
	has := map[int]bool{}
	for _, s := range fe.Slots {
		for i, n := range stats[s].PerPage {
			if n > 0 {
				has[i] = true
			}
		}
	}
	for _, c := range fe.Candidates {
		if c.Adds {
			for i, n := range stats[c.Slot].PerPage {
				if n > 0 {
					has[i] = true
				}
			}
		}
	}
	markAddsIn(fe.Spare, fe, has, stats)
	for i := range fe.Spare {
		c := &fe.Spare[i]
		c.Typed = c.Adds && typedSlot(stats[c.Slot], f.Types)
	}
}

// typedSlot reports whether the values of a slot hold instances of
// types: on minAddObjects values at least and on half of its values (an
// instance the whole value, or some words of it). A spare slot that adds
// to a field's slots and is typed so is the field at another place of
// the template on those pages more likely than another text
// (CandidateExplain.Typed): it is asked about even when the field
// carries no doubt (the split question).
func typedSlot(st *slotStats, types []string) bool {
	n := max(st.Count(types), sumOf(st.Some, types))
	return n >= minAddObjects && 2*n >= st.Occ
}

// markAddsIn marks the adding ones of cs (markAdds), has holding the
// sample objects where the field already has a value.
func markAddsIn(cs []CandidateExplain, fe *FieldExplain, has map[int]bool, stats []*slotStats) {
	for i := range cs { // best first: each adding one joins has
		c := &cs[i]
		if c.Chosen || c.Label != "" || slices.Contains(fe.Slots, c.Slot) || len(c.Samples) == 0 {
			continue
		}
		n := 0
		for j, k := range stats[c.Slot].PerPage {
			if k == 0 {
				continue
			}
			if has[j] {
				n = -1
				break
			}
			n++
		}
		if c.Adds = n >= minAddObjects; c.Adds {
			for j, k := range stats[c.Slot].PerPage {
				if k > 0 {
					has[j] = true
				}
			}
		}
	}
}

// allAdds returns, for a split question, the candidate standing for all
// the adding candidates of offer together (each holds the field on pages
// where the others and the field's slots hold none: markAdds), when
// there are two or more: its samples are theirs in turn, its pin adds
// every slot (Pin.Also).
func allAdds(offer []CandidateExplain) (QuestionCandidate, bool) {
	var adds []CandidateExplain
	for _, c := range offer {
		if c.Adds {
			adds = append(adds, c)
		}
	}
	if len(adds) < 2 {
		return QuestionCandidate{}, false
	}
	qc := QuestionCandidate{CandidateExplain: adds[0]}
	qc.Samples = nil
	for k := 0; len(qc.Samples) < MaxSamplePages; k++ {
		more := false
		for _, c := range adds {
			if k < len(c.Samples) && len(qc.Samples) < MaxSamplePages {
				qc.Samples = append(qc.Samples, c.Samples[k])
				more = true
			}
		}
		if !more {
			break
		}
	}
	for _, c := range adds[1:] {
		qc.Also = append(qc.Also, Pin{Slot: c.Slot, Context: c.Context, Nth: c.Nth, Label: c.Label, Add: true})
	}
	return qc, true
}

// offeredParts are the part candidates of field f (explanation fe) a
// question offers: at most maxPartOffer, less, for a single field whose
// pattern delimits its values, the parts of a slot no other field has
// that is offered whole (a candidate, another or a spare slot showing
// values): that slot, pinned, reads the pattern's instance in its text
// wherever there is one (applyPins), the part only where the text splits
// as on the part's pages; both show the same values on the pages
// shown, and the first offered hid the other (a zoo date: its part read
// on a quarter of the pages, its slot's instance on every page).
// slotOf maps a slot to the field that has it.
func offeredParts(fe FieldExplain, f FieldSpec, slotOf map[int]string) []CandidateExplain {
	parts := fe.Parts
	if !f.Many && f.WholeByPattern() {
		whole := map[int]bool{}
		for _, c := range slices.Concat(fe.Candidates, fe.Others, fe.Spare) {
			if len(c.Samples) > 0 && c.Label == "" {
				whole[c.Slot] = true
			}
		}
		parts = slices.DeleteFunc(slices.Clone(parts), func(c CandidateExplain) bool {
			o := slotOf[c.Slot]
			return whole[c.Slot] && (o == "" || o == f.Path)
		})
	}
	return parts[:min(len(parts), maxPartOffer)]
}
