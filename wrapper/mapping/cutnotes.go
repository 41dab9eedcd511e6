package mapping

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/objectrunner/objectrunner/annotate"
)

// NoteCutInside: a field not cut to a recognizer's instance shares its
// slot with a patterned field, and that field's instance stands in the
// middle of its values, between words with no separator around it
// ("Ostara BU860-DZ5 60.6MP Action Camera" for a product name and a
// model number): carving the instance out (carve) joins words that stood
// apart, and the value is not a text of the page. A part carved from a
// value's end ("The Quiet Archive (1945)") or between separators ("Main
// St · 7pm · Boston") does not count. Measured on zoo seeds 28000-28399:
// a product's name written without its model number on every page (F1 0,
// no diagnostic).
const NoteCutInside = "cut-inside"

// cutInsideNotes gives a NoteCutInside for each single field without a
// pattern of its own (w.Valid) whose slot holds another field's pattern
// (coFields) when, on half of its sample objects with a value or more
// (two at least), the slot's text holds an instance of that pattern with
// words right before and after it (holeSpan).
func (w *State) cutInsideNotes(pages []*annotate.Page) []Note {
	type tally struct {
		objs, cut int
		other, ex string
	}
	shared := map[int][]*SlotMap{}
	for i := range w.SlotMaps {
		sm := &w.SlotMaps[i]
		f := w.fieldSpec(sm.Field)
		if f == nil || f.Tuple || f.Many || len(f.Attrs) > 0 || sm.Item || w.Valid[f.Path] != nil || len(w.coFields(sm)) == 0 {
			continue
		}
		shared[sm.Slot] = append(shared[sm.Slot], sm)
	}
	if len(shared) == 0 {
		return nil
	}
	tl := map[string]*tally{}
	var order []string
	for _, p := range pages {
		w.sampleScopes(p, func(toks []Token, r *mrec) {
			seen := map[string]bool{}
			Collect(r, -1, func(v sval) {
				for _, sm := range shared[v.Slot] {
					if seen[sm.Field] {
						continue
					}
					txt, _, _ := ValueText(toks, v.A, v.B)
					if txt == "" {
						continue
					}
					seen[sm.Field] = true
					t := tl[sm.Field]
					if t == nil {
						t = &tally{}
						tl[sm.Field] = t
						order = append(order, sm.Field)
					}
					t.objs++
					for _, o := range w.coFields(sm) {
						or := w.Valid[o.Path]
						if or == nil {
							continue
						}
						if m, ok := longestMatch(or, txt); ok && holeSpan(txt, m) {
							t.cut++
							if t.other == "" {
								t.other, t.ex = o.Path, txt
							}
							break
						}
					}
				}
			})
		})
	}
	var out []Note
	for _, f := range order {
		t := tl[f]
		if t.cut < 2 || 2*t.cut < t.objs {
			continue
		}
		out = append(out, Note{Kind: NoteCutInside, Field: f, Message: fmt.Sprintf(
			"field %s: on %d of the %d sample objects with a value, field %s's instance is cut from the middle of its text (e.g. %q): the words around it are joined, and %s's value may hold it",
			f, t.cut, t.objs, t.other, t.ex, f)})
	}
	return out
}

// holeSpan reports whether span m of txt lies in its middle between words:
// a letter or digit right before it and right after it, with at most
// spaces between.
func holeSpan(txt string, m [2]int) bool {
	before := strings.TrimRight(txt[:m[0]], " \t\n")
	after := strings.TrimLeft(txt[m[1]:], " \t\n")
	if before == "" || after == "" {
		return false
	}
	b, _ := utf8.DecodeLastRuneInString(before)
	a, _ := utf8.DecodeRuneInString(after)
	word := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	return word(a) && word(b)
}
