package mapping

import (
	"fmt"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// Notes for fields that scored badly with no diagnostic on dev zoo seeds
// 32000-32199. Each is measured on the sample when the
// wrapper is learned, names its field and caps the confidence of its
// values (doubtKinds, doubt.go); none changes a value.
//
//   - label-in-value: a field's values open with the same short text
//     ending in a colon ("College: University of Ridgeway"): the row's
//     label is read as part of the value.
//   - merged-items: a set field's item joins two names with a
//     conjunction ("Jamal Hollis & Helena Blackwood") and one of them, by
//     itself, is an annotated instance of the field's type on the sample
//     pages while the whole item is not: two items were read as one.
//   - label-variant: a single field's slot was nominated by a label that
//     names it only in part ("ISBN10" for isbn, "List price" for
//     our_price), and a rival slot of the field, weighing at least half as
//     much, holds other values: the label may name a variant of the field
//     (another number, another price) and the rival the one meant.
//   - weak-slot also for set fields (trustnotes.go): a set's slot whose
//     annotations fall on one text and whose values repeat among a few
//     texts is a rotating heading ("Product details", "Specifications")
//     that the dictionary knows, not the object's list.

// Kinds of the notes of this file.
const (
	NoteLabelInValue = "label-in-value"
	NoteMergedItems  = "merged-items"
	NoteLabelVariant = "label-variant"
)

// labelInValueNotes gives a NoteLabelInValue for each root field not cut
// to its recognizer's instance (FieldSpec.Delimited: dictionary fields,
// addresses) when, among the values extracted from the sample pages, at
// least RaggedShare of them (two at least) open with one same text of one
// to three words with a letter that ends in a colon and is followed by
// more text ("College: University of Ridgeway"). A value that is the
// data has no such fixed opening; a row's label read with its value has.
// Measured on zoo seeds 32000-32199: a school field read as "College:
// …" on every page (F1 0), with no diagnostic.
func (w *State) labelInValueNotes(sample func() [][]*Object) []Note {
	tl := map[string]*headTally{}
	for _, f := range w.FieldSpecs {
		if !f.Tuple && f.Parent == "" && !f.Delimited() {
			tl[f.Path] = newHeadTally()
		}
	}
	if len(tl) == 0 {
		return nil
	}
	for _, objs := range sample() {
		for _, o := range objs {
			for _, fd := range o.Fields {
				t := tl[fd.Name]
				if t == nil || fd.Tuple {
					continue
				}
				for _, v := range fd.Values {
					if v.Text != "" {
						t.add(v.Text, colonHead(v.Text))
					}
				}
			}
		}
	}
	return w.headNotes(tl, NoteLabelInValue, "open with the same text %q (e.g. %q): a label is read as part of the value")
}

// headTally counts a field's sample values and the texts found in them
// that a note looks for (a row label's words: colonHead, insideLabel),
// with an example value of each.
type headTally struct {
	vals  int
	heads map[string]int
	ex    map[string]string
}

func newHeadTally() *headTally {
	return &headTally{heads: map[string]int{}, ex: map[string]string{}}
}

// add counts value text and the head found in it ("": none).
func (t *headTally) add(text, head string) {
	t.vals++
	if head == "" {
		return
	}
	t.heads[head]++
	if t.ex[head] == "" {
		t.ex[head] = text
	}
}

// headNotes gives a note of kind for each field of tl, in the SOD's order,
// whose most common head stands in at least RaggedShare of its values and
// in two at least; says is the message after the counts, with the head
// and an example value (%q, %q).
func (w *State) headNotes(tl map[string]*headTally, kind, says string) []Note {
	var out []Note
	for _, f := range w.FieldSpecs {
		t := tl[f.Path]
		if t == nil {
			continue
		}
		best, n := mostOther(t.heads)
		if n < 2 || float64(n) < RaggedShare*float64(t.vals) {
			continue
		}
		out = append(out, Note{Kind: kind, Field: f.Path, Message: fmt.Sprintf(
			"field %s: %d of its %d values on the sample pages "+says, f.Path, n, t.vals, best, t.ex[best])})
	}
	return out
}

// colonHead returns the lower-cased opening of txt up to and with a colon
// when it is one to three words with a letter and more text follows
// ("College:" of "College: University of Ridgeway"); "" otherwise.
func colonHead(txt string) string {
	i := strings.Index(txt, ":")
	if i <= 0 || strings.TrimSpace(txt[i+1:]) == "" {
		return ""
	}
	head := strings.TrimSpace(txt[:i])
	ws := strings.Fields(head)
	if len(ws) == 0 || len(ws) > 3 || !hasLetter(head) {
		return ""
	}
	return strings.ToLower(strings.Join(ws, " ")) + ":"
}

// mergedItemsNotes gives a NoteMergedItems for each root set field typed
// by names (not patterned) when, on a sample object or more, one of
// its extracted items joins two parts with a conjunction ("&", "and",
// "+", or " / ", or the item's one comma: joinedParts) and one part by itself is a text annotated with the field's types
// on the sample pages (or a value extracted alone for a field of those
// types, a headliner or another object's only item) while the whole item
// is not: the list's last
// separator was not learned and two items were read as one. A name that
// holds a conjunction ("Breakfast & Brunch") is annotated as a whole, or
// neither part is.
// Measured on zoo seeds 32000-32199: authors "A, B & C" and supporting
// acts "A; B & C" read as two items, with no diagnostic.
// A root single field typed by names gets the note too when two of its
// sample values or more are so joined (a conjunction only, no comma): a
// byline "A & B" for a field declared "1" (zoo seeds 18200-18599: an
// author field 0.68 with no diagnostic, the multiplicity note counting
// annotations of both names on too few objects).
func (w *State) mergedItemsNotes(pages []*annotate.Page, sample func() [][]*Object) []Note {
	fields, tl := noteTallies(w.FieldSpecs, func(f FieldSpec) bool { return !f.Tuple && f.Parent == "" && !f.Patterned() && len(f.Types) > 0 },
		func() *mergedTally { return &mergedTally{} })
	if len(fields) == 0 {
		return nil
	}
	known := map[string]map[string]bool{} // type -> annotated texts (normalised)
	for _, p := range pages {
		for _, an := range p.Annotations {
			if known[an.Type] == nil {
				known[an.Type] = map[string]bool{}
			}
			known[an.Type][normItem(an.Text())] = true
		}
	}
	isKnown := func(f FieldSpec, s string) bool {
		s = normItem(s)
		for _, t := range f.Types {
			if known[t][s] {
				return true
			}
		}
		return false
	}
	// The values extracted for the fields of those types are known too:
	// a name given alone on another sample object (a headliner, another
	// record's only item).
	for _, objs := range sample() {
		for _, o := range objs {
			for _, fd := range o.Fields {
				g := w.fieldSpec(fd.Name)
				if g == nil || g.Tuple || g.Patterned() {
					continue
				}
				for _, v := range fd.Values {
					if _, _, conj := joinedParts(v.Text, g.Many); conj {
						continue
					}
					for _, t := range g.Types {
						if known[t] == nil {
							known[t] = map[string]bool{}
						}
						known[t][normItem(v.Text)] = true
					}
				}
			}
		}
	}
	var out []Note
	for _, objs := range sample() {
		for _, o := range objs {
			for _, f := range fields {
				fd := o.Field(f.Path)
				if fd == nil || len(fd.Values) == 0 {
					continue
				}
				t := tl[f.Path]
				t.objs++
				for _, v := range fd.Values {
					a, b, ok := joinedParts(v.Text, f.Many)
					if !ok || isKnown(f, v.Text) || !isKnown(f, a) && !isKnown(f, b) {
						continue
					}
					t.merged++
					if t.ex == "" {
						t.ex = v.Text
					}
					break
				}
			}
		}
	}
	for _, f := range fields {
		t := tl[f.Path]
		if !f.Many {
			// A single field: two sample objects at least (a name
			// holding "&" whose first word is known by itself is
			// rare, twice rarer).
			if t.merged >= 2 {
				out = append(out, Note{Kind: NoteMergedItems, Field: f.Path, Message: fmt.Sprintf(
					"field %s is declared %q, but on %d of the %d sample objects with a value it joins two names with a conjunction, one of which is an instance of its type by itself (e.g. %q): the value may be two values (use \"+\"?)",
					f.Path, f.Mult, t.merged, t.objs, t.ex)})
			}
			continue
		}
		if t.merged < 1 {
			continue
		}
		out = append(out, Note{Kind: NoteMergedItems, Field: f.Path, Message: fmt.Sprintf(
			"set field %s: on %d of the %d sample objects with items an item joins two names with a conjunction, one of which is an instance of its type by itself (e.g. %q): two items may be read as one",
			f.Path, t.merged, t.objs, t.ex)})
	}
	return out
}

// mergedTally counts, for mergedItemsNotes, a field's sample objects with
// a value and those with a merged value, with an example.
type mergedTally struct {
	objs, merged int
	ex           string
}

// joinedParts is conjParts, and for a set's items (comma) also a split at
// the item's one comma ("Vegetarian, Tapas/Small Plates": the list's
// separator read as a part of one item).
func joinedParts(txt string, comma bool) (string, string, bool) {
	if a, b, ok := conjParts(txt); ok || !comma || strings.Count(txt, ",") != 1 {
		return a, b, ok
	}
	i := strings.Index(txt, ",")
	a, b := strings.TrimSpace(txt[:i]), strings.TrimSpace(txt[i+1:])
	if !capitalized(a) || !capitalized(b) {
		return "", "", false
	}
	return a, b, true
}

// capitalized reports whether s opens with an upper-case letter or a digit.
func capitalized(s string) bool {
	r := []rune(s)
	return len(r) > 0 && (r[0] >= 'A' && r[0] <= 'Z' || r[0] >= '0' && r[0] <= '9' || r[0] > 127 && strings.ToUpper(string(r[0])) == string(r[0]))
}

// conjParts splits txt at its one conjunction ("&", "and", "+" as a word
// of its own, or a slash between spaces: "A / B") into the texts before and after it, both non-empty and
// opening with an upper-case letter or a digit.
func conjParts(txt string) (string, string, bool) {
	ws := strings.Fields(txt)
	at := -1
	for i, w := range ws {
		if w == "&" || w == "and" || w == "+" || w == "/" {
			if at >= 0 {
				return "", "", false
			}
			at = i
		}
	}
	if at <= 0 || at >= len(ws)-1 {
		return "", "", false
	}
	a, b := strings.Join(ws[:at], " "), strings.Join(ws[at+1:], " ")
	if !capitalized(a) || !capitalized(b) {
		return "", "", false
	}
	return a, b, true
}

// normItem is s lower-cased with its spaces collapsed and its surrounding
// punctuation trimmed.
func normItem(s string) string {
	return strings.Trim(strings.ToLower(strings.Join(strings.Fields(s), " ")), " .,;:-|")
}

// labelVariantShare: a label-variant rival weighs at least this share of
// the chosen slot's score.
const labelVariantShare = 0.5

// labelVariantNotes gives a NoteLabelVariant for each single root field of
// a detail page whose chosen slot (weighed, not placed by a rule) keys on
// a label that names the field only in part, by a word of its name
// (labelAffinity affinityName: "ISBN10" for isbn, "List price" for
// our_price; a label naming only its kind or nothing is another matter) when a
// candidate slot of the field that it did not get (nor reads as a line or
// part of its value) weighs at least
// labelVariantShare of the chosen one's total and holds other values on
// at least half of the sample pages where both have one (two at least). A
// label that is the field's whole name is no doubt; a partial one may
// name a variant of the field (another number's kind, another price), and
// the rival may be the one meant.
// Measured on zoo seeds 32000-32199: isbn read after "ISBN10" where the
// "ISBN-13" row was meant (F1 0 on two templates), our_price after "List
// price".
func (w *State) labelVariantNotes() []Note {
	if w.Records != nil || w.Scope >= 0 {
		return nil
	}
	var out []Note
	for _, fe := range w.Explain {
		f := w.fieldSpec(fe.Field)
		if f == nil || f.Many || f.Tuple || f.Parent != "" {
			continue
		}
		win := fe.winner()
		if win == nil || win.Score.Basis == "rule" || win.Label == "" {
			continue
		}
		if a := labelAffinity(strings.Fields(strings.ToLower(win.Label)), *f); a != affinityName {
			continue
		}
		for _, c := range fe.Candidates {
			if c.Chosen || c.Score.Basis == "rule" || c.Total < labelVariantShare*win.Total || slices.Contains(fe.Slots, c.Slot) {
				continue
			}
			common, differ := compareSamples(win.Samples, c.Samples)
			if differ < 2 || 2*differ < common {
				continue
			}
			ex := firstSample(&c)
			how := "with no label"
			if c.Label != "" {
				how = fmt.Sprintf("after the label %q", c.Label)
			}
			out = append(out, Note{Kind: NoteLabelVariant, Field: fe.Field, Message: fmt.Sprintf(
				"field %s: its slot follows the label %q, which names the field only in part, and slot %d %s (score %s against %s, e.g. %q) holds other values on %d of %d sample pages: the label may name another kind of %s",
				fe.Field, win.Label, c.Slot, how, FmtFactor(c.Total), FmtFactor(win.Total), ex, differ, common, fe.Field)})
			break
		}
	}
	return out
}

// setWeakSlot reports, for a set field's chosen candidate, the weak-slot
// reason of trustnotes.go that applies to sets: its annotations fall on
// one text and its values repeat among a few texts.
func setWeakSlot(win *CandidateExplain) bool {
	return win != nil && win.Score.Basis != "rule" && win.Score.OneText < 1 && win.Score.Variation < 1
}

// winner is the chosen candidate of fe with the highest total, nil when
// none was chosen.
func (fe *FieldExplain) winner() *CandidateExplain {
	var win *CandidateExplain
	for i := range fe.Candidates {
		if c := &fe.Candidates[i]; c.Chosen && (win == nil || c.Total > win.Total) {
			win = c
		}
	}
	return win
}

// firstSample is the candidate's first sample value, "" when it has none.
func firstSample(c *CandidateExplain) string {
	if len(c.Samples) > 0 && len(c.Samples[0].Values) > 0 {
		return c.Samples[0].Values[0]
	}
	return ""
}

// NoteLabelVaries: a single field's values follow, from page to page,
// different row labels of the template ("Imprint" on some pages, "By" or
// "ISBN10" on others): the rows come in another order on each page and
// the slot reads whichever row falls at its place.
const NoteLabelVaries = "label-varies"

// labelVariesNotes gives a NoteLabelVaries for each root single field
// when, over its sample objects with a value, the row label right before
// its first value (pageLabel, at most labelNearTags tags away, a text node
// of its own outside links, a label in form: a dt, th or label element or
// a text ending with a colon) takes two texts or more that each recur
// (on two objects at least), the recurring ones stand before half of the
// values or more, and the most frequent one before fewer than two thirds
// of the labelled values. A field read after its own label has one label;
// a field with no label follows another value, whose texts do not recur
// as labels. Measured on zoo seeds 32000-32199: a publisher read from a
// shuffled <dl> (the author after "By", an ISBN after "ISBN10", …) with
// no diagnostic.
func (w *State) labelVariesNotes(pages []*annotate.Page) []Note {
	slotsOf := map[string][]int{}
	for _, sm := range w.SlotMaps {
		slotsOf[sm.Field] = append(slotsOf[sm.Field], sm.Slot)
	}
	type tally struct {
		objs   int
		labels map[string]int
	}
	fields, tl := noteTallies(w.FieldSpecs, func(f FieldSpec) bool { return !(f.Tuple || f.Many || f.Parent != "" || len(slotsOf[f.Path]) == 0) },
		func() *tally { return &tally{labels: map[string]int{}} })
	if len(fields) == 0 {
		return nil
	}
	for _, p := range pages {
		w.sampleScopes(p, func(toks []Token, r *mrec) {
			for _, f := range fields {
				first := -1
				Collect(r, -1, func(v sval) {
					if first >= 0 || !slices.Contains(slotsOf[f.Path], v.Slot) {
						return
					}
					if _, a, b := ValueText(toks, v.A, v.B); a < b {
						first = a
					}
				})
				if first < 0 {
					continue
				}
				t := tl[f.Path]
				t.objs++
				if l := formLabel(toks, first); l != "" {
					t.labels[l]++
				}
			}
		})
	}
	var out []Note
	for _, f := range fields {
		t := tl[f.Path]
		names := labelsVary(t.objs, t.labels)
		if names == nil {
			continue
		}
		out = append(out, Note{Kind: NoteLabelVaries, Field: f.Path, Message: fmt.Sprintf(
			"field %s: on the %d sample objects with a value, its value follows different row labels (%s): the rows change order from page to page and its slot reads whichever row falls there",
			f.Path, t.objs, strings.Join(names, ", "))})
	}
	return out
}

// labelsVary returns the recurring labels (sorted) when the labels before
// a field's values on objs sample objects (labels: how many objects each
// text preceded) vary as labelVariesNotes says; nil otherwise.
func labelsVary(objs int, labels map[string]int) []string {
	covered, top, labelled := 0, 0, 0
	var names []string
	for l, c := range labels {
		labelled += c
		top = max(top, c)
		if c >= 2 {
			covered += c
			names = append(names, l)
		}
	}
	if len(names) < 2 || 2*covered < objs || 3*top >= 2*labelled {
		return nil
	}
	slices.Sort(names)
	return names
}

// formLabel returns the page label right before token x (pageLabel) when
// it is a row label in form: at most labelNearTags tags away, a text node
// of its own outside links, in a dt, th or label element, or an element
// whose class has the word "label" (labelClass: `<b class="label">Fax</b>`),
// or ending with a colon; "" otherwise.
func formLabel(toks []Token, x int) string {
	y, label := nearLabel(toks, x)
	if y < 0 || !labelForm(toks[y].Node()) || len(label) == 0 {
		return ""
	}
	return strings.Join(label, " ")
}

// nearLabel returns the position of the last word of the page label right
// before token x and the label (pageLabel) when the label is a text of its
// own near x: at most labelNearTags tags away, not in a link (a
// breadcrumb's "Teams"), and not in x's text node (a second field of a
// row's node, "Date: June 22 at 10pm", follows the row's label too); -1
// and nil otherwise.
func nearLabel(toks []Token, x int) (int, []string) {
	if gap := labelGap(toks, x); gap < 0 || gap > labelNearTags {
		return -1, nil
	}
	y := wordBefore(toks, x)
	if y < 0 || toks[y].Node() == nil || linkText(toks[y].Node()) != "" || (toks[x].Node() != nil && toks[y].Node() == toks[x].Node()) {
		return -1, nil
	}
	return y, pageLabel(toks, x)
}

// labelForm reports whether text node n is written as a row label: it ends
// with a colon, or it stands in a dt, th or label element, or an element
// whose class has the word "label" (labelClass), at most two levels up.
func labelForm(n *html.Node) bool {
	if strings.HasSuffix(strings.TrimSpace(n.Data), ":") {
		return true
	}
	for e, up := n.Parent, 0; e != nil && up < 2; e, up = e.Parent, up+1 {
		if e.Type == html.ElementNode && (e.Data == "dt" || e.Data == "th" || e.Data == "label" || labelClass(e)) {
			return true
		}
	}
	return false
}

// NoteLabelValue: a field's value is, on some sample objects, a row label
// itself or opens with one (labelForm: "Translated by" in <div
// class="label">): the field's own row is missing on those pages and its
// slot reads the neighbouring row. A value is never written as a label.
const NoteLabelValue = "label-as-value"

// labelValueShare: label-as-value counts when its label opens the values
// of this share of the sample objects with a value or more: on seeds
// 1-100 a band's name in a list's th row header recurred on 4 of 183
// records (2 %); the rows missing on dev seeds were 20 % of the pages.
const labelValueShare = 0.1

// labelValueNotes gives a NoteLabelValue for each field, root or nested,
// not cut to its recognizer's instance (a delimited field's slot may hold
// its row's label, which the instance leaves out), whose first value opens, on two sample objects or more, with a text
// node that is a row label (labelForm): the label alone, or the label and
// the rows after it ("Translated by, Jasper Larkspur, …"). Measured on zoo seeds 18200-18599: a
// publisher read as "Translated by" on the pages without a publisher row
// (F1 0.81, no diagnostic).
func (w *State) labelValueNotes(pages []*annotate.Page) []Note {
	slotsOf, has := w.slotFields(), w.mappedFields()
	type tally struct {
		objs   int
		labels map[string]int // label text -> objects whose value it opens
	}
	fields, tl := noteTallies(w.FieldSpecs, func(f FieldSpec) bool { return !f.Tuple && !f.Delimited() && has[f.Path] },
		func() *tally { return &tally{labels: map[string]int{}} })
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
				n := toks[rs[0][0]].Node()
				if n == nil || n.Type != html.TextNode || !labelForm(n) {
					continue
				}
				t.labels[strings.Join(strings.Fields(n.Data), " ")]++
			}
		})
	}
	var out []Note
	for _, f := range fields {
		t := tl[f.Path]
		if ex, n := mostOther(t.labels); n >= 2 && float64(n) >= labelValueShare*float64(t.objs) {
			out = append(out, Note{Kind: NoteLabelValue, Field: f.Path, Message: fmt.Sprintf(
				"field %s: on %d of its %d sample objects with a value, its value is or opens with the row label %q: its own row may be missing there and the slot read the next row",
				f.Path, n, t.objs, ex)})
		}
	}
	return out
}

// labelClass reports whether element e's class has the word "label"
// ("label", "field-label", "row_label"): the common way of marking a row
// label without a label element.
func labelClass(e *html.Node) bool {
	for _, a := range e.Attr {
		if a.Key != "class" {
			continue
		}
		for _, w := range strings.FieldsFunc(strings.ToLower(a.Val), func(r rune) bool { return r == ' ' || r == '-' || r == '_' }) {
			if w == "label" {
				return true
			}
		}
	}
	return false
}

// NoteInAside: a field's values lie, on most sample objects, in an aside
// of the page (an <aside> element, or an element whose id or class says
// sidebar, advertisement, sponsored, promo or related) while the object's
// other fields' values do not: they are likely another object's (an ad's
// product name, a recommendation's price).
const NoteInAside = "in-aside"

// asideWords are the words of an id or class that mark a page's aside:
// the common names of sidebars, ads and recommendation boxes.
var asideWords = []string{"aside", "sidebar", "advert", "advertisement", "ad", "ads", "sponsored", "promo", "related", "recommended", "recommendations"}

// inAside reports whether text node n lies in an aside element (see
// NoteInAside).
func inAside(n *html.Node) bool {
	for e := n.Parent; e != nil; e = e.Parent {
		if e.Type != html.ElementNode {
			continue
		}
		if e.Data == "aside" {
			return true
		}
		for _, a := range e.Attr {
			if a.Key != "class" && a.Key != "id" {
				continue
			}
			for _, w := range strings.FieldsFunc(strings.ToLower(a.Val), func(r rune) bool { return r == ' ' || r == '-' || r == '_' }) {
				if slices.Contains(asideWords, w) {
					return true
				}
			}
		}
	}
	return false
}

// inAsideNotes gives a NoteInAside for each root field whose first value
// lies in an aside (inAside) on half of its sample objects with a value
// or more (two at least), when the SOD's other root fields with values
// lie in one on fewer than half of theirs (one such field at least): the
// object's own fields are elsewhere. Measured on zoo seeds 32000-32199: a
// product's title read from the sidebar's ad on every page (F1 0, no
// diagnostic), the locality factor's region being drawn by that very
// title and the brand.
func (w *State) inAsideNotes(pages []*annotate.Page) []Note {
	slotsOf := map[string][]int{}
	for _, sm := range w.SlotMaps {
		slotsOf[sm.Field] = append(slotsOf[sm.Field], sm.Slot)
	}
	var fields []FieldSpec
	for _, f := range w.FieldSpecs {
		if !f.Tuple && f.Parent == "" && len(slotsOf[f.Path]) > 0 {
			fields = append(fields, f)
		}
	}
	if len(fields) < 2 {
		return nil
	}
	objs, aside := map[string]int{}, map[string]int{}
	ex := map[string]string{}
	for _, p := range pages {
		w.sampleScopes(p, func(toks []Token, r *mrec) {
			for _, f := range fields {
				var first *html.Node
				Collect(r, -1, func(v sval) {
					if first != nil || !slices.Contains(slotsOf[f.Path], v.Slot) {
						return
					}
					if _, a, b := ValueText(toks, v.A, v.B); a < b {
						first = toks[a].Node()
					}
				})
				if first == nil {
					continue
				}
				objs[f.Path]++
				if inAside(first) {
					aside[f.Path]++
					if ex[f.Path] == "" {
						ex[f.Path] = strings.TrimSpace(first.Data)
					}
				}
			}
		})
	}
	return asideNotes(fields, objs, aside, ex)
}

// asideNotes decides inAsideNotes' notes from the counts of sample
// objects with a value (objs) and with it in an aside (aside), by field.
func asideNotes(fields []FieldSpec, objs, aside map[string]int, ex map[string]string) []Note {
	in := func(f FieldSpec) bool { return aside[f.Path] >= 2 && 2*aside[f.Path] >= objs[f.Path] }
	var out []Note
	for _, f := range fields {
		if !in(f) {
			continue
		}
		others := 0
		for _, g := range fields {
			if g.Path == f.Path || objs[g.Path] == 0 {
				continue
			}
			if 2*aside[g.Path] >= objs[g.Path] {
				others = -1
				break
			}
			others++
		}
		if others <= 0 {
			continue
		}
		out = append(out, Note{Kind: NoteInAside, Field: f.Path, Message: fmt.Sprintf(
			"field %s: on %d of the %d sample objects with a value its value (e.g. %q) lies in a sidebar, ad or related-items box, while the object's other fields do not: it may be another object's",
			f.Path, aside[f.Path], objs[f.Path], ex[f.Path])})
	}
	return out
}
