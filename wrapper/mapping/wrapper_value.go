package mapping

import (
	"slices"
	"strings"
	"unicode"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// value makes one extracted value from tokens [a, b).
func (w *State) value(toks []Token, a, b int, sm *SlotMap, f FieldSpec) (Value, bool) {
	if !f.Many && !f.Patterned() {
		// A value cut before another field's instance, or at the
		// separator learned for the slot (SlotMap.CutAt).
		x, _ := otherCut(toks, a, b, w.cutFields(sm.Slot), w.Valid, f.Path)
		if sm.CutAt != nil {
			for y := a + 1; y < x; y++ {
				if toks[y].Kind == KindWord && slices.Contains(sm.CutAt, toks[y].Text()) {
					x = y
					break
				}
			}
		}
		b = x
		if sm.LeadNum {
			a = skipLeadNumber(toks, a, b)
		}
	}
	txt, a, b := ValueText(toks, a, b)
	if txt == "" {
		return Value{}, false
	}
	// A patterned field's instance; the field's own part of a shared slot.
	txt, ok := w.carve(txt, sm, f)
	if !ok || onlyPunct(txt) || slices.Contains(sm.NA, txt) || placeholderValue(toks, a, b, txt, f) {
		// Punctuation alone ("(" left of a date cut off) is no value;
		// symbols are ("$$" for a price range). Nor is a placeholder
		// ("N/A": the site's own, placeholder.go, or a universal
		// marker, missing.go).
		return Value{}, false
	}
	v := Value{Text: txt, Evidence: w.evidence(sm, f)}
	// A field with a predefined recognizer: the longest instance in the
	// value gives the normalised form; a slot that validates keeps only
	// values in which the recognizer finds an instance.
	if r := w.Valid[f.Path]; r != nil {
		norm, ok := validateValue(r, txt)
		if !ok && sm.Validate {
			return Value{}, false
		}
		v.Normalized, v.Unrecognized = norm, !ok
		v.Evidence.Recognized = ok
		v.otherSlot = !ok && !sm.Lead && sm.Valid > 0 && sm.Valid < mostlyValid
	}
	for x := a; x < b; x++ {
		for _, an := range toks[x].Ann() {
			if !slices.Contains(f.Types, an.Type) {
				continue
			}
			v.Evidence.Annotated = true
			v.Evidence.AnnotationConfidence = max(v.Evidence.AnnotationConfidence, an.Confidence)
			if v.Normalized == "" {
				v.Normalized = an.Normalized
			}
		}
	}
	v.Confidence = v.Evidence.Confidence() // confidence.go
	if n := toks[a].Node(); n != nil && n.Parent != nil {
		v.Path = annotate.NodePath(n.Parent)
	}
	return v, true
}

// cutFields returns the fields whose instances may end a value of slot:
// those mapped to it and those with no slot of their own. A date in a
// title ("The Quiet Archive (1945)") does not end it when the publication
// date has a slot elsewhere.
func (w *State) cutFields(slot int) []FieldSpec {
	elsewhere := map[string]bool{}
	for _, sm := range w.SlotMaps {
		if sm.Slot != slot {
			elsewhere[sm.Field] = true
		}
	}
	for _, sm := range w.SlotMaps {
		if sm.Slot == slot {
			delete(elsewhere, sm.Field)
		}
	}
	var out []FieldSpec
	for _, f := range w.FieldSpecs {
		if !elsewhere[f.Path] {
			out = append(out, f)
		}
	}
	return out
}

// loneConj reports whether a set item's whole text is a conjunction ("and"
// between two author links, "<a>A</a> and <a>B</a>"): the list's
// separator, never an item. SlotMap.Seps learns such runs when the sample
// shows them on two pages or more; a sample with one multi-item page or
// none left the separator unknown, and "and" came out as an item (at
// confidence 1) on every page with several items.
func loneConj(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "and", "or", "&", "and/or", "with":
		return true
	}
	return false
}

// bracketed reports whether an item is wholly enclosed in brackets, as
// "(Editor)" after a name: a remark about the item before it (a role), not
// an item of its own.
func bracketed(s string) bool {
	if len(s) < 2 {
		return false
	}
	open, end := s[0], s[len(s)-1]
	if !((open == '(' && end == ')') || (open == '[' && end == ']')) {
		return false
	}
	// "(A) and (B)": the brackets must enclose the whole text.
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
			if depth == 0 && i < len(s)-1 {
				return false
			}
		}
	}
	return true
}

// labelledSlot returns the last slot map of field path with a label, nil
// when none has one.
func (w *State) labelledSlot(path string) *SlotMap {
	var sm *SlotMap
	for i := range w.SlotMaps {
		if x := &w.SlotMaps[i]; x.Field == path && x.Label != nil {
			sm = x
		}
	}
	return sm
}

// byLabel finds the value of a single field mapped by its label
// (SlotMap.Label) on a page where its slot gave none: optional rows shift
// the rows after them, so the labelled row may sit in another slot. The
// first value of a slot that no unlabelled field holds, with the label
// right before it, is taken.
func (w *State) byLabel(toks []Token, r *mrec, f FieldSpec) []Value {
	sm := w.labelledSlot(f.Path)
	if sm == nil || emptyAfterLabel(toks, r, sm) { // heldlabel.go
		return nil
	}
	var out []Value
	Collect(r, -1, func(v sval) {
		if len(out) > 0 {
			return
		}
		for _, x := range w.bySlot[v.Slot] {
			if x.Label == nil {
				return
			}
		}
		if !labelBefore(toks, v.A, sm.Label) {
			return
		}
		a, b := v.A, v.B
		if sm.Run {
			a, b = firstRun(toks, a, b)
		}
		if val, ok := w.value(toks, a, b, sm, f); ok && !w.otherInstance(v.Slot, f, val.Text) { // nodelabel.go
			out = append(out, val)
		}
	})
	return out
}

// byItem gives a single field, when its other slots gave no value, the
// first item of its item slots (SlotMap.Item) that is wholly an instance
// of its pattern (after the slot's ItemLabel, if any).
func (w *State) byItem(toks []Token, r *mrec, f FieldSpec) []Value {
	var out []Value
	Collect(r, -1, func(v sval) {
		if len(out) > 0 {
			return
		}
		for _, sm := range w.bySlot[v.Slot] {
			if sm.Field != f.Path || !sm.Item {
				continue
			}
			if w.Valid[f.Path] == nil {
				// A name's row: the run after its label (rowitems.go).
				if a, b, ok := labelRun(toks, v.A, v.B, sm.ItemLabel); ok {
					if val, ok := w.value(toks, a, b, sm, f); ok {
						if val.Text = w.otherInstancesOut(val.Text, f); hasWord(val.Text) {
							out = append(out, val)
						}
					}
				}
				return
			}
			if a, b, ok := patternItem(toks, v.A, v.B, w.Valid[f.Path], sm.ItemLabel); ok {
				if val, ok := w.value(toks, a, b, sm, f); ok {
					out = append(out, val)
				}
			}
			return
		}
	})
	return out
}

// LearnTemplate runs ExAlg on the sample's token streams — ECGM (equivalence
// classes to a fixpoint) then CONSTTEMP — installs the template in w and
// returns the statistics of each slot's sample values.
func (w *State) LearnTemplate(toks [][]Token) []*slotStats {
	w.Template = exalg.Learn(toks, w.Options.Options, w.Paths.String)
	w.Freeze()
	return Gather(w, toks)
}

// matchRoot matches one token stream against the whole template; ok is
// false when the stream does not fit it.
func (w *State) matchRoot(tk []Token) (root *mrec, ok bool) {
	root = &mrec{Set: -1}
	_, ok = newMatcher(w, tk).seq(w.Template.Root, 0, len(tk), root)
	return root, ok
}

// slotValues calls f with each value of slot, in order, in each token
// stream of toks (sample pages, or records in record mode) that fits the
// whole template; r is the stream's number.
func (w *State) slotValues(toks [][]Token, slot int, f func(r int, tk []Token, v sval)) {
	for r, tk := range toks {
		if root, ok := w.matchRoot(tk); ok {
			Collect(root, -1, func(v sval) {
				if v.Slot == slot {
					f(r, tk, v)
				}
			})
		}
	}
}

// firstValue returns the first value of slot under r (nil when none).
func firstValue(r *mrec, slot int) *sval {
	var v *sval
	Collect(r, -1, func(x sval) {
		if x.Slot == slot && v == nil {
			v = &x
		}
	})
	return v
}

// onlyPunct reports whether s holds nothing but punctuation and spaces.
func onlyPunct(s string) bool {
	for _, r := range s {
		if !unicode.IsPunct(r) && !unicode.IsSpace(r) {
			return false
		}
	}
	return true
}
