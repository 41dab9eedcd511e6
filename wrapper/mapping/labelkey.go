package mapping

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
	"golang.org/x/net/html"
)

// Fields read by the label that names them.
//
// A detail page often lists its attributes as label-value rows ("<li>
// <b>Publisher</b>: Jove Books</li>", "<tr><th>Page Count</th><td>352")
// some of which are missing on some pages. ExAlg cannot align such rows
// when the rows present vary: a row's label and value fall inside slots
// that hold other rows on other pages, and the field whose values they
// are finds no slot that holds them consistently (no-slot). What the rows
// keep from page to page is their label. When, on most sample pages, the
// text node right before a field's instances is a label that is the
// field's own name ("Page Count" for page_count, as LabelAffinity's
// AffinityWhole; a label sharing only a word is too weak a key), written
// at one DOM path outside links and form controls, and the row after it is
// mostly an instance (rowInstance) and not the same text on nearly every
// page (labelKeyMaxSame), the field can be read by that label: on every
// page, the value is the row after the label (RowEnd), when the label
// stands there once, or more often with the same row after each copy.
// State.learnLabelKeys decides when (no slot, a slot that gives nothing,
// or a slot the labelled rows contradict) and keeps only rows inside the
// object's element.
//
// This is a rule, not a part of the score: its evidence is a label naming
// the field before its instances, not a slot's. Only the field's name is
// trusted, not a word it shares with the label, and only where the
// sample's values after the label are the field's instances.

// LabelKey is a field read by the label that names it (see above).
type LabelKey struct {
	Field string `json:"field"`
	// Label is the label's words (PageLabel) and Path the DOM path of its
	// text (Paths.String).
	Label []string `json:"label"`
	Path  string   `json:"path"`
	// Pages is the number of the Sample pages where the label stood at
	// Path (once, or with the same row after each copy), and Hits of
	// those the pages whose row holds an instance of the field's types
	// (annotated, or found by its pattern's recognizer).
	Pages  int `json:"pages"`
	Hits   int `json:"hits"`
	Sample int `json:"sample"`
}

// labelKeyMinShare is the least share of the sample pages on which the
// label must precede an instance of the field (as NamedLabel asks of a
// page label: a quarter of the sample).
const labelKeyMinShare = 0.25

// labelKeyMaxSame is the largest share of a label key's rows that may be
// one text: a label before the same text on (nearly) every page is a
// menu's or the template's ("Venues" before "This Weekend" in a search
// form's choices), not a row of the page's object.
const labelKeyMaxSame = 0.8

// maxCount returns the largest count of m.
func maxCount(m map[string]int) int {
	n := 0
	for _, c := range m {
		n = max(n, c)
	}
	return n
}

// inControl reports whether a label's DOM path ends in a link or a form
// control: a menu entry or a choice, not a row's label.
func inControl(path string) bool {
	last := path[strings.LastIndex(path, "/")+1:]
	if i := strings.IndexByte(last, '.'); i >= 0 {
		last = last[:i]
	}
	switch last {
	case "a", "option", "button", "select", "label", "input":
		return true
	}
	return false
}

// keyedRows calls f for every row of toks whose label (the text node right
// before the row's first text node, PageLabel) is no farther than
// LabelNearTags tags and is one that want wants: the label, its last
// word's token y and the row [x, end). f returns false to stop.
func keyedRows(toks []Token, want func(label []string, y int) bool, f func(label []string, y, x, end int) bool) {
	for x := range toks {
		if toks[x].Kind != KindWord || (x > 0 && toks[x-1].Kind == KindWord && toks[x-1].Node() == toks[x].Node()) {
			continue // not the first word of a text node
		}
		label, y := rowLabelAt(toks, 0, x)
		if y < 0 || !want(label, y) || labelGap(toks, x) > labelNearTags {
			continue
		}
		if !f(label, y, x, rowEnd(toks, y, x, len(toks))) {
			return
		}
	}
}

// LearnLabelKey returns the label key of field f (see above) on the
// sample pages' tokens, when one holds: the label naming f by its whole
// name, at one DOM path, before a row annotated with f's types on at
// least two pages and labelKeyMinShare of the sample, and on thres of the
// pages where it stands once at that path.
func LearnLabelKey(pages [][]Token, ps *Paths, f FieldSpec, thres float64) (LabelKey, bool) {
	type key struct {
		label string
		path  int32
	}
	r := patternRecognizer(f)
	isWhole := wholeName(f)
	whole := func(label []string, _ int) bool { return isWhole(label) }
	occ := map[key]int{}              // pages where the key stands once
	hits := map[key]int{}             // of those, pages whose row holds an instance
	texts := map[key]map[string]int{} // the hit rows' texts
	for _, toks := range pages {
		text := map[key]string{}
		hit := map[key]bool{}
		twice := map[key]bool{}
		keyedRows(toks, whole, func(label []string, y, x, end int) bool {
			k := key{strings.Join(label, " "), toks[y].Path}
			txt, _, _ := ValueText(toks, x, end)
			if t, ok := text[k]; ok {
				twice[k] = twice[k] || t != txt
				return true
			}
			text[k] = txt
			hit[k] = rowInstance(toks, x, end, txt, f, r)
			return true
		})
		for k := range text {
			if twice[k] {
				continue
			}
			occ[k]++
			if hit[k] {
				hits[k]++
				if texts[k] == nil {
					texts[k] = map[string]int{}
				}
				texts[k][text[k]]++
			}
		}
	}
	var best key
	bestN := 0
	for k, h := range hits {
		if inControl(ps.String(k.path)) || float64(maxCount(texts[k])) > labelKeyMaxSame*float64(h) {
			continue
		}
		if h > bestN || (h == bestN && (k.label < best.label || (k.label == best.label && k.path < best.path))) {
			best, bestN = k, h
		}
	}
	if bestN < 2 || float64(bestN) < labelKeyMinShare*float64(len(pages)) || float64(bestN) < thres*float64(occ[best]) {
		return LabelKey{}, false
	}
	return LabelKey{Field: f.Path, Label: strings.Fields(best.label), Path: ps.String(best.path), Pages: occ[best], Hits: bestN, Sample: len(pages)}, true
}

// rowInstance reports whether the row [x, end) of toks, of text txt, is
// mostly an instance of f's types: annotated words make at least half of
// its words, or the longest instance of f's pattern (r, when f has one)
// at least half of its text. A row that merely holds an instance is not
// enough: "Team: Scores, Schedule, Standings" in a menu holds a word a
// team dictionary knows.
func rowInstance(toks []Token, x, end int, txt string, f FieldSpec, r recognizers.Recognizer) bool {
	words, ann := 0, 0
	for z := x; z < end; z++ {
		if toks[z].Kind != KindWord || alnum(toks[z].Text()) == "" {
			continue
		}
		words++
		if anyOf(toks[z].AnnTypes(), f.Types) {
			ann++
		}
	}
	if words > 0 && 2*ann >= words {
		return true
	}
	if r == nil || txt == "" {
		return false
	}
	m, ok := longestMatch(r, txt)
	return ok && 2*(m[1]-m[0]) >= len(txt)
}

// KeyedRow returns the row [a, b) of toks after the label of k, whose text
// is at path (k.Path interned), when it stands there once, or more often
// with the same text after it (a copy of the rows, as a printable tab
// has); ok is false otherwise.
func KeyedRow(toks []Token, k LabelKey, path int32) (a, b int, ok bool) {
	a = -1
	first := ""
	ok = true
	want := func(label []string, y int) bool { return toks[y].Path == path && slices.Equal(label, k.Label) }
	keyedRows(toks, want, func(_ []string, _, x, end int) bool {
		txt, _, _ := ValueText(toks, x, end)
		if a < 0 {
			a, b, first = x, end, txt
			return true
		}
		ok = txt == first
		return ok
	})
	return a, b, ok && a >= 0
}

// NoteReadByLabel: a single field of a detail page is read after a
// label that is its whole name (LearnLabelKey) rather than from the slot
// the score chose, whose sample values differed from the labelled rows'
// on most pages: "Publisher: Jove Books" on every page while the slot held
// the author after "by". Not a doubt: the note says where the values come
// from and why.
const noteReadByLabel = "read-by-label"

// LabelKeys returns the fields the wrapper reads by their label rather
// than from a slot.
func (w *State) LabelKeys() []LabelKey { return w.Keyed }

// LearnLabelKeys sets w.keyed for the single root entity fields of a
// wrapper of one object per page that have a label key
// (mapping.LearnLabelKey) whose rows lie in the object's element
// (keyedValue) on GeneraliseThres of the sample pages where the key is
// found, and
//
//   - no slot: the field is read by its label;
//   - a slot whose sample values are the labelled rows' where both are
//     found: the label is read on the pages where the slot gives nothing;
//   - a slot that reads no label naming it and whose sample values differ
//     from the labelled rows' on at least half of the sample pages where
//     both are found (and two): the slot is likely another field's (the
//     author after "by" for a publisher whose pattern matches names); the
//     field is read by its label instead, and a NoteReadByLabel says so.
//
// Fields the user pinned (pins.go) keep what the pin says.
func (w *State) LearnLabelKeys(pages []*annotate.Page) {
	if w.Records != nil || w.Scope >= 0 {
		return
	}
	slotOf := map[string][]SlotMap{}
	for _, sm := range w.SlotMaps {
		slotOf[sm.Field] = append(slotOf[sm.Field], sm)
	}
	pinned := map[string]bool{}
	for _, p := range w.Options.Pins {
		pinned[p.Field] = true
	}
	var toks [][]Token
	var objs [][]*Object
	drop := map[string]bool{}
	for _, f := range w.FieldSpecs {
		if f.Tuple || f.Many || f.Parent != "" || pinned[f.Path] || w.pageField(f.Path) || len(f.Types) == 0 || len(f.Attrs) > 0 {
			continue
		}
		sms := slotOf[f.Path]
		named := slices.ContainsFunc(sms, func(sm SlotMap) bool { return w.readsNamingLabel(sm, f) })
		if toks == nil {
			toks = make([][]Token, len(pages))
			objs = make([][]*Object, len(pages))
			for i, p := range pages {
				toks[i] = Tokenize(p, w.Paths)
				objs[i], _ = w.matchPage(p, toks[i])
			}
		}
		k, ok := LearnLabelKey(toks, w.Paths, f, w.Options.GeneraliseThres)
		if !ok {
			continue
		}
		keyed, both, differ, read, row := w.keyAgreement(toks, objs, f, k)
		if keyed < 2 || float64(keyed) < w.Options.GeneraliseThres*float64(k.Hits) {
			continue // the rows lie outside the object's element (a sidebar's)
		}
		if len(sms) > 0 {
			switch {
			case differ == 0:
				// The label fills in where the slot gives nothing.
			case !named && differ >= 2 && 2*differ >= both:
				drop[f.Path] = true
				w.keyNotes = append(w.keyNotes, Note{Kind: noteReadByLabel, Field: f.Path, Message: fmt.Sprintf(
					"field %s is read after its label %q (e.g. %q), not from slot %d: on %d of the %d sample pages where both are found the slot held another text (e.g. %q), likely another field's",
					f.Path, strings.Join(k.Label, " "), row, sms[0].Slot, differ, both, read)})
			default:
				continue
			}
		}
		w.Keyed = append(w.Keyed, k)
	}
	if len(drop) > 0 {
		kept := w.SlotMaps[:0]
		for _, sm := range w.SlotMaps {
			if drop[sm.Field] {
				if sm.Slot < len(w.Template.Slots) {
					w.Template.Slots[sm.Slot].Field, w.Template.Slots[sm.Slot].EntityType = "", ""
				}
				continue
			}
			kept = append(kept, sm)
		}
		w.SlotMaps = kept
		w.Link()
	}
	w.InternKeys()
}

// readsNamingLabel reports whether sm reads its field after a label (a
// page label, a row's or an item's) that names it.
func (w *State) readsNamingLabel(sm SlotMap, f FieldSpec) bool {
	for _, l := range [][]string{sm.Label, sm.Row, sm.ItemLabel} {
		if len(l) > 0 && labelAffinity(l, f) >= affinityName {
			return true
		}
	}
	return false
}

// keyAgreement compares, on the sample pages (their tokens and objects),
// field f's first value with the value read after label key k
// (keyedValue): the number of pages where the key gives a value, of
// those where the field has one too, of those where neither text holds
// the other, and the first such pair.
func (w *State) keyAgreement(toks [][]Token, objs [][]*Object, f FieldSpec, k LabelKey) (keyed, both, differ int, read, row string) {
	path := w.Paths.Parse(k.Path)
	for i := range toks {
		if len(objs[i]) == 0 {
			continue
		}
		kv, ok := w.keyedValue(toks[i], objs[i][0], f, k, path)
		if !ok {
			continue
		}
		keyed++
		fl := objs[i][0].Field(f.Name)
		if fl == nil || len(fl.Values) == 0 {
			continue
		}
		v := fl.Values[0].Text
		both++
		if !strings.Contains(kv.Text, v) && !strings.Contains(v, kv.Text) {
			differ++
			if read == "" {
				read, row = v, kv.Text
			}
		}
	}
	return keyed, both, differ, read, row
}

// readKeyed adds to o the values of the fields read by their label that
// the page gives (keyedValue), in the SOD's order of fields.
func (w *State) readKeyed(toks []Token, o *Object) {
	added := false
	for i, k := range w.Keyed {
		f := w.fieldSpec(k.Field)
		if f == nil || o.Field(k.Field) != nil || i >= len(w.keyPath) {
			continue
		}
		if v, ok := w.keyedValue(toks, o, *f, k, w.keyPath[i]); ok {
			o.Fields = append(o.Fields, Field{Name: f.Name, Values: []Value{v}})
			added = true
		}
	}
	if added {
		order := func(name string) int {
			return slices.IndexFunc(w.FieldSpecs, func(f FieldSpec) bool { return f.Parent == "" && f.Name == name })
		}
		slices.SortStableFunc(o.Fields, func(x, y Field) int { return order(x.Name) - order(y.Name) })
	}
}

// keyedValue reads field f after its label key k (its label's DOM path
// interned as path) on a page of tokens toks whose object o holds the
// template's fields: the row's value, when the page has the row and the
// row lies in the object's element (objectElement), not in a sidebar.
func (w *State) keyedValue(toks []Token, o *Object, f FieldSpec, k LabelKey, path int32) (Value, bool) {
	if path < 0 {
		return Value{}, false
	}
	a, b, ok := KeyedRow(toks, k, path)
	if !ok {
		return Value{}, false
	}
	sm := &SlotMap{Slot: -1, Field: k.Field, Type: f.Types[0], Share: float64(k.Hits) / float64(max(k.Pages, 1)),
		Coverage: float64(k.Pages) / float64(max(k.Sample, 1)), Validate: true, Row: k.Label}
	v, ok := w.value(toks, a, b, sm, f)
	if !ok {
		return Value{}, false
	}
	if el := objectElement(o, f.Name); el != "" && v.Path != el && !strings.HasPrefix(v.Path, el+"/") {
		return Value{}, false
	}
	return v, true
}

// objectElement returns the DOM path of the element that holds the values
// of o's single root fields other than name: the deepest element holding
// them all, or, for one field, its value's element's grandparent (a
// heading's section); "" when o has no such value.
func objectElement(o *Object, name string) string {
	var common []string
	n := 0
	for _, fl := range o.Fields {
		if fl.Name == name || fl.Many || fl.Tuple || len(fl.Values) == 0 || fl.Values[0].Path == "" {
			continue
		}
		steps := strings.Split(fl.Values[0].Path, "/")
		if n == 0 {
			common = steps
		} else {
			i := 0
			for i < len(common) && i < len(steps) && common[i] == steps[i] {
				i++
			}
			common = common[:i]
		}
		n++
	}
	if n == 1 {
		common = common[:max(len(common)-2, 0)]
	}
	return strings.Join(common, "/")
}

// labelNotes returns the notes of the fields learnLabelKeys moved from a
// slot to their label (NoteReadByLabel).
func (w *State) labelNotes() []Note { return w.keyNotes }

// InternKeys resolves the label keys' DOM paths in w's path table (before
// it is frozen when a wrapper is loaded).
func (w *State) InternKeys() {
	w.keyPath = make([]int32, len(w.Keyed))
	for i, k := range w.Keyed {
		w.keyPath[i] = w.Paths.Parse(k.Path)
	}
}

// labelKey is a row label's key: its words lower-cased and joined by
// "_", a "/" between two names written "_" too, since keys become steps
// of paths ("div.@college_univ").
func labelKey(t string) string {
	// ASCII text in one pass and one copy: the words between white space
	// and "/", lower-cased, joined by "_".
	var arr [maxLabelBytes]byte // a label is short (rowKeyText, labelOf): no copy but the result
	buf := arr[:0]
	sep := false
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= utf8.RuneSelf:
			return strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(t, "/", " ")), "_"))
		case c == ' ' || c == '/' || '\t' <= c && c <= '\r':
			sep = len(buf) > 0
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		if sep {
			buf = append(buf, '_')
			sep = false
		}
		buf = append(buf, c)
	}
	return string(buf)
}

// colonValues reports whether element k, of the tag of a row's label
// element whose text first ends with ":", is one more value of that
// label rather than the next label of a list: its own text does not
// end with ":" ("<span>No.:</span> <span>41</span> | <span>Point
// Guard</span>": one row, the number and the position its values).
func colonValues(first, k *html.Node) bool {
	if first == nil || !strings.HasSuffix(strings.TrimSpace(first.Data), ":") {
		return false
	}
	t := onlyText(k)
	return t == nil || !strings.HasSuffix(strings.TrimSpace(t.Data), ":")
}
