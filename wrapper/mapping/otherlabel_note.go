package mapping

import (
	"fmt"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// NoteLabelOther: a field's values stand, on many sample objects, right
// after a label that names another field of the SOD and not this one
// ("Author: Marcus Mercer" read as the imprint): the slot is likely the
// other field's row.
const NoteLabelOther = "other-label"

// NoteClassOther: a field's values stand, on half of its sample objects
// or more, in an element whose class names another field of the SOD (or
// its kind) and not this one (a college read from <div
// class="field-team">): the slot is likely the other field's.
const NoteClassOther = "other-class"

// otherLabelShare: an other-label note needs this share of the field's
// sample objects with a value (and two at least).
const otherLabelShare = 0.3

// otherLabelNotes gives a NoteLabelOther for each root field whose first
// value on otherLabelShare of its sample objects or more (two at least)
// follows, at most labelNearTags tags away, a page label (pageLabel: a
// text node of its own, outside links, before the value's node) that
// names another field of the SOD as a whole or by a word of its name
// (labelAffinity: affinityWhole or affinityName) and names the field
// itself not even by its kind. Measured on zoo seeds 19000-19199: an
// optional imprint read from the second author's link of the "Author"
// row (every value wrong, confidence 0.3, no diagnostic).
func (w *State) otherLabelNotes(pages []*annotate.Page) []Note {
	slotsOf := map[string][]int{}
	for _, sm := range w.SlotMaps {
		slotsOf[sm.Field] = append(slotsOf[sm.Field], sm.Slot)
	}
	type tally struct {
		objs, other int
		label, g    string
		// class counts the objects whose value's element has a class
		// naming another field (classG, with classEx).
		class           int
		classG, classEx string
	}
	fields, tl := noteTallies(w.FieldSpecs, func(f FieldSpec) bool { return !(f.Tuple || f.Parent != "" || len(slotsOf[f.Path]) == 0) },
		func() *tally { return &tally{} })
	if len(fields) < 2 {
		return nil
	}
	for _, p := range pages {
		w.sampleScopes(p, func(toks []Token, r *mrec) {
			firsts := map[string]int{}
			nodes := map[*html.Node][]string{} // text node -> the fields with a value in it
			for _, f := range fields {
				Collect(r, -1, func(v sval) {
					if !slices.Contains(slotsOf[f.Path], v.Slot) {
						return
					}
					_, a, b := ValueText(toks, v.A, v.B)
					if a >= b {
						return
					}
					if _, ok := firsts[f.Path]; !ok {
						firsts[f.Path] = a
					}
					for x := a; x < b; x++ {
						if n := toks[x].Node(); n != nil && !slices.Contains(nodes[n], f.Path) {
							nodes[n] = append(nodes[n], f.Path)
						}
					}
				})
			}
			for _, f := range fields {
				first, ok := firsts[f.Path]
				if !ok {
					continue
				}
				t := tl[f.Path]
				t.objs++
				// The label names the other field of a row whose text
				// node both read ("Date: June 22 at 10pm" for a date and
				// a time): it is the row's label, not a sign.
				// A class naming another field whose value lies in the
				// same element too (a date and time in one node) is that
				// element's, not a sign.
				if g, class, e := w.classNamed(toks[first].Node(), f); g != "" && !holdsValue(nodes, e, g) {
					t.class++
					if t.classG == "" {
						t.classG, t.classEx = g, class
					}
				}
				if g, label := w.otherNamed(toks, first, f); g != "" && !slices.Contains(nodes[toks[first].Node()], g) {
					t.other++
					if t.g == "" {
						t.g, t.label = g, label
					}
				}
			}
		})
	}
	var out []Note
	for _, f := range fields {
		t := tl[f.Path]
		if t.class >= 2 && 2*t.class >= t.objs {
			out = append(out, Note{Kind: NoteClassOther, Field: f.Path, Message: fmt.Sprintf(
				"field %s: on %d of the %d sample objects with a value its value is in an element of class %q, which names field %s: its slot may be that field's",
				f.Path, t.class, t.objs, t.classEx, t.classG)})
		}
		if t.other < 2 || float64(t.other) < otherLabelShare*float64(t.objs) {
			continue
		}
		out = append(out, Note{Kind: NoteLabelOther, Field: f.Path, Message: fmt.Sprintf(
			"field %s: on %d of the %d sample objects with a value its value follows the label %q, which names field %s: its slot may be that field's row",
			f.Path, t.other, t.objs, t.label, t.g)})
	}
	return out
}

// otherNamed returns the root field, other than f, that the page label
// right before token x names (see otherLabelNotes), and the label; "" when
// the label names none or names f too.
func (w *State) otherNamed(toks []Token, x int, f FieldSpec) (string, string) {
	y, label := nearLabel(toks, x)
	if y < 0 || len(label) == 0 || labelAffinity(label, f) >= affinityKind {
		return "", ""
	}
	for _, g := range w.FieldSpecs {
		if g.Tuple || g.Path == f.Path || g.Parent != "" {
			continue
		}
		if a := labelAffinity(label, g); a == affinityWhole || a == affinityName {
			return g.Path, strings.Join(label, " ")
		}
	}
	return "", ""
}

// classNamed returns the field, other than f, that the class of the
// value's element names (the nearest element with a class attribute among
// text node n's two nearest ancestors, holding no other text than n's),
// and that class; "" when the class
// names none, or names f too (labelAffinity on its words, its kind
// included: "field-brand" names a field make of class brand). A nested
// field is named by its kind only ("ps-venue-value" names
// location.name, of type venue, which a line-up's first item read on
// zoo seed 28211).
func (w *State) classNamed(n *html.Node, f FieldSpec) (string, string, *html.Node) {
	if n == nil {
		return "", "", nil
	}
	class := ""
	var el *html.Node
	for e, up := n.Parent, 0; e != nil && up < 2 && class == ""; e, up = e.Parent, up+1 {
		for _, a := range e.Attr {
			if a.Key == "class" {
				class, el = a.Val, e
			}
		}
	}
	// The element is the value's own: its whole text is the text node's
	// (an address inside a "venue" element beside the venue's name is a
	// part of what the class names, not another field's value).
	if class == "" || strings.Join(strings.Fields(nodeText(el)), " ") != strings.Join(strings.Fields(n.Data), " ") {
		return "", "", nil
	}
	named := ""
	for _, c := range strings.Fields(class) {
		run := strings.FieldsFunc(strings.ToLower(c), func(r rune) bool { return r == '-' || r == '_' })
		if len(run) == 0 || len(run) > 4 {
			continue
		}
		if labelAffinity(run, f) >= affinityKind {
			return "", "", nil
		}
		for _, g := range w.FieldSpecs {
			if named != "" || g.Tuple || g.Path == f.Path {
				continue
			}
			// A nested field is named by its kind only (its dictionary
			// class or recognizer): its own name, and the type named
			// after it, are often a generic word of its tuple ("name"
			// of location.name) that many classes hold.
			if g.Parent != "" {
				g.Name, g.Types = "", nil
			}
			if labelAffinity(run, g) >= affinityKind {
				named = g.Path
			}
		}
	}
	if named == "" {
		return "", "", nil
	}
	return named, class, el
}

// holdsValue reports whether field g has a value in a text node under e
// (nodes: the fields with a value in each text node).
func holdsValue(nodes map[*html.Node][]string, e *html.Node, g string) bool {
	for n, fs := range nodes {
		if slices.Contains(fs, g) && holds(e, n) {
			return true
		}
	}
	return false
}
