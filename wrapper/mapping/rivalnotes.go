package mapping

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// Notes for fields that scored below 0.90 with no diagnostic on dev zoo
// seeds 38000-38299. Each is measured on the sample when the wrapper is
// learned, names its field and caps the confidence of its values
// (doubtKinds, doubt.go); none changes a value.
//
//   - foreign-label: a patterned single field's value follows a row
//     label that names no field of the SOD ("Doors open:", "Fax:"), while
//     another instance of its type, read by no field, lies among the
//     object's values: the slot is likely a neighbouring row of the same
//     type (the doors' time for the show's, the fax for the phone).
//   - part-items: a set field's items are cut from a text node whose other
//     words no field reads ("A, B and C" giving only "C"): the node holds
//     items the set left out.
//   - in-other-value: an optional single field is empty on many sample
//     objects whose other fields' values hold an instance of its type
//     ("Midriver Publishers ( Aug 1995 )" for an empty date): its values
//     are read as part of another field's.
//   - label-inside: a field's values go on, after a comma, into a row
//     label and its value ("…, LA 70103, Ages: 18+"): the next row is
//     read into the value.

// Kinds of the notes of this file.
const (
	NoteForeignLabel = "foreign-label"
	NotePartItems    = "part-items"
	NoteInOther      = "in-other-value"
	NoteLabelInside  = "label-inside"
)

// rivalNotes gives the notes of this file.
func (w *State) rivalNotes(pages []*annotate.Page) []Note {
	var out []Note
	out = append(out, w.foreignLabelNotes(pages)...)
	out = append(out, w.partItemsNotes(pages)...)
	out = append(out, w.inOtherNotes(pages)...)
	out = append(out, w.labelInsideNotes(w.sampleObjects(pages))...)
	out = append(out, w.cutInsideNotes(pages)...) // cutnotes.go
	out = append(out, w.cutLineNotes(pages)...)   // cutnotes.go
	return out
}

// scopeValues is what the notes of this file read of an object's match:
// each root field's value ranges (trimmed, ValueText), by field path.
func (w *State) scopeValues(toks []Token, r *mrec, slotsOf map[int][]string) map[string][][2]int {
	vals := map[string][][2]int{}
	Collect(r, -1, func(v sval) {
		for _, f := range slotsOf[v.Slot] {
			_, a, b := ValueText(toks, v.A, v.B)
			if a < b {
				vals[f] = append(vals[f], [2]int{a, b})
			}
		}
	})
	return vals
}

// coveredTokens is the set of the token positions that vals, the values
// of an object's fields (scopeValues), cover.
func coveredTokens(vals map[string][][2]int) map[int]bool {
	covered := map[int]bool{}
	for _, rs := range vals {
		for _, ab := range rs {
			for x := ab[0]; x < ab[1]; x++ {
				covered[x] = true
			}
		}
	}
	return covered
}

// slotFields maps each slot to the fields it gives values of.
func (w *State) slotFields() map[int][]string {
	m := map[int][]string{}
	for _, sm := range w.SlotMaps {
		if !slices.Contains(m[sm.Slot], sm.Field) {
			m[sm.Slot] = append(m[sm.Slot], sm.Field)
		}
	}
	return m
}

// mappedFields is the set of fields with a slot.
func (w *State) mappedFields() map[string]bool {
	m := map[string]bool{}
	for _, sm := range w.SlotMaps {
		m[sm.Field] = true
	}
	return m
}

// foreignLabelNotes gives a NoteForeignLabel for each root single field
// cut to its recognizer's instances (FieldSpec.Delimited) when, on half of
// its sample objects with a value or more (two at least), its first value
// follows a page label (a text node of its own, outside links, at most
// labelNearTags tags before the value's node) that names no other field of
// the SOD, not even by its kind, and this one at most by its kind
// (foreignLabel), and a token annotated with the field's type
// that no field's value covers lies in the object's element (the smallest
// holding the other fields' values). A label that names the field
// or another one is the row's (other-label says the second); a label that
// names none, with an unread instance of the field's type among the
// object's values, is a neighbouring row of the same type. Measured on zoo
// seeds 38000-38299: a start time read after "Doors open:" (twice) and a
// phone after "Fax:", all wrong, with no diagnostic.
func (w *State) foreignLabelNotes(pages []*annotate.Page) []Note {
	slotsOf := w.slotFields()
	type tally struct {
		objs   int
		labels map[string]int // objects with a rival, by label
	}
	fields, tl := noteTallies(w.FieldSpecs, func(f FieldSpec) bool {
		return !(f.Tuple || f.Many || f.Parent != "" || f.Predefined == "" || !f.Delimited() || len(f.Types) == 0)
	}, func() *tally { return &tally{labels: map[string]int{}} })
	if len(fields) == 0 {
		return nil
	}
	for _, p := range pages {
		w.sampleScopes(p, func(toks []Token, r *mrec) {
			vals := w.scopeValues(toks, r, slotsOf)
			for _, f := range fields {
				rs := vals[f.Path]
				if len(rs) == 0 {
					continue
				}
				t := tl[f.Path]
				t.objs++
				first := rs[0][0]
				label := w.foreignLabel(toks, first, f)
				if label == "" {
					continue
				}
				// The object's element: the smallest holding the
				// other fields' values.
				var obj *html.Node
				for g, grs := range vals {
					if g == f.Path {
						continue
					}
					for _, ab := range grs {
						if n := toks[ab[0]].Node(); n != nil {
							if obj == nil {
								obj = n
							} else {
								obj = commonAncestor(obj, n)
							}
						}
					}
				}
				own := map[int]bool{}
				for _, ab := range rs {
					for x := ab[0]; x < ab[1]; x++ {
						own[x] = true
					}
				}
				rival := false
				for x := range toks {
					// The rival opens an instance and has no row label
					// of its own ("List price:" is another price's row,
					// not this one's).
					if !own[x] && toks[x].Kind == KindWord && obj != nil && typedAs(toks[x], f.Types) && (x == 0 || !typedAs(toks[x-1], f.Types)) &&
						holds(obj, toks[x].Node()) && formLabel(toks, x) == "" && !inRepeated(toks[x].Node(), toks[first].Node()) {
						rival = true
						break
					}
				}
				if rival {
					t.labels[label]++
				}
			}
		})
	}
	var out []Note
	for _, f := range fields {
		t := tl[f.Path]
		label, hit := mostOther(t.labels)
		if hit < 2 || 2*hit < t.objs {
			continue
		}
		out = append(out, Note{Kind: NoteForeignLabel, Field: f.Path, Message: fmt.Sprintf(
			"field %s: on %d of the %d sample objects with a value its value follows the label %q, which names no other field and this one at most by its kind, while another instance of its type lies among the object's values unread: its slot may be a neighbouring row of the same type",
			f.Path, hit, t.objs, label)})
	}
	return out
}

// foreignLabel returns the row label right before token x (formLabel:
// in a dt, th or label element or ending with a colon, a text node of its
// own outside links, at most labelNearTags tags away) when it names no
// other field of the SOD, not even by its kind, and field f at most by
// its kind ("Doors open" is a time's label word, not the show's); ""
// otherwise.
func (w *State) foreignLabel(toks []Token, x int, f FieldSpec) string {
	l := formLabel(toks, x)
	if l == "" {
		return ""
	}
	label := strings.Fields(l)
	if labelAffinity(label, f) >= affinityName {
		return ""
	}
	// The recognizer's or dictionary class's own name ("Date") names the
	// field; only its other label words ("Doors" for a time) do not.
	for _, k := range []string{f.Class, f.Predefined} {
		for _, a := range strings.Fields(normName(k)) {
			for _, b := range label {
				if sameStem(a, singular(b)) {
					return ""
				}
			}
		}
	}
	for _, g := range w.FieldSpecs {
		if g.Path != f.Path && labelAffinity(label, g) >= affinityKind {
			return ""
		}
	}
	return l
}

// partItemsNotes gives a NotePartItems for each root set field typed by
// names (not patterned) when, on RaggedShare of its sample objects with
// items or more (two at least), a text node its items are cut from holds
// other words that no field's value reads, besides separators,
// conjunctions and a row label ("Special guests:"), and those words differ
// from object to object (template text is the same on every page).
// Measured on zoo seeds 38000-38299: line-ups written "A, B and C" or
// "A & B" in one text node gave only their last act (recall 0.43-0.53),
// with no diagnostic.
func (w *State) partItemsNotes(pages []*annotate.Page) []Note {
	slotsOf := w.slotFields()
	type tally struct {
		objs, part int
		rests      map[string]bool
		ex         string
	}
	fields, tl := noteTallies(w.FieldSpecs, func(f FieldSpec) bool {
		return !(!f.Many || f.Tuple || f.Parent != "" || f.Patterned() || len(f.Types) == 0)
	}, func() *tally { return &tally{rests: map[string]bool{}} })
	if len(fields) == 0 {
		return nil
	}
	for _, p := range pages {
		w.sampleScopes(p, func(toks []Token, r *mrec) {
			vals := w.scopeValues(toks, r, slotsOf)
			covered := coveredTokens(vals)
			for _, f := range fields {
				rs := vals[f.Path]
				if len(rs) == 0 {
					continue
				}
				t := tl[f.Path]
				t.objs++
				nodes := map[*html.Node]bool{}
				for _, ab := range rs {
					for x := ab[0]; x < ab[1]; x++ {
						if toks[x].Kind == KindWord && toks[x].Node() != nil {
							nodes[toks[x].Node()] = true
						}
					}
				}
				// The words of those nodes no value covers.
				var rest []string
				for x := range toks {
					tk := toks[x]
					if tk.Kind != KindWord || !nodes[tk.Node()] || covered[x] {
						continue
					}
					rest = append(rest, tk.Text())
				}
				if r := restWords(rest); r != "" {
					t.part++
					t.rests[r] = true
					if t.ex == "" {
						t.ex = r
					}
				}
			}
		})
	}
	var out []Note
	for _, f := range fields {
		t := tl[f.Path]
		if t.part < 2 || float64(t.part) < RaggedShare*float64(t.objs) || len(t.rests) < 2 {
			continue
		}
		out = append(out, Note{Kind: NotePartItems, Field: f.Path, Message: fmt.Sprintf(
			"field %s: on %d of the %d sample objects with items, the text its items are cut from holds other words no field reads (e.g. %q): items may be left out",
			f.Path, t.part, t.objs, t.ex)})
	}
	return out
}

// restWords returns the words of rest (a text node's words that no value
// reads) without separators, conjunctions and a label (the words up to
// one ending in a colon), lower-cased and joined; "" when no word with a
// letter is left.
func restWords(rest []string) string {
	for i, s := range rest {
		if strings.HasSuffix(s, ":") {
			rest = rest[i+1:]
			break
		}
	}
	var out []string
	for _, s := range rest {
		s = strings.ToLower(strings.TrimFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
		switch s {
		case "", "and", "with", "feat", "featuring", "or", "plus", "amp":
			continue
		}
		if !hasLetter(s) {
			continue
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// inOtherNotes gives a NoteInOther for each optional root single field
// cut to its recognizer's instances that has no value on RaggedShare of
// the sample objects or more (two at least) where another root field's
// value holds a token annotated with the field's type: the field's values
// are read as part of the other field's. Measured on zoo seeds
// 38000-38299: a date written in the publisher's node ("Midriver
// Publishers ( Aug 1995 )") missed on 17 of 37 pages, with a run-on note
// on the publisher only.
func (w *State) inOtherNotes(pages []*annotate.Page) []Note {
	slotsOf := w.slotFields()
	type tally struct {
		objs, in int
		other    string
	}
	fields, tl := noteTallies(w.FieldSpecs, func(f FieldSpec) bool {
		return !(f.Tuple || f.Many || f.Parent != "" || !f.Optional || !f.Delimited() || len(f.Types) == 0)
	}, func() *tally { return &tally{} })
	if len(fields) == 0 {
		return nil
	}
	for _, p := range pages {
		w.sampleScopes(p, func(toks []Token, r *mrec) {
			vals := w.scopeValues(toks, r, slotsOf)
			for _, f := range fields {
				t := tl[f.Path]
				t.objs++
				if len(vals[f.Path]) > 0 {
					continue
				}
				found := ""
				for _, g := range w.FieldSpecs {
					if g.Path == f.Path || g.Tuple || g.Parent != "" || found != "" {
						continue
					}
					for _, ab := range vals[g.Path] {
						for x := ab[0]; x < ab[1] && found == ""; x++ {
							if typedAs(toks[x], f.Types) && !typedAs(toks[x], g.Types) {
								found = g.Path
							}
						}
					}
				}
				if found != "" {
					t.in++
					if t.other == "" {
						t.other = found
					}
				}
			}
		})
	}
	var out []Note
	for _, f := range fields {
		t := tl[f.Path]
		if t.in < 2 || float64(t.in) < RaggedShare*float64(t.objs) {
			continue
		}
		out = append(out, Note{Kind: NoteInOther, Field: f.Path, Message: fmt.Sprintf(
			"field %s: has no value on %d of the %d sample objects where field %s's value holds an instance of its type: its values may be read as part of %s's",
			f.Path, t.in, t.objs, t.other, t.other)})
	}
	return out
}

// inRepeated reports whether text node n lies in a repeated block that
// does not hold the value's node v: an element, below their common
// ancestor and at most four levels above n, with two siblings or more of
// its tag and markup (tagShape), such as a review among reviews or a
// related item of a sidebar, whose instances are other objects'.
func inRepeated(n, v *html.Node) bool {
	top := commonAncestor(n, v)
	for e, up := n.Parent, 0; e != nil && e != top && up < 4; e, up = e.Parent, up+1 {
		if e.Type != html.ElementNode || e.Parent == nil {
			continue
		}
		shape, like := tagShape(e), 0
		for k := e.Parent.FirstChild; k != nil; k = k.NextSibling {
			if k != e && k.Type == html.ElementNode && k.Data == e.Data && tagShape(k) == shape {
				like++
			}
		}
		if like >= 2 {
			return true
		}
	}
	return false
}

// labelInsideNotes gives a NoteLabelInside for each single field, root or
// nested, not cut to its recognizer's instance (FieldSpec.Delimited) when
// RaggedShare of its values extracted from the sample pages or more (two
// at least) hold, after a separator (",", ";", "|", "·") and not at their
// start, one same text of one to three words with a letter ending in a
// colon and followed by more text ("Ages:" of "3647 Elm Rd, Brooklyn, NY
// 11286, Ages: All Ages"): the value runs on into the next row, label
// and all. label-in-value says it of a label that opens the value.
// Measured on zoo seeds 38000-38299: a nested venue address read with the
// age row on every page (F1 0), with no diagnostic (run-on is for root
// fields).
func (w *State) labelInsideNotes(sample func() [][]*Object) []Note {
	tl := map[string]*headTally{}
	for _, f := range w.FieldSpecs {
		if !f.Tuple && !f.Many && !f.Delimited() {
			tl[f.Path] = newHeadTally()
		}
	}
	if len(tl) == 0 {
		return nil
	}
	var visit func(prefix string, fds []Field)
	visit = func(prefix string, fds []Field) {
		for _, fd := range fds {
			path := prefix + fd.Name
			for _, v := range fd.Values {
				if len(v.Fields) > 0 {
					visit(path+".", v.Fields)
				}
			}
			t := tl[path]
			if t == nil || fd.Tuple {
				continue
			}
			for _, v := range fd.Values {
				if v.Text != "" {
					t.add(v.Text, insideLabel(v.Text))
				}
			}
		}
	}
	for _, objs := range sample() {
		for _, o := range objs {
			visit("", o.Fields)
		}
	}
	return w.headNotes(tl, NoteLabelInside, "go on into the row label %q (e.g. %q): the next row is read as part of the value")
}

// insideLabel returns the lower-cased label (colonHead) that follows a
// separator inside txt, not at its start ("ages:" of "…, NY 11286, Ages:
// All Ages"); "" when there is none. Every colon is tried, so a value that
// opens with a row label goes on to the next one ("genre:" of "Date: Mon
// 7/4 · 7:00pm, Genre: Hip-Hop", a time's colon having no letter before
// it).
func insideLabel(txt string) string {
	for off := 0; off < len(txt); {
		c := strings.Index(txt[off:], ":")
		if c < 0 {
			return ""
		}
		c += off
		off = c + 1
		if c == 0 || strings.TrimSpace(txt[c+1:]) == "" {
			continue
		}
		sep := strings.LastIndexAny(txt[:c], ",;|·")
		if sep <= 0 {
			continue
		}
		_, size := utf8.DecodeRuneInString(txt[sep:])
		rest := txt[sep+size:]
		if strings.Index(rest, ":") != c-sep-size {
			continue // an earlier colon after the same separator was tried
		}
		if l := colonHead(strings.TrimSpace(rest)); l != "" {
			return l
		}
	}
	return ""
}
