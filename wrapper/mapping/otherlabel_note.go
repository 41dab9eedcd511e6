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
	}
	var fields []FieldSpec
	tl := map[string]*tally{}
	for _, f := range w.FieldSpecs {
		if f.Tuple || f.Parent != "" || len(slotsOf[f.Path]) == 0 {
			continue
		}
		fields = append(fields, f)
		tl[f.Path] = &tally{}
	}
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
						if n := toks[x].Node; n != nil && !slices.Contains(nodes[n], f.Path) {
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
				if g, label := w.otherNamed(toks, first, f); g != "" && !slices.Contains(nodes[toks[first].Node], g) {
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
	if gap := labelGap(toks, x); gap < 0 || gap > labelNearTags {
		return "", ""
	}
	// The label is a text of its own, not in a link (a breadcrumb's
	// "Teams"), and the value opens its text node (a second field of a
	// row's node, "Date: June 22 at 10pm", follows the row's label too).
	y := x - 1
	for y >= 0 && (toks[y].Kind != KindWord || alnum(toks[y].Text) == "") {
		y--
	}
	if y < 0 || toks[y].Node == nil || linkText(toks[y].Node) != "" || (toks[x].Node != nil && toks[y].Node == toks[x].Node) {
		return "", ""
	}
	label := pageLabel(toks, x)
	if len(label) == 0 || labelAffinity(label, f) >= affinityKind {
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
