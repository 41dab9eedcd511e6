package mapping

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// Note is a warning the wrapper can give about its own mapping: a field
// it abstained on, a multiplicity the pages contradict. The run's
// diagnostics (objectrunner.Diagnose) carry them.
type Note struct {
	// Kind is one of the Note… constants.
	Kind string
	// Field is the field's path ("" for the SOD's objects).
	Field string
	// Message says what was seen, readably.
	Message string
}

// Kinds of Note.
const (
	// NoteMultiplicity: a field declared single whose values hold several
	// instances of its type (or whose slot holds several values) on many
	// sample pages: its multiplicity is likely "+" or "*".
	NoteMultiplicity = "multiplicity"
	// NoteObjects: the SOD wants one object per page, and most of its
	// mandatory single fields show several values per page.
	NoteObjects = "objects-multiplicity"
	// NoteAbstained: no candidate slot was clearly best for a field,
	// which was left empty (abstain.go).
	NoteAbstained = "abstained"
	// NoteAmbiguous: a field's slot won over a close rival holding other
	// values; the winner is kept (abstain.go).
	NoteAmbiguous = "ambiguous"
	// NoteOtherType: most of a field's sample values are recognised as
	// another field's type and not as its own.
	NoteOtherType = "other-type"
	// NoteBeside: elements like a set field's items, beside them, are
	// not extracted on many sample objects: items may be missing.
	NoteBeside = "items-beside"
	// NoteSplit: a delimited set field's items are, on every sample
	// object, the same number of parts of one text, each part with the
	// same words page after page ("17 mpg City", "24 mpg Hwy" of "17 mpg
	// City, 24 mpg Hwy"): the parts of one value, not a set (splitNote).
	NoteSplit = "split-value"
	// NoteSharedEmpty: a field reads the instance of its pattern in a
	// slot whose rest another field reads, and on most sample objects
	// where the other field's type is found there, the instance covers
	// it: the split leaves the other field nothing (eatenObject).
	NoteSharedEmpty = "shared-empty"
)

// Thresholds of Notes.
const (
	// MultiShare: a single field shows several instances on at least
	// this share of the sample pages where it has a value (and on two
	// pages or more).
	MultiShare = 0.3
)

// mostOther returns the most counted type of m (ties: the first by name).
func mostOther(m map[string]int) (string, int) {
	best, n := "", 0
	for t, c := range m {
		if c > n || (c == n && t < best) {
			best, n = t, c
		}
	}
	return best, n
}

// likeSiblings reports whether element e has a sibling element of its tag.
func likeSiblings(e *html.Node) bool {
	if e.Type != html.ElementNode || e.Parent == nil {
		return false
	}
	for k := e.Parent.FirstChild; k != nil; k = k.NextSibling {
		if k != e && k.Type == html.ElementNode && k.Data == e.Data {
			return true
		}
	}
	return false
}

// instances counts the distinct annotations of types over tokens [a, b).
func instances(toks []Token, a, b int, types []string) int {
	seen := map[*annotate.Annotation]bool{}
	for x := a; x < b; x++ {
		for _, an := range toks[x].Ann() {
			if slices.Contains(types, an.Type) {
				seen[an] = true
			}
		}
	}
	return len(seen)
}

// annotatedUnder reports whether a text node under n is annotated with
// one of types.
func annotatedUnder(n *html.Node, typed map[*html.Node][]string, types []string) bool {
	if n.Type == html.TextNode {
		for _, t := range typed[n] {
			if slices.Contains(types, t) {
				return true
			}
		}
		return false
	}
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		if annotatedUnder(k, typed, types) {
			return true
		}
	}
	return false
}

// otherTyped returns the types, other than types, annotated over tokens
// [a, b): a type of a name field wherever it falls, a patterned type
// (patterned) only when its instance is its text node's whole text (a
// model number's regex finds one in many product names).
func otherTyped(toks []Token, a, b int, types []string, patterned map[string]bool) []string {
	var out []string
	for x := a; x < b; x++ {
		for _, an := range toks[x].Ann() {
			if (an.Whole || !patterned[an.Type]) && !slices.Contains(types, an.Type) && !slices.Contains(out, an.Type) {
				out = append(out, an.Type)
			}
		}
	}
	return out
}

// tagShape is the sequence of element tags below n, in document order.
func tagShape(n *html.Node) string {
	var b strings.Builder
	var walk func(x *html.Node)
	walk = func(x *html.Node) {
		for k := x.FirstChild; k != nil; k = k.NextSibling {
			if k.Type == html.ElementNode {
				b.WriteString(k.Data)
				b.WriteByte(' ')
				walk(k)
			}
		}
	}
	walk(n)
	return b.String()
}

// Notes returns the wrapper's warnings about the sample it was learned
// from (pages, annotated): the notes of induction (abstentions) and the
// multiplicity hints measured on the sample. Sorted by field then kind.
func (w *State) Notes(pages []*annotate.Page) []Note {
	w.scopes = map[*annotate.Page][]scopeHit{}
	defer func() { w.scopes = nil }()
	out := slices.Clone(w.Abstained[w.Scope])
	out = append(out, w.pinNotes[w.Scope]...) // pins.go
	out = append(out, w.multiplicityNotes(pages)...)
	out = append(out, w.trustNotes(pages)...) // trustnotes.go
	out = append(out, w.labelNotes()...)      // labelkey.go
	if w.Page != nil {
		out = append(out, w.Page.Notes(pages)...)
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
// the objects' set, or the page). While Notes runs, each page is
// tokenized and matched once for all the notes (State.scopes).
func (w *State) sampleScopes(p *annotate.Page, f func(toks []Token, r *mrec)) {
	hits, ok := w.scopes[p]
	if !ok {
		hits = w.findScopes(p)
		if w.scopes != nil {
			w.scopes[p] = hits
		}
	}
	for _, h := range hits {
		f(h.toks, h.rec)
	}
}

// scopeHit is an object's scope found on a sample page: the tokens and
// the match of the object (sampleScopes).
type scopeHit struct {
	toks []Token
	rec  *mrec
}

// findScopes returns the objects' scopes on page p (sampleScopes).
func (w *State) findScopes(p *annotate.Page) []scopeHit {
	var hits []scopeHit
	if w.Records != nil {
		for _, nodes := range w.Records.Records(p) {
			toks := tokenizeNodes(nodes, p, w.Paths)
			if root, ok := w.matchRoot(toks); ok {
				hits = append(hits, scopeHit{toks, root})
			}
		}
		return hits
	}
	toks := Tokenize(p, w.Paths)
	root, ok := w.matchRoot(toks)
	if !ok {
		return nil
	}
	if w.Scope < 0 {
		return []scopeHit{{toks, root}}
	}
	for _, k := range iterations(root, w.Scope, nil) {
		hits = append(hits, scopeHit{toks, k})
	}
	return hits
}

// noteTallies returns the SOD fields that keep selects, in order, each
// with a new tally from mk: the per-field counts a note takes over the
// sample.
func noteTallies[T any](specs []FieldSpec, keep func(FieldSpec) bool, mk func() *T) ([]FieldSpec, map[string]*T) {
	var fields []FieldSpec
	tl := map[string]*T{}
	for _, f := range specs {
		if keep(f) {
			fields = append(fields, f)
			tl[f.Path] = mk()
		}
	}
	return fields, tl
}

// fieldTally is what sampleNotes counts for one field over the sample's
// objects.
type fieldTally struct {
	Objs  int // objects with a value
	multi int // single field: objects with several values or instances
	most  int // the most values or instances seen in one object
	// vals counts the values; own those annotated with the field's
	// types; other, by type, those annotated with another field's type
	// and not the field's own.
	Vals, own int
	other     map[string]int
	// beside counts the objects of a set field where elements like its
	// items, beside them, hold text that no item covers; besideEx is
	// one such text.
	beside   int
	besideEx string
	// eaten counts the objects where the field's instance, read from a
	// slot whose rest another field reads (partner), overlaps every
	// instance of the partner's types there; eatenOf those where the
	// partner has an instance there at all (eatenObject).
	eaten, eatenOf int
	partner        string
	eatenEx        string
	// split counts the objects of a set field whose items (two or
	// more) are parts of one text node; splitKeys are the first such
	// object's items' words without digits, splitFixed says every such
	// object had those same keys; splitEx is the first one's text.
	split      int
	splitKeys  []string
	splitFixed bool
	splitEx    string
	// doubtTally: the counts of doubt.go.
	doubtTally
}

// multiplicityNotes measures, on the sample, the single root fields whose
// slot gives several values per object, or whose values hold several
// instances of the field's types (two authors in one byline); the fields
// whose values are mostly another field's type; the set fields whose
// items leave out elements like them beside them; and the one-object
// SODs whose fields' slots repeat on the pages.
func (w *State) multiplicityNotes(pages []*annotate.Page) []Note {
	slotsOf := map[string][]int{}
	plain := map[string]bool{} // fields with a slot read as a plain value
	lead := map[string]bool{}  // fields whose slot drops a leading number
	fieldsAt := map[int]int{}  // slot -> number of fields read from it
	partOf := map[int]string{} // slot -> the field reading the rest of it (SlotMap.Part)
	for _, sm := range w.SlotMaps {
		if sm.Part {
			partOf[sm.Slot] = sm.Field
		}
		slotsOf[sm.Field] = append(slotsOf[sm.Field], sm.Slot)
		lead[sm.Field] = lead[sm.Field] || sm.LeadNum
		fieldsAt[sm.Slot]++
		if !(sm.Lines || sm.Join || sm.JoinPrev || sm.Block || sm.Part || sm.Item || sm.Row != nil) {
			plain[sm.Field] = true // not a value of several lines or parts
		}
	}
	var fields []FieldSpec
	for _, f := range w.FieldSpecs {
		if !f.Tuple && f.Parent == "" && len(slotsOf[f.Path]) > 0 {
			fields = append(fields, f)
		}
	}
	typeOf := map[string]string{} // entity type -> the field it types, when one only
	for _, f := range w.FieldSpecs {
		for _, t := range f.Types {
			if _, ok := typeOf[t]; ok {
				typeOf[t] = ""
			} else {
				typeOf[t] = f.Path
			}
		}
	}
	patterned := map[string]bool{} // types of patterned fields
	for _, f := range w.FieldSpecs {
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
		w.sampleScopes(p, func(toks []Token, r *mrec) {
			ob := &objectTally{At: map[string][]*html.Node{}, First: map[string]string{}} // doubt.go
			defer func() { w.placeTally(p, fields, ob, tally) }()
			for _, f := range fields {
				tl := tally[f.Path]
				vals, most := 0, 0
				var items, parts []*html.Node
				var texts []string
				Collect(r, -1, func(v sval) {
					if !slices.Contains(slotsOf[f.Path], v.Slot) {
						return
					}
					_, a, b := ValueText(toks, v.A, v.B)
					if a >= b {
						return
					}
					vals++
					tl.Vals++
					tl.value(f, toks, a, b, patterned) // doubt.go
					if g := partOf[v.Slot]; g != "" && g != f.Path && f.Delimited() {
						tl.eatenObject(toks, a, b, f, g, w.FieldSpecs)
					}
					ob.Add(f.Path, toks, a, b)
					if instances(toks, a, b, f.Types) > 0 {
						tl.own++
					} else {
						for _, t := range otherTyped(toks, a, b, f.Types, patterned) {
							if typeOf[t] != "" {
								tl.other[t]++
							}
						}
					}
					if f.Many {
						if n := toks[a].Node; n != nil {
							items = append(items, n)
						}
						ns, ts := instanceParts(toks, a, b, f.Types)
						parts, texts = append(parts, ns...), append(texts, ts...)
						return
					}
					most = max(most, vals)
					if !f.Patterned() {
						// Names joined in one value ("A & B"); a
						// patterned value may hold several instances
						// that are one value (a price and its
						// discount, an address's parts).
						most = max(most, instances(toks, a, b, f.Types))
					}
				})
				if vals == 0 {
					continue
				}
				tl.Objs++
				tl.object()
				if most >= 2 && plain[f.Path] {
					tl.multi++
					tl.most = max(tl.most, most)
				}
				if f.Many && f.Delimited() {
					tl.splitObject(parts, texts)
				}
				if ex := besideItems(items, typed, f.Types); ex != "" {
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
		if tl.Objs == 0 {
			continue
		}
		if !f.Many && !f.Patterned() && tl.multi >= 2 && float64(tl.multi) >= MultiShare*float64(tl.Objs) {
			if !f.Optional {
				multi++
			}
			use := "+"
			if f.Optional {
				use = "*"
			}
			out = append(out, Note{Kind: NoteMultiplicity, Field: f.Path, Message: fmt.Sprintf(
				"field %s is declared %q, but %d of the %d sample objects with a value show 2-%d values of it: use %q? (only the first is written)",
				f.Path, f.Mult, tl.multi, tl.Objs, tl.most, use)})
		}
		if t, n := mostOther(tl.other); n > tl.own && 2*n >= tl.Vals && tl.Vals >= 2 {
			out = append(out, Note{Kind: NoteOtherType, Field: f.Path, Message: fmt.Sprintf(
				"field %s: %d of its %d sample values are recognised as %s (field %s) and %d as %s: its slot may hold another field's values",
				f.Path, n, tl.Vals, t, typeOf[t], tl.own, strings.Join(f.Types, "|"))})
		}
		out = append(out, tl.Notes(f, w.Records != nil, lead[f.Path])...) // doubt.go
		out = append(out, tl.splitNote(f)...)
		if tl.eaten >= 2 && 2*tl.eaten > tl.eatenOf {
			out = append(out, Note{Kind: NoteSharedEmpty, Field: f.Path, Message: fmt.Sprintf(
				"field %s shares its slot with field %s, which reads the rest of it, but on %d of the %d sample objects where %s's type is found there, %s's instance covers it (e.g. %q): the slot may be %s's, and %s's values a part of it",
				f.Path, tl.partner, tl.eaten, tl.eatenOf, tl.partner, f.Path, tl.eatenEx, tl.partner, f.Path)})
			// The split is wrong for both fields: the slot holds one
			// value, and the partner's part of it is a piece of this
			// field's instance ("6" of the date "6 February 1995" read as
			// a jersey number), so the partner is named too.
			out = append(out, Note{Kind: NoteSharedEmpty, Field: tl.partner, Message: fmt.Sprintf(
				"field %s reads the rest of a slot whose instance of field %s covers %s's type on %d of the %d sample objects where it is found there (e.g. %q): its values may be a piece of %s's",
				tl.partner, f.Path, tl.partner, tl.eaten, tl.eatenOf, tl.eatenEx, f.Path)})
		}
		if f.Many && tl.beside >= 2 && 2*tl.beside >= tl.Objs {
			out = append(out, Note{Kind: NoteBeside, Field: f.Path, Message: fmt.Sprintf(
				"set field %s: on %d of the %d sample objects, elements like its items beside them are not extracted (e.g. %q): items may be missing",
				f.Path, tl.beside, tl.Objs, tl.besideEx)})
		}
	}
	mand := 0
	for _, f := range fields {
		if !f.Many && !f.Optional {
			mand++
		}
	}
	if w.Records == nil && w.Scope < 0 && (w.Mult == "1" || w.Mult == "?") && mand >= 2 && 2*multi >= mand {
		out = append(out, Note{Kind: NoteObjects, Message: fmt.Sprintf(
			"the SOD wants %s object per page, but %d of its %d mandatory single fields show several values per page on the sample: the pages look like lists of records; use objects = \"+\"?",
			w.Mult, multi, mand)})
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
func besideItems(items []*html.Node, typed map[*html.Node][]string, types []string) string {
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
			if likeSiblings(e) {
				break
			}
			e = e.Parent
		}
		if e == nil || e.Parent == nil || !likeSiblings(e) {
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
		shapes[tagShape(e)] = true
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
			if !annotatedUnder(k, typed, types) || len(strings.Join(strings.Fields(nodeText(k)), " ")) > 2*longest {
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

// instanceParts returns the text nodes and texts of the instances of
// types in tokens [a, b), in order (each annotation once).
func instanceParts(toks []Token, a, b int, types []string) ([]*html.Node, []string) {
	var ns []*html.Node
	var ts []string
	seen := map[*annotate.Annotation]bool{}
	for x := a; x < b; x++ {
		for _, an := range toks[x].Ann() {
			if seen[an] || !slices.Contains(types, an.Type) || an.Node == nil || an.Start < 0 || an.End > len(an.Node.Data) || an.Start >= an.End {
				continue
			}
			seen[an] = true
			ns, ts = append(ns, an.Node), append(ts, an.Node.Data[an.Start:an.End])
		}
	}
	return ns, ts
}

// splitObject counts one sample object of a delimited set field whose
// instances (text nodes, texts) are two or more parts of one text node.
func (tl *fieldTally) splitObject(items []*html.Node, texts []string) {
	if len(items) < 2 || slices.ContainsFunc(items, func(n *html.Node) bool { return n != items[0] }) {
		return
	}
	keys := make([]string, len(texts))
	for i, t := range texts {
		keys[i] = strings.Join(strings.Fields(strings.Map(func(r rune) rune {
			if unicode.IsDigit(r) {
				return -1
			}
			return r
		}, t)), " ")
	}
	tl.split++
	if tl.splitKeys == nil {
		tl.splitKeys, tl.splitFixed = keys, true
		tl.splitEx = strings.Join(strings.Fields(items[0].Data), " ")
	} else if !slices.Equal(keys, tl.splitKeys) {
		tl.splitFixed = false
	}
}

// splitNote returns the split-value note of set field f: on every sample
// object with a value (ConstantMin at least) its items are parts of one
// text, as many each time, and the n-th part has the same words but for
// its digits on every object ("17 mpg City", "24 mpg Hwy"): fixed parts
// of one value (the field's pattern cuts one composite value), where a
// set's items vary in number and words from object to object.
func (tl *fieldTally) splitNote(f FieldSpec) []Note {
	if !f.Many || tl.Objs < ConstantMin || tl.split < tl.Objs || !tl.splitFixed || len(slices.Compact(slices.Clone(tl.splitKeys))) < 2 {
		return nil
	}
	return []Note{{Kind: NoteSplit, Field: f.Path, Message: fmt.Sprintf(
		"set field %s: on all %d sample objects its values are the same %d parts of one text (e.g. %q): if that text is one value, declare the field single and widen the regex",
		f.Path, tl.Objs, len(tl.splitKeys), tl.splitEx)}}
}

// eatenObject counts one sample value [a, b) of field f read from a slot
// whose rest field g reads: when g's types have an instance there and
// f's longest instance overlaps every one of them, the slot's split
// leaves g nothing of its own (NoteSharedEmpty).
func (tl *fieldTally) eatenObject(toks []Token, a, b int, f FieldSpec, g string, specs []FieldSpec) {
	var gt []string
	for _, s := range specs {
		if s.Path == g {
			gt = s.Types
		}
	}
	var own, other []*annotate.Annotation
	seen := map[*annotate.Annotation]bool{}
	for x := a; x < b; x++ {
		for _, an := range toks[x].Ann() {
			if seen[an] || an.Node == nil {
				continue
			}
			seen[an] = true
			if slices.Contains(f.Types, an.Type) {
				own = append(own, an)
			} else if slices.Contains(gt, an.Type) {
				other = append(other, an)
			}
		}
	}
	if len(own) == 0 || len(other) == 0 {
		return
	}
	long := own[0]
	for _, an := range own[1:] {
		if an.End-an.Start > long.End-long.Start {
			long = an
		}
	}
	tl.eatenOf++
	tl.partner = g
	for _, an := range other {
		if an.Node != long.Node || an.End <= long.Start || an.Start >= long.End {
			return
		}
	}
	tl.eaten++
	if tl.eatenEx == "" {
		tl.eatenEx = strings.Join(strings.Fields(long.Node.Data), " ")
	}
}
