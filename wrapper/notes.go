package wrapper

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
	"golang.org/x/net/html"
)

// Notes returns the wrapper's warnings about the sample it was learned
// from (pages, annotated): the notes of induction (abstentions) and the
// multiplicity hints measured on the sample. Sorted by field then kind.
func (w *Wrapper) Notes(pages []*annotate.Page) []Note {
	out := slices.Clone(w.abstained[w.scope])
	out = append(out, w.pinNotes[w.scope]...) // pins.go
	out = append(out, w.multiplicityNotes(pages)...)
	out = append(out, w.trustNotes(pages)...) // trustnotes.go
	out = append(out, w.labelNotes()...)      // labelkey.go
	if w.page != nil {
		out = append(out, w.page.Notes(pages)...)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Field != out[j].Field {
			return out[i].Field < out[j].Field
		}
		return out[i].Kind < out[j].Kind
	})
	return out
}

// sampleScopes matches the wrapper on one sample page and calls f with
// the page's tokens and each object's match (a record, an iteration of
// the objects' set, or the page).
func (w *Wrapper) sampleScopes(p *annotate.Page, f func(toks []mapping.Token, r *mapping.Mrec)) {
	if w.rp != nil {
		for _, nodes := range w.rp.Records(p) {
			toks := tokenizeNodes(nodes, p, w.ps)
			if root, ok := w.matchRoot(toks); ok {
				f(toks, root)
			}
		}
		return
	}
	toks := tokenize(p, w.ps)
	root, ok := w.matchRoot(toks)
	if !ok {
		return
	}
	if w.scope < 0 {
		f(toks, root)
		return
	}
	var find func(r *mapping.Mrec)
	find = func(r *mapping.Mrec) {
		for _, k := range r.Kids {
			if k.Set == w.scope {
				f(toks, k)
			} else {
				find(k)
			}
		}
	}
	find(root)
}

// fieldTally is what sampleNotes counts for one field over the sample's
// objects.
type fieldTally struct {
	objs  int // objects with a value
	multi int // single field: objects with several values or instances
	most  int // the most values or instances seen in one object
	// vals counts the values; own those annotated with the field's
	// types; other, by type, those annotated with another field's type
	// and not the field's own.
	vals, own int
	other     map[string]int
	// beside counts the objects of a set field where elements like its
	// items, beside them, hold text that no item covers; besideEx is
	// one such text.
	beside   int
	besideEx string
	// doubtTally: the counts of doubt.go.
	doubtTally
}

// multiplicityNotes measures, on the sample, the single root fields whose
// slot gives several values per object, or whose values hold several
// instances of the field's types (two authors in one byline); the fields
// whose values are mostly another field's type; the set fields whose
// items leave out elements like them beside them; and the one-object
// SODs whose fields' slots repeat on the pages.
func (w *Wrapper) multiplicityNotes(pages []*annotate.Page) []Note {
	slotsOf := map[string][]int{}
	plain := map[string]bool{} // fields with a slot read as a plain value
	lead := map[string]bool{}  // fields whose slot drops a leading number
	fieldsAt := map[int]int{}  // slot -> number of fields read from it
	for _, sm := range w.slots {
		slotsOf[sm.Field] = append(slotsOf[sm.Field], sm.Slot)
		lead[sm.Field] = lead[sm.Field] || sm.LeadNum
		fieldsAt[sm.Slot]++
		if !(sm.Lines || sm.Join || sm.JoinPrev || sm.Block || sm.Part || sm.Item || sm.Row != nil) {
			plain[sm.Field] = true // not a value of several lines or parts
		}
	}
	var fields []FieldSpec
	for _, f := range w.fields {
		if !f.Tuple && f.Parent == "" && len(slotsOf[f.Path]) > 0 {
			fields = append(fields, f)
		}
	}
	typeOf := map[string]string{} // entity type -> the field it types, when one only
	for _, f := range w.fields {
		for _, t := range f.Types {
			if _, ok := typeOf[t]; ok {
				typeOf[t] = ""
			} else {
				typeOf[t] = f.Path
			}
		}
	}
	patterned := map[string]bool{} // types of patterned fields
	for _, f := range w.fields {
		for _, t := range f.Types {
			patterned[t] = patterned[t] || f.Patterned()
		}
	}
	tally := map[string]*fieldTally{}
	for _, f := range fields {
		tally[f.Path] = &fieldTally{other: map[string]int{}}
		for _, sl := range slotsOf[f.Path] {
			// A slot shared with another field: the text after
			// the field's instance is the other field's (doubt.go).
			tally[f.Path].shared = tally[f.Path].shared || fieldsAt[sl] > 1
		}
	}
	for _, p := range pages {
		typed := map[*html.Node][]string{} // text node -> its annotations' types
		for _, an := range p.Annotations {
			typed[an.Node] = append(typed[an.Node], an.Type)
		}
		w.sampleScopes(p, func(toks []mapping.Token, r *mapping.Mrec) {
			ob := &mapping.ObjectTally{At: map[string][]*html.Node{}, First: map[string]string{}} // doubt.go
			defer func() { w.placeTally(p, fields, ob, tally) }()
			for _, f := range fields {
				tl := tally[f.Path]
				vals, most := 0, 0
				var items []*html.Node
				mapping.Collect(r, -1, func(v mapping.Sval) {
					if !slices.Contains(slotsOf[f.Path], v.Slot) {
						return
					}
					_, a, b := mapping.ValueText(toks, v.A, v.B)
					if a >= b {
						return
					}
					vals++
					tl.vals++
					tl.value(f, toks, a, b, patterned) // doubt.go
					ob.Add(f.Path, toks, a, b)
					if mapping.Instances(toks, a, b, f.Types) > 0 {
						tl.own++
					} else {
						for _, t := range mapping.OtherTyped(toks, a, b, f.Types, patterned) {
							if typeOf[t] != "" {
								tl.other[t]++
							}
						}
					}
					if f.Many {
						if n := toks[a].Node; n != nil {
							items = append(items, n)
						}
						return
					}
					most = max(most, vals)
					if !f.Patterned() {
						// Names joined in one value ("A & B"); a
						// patterned value may hold several instances
						// that are one value (a price and its
						// discount, an address's parts).
						most = max(most, mapping.Instances(toks, a, b, f.Types))
					}
				})
				if vals == 0 {
					continue
				}
				tl.objs++
				tl.object()
				if most >= 2 && plain[f.Path] {
					tl.multi++
					tl.most = max(tl.most, most)
				}
				if ex := besideItems(items, typed, f.Types, slices.Collect(maps.Keys(typeOf))); ex != "" {
					tl.beside++
					if tl.besideEx == "" {
						tl.besideEx = ex
					}
				}
			}
		})
	}
	var out []Note
	multi := 0
	for _, f := range fields {
		tl := tally[f.Path]
		if tl.objs == 0 {
			continue
		}
		if !f.Many && !f.Patterned() && tl.multi >= 2 && float64(tl.multi) >= MultiShare*float64(tl.objs) {
			if !f.Optional {
				multi++
			}
			use := "+"
			if f.Optional {
				use = "*"
			}
			out = append(out, Note{Kind: NoteMultiplicity, Field: f.Path, Message: fmt.Sprintf(
				"field %s is declared %q, but %d of the %d sample objects with a value show 2-%d values of it: use %q? (only the first is written)",
				f.Path, f.Mult, tl.multi, tl.objs, tl.most, use)})
		}
		if t, n := mapping.MostOther(tl.other); n > tl.own && 2*n >= tl.vals && tl.vals >= 2 {
			out = append(out, Note{Kind: NoteOtherType, Field: f.Path, Message: fmt.Sprintf(
				"field %s: %d of its %d sample values are recognised as %s (field %s) and %d as %s: its slot may hold another field's values",
				f.Path, n, tl.vals, t, typeOf[t], tl.own, strings.Join(f.Types, "|"))})
		}
		out = append(out, tl.notes(f, w.rp != nil, lead[f.Path])...) // doubt.go
		if f.Many && tl.beside >= 2 && 2*tl.beside >= tl.objs {
			out = append(out, Note{Kind: NoteBeside, Field: f.Path, Message: fmt.Sprintf(
				"set field %s: on %d of the %d sample objects, elements like its items beside them are not extracted (e.g. %q): items may be missing",
				f.Path, tl.beside, tl.objs, tl.besideEx)})
		}
	}
	mand := 0
	for _, f := range fields {
		if !f.Many && !f.Optional {
			mand++
		}
	}
	if w.rp == nil && w.scope < 0 && (w.mult == "1" || w.mult == "?") && mand >= 2 && 2*multi >= mand {
		out = append(out, Note{Kind: NoteObjects, Message: fmt.Sprintf(
			"the SOD wants %s object per page, but %d of its %d mandatory single fields show several values per page on the sample: the pages look like lists of records; use objects = \"+\"?",
			w.mult, multi, mand)})
	}
	return out
}

// besideItems returns the text of an element beside a set's items, like
// them (a sibling of the element holding an item, with the same tag),
// that holds no item and either a text annotated with one of types
// (typed: the page's annotation types by text node), or, unannotated
// with any of the SOD's types (sodTypes), the markup of an item's
// element (tags below it) and a text no longer than twice the longest
// item's: an item the set left out. "" when there is none. items are
// the items' first text nodes.
func besideItems(items []*html.Node, typed map[*html.Node][]string, types, sodTypes []string) string {
	if len(items) == 0 {
		return ""
	}
	in := map[*html.Node]bool{}
	var holders []*html.Node
	for _, n := range items {
		// The item's element among like siblings: climb up to 4 levels
		// until the parent has another child element of the same tag.
		e := n.Parent
		for up := 0; e != nil && e.Parent != nil && up < 4; up++ {
			if mapping.LikeSiblings(e) {
				break
			}
			e = e.Parent
		}
		if e == nil || e.Parent == nil || !mapping.LikeSiblings(e) {
			continue
		}
		holders = append(holders, e)
		for x := n; x != nil; x = x.Parent {
			in[x] = true
		}
	}
	shapes := map[string]bool{}
	longest := 0
	for _, e := range holders {
		shapes[mapping.TagShape(e)] = true
		longest = max(longest, len(strings.Join(strings.Fields(nodeText(e)), " ")))
	}
	for _, e := range holders {
		for k := e.Parent.FirstChild; k != nil; k = k.NextSibling {
			if k.Type != html.ElementNode || k.Data != e.Data || in[k] {
				continue
			}
			// Only an element holding the field's own type: one
			// merely shaped like an item (the earlier, weaker
			// signal) was measured to fire on 5 % of the good
			// fields of fresh zoo seeds, most of its notes.
			if !mapping.AnnotatedUnder(k, typed, types) || len(strings.Join(strings.Fields(nodeText(k)), " ")) > 2*longest {
				continue
			}
			if t := strings.Join(strings.Fields(nodeText(k)), " "); t != "" {
				return t
			}
		}
	}
	return ""
}

// nodeText returns the text below n, its text nodes joined by spaces.
func nodeText(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}
