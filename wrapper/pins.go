package wrapper

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// NotePin: a pin that no longer matches the template learned (its slot
// is gone, or no slot holds its example on its page); the field was
// placed by the score alone.
const NotePin = "pin-unmatched"

// ParseExample reads an --example argument "field=value@page" (the last
// "@" separates the page, so a value may hold one).
func ParseExample(s string) (Pin, error) {
	eq := strings.IndexByte(s, '=')
	at := strings.LastIndexByte(s, '@')
	if eq <= 0 || at < eq+1 || at == len(s)-1 {
		return Pin{}, fmt.Errorf("example %q: want field=value@page (e.g. price=$16.46@0002.htm)", s)
	}
	p := Pin{Field: strings.TrimSpace(s[:eq]), Example: strings.TrimSpace(s[eq+1 : at]), Page: strings.TrimSpace(s[at+1:])}
	if p.Example == "" {
		return Pin{}, fmt.Errorf("example %q: the value is empty", s)
	}
	return p, nil
}

// Answers is the answers file: the pins, in the order given.
type Answers struct {
	Answers []Pin `json:"answers"`
}

// ReadAnswers reads an answers file (JSON {"answers": [pin, ...]}), name
// naming it in errors; every answer must name a field and say one thing.
func ReadAnswers(r io.Reader, name string) ([]Pin, error) {
	var a Answers
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: trailing data after the answers (byte %d)", name, dec.InputOffset())
	}
	for i, p := range a.Answers {
		if err := p.Check(); err != nil {
			return nil, fmt.Errorf("%s: answers[%d]: %w", name, i, err)
		}
	}
	return a.Answers, nil
}

// WriteAnswers writes pins as an answers file ReadAnswers reads.
func WriteAnswers(w io.Writer, pins []Pin) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if pins == nil {
		pins = []Pin{}
	}
	return enc.Encode(Answers{Answers: pins})
}

// checkPins checks opt.Pins against the SOD's fields and finds each
// example's page among the sample pages; it returns the pins to use
// (a copy: the caller's slice is not written).
func checkPins(pins []Pin, fields []FieldSpec, pages []*annotate.Page) ([]Pin, error) {
	if len(pins) == 0 {
		return nil, nil
	}
	out := slices.Clone(pins)
	seen := map[string]bool{}
	for i := range out {
		p := &out[i]
		if err := p.Check(); err != nil {
			return nil, fmt.Errorf("wrapper: Induce: pins[%d]: %w", i, err)
		}
		if p.Records != "" {
			if seen[""] {
				return nil, fmt.Errorf("wrapper: Induce: pins[%d]: the records are pinned twice", i)
			}
			seen[""] = true
			continue
		}
		j := mapping.IndexOf(fields, p.Field)
		if j < 0 || fields[j].Tuple {
			return nil, fmt.Errorf("wrapper: Induce: pins[%d]: field %q is not an entity field of the SOD", i, p.Field)
		}
		if seen[p.Field] {
			return nil, fmt.Errorf("wrapper: Induce: pins[%d]: field %q is pinned twice", i, p.Field)
		}
		seen[p.Field] = true
		p.PageIndex = -1
		if p.Example != "" {
			p.PageIndex = samplePage(pages, p.Page)
		}
	}
	return out, nil
}

// samplePage is the index of the sample page named name (its path, or
// its base name), -1 when none.
func samplePage(pages []*annotate.Page, name string) int {
	for i, pg := range pages {
		if pg.Path == name {
			return i
		}
	}
	for i, pg := range pages {
		if base(pg.Path) == name {
			return i
		}
	}
	return -1
}

func base(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// Pins returns the pins the wrapper was learned with.
func (w *Wrapper) Pins() []Pin { return slices.Clone(w.opt.Pins) }

// savedPins are the pins Save writes: an example that found its slot is
// written as that slot (with its context), so that the wrapper learned
// again needs no longer the example's page.
func (w *Wrapper) savedPins() []Pin {
	var out []Pin
	for _, p := range w.opt.Pins {
		if f, ok := w.pinFound[w.scope][p.Field]; ok && p.Example != "" {
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
func (w *Wrapper) applyPins(out []SlotMap, cands []mapping.Cand, stats []*mapping.SlotStats, labels [][]string, inScope func(int) (bool, int), scope int) []SlotMap {
	if w.pinNotes == nil {
		w.pinNotes = map[int][]Note{}
	}
	delete(w.pinNotes, scope)
	delete(w.pinFound, scope)
	valid := mapping.PredefinedRecognizers(w.fields)
	pinned := map[string]bool{} // the fields pinned to a slot so far
	for _, p := range w.opt.Pins {
		fi := mapping.IndexOf(w.fields, p.Field)
		if fi < 0 {
			continue // another wrapper's field (page scope)
		}
		f := w.fields[fi]
		if p.Absent {
			out = slices.DeleteFunc(out, func(sm SlotMap) bool { return sm.Field == f.Path })
			continue
		}
		slot, why := w.pinSlot(p, fi, cands, stats, labels, inScope)
		if slot < 0 {
			w.pinNotes[scope] = append(w.pinNotes[scope], Note{Kind: NotePin, Field: f.Path, Message: fmt.Sprintf(
				"the answer %s matches no slot of the template learned: %s; the field was placed by its score alone", p, why)})
			continue
		}
		label := p.Label
		c := mapping.Cand{Field: fi, Slot: slot, Label: label, Sc: mapping.NewScore("pin", 0)}
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
			w.pinFound[scope][p.Field] = Pin{Field: p.Field, Slot: slot, Context: strings.Join(labels[slot], " "), Label: c.Label}
		}
		// The field's own slots go, and another field's reading of the
		// same slot under the same label (rows of other labels, parts
		// and items of the slot stay theirs), unless that field was
		// pinned to it too: two answers may name one slot holding both
		// fields' values ("Eastlake Books (Jun 1, 2005)"), each field
		// reading its own part of it.
		// An answer confirming the slot the field had takes it from no
		// other field (a time read from the date's slot keeps it).
		had := slices.ContainsFunc(out, func(sm SlotMap) bool { return sm.Field == f.Path && sm.Slot == slot })
		out = slices.DeleteFunc(out, func(sm SlotMap) bool {
			return sm.Field == f.Path || !had && sm.Slot == slot && strings.Join(sm.Label, " ") == label && !sm.Part && !sm.Item && sm.Row == nil && !pinned[sm.Field]
		})
		pinned[f.Path] = true
		out = append(out, w.slotMapOf(c, stats, valid, f.Parent == "" && !f.Many))
	}
	return out
}

// pinSlot finds the slot of pin p (field fi): its slot when the slot is
// in scope with the same context, else the one slot of the scope with
// its context; for an example, the field's best candidate, else the
// first slot, whose value on the example's page is the example. It
// returns -1 and why when there is none.
func (w *Wrapper) pinSlot(p Pin, fi int, cands []mapping.Cand, stats []*mapping.SlotStats, labels [][]string, inScope func(int) (bool, int)) (int, string) {
	if p.Example != "" {
		if p.PageIndex < 0 {
			return -1, fmt.Sprintf("page %s is not among the sample pages", p.Page)
		}
		want := mapping.NormSpace(p.Example)
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
			return -1, fmt.Sprintf("no slot holds %q on page %s", p.Example, p.Page)
		}
		return best, ""
	}
	ctx := func(s int) string { return strings.Join(labels[s], " ") }
	if p.Slot < len(stats) {
		if ok, _ := inScope(p.Slot); ok && (p.Context == "" || ctx(p.Slot) == p.Context) && stats[p.Slot].Occ > 0 {
			return p.Slot, ""
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

// recPageOf maps a sample index of mapSlots (a page, or in record mode a
// record) to its sample page.
func (w *Wrapper) recPageOf(i int) int {
	if w.rp != nil && i < len(w.recPage) {
		return w.recPage[i]
	}
	return i
}
