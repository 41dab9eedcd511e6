package mapping

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// Collect visits the values of rec and its nested iterations, skipping the
// iterations of set `skip`.
func Collect(r *mrec, skip int, f func(v sval)) {
	for _, v := range r.Vals {
		f(v)
	}
	for _, k := range r.Kids {
		if skip >= 0 && k.Set == skip {
			continue
		}
		Collect(k, skip, f)
	}
}

// iterations appends to out the iterations of set under r, in order, not
// looking inside them.
func iterations(r *mrec, set int, out []*mrec) []*mrec {
	for _, k := range r.Kids {
		if k.Set == set {
			out = append(out, k)
		} else {
			out = iterations(k, set, out)
		}
	}
	return out
}

// Validate runs a predefined recognizer over a value's text: ok reports an
// instance found, norm is the normalised form of the longest one ("" when
// the recognizer gives none).
func Validate(r recognizers.Recognizer, txt string) (norm string, ok bool) {
	norm, _, ok = longestInstance(r, txt)
	return norm, ok
}

// longestInstance is Validate, with the recognizer's confidence in the
// longest instance (0 when the search could not complete).
func longestInstance(r recognizers.Recognizer, txt string) (norm string, conf float64, ok bool) {
	ms, err := r.Find(txt)
	if err != nil {
		return "", 0, true // the search could not complete: keep the value
	}
	best := -1
	for _, m := range ms {
		if m.End-m.Start > best {
			best, norm, conf = m.End-m.Start, m.Normalized, m.Confidence
		}
	}
	return norm, conf, best >= 0
}

// validateValue is validate for a value as extracted, out of the text it
// was found in: one the recognizer's own check accepts (a regex's "value"
// group, recognizers.ValueChecker) is an instance too. Slots are judged
// on their whole texts by validate, where the group's context is present.
func validateValue(r recognizers.Recognizer, txt string) (norm string, ok bool) {
	if norm, ok = Validate(r, txt); ok {
		return norm, true
	}
	if vc, isVC := r.(recognizers.ValueChecker); isVC {
		ok, err := vc.CheckValue(txt)
		return "", ok || err != nil
	}
	return "", false
}

// MismatchError reports a page the wrapper does not fit. Extract returns it
// with no objects when the template does not match the page, and with the
// objects found (Partial) when a mandatory field has no value. In record
// mode it is returned when some records of a list page do not fit: the
// template does not match them (Skipped counts them; no object) or a
// mandatory field is empty (the object is returned); Partial is set when
// there are objects.
type MismatchError struct {
	// Page is the page's path.
	Page string
	// Reason says what did not fit (a template text not found, a mandatory
	// field without value, no record on a list page).
	Reason string
	// Partial is set when objects were extracted nonetheless.
	Partial bool
	// Records is the number of records of a list page in record mode (0
	// otherwise): the objects returned with the error are those of its
	// records that fit, and they are worth keeping.
	Records int
	// Skipped is the number of those records the record template did not
	// match: they gave no object.
	Skipped int
}

// Error prints the page and the reason.
func (e *MismatchError) Error() string {
	return fmt.Sprintf("wrapper: page %s does not fit: %s", e.Page, e.Reason)
}

// SetSODText records the source text of the SOD the wrapper was learned
// for, which Save writes into the wrapper file. It refuses a text whose
// SHA-256 is not the wrapper's SODHash: the text of another SOD, or of
// another version of it.
func (w *State) SetSODText(text string) error {
	if sum := sha256.Sum256([]byte(text)); hex.EncodeToString(sum[:]) != w.SODHash {
		return fmt.Errorf("wrapper: the SOD text given is not the one the wrapper was learned for (hash %.12s…, want %.12s…)", hex.EncodeToString(sum[:]), w.SODHash)
	}
	w.SODText = text
	return nil
}

// Freeze builds the template-token key table used by extraction.
func (w *State) Freeze() {
	w.keys = map[exalg.BaseKey]int32{}
	w.keyList = nil
	exalg.Walk(w.Template.Root, func(n Node) {
		var toks []Tok
		switch n := n.(type) {
		case *TextNode:
			toks = n.Toks
		case *SetNode:
			toks = n.Sep
		}
		for i := range toks {
			t := &toks[i]
			k := exalg.BaseKey{Kind: t.Kind, Text: t.Text, Path: w.Paths.Parse(t.Path)}
			id, ok := w.keys[k]
			if !ok {
				id = int32(len(w.keyList))
				w.keys[k] = id
				w.keyList = append(w.keyList, k)
			}
			t.Key = id
		}
	})
	if w.Paths.Rows != nil {
		w.Paths.InternPlain()
	}
	w.Paths.Frozen = true
	n := len(w.Paths.Keys)
	w.tagKey = [2][]int32{make([]int32, n), make([]int32, n)}
	for i := range n {
		w.tagKey[0][i], w.tagKey[1][i] = -1, -1
	}
	w.wordKeys = make([]map[string]int32, n)
	for id, k := range w.keyList {
		if k.Path < 0 || int(k.Path) >= n {
			continue
		}
		switch k.Kind {
		case KindStart, KindEnd:
			w.tagKey[k.Kind][k.Path] = int32(id)
		case KindWord:
			if w.wordKeys[k.Path] == nil {
				w.wordKeys[k.Path] = map[string]int32{}
			}
			w.wordKeys[k.Path][k.Text] = int32(id)
		}
	}
}

// Link labels slots with their fields and finds the sets of nested tuples.
func (w *State) Link() {
	// An unknown predefined name (a wrapper saved by a build with other
	// recognizers) leaves the field unvalidated rather than failing.
	w.Valid = predefinedRecognizers(w.FieldSpecs)
	for _, f := range w.FieldSpecs {
		if r := w.Valid[f.Path]; r != nil && f.Predefined != "" && f.Regex == nil {
			w.Valid[f.Path] = memoPredefined(r) // memorec.go
		}
	}
	w.bySlot = map[int][]*SlotMap{}
	w.ownOf = w.ownIndex()
	for i := range w.SlotMaps {
		sm := &w.SlotMaps[i]
		w.bySlot[sm.Slot] = append(w.bySlot[sm.Slot], sm)
		if sm.Slot < len(w.Template.Slots) {
			w.Template.Slots[sm.Slot].Field = sm.Field
			w.Template.Slots[sm.Slot].EntityType = sm.Type
		}
	}
	sets := slotSets(w.Template)
	for fi := range w.FieldSpecs {
		f := &w.FieldSpecs[fi]
		if !f.Tuple {
			continue
		}
		// The innermost set enclosing all the slots of the tuple's fields.
		var common []int
		first := true
		for _, sm := range w.SlotMaps {
			if !strings.HasPrefix(sm.Field, f.Name+".") {
				continue
			}
			ss := sets[sm.Slot]
			if sm.Lines && len(ss) > 0 {
				ss = ss[:len(ss)-1] // the set of the value's lines
			}
			if first {
				common, first = append([]int(nil), ss...), false
				continue
			}
			n := 0
			for n < len(common) && n < len(ss) && common[n] == ss[n] {
				n++
			}
			common = common[:n]
		}
		// The objects' own set (page mode on a list page) encloses
		// every field: a tuple in it is single per object unless a set
		// inside it encloses the tuple's slots.
		if i := slices.Index(common, w.Scope); w.Scope >= 0 && i >= 0 {
			common = common[i+1:]
		}
		f.Set = -1
		if len(common) > 0 {
			f.Set = common[len(common)-1]
		}
	}
}

// Extract applies the wrapper to a page and returns the objects found, in
// page order: one for a detail page, one per record of a list page. A page
// the template does not match, or a list page without the records the SOD
// requires, yields no objects and a *MismatchError; a page where a mandatory
// field is empty yields its objects and a *MismatchError with Partial set.
// In record mode (Mode), the page is cut into records and each record that
// fits the record template is an object whose Index is the record's
// position; records the template does not match are skipped, and those
// or records with an empty mandatory field are reported in a
// *MismatchError (Records, Skipped) returned with the objects. A list page
// without records yields no objects and, unless the SOD wants at least one
// object per page, no error. Extract never panics on any input.
func (w *State) Extract(p *annotate.Page) ([]*Object, error) {
	return w.extractPage(p, nil)
}

// extractPage is Extract; toks, when not nil, are the page's tokens
// (ExtractStream builds them while the page is read).
func (w *State) extractPage(p *annotate.Page, toks []Token) ([]*Object, error) {
	if p == nil {
		return nil, &MismatchError{Reason: "nil page"}
	}
	if len(w.PageFields) > 0 {
		objs, err := w.extractObjects(p, toks)
		missing := w.addPageFields(p, objs)
		for _, o := range objs {
			o.Missing = append(o.Missing, missing...)
		}
		if err == nil && len(missing) > 0 {
			err = &MismatchError{Page: p.Path, Partial: true, Reason: "mandatory page-scope field(s) without value: " + strings.Join(missing, ", ")}
		}
		return objs, err
	}
	return w.extractObjects(p, toks)
}

// extractObjects is Extract without the page-scope fields.
func (w *State) extractObjects(p *annotate.Page, toks []Token) ([]*Object, error) {
	if w.Records != nil {
		return w.extractRecords(p)
	}
	if toks == nil {
		toks = Tokenize(p, w.Paths)
	}
	return w.matchPage(p, toks)
}

// matchPage is extractObjects in page mode, on the page's tokens.
func (w *State) matchPage(p *annotate.Page, toks []Token) ([]*Object, error) {
	m := newMatcher(w, toks)
	root := &mrec{Set: -1}
	_, ok := m.seq(w.Template.Root, 0, len(toks), root)
	m.release()
	if !ok {
		return nil, &MismatchError{Page: p.Path, Reason: m.fail}
	}
	var scopes []*mrec
	if w.Scope < 0 {
		scopes = []*mrec{root}
	} else {
		scopes = iterations(root, w.Scope, nil)
	}
	var objs []*Object
	var missing []string
	for i, sc := range scopes {
		o := &Object{Page: p.Path, Index: i}
		o.Fields = w.build(toks, sc, "")
		if len(w.Keyed) > 0 {
			w.readKeyed(toks, o) // labelkey.go
		}
		w.agree(o) // typed.go
		o.Missing = w.missing(o)
		missing = append(missing, o.Missing...)
		objs = append(objs, o)
	}
	if len(objs) == 0 && w.PageMin > 0 {
		return nil, &MismatchError{Page: p.Path, Reason: fmt.Sprintf("no object found (the SOD wants %s per page)", w.Mult)}
	}
	if len(missing) > 0 {
		return objs, &MismatchError{Page: p.Path, Partial: true, Reason: "mandatory field(s) without value: " + strings.Join(dedup(missing), ", ")}
	}
	return objs, nil
}

// missing lists the mandatory root fields of the objects that o has no
// value for.
func (w *State) missing(o *Object) []string {
	var out []string
	for _, f := range w.FieldSpecs {
		if f.Parent == "" && !f.Optional && o.Field(f.Name) == nil {
			out = append(out, f.Name)
		}
	}
	return out
}

func dedup(s []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// build makes the fields of one object (parent "") or nested tuple.
func (w *State) build(toks []Token, r *mrec, parent string) []Field {
	if parent == "" {
		w.reown(toks, r)
	}
	var out []Field
	for _, f := range w.FieldSpecs {
		if f.Parent != parent {
			continue
		}
		fl := Field{Name: f.Name, Many: f.Many, Tuple: f.Tuple}
		if f.Tuple {
			var iters []*mrec
			if f.Set >= 0 {
				iters = iterations(r, f.Set, nil)
			} else {
				iters = []*mrec{r} // a single nested tuple, not in a set
			}
			for _, it := range iters {
				sub := w.build(toks, it, f.Name)
				if len(sub) > 0 {
					fl.Values = append(fl.Values, Value{Fields: sub})
				}
			}
		} else {
			path := f.Path
			skip := -1
			if parent == "" {
				for _, g := range w.FieldSpecs {
					if g.Tuple {
						skip = g.Set
					}
				}
			}
			lineEnd := -1           // the trimmed end of a Lines value's last line
			var checkLines *SlotMap // a Lines slot validated as a whole (lines.go)
			Collect(r, skip, func(v sval) {
				var sm *SlotMap
				for _, x := range w.bySlot[v.Slot] {
					if x.Field == path {
						sm = x
					}
				}
				if sm == nil || sm.Item {
					return // an item slot is read last (byItem)
				}
				sm = linesUnchecked(sm, &checkLines)
				if sm.Label != nil && !labelBeforeNode(toks, v.A, sm.Label) { // nodelabel.go
					return
				}
				if sm.Lead {
					_, a, b := ValueText(toks, v.A, v.B)
					if x, y := nextRun(toks, a, b); x < y {
						v.A, v.B = x, y
					}
				}
				if f.Many {
					for _, rn := range untilRowLabel(toks, itemsKeep(toks, v.A, w.clip(toks, v.A, v.B, v.Slot), sm.SepWords, sm.Keep)) {
						if !w.itemAt(toks, rn[0], rn[1], v.Slot) {
							continue
						}
						// A dictionary type's items are names: an item
						// without letters or digits ("$$$" after the
						// cuisines) is none. Nor is a conjunction alone
						// between two items (loneConj).
						if val, ok := w.value(toks, rn[0], rn[1], sm, f); ok && !slices.Contains(sm.Seps, val.Text) && !loneConj(val.Text) && !bracketed(val.Text) && (!f.Dictionary || hasWord(val.Text)) {
							fl.Values = append(fl.Values, val)
						}
					}
					return
				}
				if len(fl.Values) == 1 && sm.Lines {
					// The next line of the value (SlotMap.Lines), after
					// the previous line's abbreviation period, if any.
					if val, ok := w.value(toks, v.A, v.B, sm, f); ok {
						if w.twoInstances(fl.Values[0].Text, val.Text, sm, f) {
							return
						}
						fl.Values[0].Text += abbrevDot(toks, lineEnd) + ", " + val.Text
						_, _, lineEnd = ValueText(toks, v.A, v.B)
					}
					return
				}
				if sm.Lines {
					_, _, lineEnd = ValueText(toks, v.A, v.B)
				}
				if len(fl.Values) == 0 {
					a, b := v.A, v.B
					if sm.Run {
						a, b = firstRun(toks, a, b)
					}
					if sm.Piece != nil { // a review's answer: a part of the text (parts.go)
						var ok bool
						if a, b, ok = pieceSpan(toks, a, b, sm.Piece); !ok {
							return
						}
					}
					if c := sm.Cut; c != nil {
						sg := segments(toks, a, b)
						if len(sg) < w.MinSegments[v.Slot] {
							return
						}
						if i := w.pickSegment(toks, sg, v.Slot); i >= 0 {
							a, b = sg[i][0], sg[i][1]
						} else if len(sg) > c.Index {
							i := c.Index
							if c.FromRight {
								i = len(sg) - 1 - c.Index
							}
							a, b = sg[i][0], sg[i][1]
						}
					}
					if sm.Extend {
						_, ta, tb := ValueText(toks, a, b)
						if ta < tb {
							b = w.extendEnd(toks, w.slotOwners(toks, r), tb, v.Slot)
						}
					}
					if sm.Block {
						_, ta, tb := ValueText(toks, a, b)
						if ta < tb {
							a, b = w.blockSpan(toks, w.slotOwners(toks, r), ta, tb, v.Slot)
						}
					}
					if val, ok := w.value(toks, a, b, joinUnchecked(sm), f); ok {
						if sm.Join || sm.JoinPrev {
							_, ta, tb := ValueText(toks, a, b)
							w.joinLine(toks, r, skip, sm, f, ta, tb, &val)
							if sm.Validate && val.Unrecognized {
								return // validated once joined (joinUnchecked)
							}
						}
						fl.Values = append(fl.Values, val)
					}
				}
			})
			fl.Values = w.checkJoined(fl.Values, checkLines, f)
		}
		if len(fl.Values) == 0 && !f.Many && !f.Tuple {
			fl.Values = w.byLabel(toks, r, f)
		}
		if len(fl.Values) == 0 && !f.Many && !f.Tuple {
			fl.Values = w.byLabelItem(toks, r, f) // labelitem.go
		}
		if len(fl.Values) == 0 && !f.Many && !f.Tuple {
			fl.Values = w.byItem(toks, r, f)
		}
		if len(fl.Values) > 0 {
			out = append(out, fl)
		}
	}
	return out
}
