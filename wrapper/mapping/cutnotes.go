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

// NoteCutLine: a single field not cut to a recognizer's instance (an
// address, a dictionary name) whose value is only the first line of a
// text that goes on in the next text node: that node, right after the
// value's last one and near it (a common ancestor at most cutLineUp
// levels above the value's text), holds an instance of the field's own
// type, is read by no field and is no label ("11961 Wythe St." written
// where the page shows "11961 Wythe St." and "Philadelphia, PA 19115" as
// two lines of one address). Measured on zoo seeds 18200-18599: street
// addresses cut to their first line (F1 0.15-0.51), no diagnostic.
const NoteCutLine = "cut-line"

// cutLineUp: the value's last text node and the next line share an
// ancestor at most this many levels above the value's text node
// (<div><div>street</div><div>city</div></div>: 2).
const cutLineUp = 3

// cutLineNotes gives a NoteCutLine for each single field, root or nested,
// not cut to its recognizer's instance, when on RaggedShare of its sample
// objects with a value or more (two at least) the text node after its
// first value is a line of its own type as NoteCutLine says.
func (w *State) cutLineNotes(pages []*annotate.Page) []Note {
	slotsOf, has := w.slotFields(), w.mappedFields()
	type tally struct {
		objs, cut int
		ex        string
	}
	fields, tl := noteTallies(w.FieldSpecs, func(f FieldSpec) bool {
		return !f.Tuple && !f.Many && !f.Delimited() && len(f.Types) > 0 && has[f.Path] && w.singleChain(&f)
	}, func() *tally { return &tally{} })
	if len(fields) == 0 {
		return nil
	}
	sample := w.sampleObjects(pages)
	for i, p := range pages {
		// The field's values extracted on the page: a slot read with
		// the lines after it (SlotMap.Lines, Join, …) holds the next
		// line already.
		got := map[string][]string{}
		for _, o := range sample()[i] {
			for _, f := range fields {
				for _, v := range o.Get(f.Path) {
					got[f.Path] = append(got[f.Path], normItem(v))
				}
			}
		}
		typed := map[*html.Node][]string{}
		for _, an := range p.Annotations {
			if an.Node != nil {
				typed[an.Node] = append(typed[an.Node], an.Type)
			}
		}
		w.sampleScopes(p, func(toks []Token, r *mrec) {
			vals := w.scopeValues(toks, r, slotsOf)
			read := map[*html.Node]bool{}
			for x := range coveredTokens(vals) {
				if n := toks[x].Node(); n != nil {
					read[n] = true
				}
			}
			for _, f := range fields {
				rs := vals[f.Path]
				if len(rs) == 0 {
					continue
				}
				t := tl[f.Path]
				t.objs++
				var last *html.Node
				for x := rs[0][0]; x < rs[0][1]; x++ {
					if n := toks[x].Node(); n != nil && n.Type == html.TextNode {
						last = n
					}
				}
				if last == nil {
					continue
				}
				m := nextText(last)
				if m == nil || read[m] || slices.ContainsFunc(got[f.Path], func(v string) bool { return strings.Contains(v, normItem(m.Data)) }) || !slices.ContainsFunc(typed[m], func(ty string) bool { return slices.Contains(f.Types, ty) }) ||
					strings.HasSuffix(strings.TrimSpace(m.Data), ":") || linkText(m) != "" || normItem(m.Data) == normItem(last.Data) {
					continue
				}
				c := commonAncestor(last, m)
				up := 0
				for x := last.Parent; x != nil && x != c; x = x.Parent {
					up++
				}
				if c == nil || up >= cutLineUp {
					continue
				}
				t.cut++
				if t.ex == "" {
					t.ex = strings.Join(strings.Fields(last.Data), " ") + " | " + strings.Join(strings.Fields(m.Data), " ")
				}
			}
		})
	}
	var out []Note
	for _, f := range fields {
		t := tl[f.Path]
		if t.cut < 2 || float64(t.cut) < RaggedShare*float64(t.objs) {
			continue
		}
		out = append(out, Note{Kind: NoteCutLine, Field: f.Path, Message: fmt.Sprintf(
			"field %s: on %d of its %d sample objects with a value, the next line after its value holds its type %s too and no field reads it (e.g. %q): the value may be only the first line of a longer one",
			f.Path, t.cut, t.objs, strings.Join(f.Types, "|"), t.ex)})
	}
	return out
}

// nextText returns the first text node after n in document order that
// holds more than spaces, outside scripts and styles; nil when none.
func nextText(n *html.Node) *html.Node {
	x := n
	for {
		if x != n && x.FirstChild != nil && !(x.Type == html.ElementNode && (x.Data == "script" || x.Data == "style")) {
			x = x.FirstChild
		} else {
			for x != nil && x.NextSibling == nil {
				x = x.Parent
			}
			if x == nil {
				return nil
			}
			x = x.NextSibling
		}
		if x.Type == html.TextNode && strings.TrimSpace(x.Data) != "" {
			return x
		}
	}
}
