package mapping

import (
	"fmt"
	"slices"
	"strings"
)

// Pins: a user's answers to the wrapper's questions (review.go), honoured
// by induction. A pin says which slot holds a field (Slot, with the slot's
// Context to recognise it when the template is learned again), that the
// field is not on these pages (Absent), or gives one example value of the
// field on one page (Example@Page): the field is then the slot whose value
// on that page is the example. Pins are given to Induce in Options.Pins
// and saved in the wrapper file ("pins"), so a saved wrapper keeps them.
//
// A pin overrides the score: mapSlots weighs the candidates as usual,
// then gives a pinned field its slot (taking it from any field that had
// it) or removes it (Absent). A pin that matches no slot of the template
// learned (the slot is gone: a new template, another site) is not
// ignored: it gives a NotePin note, a diagnostic of the run.

// Pin is one answer.
type Pin struct {
	Field string `json:"field"`
	// Slot is the slot chosen for Field (when neither Absent nor Example).
	Slot int `json:"slot,omitempty"`
	// Context is the template text right before the slot when the
	// answer was given (CandidateExplain.Context): a slot whose number
	// is the same but whose context differs is another slot.
	Context string `json:"context,omitempty"`
	// Nth, when several slots follow Context, is the slot's rank among
	// them (1: the first in the template; 0: not known), so that a slot
	// numbered otherwise when the template is learned again is still
	// told from the others (sameContext).
	Nth int `json:"nth,omitempty"`
	// Label is the page label that keys the slot's values when the slot
	// holds rows of several kinds (CandidateExplain.Label).
	Label string `json:"label,omitempty"`
	// Add: the slot holds the field's values besides the slots it got
	// (on other pages: CandidateExplain.Adds); the field keeps them.
	Add bool `json:"add,omitempty"`
	// Also are further slots added with this one (Add), from one answer
	// naming several slots (QuestionCandidate.Also); their Field is
	// this pin's.
	Also []Pin `json:"also,omitempty"`
	// Piece, with a slot, reads a part of the slot's text (an answer
	// choosing a part candidate, CandidateExplain.Piece; parts.go).
	Piece *Piece `json:"piece,omitempty"`
	// Drop, with a slot: the slot does not hold the field; the field
	// keeps its other slots (an answer to a "drop" question: one wrong
	// slot among a field's slots, review.go).
	Drop bool `json:"drop,omitempty"`
	// Absent: the field is not on these pages.
	Absent bool `json:"absent,omitempty"`
	// Example and Page: the field's value on the sample page Page (its
	// path relative to the source, or its base name).
	Example string `json:"example,omitempty"`
	Page    string `json:"page,omitempty"`
	// Records, on a list source, names the record segmentation chosen
	// (records.RecordAlternative.At), with no Field (recordq.go).
	Records string `json:"records,omitempty"`

	// page is the index among the sample pages of Page (-1: not in the
	// sample), set by Induce.
	PageIndex int `json:"-"`
}

// String prints the pin as an answer.
func (p Pin) String() string {
	switch {
	case p.Records != "":
		return "records: at " + p.Records
	case p.Absent:
		return p.Field + ": not on these pages"
	case p.Example != "":
		return fmt.Sprintf("%s = %q on %s", p.Field, p.Example, p.Page)
	}
	s := fmt.Sprintf("%s: slot %d", p.Field, p.Slot)
	if p.Context != "" {
		s += fmt.Sprintf(" (after %q)", p.Context)
	}
	if p.Label != "" {
		s += fmt.Sprintf(" label %q", p.Label)
	}
	if p.Piece != nil {
		s += ", " + p.Piece.String()
	}
	if p.Drop {
		s += " does not hold it"
	}
	for _, a := range p.Also {
		s += fmt.Sprintf(" and slot %d", a.Slot)
		if a.Context != "" {
			s += fmt.Sprintf(" (after %q)", a.Context)
		}
	}
	if p.Add {
		s += ", besides its slots"
	}
	return s
}

// Check reports an answer that names no field or says two things.
func (p Pin) Check() error {
	if p.Records != "" {
		return p.checkRecords() // recordq.go
	}
	if p.Field == "" {
		return fmt.Errorf("no field")
	}
	n := 0
	if p.Absent {
		n++
	}
	if p.Example != "" || p.Page != "" {
		if p.Example == "" || p.Page == "" {
			return fmt.Errorf("field %s: an example needs both example and page", p.Field)
		}
		n++
	}
	if n > 1 {
		return fmt.Errorf("field %s: absent and example at once", p.Field)
	}
	if p.Piece != nil && (n > 0 || p.Piece.Index < 0) {
		return fmt.Errorf("field %s: a piece is for a slot, with an index >= 0", p.Field)
	}
	if p.Drop && (n > 0 || p.Add || len(p.Also) > 0 || p.Piece != nil) {
		return fmt.Errorf("field %s: drop is for one slot, alone", p.Field)
	}
	if (p.Add || len(p.Also) > 0) && n > 0 {
		return fmt.Errorf("field %s: add is for a slot, not with absent or example", p.Field)
	}
	for _, a := range p.Also {
		if !p.Add || !a.Add || a.Absent || a.Example != "" || len(a.Also) > 0 || a.Slot < 0 || a.Field != "" && a.Field != p.Field || a.Piece != nil && a.Piece.Index < 0 {
			return fmt.Errorf("field %s: also holds another slot added with this one only", p.Field)
		}
	}
	if n == 0 && p.Slot < 0 {
		return fmt.Errorf("field %s: slot %d is negative", p.Field, p.Slot)
	}
	return nil
}

// OnPage reports whether one of the slot's values on sample page page
// (pageOf maps a stats index to its page) is want (spaces normalised).
func (st *slotStats) OnPage(pageOf func(int) int, page int, want string) bool {
	for i, vs := range st.PageVals {
		if pageOf(i) != page {
			continue
		}
		for _, v := range vs {
			if normSpace(v) == want {
				return true
			}
		}
	}
	return false
}

// normSpace trims s and folds its runs of white space to one space.
func normSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// NotePin: a pin that no longer matches the template learned (its slot
// is gone, or no slot holds its example on its page); the field was
// placed by the score alone.
const NotePin = "pin-unmatched"

// savedPins are the pins Save writes: an example that found its slot is
// written as that slot (with its context), so that the wrapper learned
// again needs no longer the example's page.
func (w *State) savedPins() []Pin {
	var out []Pin
	for _, p := range w.Options.Pins {
		if f, ok := w.pinFound[w.Scope][p.Field]; ok && p.Example != "" {
			p = f
		}
		out = append(out, p)
	}
	return out
}

// applyPins gives each pinned field of the mapping out (object scope
// scope) its pinned slot, or removes it (Absent); a pin matching no slot
// of the scope is noted (NotePin) in w.pinNotes[scope]. cands are the
// mapping's candidates, stats the slots' statistics.
func (w *State) applyPins(out []SlotMap, cands []cand, stats []*slotStats, labels [][]string, inScope func(int) (bool, int), scope int) []SlotMap {
	if w.pinNotes == nil {
		w.pinNotes = map[int][]Note{}
	}
	delete(w.pinNotes, scope)
	delete(w.pinFound, scope)
	valid := predefinedRecognizers(w.FieldSpecs)
	pinned := map[string]bool{} // the fields pinned to a slot so far
	var pins []Pin
	for _, p := range w.Options.Pins { // one answer adding several slots: one pin each
		pins = append(pins, p)
		for _, a := range p.Also {
			a.Field = p.Field
			pins = append(pins, a)
		}
	}
	for _, p := range pins {
		fi := IndexOf(w.FieldSpecs, p.Field)
		if fi < 0 {
			continue // another wrapper's field (page scope)
		}
		f := w.FieldSpecs[fi]
		if p.Absent {
			out = slices.DeleteFunc(out, func(sm SlotMap) bool { return sm.Field == f.Path })
			continue
		}
		slot, why := w.pinSlot(p, fi, cands, stats, labels, inScope)
		if p.Drop && slot >= 0 {
			// The slot is not the field's: the field keeps its others. A
			// field that no longer has the slot needs nothing more.
			pinned[f.Path] = true
			out = slices.DeleteFunc(out, func(sm SlotMap) bool { return sm.Field == f.Path && sm.Slot == slot })
			continue
		}
		if slot >= 0 && p.Piece != nil && !pieceFound(stats[slot], p.Piece) {
			slot, why = -1, fmt.Sprintf("in slot %d, %s reads nothing on the sample", slot, p.Piece)
		}
		if slot < 0 {
			w.pinNotes[scope] = append(w.pinNotes[scope], Note{Kind: NotePin, Field: f.Path, Message: fmt.Sprintf(
				"the answer %s matches no slot of the template learned: %s; the field was placed by its score alone", p, why)})
			continue
		}
		label := p.Label
		c := cand{Field: fi, Slot: slot, Label: label, Sc: newScore("pin", 0)}
		found := false
		for _, k := range cands {
			if k.Field == fi && k.Slot == slot && !k.Part && (label == "" || k.Label == label) {
				c, found = k, true
				break
			}
		}
		if !found {
			st := stats[slot]
			c.Cnt = st.Count(f.Types)
			if st.AnnOcc > 0 {
				c.Share = float64(c.Cnt) / float64(st.AnnOcc)
			}
			if st.Occ > 0 {
				c.Cov = float64(c.Cnt) / float64(st.Occ)
			}
			c.Sc.Locality = 1
		}
		label = c.Label
		if p.Example != "" {
			// Saved as the slot it found: learning again needs no longer
			// the example's page.
			if w.pinFound == nil {
				w.pinFound = map[int]map[string]Pin{}
			}
			if w.pinFound[scope] == nil {
				w.pinFound[scope] = map[string]Pin{}
			}
			w.pinFound[scope][p.Field] = Pin{Field: p.Field, Slot: slot, Context: strings.Join(labels[slot], " "), Nth: nthOf(labels, slot), Label: c.Label}
		}
		// The field's own slots go, and another field's reading of the
		// same slot under the same label (rows of other labels, parts
		// and items of the slot stay theirs), unless that field was
		// pinned to it too: two answers may name one slot holding both
		// fields' values ("Eastlake Books (Jun 1, 2005)"), each field
		// reading its own part of it.
		// An answer confirming the slot the field had takes it from no
		// other field (a time read from the date's slot keeps it).
		// A part of the slot's text (Pin.Piece) takes it from no other
		// field either: they read the rest.
		// A field read by its pattern (below: the recognizer's instance in
		// the slot's text) takes it from no other field either: a date
		// pinned to the slot of "Eastlake Books, 2008" or of "Jun 1,
		// 2005 8:00 PM" reads the date, the publisher or the time the
		// rest.
		byPattern := valid[f.Path] != nil && p.Piece == nil && !f.Many && f.WholeByPattern()
		had := p.Piece != nil || byPattern || slices.ContainsFunc(out, func(sm SlotMap) bool { return sm.Field == f.Path && sm.Slot == slot })
		out = slices.DeleteFunc(out, func(sm SlotMap) bool {
			return sm.Field == f.Path && (!p.Add || sm.Slot == slot) || !had && sm.Slot == slot && strings.Join(sm.Label, " ") == label && !sm.Part && !sm.Item && sm.Row == nil && !pinned[sm.Field]
		})
		pinned[f.Path] = true
		sm := w.slotMapOf(c, stats, valid, f.Parent == "" && !f.Many)
		if byPattern {
			// The answer says where the field is; its type still says
			// what its value is: the recognizer's instance in the slot's
			// text, or nothing ("8/13/1989" of "8/13/1989 in Nashville",
			// nothing on the pages whose row holds only the town). The
			// score would have asked for most of the slot's values to be
			// instances (GeneraliseThres) before reading them so; an
			// answer needs no such share.
			sm.Validate, sm.Match = true, true
		}
		if p.Piece == nil {
			w.pinnedInstance(&sm, f, c, stats)
		} else {
			// The part is the value: no other cut of it.
			pc := *p.Piece
			sm.Piece, sm.Cut, sm.CutAt, sm.Lead, sm.LeadNum = &pc, nil, nil, false, false
		}
		out = append(out, sm)
	}
	return out
}

// pinSlot finds the slot of pin p (field fi): its slot when the slot is
// in scope with the same context, else the one slot of the scope with
// its context; for an example, the field's best candidate, else the
// first slot, whose value on the example's page is the example. It
// returns -1 and why when there is none.
func (w *State) pinSlot(p Pin, fi int, cands []cand, stats []*slotStats, labels [][]string, inScope func(int) (bool, int)) (int, string) {
	if p.Example != "" {
		if p.PageIndex < 0 {
			return -1, fmt.Sprintf("page %s is not among the sample pages", p.Page)
		}
		want := normSpace(p.Example)
		holds := func(s int) bool {
			ok, _ := inScope(s)
			return ok && stats[s].OnPage(w.recPageOf, p.PageIndex, want)
		}
		best := -1
		for _, c := range cands { // cands are sorted, best first
			if c.Field == fi && !c.Part && holds(c.Slot) {
				best = c.Slot
				break
			}
		}
		for s := range stats {
			if best < 0 && holds(s) {
				best = s
			}
		}
		if best < 0 {
			best = w.examplePart(p, fi, cands, stats, inScope)
		}
		if best < 0 {
			return -1, fmt.Sprintf("no slot holds %q on page %s", p.Example, p.Page)
		}
		return best, ""
	}
	ctx := func(s int) string { return strings.Join(labels[s], " ") }
	if p.Slot < len(stats) {
		if ok, _ := inScope(p.Slot); ok && (p.Context == "" || ctx(p.Slot) == p.Context && (p.Nth == 0 || nthOf(labels, p.Slot) == p.Nth)) && stats[p.Slot].Occ > 0 {
			return p.Slot, ""
		}
	}
	if p.Context != "" && p.Nth > 0 {
		// The slot of that rank among those following the context.
		for s := range stats {
			if ok, _ := inScope(s); ok && stats[s].Occ > 0 && ctx(s) == p.Context && nthOf(labels, s) == p.Nth {
				return s, ""
			}
		}
	}
	if p.Context != "" {
		var same []int
		for s := range stats {
			if ok, _ := inScope(s); ok && stats[s].Occ > 0 && ctx(s) == p.Context {
				same = append(same, s)
			}
		}
		if len(same) == 1 {
			return same[0], ""
		}
		if len(same) > 1 {
			return -1, fmt.Sprintf("slot %d is gone and %d slots follow %q", p.Slot, len(same), p.Context)
		}
		return -1, fmt.Sprintf("slot %d (after %q) is gone", p.Slot, p.Context)
	}
	return -1, fmt.Sprintf("slot %d is gone (the template has %d slots)", p.Slot, len(stats))
}

// nthOf is slot's rank (1: the first) among the slots whose template
// text before them (labels) is the same as its own (Pin.Nth); 0 when no
// other slot has that text.
func nthOf(labels [][]string, slot int) int {
	n, same := 0, 0
	for s, l := range labels {
		if slices.Equal(l, labels[slot]) {
			same++
			if s <= slot {
				n++
			}
		}
	}
	if same < 2 {
		return 0
	}
	return n
}

// recPageOf maps a sample index of mapSlots (a page, or in record mode a
// record) to its sample page.
func (w *State) recPageOf(i int) int {
	if w.Records != nil && i < len(w.RecordPage) {
		return w.RecordPage[i]
	}
	return i
}

// pinnedInstance gives the slot map sm of a dictionary field pinned to
// its slot (candidate c) the readings of its annotated instance that the
// score learns only when GeneraliseThres of the slot's annotated values
// are the field's (slotMapOf): the opening number left out ("Goalie" of
// "52 Goalie", leadNumberOf) and the segment holding the instance
// (segmentRule, as for a pattern, which delimits the instance: the
// dictionary's annotation does here). The answer says where the field
// is, as for a pattern (Validate, Match); the annotations say what the
// value is, if GeneraliseThres of the annotated values are longer than
// their instance. Otherwise (mostly whole instances, a dictionary that
// knows only some of the values) the value stays the slot's text.
func (w *State) pinnedInstance(sm *SlotMap, f FieldSpec, c cand, stats []*slotStats) {
	if !f.Dictionary || f.Many || len(f.Attrs) > 0 || sm.Cut != nil || sm.LeadNum || c.Lead || c.Part {
		return
	}
	st := stats[c.Slot]
	if c.Label != "" {
		st = labelled(st, c.Label)
	}
	thres := w.Options.GeneraliseThres
	ann, full := 0, 0
	for _, t := range f.Types {
		ann = max(ann, st.Types[t])
		full = max(full, st.Full[t])
	}
	if ann == 0 || float64(full) > (1-thres)*float64(ann) {
		return
	}
	sm.LeadNum = leadNumberOf(st, f, thres, false)
	if !sm.LeadNum {
		sm.Cut = segmentRule(st, f.Types, thres, true)
	}
}

// examplePart is pinSlot's second choice for an example no slot holds
// whole on its page: the slot whose value there is the longest part of
// the example as whole words, half its words at least, the field's
// candidates first (-1 when none). A user copies a value as the page
// shows it, with the template's text around it: "2011 BMW Z4 Overview"
// of a heading whose "Overview" is the same on every page, template text
// and so no slot's.
func (w *State) examplePart(p Pin, fi int, cands []cand, stats []*slotStats, inScope func(int) (bool, int)) int {
	ex := strings.Fields(strings.ToLower(p.Example))
	if len(ex) < 2 {
		return -1
	}
	padded := " " + strings.Join(ex, " ") + " "
	size := func(s int) int { // the words of slot s's longest value on the page that is a part of the example
		if ok, _ := inScope(s); !ok {
			return 0
		}
		n := 0
		for i, vs := range stats[s].PageVals {
			if w.recPageOf(i) != p.PageIndex {
				continue
			}
			for _, v := range vs {
				ws := strings.Fields(strings.ToLower(v))
				if len(ws) > n && 2*len(ws) >= len(ex) && strings.Contains(padded, " "+strings.Join(ws, " ")+" ") {
					n = len(ws)
				}
			}
		}
		return n
	}
	best, most := -1, 0
	for _, c := range cands { // best first
		if n := size(c.Slot); c.Field == fi && !c.Part && n > most {
			best, most = c.Slot, n
		}
	}
	for s := range stats {
		if n := size(s); n > most {
			best, most = s, n
		}
	}
	return best
}
