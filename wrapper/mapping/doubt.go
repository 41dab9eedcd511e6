package mapping

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
	"golang.org/x/net/html"
)

// Doubts: signals, measured on the annotated sample when a wrapper is
// learned, that a field's values are often wrong though its slot is well
// annotated. Each gives a Note (and so a diagnostic naming the field) and
// lowers the confidence of every value of the field (Evidence.Doubt,
// Confidence): measured on zoo seeds, fields with one of these notes are
// wrong far more often than the others (docs/trust.md).
//
//   - constant-value: the field has the same text on every sample object
//     (ConstantMin or more): template text such as a link label
//     ("Tickets", "Overview"), not data.
//   - ragged-value: on RaggedShare of the sample values or more (two at
//     least), a value ends on an opening bracket or holds more opening
//     than closing ones ("Harbor Light Group ("): the value is cut in the
//     wrong place.
//   - run-on (single fields whose values are not cut to a recognizer's
//     instance, FieldSpec.Delimited, and whose slot no other field
//     shares: a set's items follow one another, a shared slot holds the
//     other field's value after the field's): on RaggedShare of the sample values or more (two at least),
//     a value holding an instance of the field's type goes on, after a
//     comma, semicolon or dash, with words outside it ("…, WI 53790,
//     Reservations"), or holds an instance of another field's type after
//     its own: the value runs into the next text.
//   - in-link-text: on half of the sample values or more (two at least),
//     the value is a part of a link's text two words longer at least
//     ("Compare the 2011 BMW Z4 against similar models"): a link that
//     mentions a value is navigation, and may not hold the field's own.
//   - cut-value (weak): a field whose values are cut to its recognizer's
//     instance (FieldSpec.Delimited) takes, on RaggedShare of its sample
//     values or more (two at least), an instance that splits a word
//     ("EE Developer" of "J2EE Developer"; also a mark of its own glued
//     to its end, "6'10" of "6'10'") or that the same phrase goes on
//     after or before, past a space only, with text that differs between
//     the sample values ("3.0L" of "3.0L Gas I6, 335 HP", "3.0L Gas V6,
//     230 HP"; "Trading Developer" of "C#/C++ Trading Developer"):
//     the pattern may take only a part of the value. Left alone: a rest
//     that is constant (a label without a colon, "MSRP $61,550"), unless
//     the node holds another instance of the field after it ("17 mpg" of
//     "17 mpg City, 24 mpg Hwy"); a rest that opens with a lower-case word
//     (a complement or a unit: "Fri, Feb 11 at 7:00 pm", "278 lbs") or,
//     before the instance, a lower-case word or a bare number ("No. 52
//     Goalkeeper": a jersey number); a
//     rest holding an instance of any type, another value ("16 Center",
//     a jersey and a position; "429,95 € Reg. 534,44 €"). Those three
//     were measured on zoo seeds 1-100, where the values were right.
//     A comma after the instance ends its phrase, but one more phrase
//     after it that ends the node, with a capitalised word and no
//     instance ("3.0L Gas I6" of "3.0L Gas I6, 335 HP"; "17 mpg City" of
//     "17 mpg City, 28 mpg Hwy"), counts as the phrase going on; a bare
//     number or a lower-case unit there ("6-2, 141 lbs") does not.
//     The values are the SOD's instances, so they are kept: on the real
//     dev sites with newcomer SODs they were wrong against SWDE's truth
//     (the whole phrase) at confidence 1 and without a diagnostic.
//   - lead-number: a dictionary field's slot drops a number that opens its
//     values (SlotMap.LeadNum, leadnum.go): whether it belongs to the
//     value ("2011 BMW Z4") is a guess.
//   - outside-object: on a detail page, a set field's items (or a
//     patterned single field's values) lie outside the smallest element
//     holding the other single fields' values on at least half of the
//     sample pages (three at least): they may be a sidebar's. Single name
//     fields are left out: outside the others' element they are mostly
//     the object's name in a header.
//   - same-as-field: two single fields have the same first value, from
//     different text nodes, on at least half of the sample objects where
//     both have one (two at least): one reads the other's place. Both are
//     named.
//   - missed-values: on a detail page, a field not cut to a recognizer's
//     instance has no value on MissedShare of the sample pages (two at
//     least) though a text node wholly of its type, no other field's
//     value, lies in the object's element.

// Thresholds of the doubt notes.
const (
	// ConstantMin: a constant-value note needs this many sample objects
	// with a value.
	ConstantMin = 3
	// RaggedShare: ragged-value and run-on notes need this share of the
	// field's sample values.
	RaggedShare = 0.3
	// MissedShare: a missed-values note needs this share of the sample
	// objects with a region.
	MissedShare = 0.25
	// DoubtConfidence caps the confidence of the values of a field with a
	// doubt note (Evidence.Confidence): on zoo seeds 6000-6199, 903 of the
	// 2,052 values of such fields were right (docs/trust.md).
	DoubtConfidence = 0.5
	// WeakDoubtConfidence caps it instead for the notes whose fields'
	// values were mostly right (weakDoubts): 205 of 243 (missed-values)
	// and 510 of 542 (other-type) on seeds 6000-6199, all on seeds 1-100.
	WeakDoubtConfidence = 0.8
)

// weakDoubts are the doubt kinds capped at WeakDoubtConfidence.
var weakDoubts = []string{NoteMissed, NoteOtherType, NoteCut, NoteSplit}

// doubtCap returns the highest confidence a value of a field with the
// doubt kinds may have (1 without any).
func doubtCap(kinds []string) float64 {
	c := 1.0
	for _, k := range kinds {
		if slices.Contains(weakDoubts, k) {
			c = min(c, WeakDoubtConfidence)
		} else {
			c = min(c, DoubtConfidence)
		}
	}
	return c
}

// Kinds of the doubt notes (besides those of notes.go).
const (
	NoteConstant     = "constant-value"
	NoteRagged       = "ragged-value"
	NoteRunOn        = "run-on"
	NoteLeadNumber   = "lead-number"
	NoteSetElsewhere = "outside-object"
	NoteMissed       = "missed-values"
	NoteSameAs       = "same-as-field"
	NoteInLink       = "in-link-text"
	NoteCut          = "cut-value"
)

// doubtKinds are the note kinds that lower the confidence of their
// field's values (Evidence.Doubt).
var doubtKinds = []string{NoteConstant, NoteRagged, NoteRunOn, NoteLeadNumber, NoteSetElsewhere, NoteMissed, NoteSameAs, NoteInLink, NoteCut, NoteOtherType, NoteMultiplicity, NoteAbstained,
	NoteLeadItem, NoteWeakSlot, NoteCloseRival, NoteRecordsElsewhere, NoteNoLetter, NoteMerged, NoteLabelOther, NoteClassOther,
	NoteLabelInValue, NoteMergedItems, NoteLabelVariant, NoteLabelVaries, NoteInAside,
	NoteForeignLabel, NotePartItems, NoteInOther, NoteLabelInside, NoteLabelOnly, NoteCutInside, NoteCutLine, NoteLabelValue, NoteSplit, NoteSharedEmpty}

// Delimited reports whether the field's values are cut to its
// recognizer's instance at extraction: a regex, or a predefined
// recognizer that delimits its instances (not a partial one, such as
// addresses).
func (f FieldSpec) Delimited() bool {
	return f.Regex != nil || f.Predefined != "" && recognizers.Delimits(f.Predefined)
}

// raggedText reports whether a value's text ends on an opening bracket
// or opens more brackets than it closes.
func raggedText(txt string) bool {
	t := strings.TrimSpace(txt)
	if t == "" {
		return false
	}
	if strings.ContainsRune("([{", rune(t[len(t)-1])) {
		return true
	}
	open := strings.Count(t, "(") + strings.Count(t, "[")
	return open > strings.Count(t, ")")+strings.Count(t, "]")
}

// runOn reports whether the tokens [a, b), holding an instance of types,
// go on after its last one with a separator and then a word outside every
// instance, or with an instance of another type (a name type anywhere, a
// patterned one as its node's whole text).
func runOn(toks []Token, a, b int, types []string, patterned map[string]bool) bool {
	own := func(x int) bool {
		return slices.ContainsFunc(toks[x].Ann(), func(an *annotate.Annotation) bool { return slices.Contains(types, an.Type) })
	}
	last := -1
	for x := a; x < b; x++ {
		if own(x) {
			last = x
		}
	}
	if last < 0 {
		return false
	}
	sep := false
	for x := last + 1; x < b; x++ {
		t := &toks[x]
		if t.Kind != KindWord || own(x) {
			continue
		}
		for _, an := range t.Ann() {
			if !slices.Contains(types, an.Type) && (an.Whole || !patterned[an.Type]) {
				return true
			}
		}
		switch {
		case strings.ContainsAny(t.Text(), ",;\u2013\u2014|") && !hasLetter(t.Text()):
			sep = true
		case sep && hasLetter(t.Text()):
			return true
		}
	}
	return false
}

// objectTally is what placeTally needs of one sample object: each
// field's values' text nodes and its first value's text.
type objectTally struct {
	At    map[string][]*html.Node
	First map[string]string
}

// Add records a value of field path, tokens [a, b).
func (ob *objectTally) Add(path string, toks []Token, a, b int) {
	if n := toks[a].Node(); n != nil {
		ob.At[path] = append(ob.At[path], n)
	}
	if _, ok := ob.First[path]; !ok {
		ob.First[path] = wordsText(toks, a, b)
	}
}

// regionOf returns the smallest element holding the values of the single
// fields of ob other than those of skip, when two fields at least have
// values and it is not the page's body; nil otherwise.
func regionOf(fields []FieldSpec, ob *objectTally, skip ...string) *html.Node {
	var region *html.Node
	singles := 0
	for _, f := range fields {
		if f.Many || slices.Contains(skip, f.Path) || len(ob.At[f.Path]) == 0 {
			continue
		}
		for _, n := range ob.At[f.Path] {
			if region == nil {
				region = n.Parent
			} else if c := commonAncestor(region, n); c != nil {
				region = c
			}
		}
		singles++
	}
	if singles < 2 || region == nil || region.Type != html.ElementNode || region.Data == "body" || region.Data == "html" {
		return nil
	}
	return region
}

// outside reports whether most of the text nodes ns lie outside region.
func outside(ns []*html.Node, region *html.Node) bool {
	out := 0
	for _, n := range ns {
		if !holds(region, n) {
			out++
		}
	}
	return 2*out > len(ns)
}

// wordsText is the text of the word tokens [a, b), space-separated.
func wordsText(toks []Token, a, b int) string {
	var ws []string
	for x := a; x < b; x++ {
		if toks[x].Kind == KindWord {
			ws = append(ws, toks[x].Text())
		}
	}
	return strings.Join(ws, " ")
}

// hasLetter reports whether s holds a letter.
func hasLetter(s string) bool {
	return strings.ContainsFunc(s, unicode.IsLetter)
}

// doubtsOf maps each field of notes to the kinds of its doubt notes.
func doubtsOf(notes []Note) map[string][]string {
	var m map[string][]string
	for _, n := range notes {
		if n.Field == "" || !slices.Contains(doubtKinds, n.Kind) {
			continue
		}
		if m == nil {
			m = map[string][]string{}
		}
		if !slices.Contains(m[n.Field], n.Kind) {
			m[n.Field] = append(m[n.Field], n.Kind)
		}
	}
	for _, ks := range m {
		slices.Sort(ks)
	}
	return m
}

// trustnotes.go

// doubtTally is what the doubt notes count over a field's sample objects.
type doubtTally struct {
	// first is the first value's text of the object being counted,
	// constant the text every object had so far, varied whether two
	// objects differed.
	first, Constant string
	Varied          bool
	// ragged and runOn count the values of those notes, with an example.
	Ragged, RunOn     int
	raggedEx, runOnEx string
	// shared says the field's slot is shared with another field.
	shared bool
	// inLink counts the values mentioned in a longer link text, with an
	// example link text.
	inLink   int
	inLinkEx string
	// cut counts the values whose instance splits a word (cutMid) or
	// goes on in its phrase (cutTail, cutHead: the text after, before it
	// to the phrase's end, distinct, up to two; cutMore: those whose node
	// holds another instance after it), with an example node text.
	cut, cutMid, cutMore int
	cutTail, cutHead     []string
	cutEx                string
	// inside and outside count the sample objects whose set items lie
	// inside, outside the single fields' element (placeTally).
	Inside, Outside int
	outsideEx       string
	// regions counts the sample objects with a region, missed those of
	// them where the field has no value though its type is annotated in
	// the region (missedEx: one such text).
	Regions, Missed int
	missedEx        string
	// both counts, by other single field, the sample objects where both
	// have a value; same those where their first values are one text.
	Both, Same map[string]int
}

// value counts one sample value of field f, tokens [a, b) (patterned:
// the types of patterned fields).
func (d *doubtTally) value(f FieldSpec, toks []Token, a, b int, patterned map[string]bool) {
	txt := wordsText(toks, a, b)
	if d.first == "" {
		d.first = txt
	}
	if raggedText(txt) {
		d.Ragged++
		if d.raggedEx == "" {
			d.raggedEx = txt
		}
	}
	if lt := linkText(toks[a].Node()); lt != "" && len(strings.Fields(lt)) >= len(strings.Fields(txt))+2 {
		d.inLink++
		if d.inLinkEx == "" {
			d.inLinkEx = lt
		}
	}
	if f.Delimited() {
		d.cutValue(f, toks, a, b)
	}
	if !f.Many && !d.shared && !f.Delimited() && runOn(toks, a, b, f.Types, patterned) {
		d.RunOn++
		if d.runOnEx == "" {
			d.runOnEx = txt
		}
	}
}

// cutValue counts the value [a, b) of a delimited field when the first
// instance of its types there splits a word, or when its phrase (its text
// node to the nearest , ; : |) goes on after or before it past spaces
// only, with a word that opens with a capital or a digit (a lower-case
// word opens a complement, "at 7:00 pm", "in Austin, TX", or a unit; before
// it, the last word must hold a letter and not be lower-case) and no
// instance of any type (that would be another value, "16 Center",
// "429,95 € Reg. 534,44 €").
func (d *doubtTally) cutValue(f FieldSpec, toks []Token, a, b int) {
	var an *annotate.Annotation
	for x := a; x < b && an == nil; x++ {
		for _, y := range toks[x].Ann() {
			if slices.Contains(f.Types, y.Type) && y.Node != nil && y.Node.Type == html.TextNode {
				an = y
				break
			}
		}
	}
	if an == nil || an.Start < 0 || an.End > len(an.Node.Data) || an.Start >= an.End {
		return
	}
	// The node's other annotations, any type.
	lo := a
	for lo > 0 && toks[lo-1].Node() == an.Node {
		lo--
	}
	var others []*annotate.Annotation
	for x := lo; x < len(toks) && (x < b || toks[x].Node() == an.Node); x++ {
		for _, y := range toks[x].Ann() {
			if y != an && y.Node == an.Node && !slices.Contains(others, y) {
				others = append(others, y)
			}
		}
	}
	free := func(s, e int) bool { // no other instance within [s, e)
		return !slices.ContainsFunc(others, func(y *annotate.Annotation) bool { return y.Start < e && y.End > s })
	}
	data := an.Node.Data
	alnum := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	opens := func(r rune) bool { return unicode.IsUpper(r) || unicode.IsDigit(r) }
	first, _ := utf8.DecodeRuneInString(data[an.Start:an.End])
	last, _ := utf8.DecodeLastRuneInString(data[an.Start:an.End])
	before, _ := utf8.DecodeLastRuneInString(data[:an.Start])
	after, _ := utf8.DecodeRuneInString(data[an.End:])
	mid := an.Start > 0 && alnum(before) && alnum(first) || an.End < len(data) && alnum(after) && alnum(last)
	// A mark glued to the instance's end that the instance itself uses
	// ("6'10" of "6'10'": the pattern stops before the last inch mark)
	// splits the value's token as a letter would; a phrase separator or a
	// sentence's end (".", ")") does not.
	mid = mid || an.End < len(data) && !alnum(after) && !unicode.IsSpace(after) &&
		!strings.ContainsRune(phraseSeps+".!?)]}", after) && strings.ContainsRune(data[an.Start:an.End], after)
	tail, head := "", ""
	if rest := data[an.End:]; !mid && rest != "" && unicode.IsSpace(after) {
		r := strings.TrimLeftFunc(rest, unicode.IsSpace)
		if i := strings.IndexAny(r, phraseSeps); i >= 0 {
			r = r[:i]
		}
		end := len(data) - len(strings.TrimLeftFunc(rest, unicode.IsSpace)) + len(r) // r's end in data
		if c, _ := utf8.DecodeRuneInString(r); r != "" && opens(c) && free(an.End, end) {
			tail = strings.Join(strings.Fields(r), " ")
		}
	}
	// A comma right after the instance, then one more phrase that ends
	// the node ("3.0L Gas I6, 335 HP"; "17 mpg City, 28 mpg Hwy"): the
	// phrase the pattern left goes on past the comma, opening with a
	// capital or a digit, holding a word that opens with a capital, and
	// no instance of any type (a field's value after the comma,
	// "Bellweather House, 2/10/2011" with a date field, is another
	// value). A bare number or a number and a lower-case unit ("6' 7",
	// 194", "6-2, 141 lbs": a height, then a weight the SOD does not ask
	// for) is another datum, as a lower-case rest is in the phrase
	// (zoo seeds 1-100: the heights were right).
	if rest := data[an.End:]; !mid && tail == "" && strings.HasPrefix(rest, ", ") {
		r := strings.TrimSpace(rest[1:])
		c, _ := utf8.DecodeRuneInString(r)
		capital := slices.ContainsFunc(strings.Fields(r), func(w string) bool { return unicode.IsUpper([]rune(w)[0]) })
		if r != "" && !strings.ContainsAny(r, phraseSeps) && opens(c) && capital && free(an.End, len(data)) {
			tail = strings.Join(strings.Fields(r), " ")
		}
	}
	if lead := data[:an.Start]; !mid && lead != "" && unicode.IsSpace(before) {
		h := strings.TrimRightFunc(lead, unicode.IsSpace)
		start := 0
		if i := strings.LastIndexAny(h, phraseSeps); i >= 0 {
			start = i + 1
		}
		w := strings.Fields(h[start:])
		if c, _ := utf8.DecodeLastRuneInString(h); len(w) > 0 && !strings.ContainsRune(phraseSeps+"([{-\u2013\u2014", c) && free(start, an.Start) {
			// A lower-case word before it ("born", "by") or a bare
			// number ("No. 52 Goalkeeper": a jersey number, a count)
			// is another datum or a label, not the value's start.
			if lw := w[len(w)-1]; !unicode.IsLower([]rune(lw)[0]) && hasLetter(lw) {
				head = strings.Join(w, " ")
			}
		}
	}
	if !mid && tail == "" && head == "" {
		return
	}
	more := slices.ContainsFunc(others, func(y *annotate.Annotation) bool { // another instance of the field later in the node
		return y.Start >= an.End && slices.Contains(f.Types, y.Type)
	})
	if more {
		d.cutMore++
	}
	d.cut++
	if mid {
		d.cutMid++
	}
	if tail != "" && len(d.cutTail) < 2 && !slices.Contains(d.cutTail, tail) {
		d.cutTail = append(d.cutTail, tail)
	}
	if head != "" && len(d.cutHead) < 2 && !slices.Contains(d.cutHead, head) {
		d.cutHead = append(d.cutHead, head)
	}
	if d.cutEx == "" {
		d.cutEx = strings.Join(strings.Fields(data), " ")
	}
}

// phraseSeps end the phrase around an instance (cutValue).
const phraseSeps = ",;:|"

// linkText returns the text of the link (an a element, n or one of its
// three nearest ancestors) holding text node n, "" when there is none.
func linkText(n *html.Node) string {
	for e, up := n, 0; e != nil && up < 4; e, up = e.Parent, up+1 {
		if e.Type == html.ElementNode && e.Data == "a" {
			return strings.Join(strings.Fields(nodeText(e)), " ")
		}
	}
	return ""
}

// object closes the counts of one sample object with a value.
func (d *doubtTally) object() {
	switch {
	case d.first == "":
	case d.Constant == "":
		d.Constant = d.first
	case d.Constant != d.first:
		d.Varied = true
	}
	d.first = ""
}

// placeTally counts, on one sample object (ob) of page p, the single
// fields whose first value is another field's, and, on detail pages,
// whether each set field's items lie inside the smallest element holding
// the single fields' values (the region) and which fields have no value
// though their type is annotated inside the region.
func (w *State) placeTally(p *annotate.Page, fields []FieldSpec, ob *objectTally, tally map[string]*fieldTally) {
	for i, f := range fields {
		for _, g := range fields[i+1:] {
			if f.Many || g.Many || ob.First[f.Path] == "" || ob.First[g.Path] == "" {
				continue
			}
			for _, x := range []*fieldTally{tally[f.Path], tally[g.Path]} {
				if x.Both == nil {
					x.Both, x.Same = map[string]int{}, map[string]int{}
				}
			}
			tally[f.Path].Both[g.Path]++
			tally[g.Path].Both[f.Path]++
			if ob.First[f.Path] == ob.First[g.Path] && len(ob.At[f.Path]) > 0 && len(ob.At[g.Path]) > 0 && ob.At[f.Path][0] != ob.At[g.Path][0] {
				tally[f.Path].Same[g.Path]++
				tally[g.Path].Same[f.Path]++
			}
		}
	}
	if w.Records != nil || w.Scope >= 0 {
		return // list pages: records are placed by their pattern
	}
	region := regionOf(fields, ob)
	if region == nil {
		return
	}
	// The single patterned fields whose values lie outside the element
	// of the others (a price read from an ad): a set field's items are
	// weighed against the element of the single fields without them, or
	// an ad beside the object would widen it over the ad's own items.
	var astray []string
	for _, f := range fields {
		if f.Many || !f.Patterned() || len(ob.At[f.Path]) == 0 {
			continue
		}
		if own := regionOf(fields, ob, f.Path); own != nil && outside(ob.At[f.Path], own) {
			astray = append(astray, f.Path)
		}
	}
	taken := map[*html.Node]bool{} // the text nodes of the object's values
	for _, ns := range ob.At {
		for _, n := range ns {
			taken[n] = true
		}
	}
	for _, f := range fields {
		d := &tally[f.Path].doubtTally
		if len(ob.At[f.Path]) == 0 {
			d.Regions++
			for _, an := range p.Annotations {
				if an.Whole && !f.Delimited() && slices.Contains(f.Types, an.Type) && an.Node != nil && !taken[an.Node] && holds(region, an.Node) {
					d.Missed++
					if d.missedEx == "" {
						d.missedEx = strings.TrimSpace(an.Node.Data)
					}
					break
				}
			}
			continue
		}
		d.Regions++
		if !f.Many && !f.Patterned() {
			// Measured on zoo seeds: a single name field outside
			// the others' element is mostly the object's name in a
			// header above them, not a sidebar's value.
			continue
		}
		skip := []string{f.Path}
		if f.Many {
			skip = append(skip, astray...)
		}
		own := regionOf(fields, ob, skip...)
		if own == nil {
			continue
		}
		if outside(ob.At[f.Path], own) {
			d.Outside++
			if d.outsideEx == "" {
				d.outsideEx = strings.TrimSpace(ob.At[f.Path][0].Data)
			}
		} else {
			d.Inside++
		}
	}
}

// Notes returns field f's doubt notes (tl counted objs sample objects
// with a value; records: the objects are records of list pages; lead:
// the field's slot drops a leading number).
func (tl *fieldTally) Notes(f FieldSpec, records, lead bool) []Note {
	var out []Note
	d := &tl.doubtTally
	if !d.Varied && d.Constant != "" && tl.Objs >= ConstantMin {
		where := "sample page"
		if records {
			where = "sample record"
		}
		out = append(out, Note{Kind: NoteConstant, Field: f.Path, Message: fmt.Sprintf(
			"field %s has the same value %q on every one of the %d %ss with a value: it looks like template text (a label or a link), not data",
			f.Path, d.Constant, tl.Objs, where)})
	}
	if d.Ragged >= 2 && float64(d.Ragged) >= RaggedShare*float64(tl.Vals) {
		out = append(out, Note{Kind: NoteRagged, Field: f.Path, Message: fmt.Sprintf(
			"field %s: %d of its %d sample values open a bracket they do not close (e.g. %q): the value is cut in the wrong place",
			f.Path, d.Ragged, tl.Vals, d.raggedEx)})
	}
	if d.RunOn >= 2 && float64(d.RunOn) >= RaggedShare*float64(tl.Vals) {
		out = append(out, Note{Kind: NoteRunOn, Field: f.Path, Message: fmt.Sprintf(
			"field %s: %d of its %d sample values go on past their %s instance into other text (e.g. %q): values may hold the next text",
			f.Path, d.RunOn, tl.Vals, strings.Join(f.Types, "|"), d.runOnEx)})
	}
	if d.inLink >= 2 && 2*d.inLink >= tl.Vals {
		out = append(out, Note{Kind: NoteInLink, Field: f.Path, Message: fmt.Sprintf(
			"field %s: %d of its %d sample values are read from a longer link text (e.g. %q): a link that mentions a value (\"compare\", \"more by\") may not hold the field's own value",
			f.Path, d.inLink, tl.Vals, d.inLinkEx)})
	}
	if d.cut >= 2 && float64(d.cut) >= RaggedShare*float64(tl.Vals) && (d.cutMid >= 2 || d.cutMore >= 2 || len(d.cutTail) >= 2 || len(d.cutHead) >= 2) {
		out = append(out, Note{Kind: NoteCut, Field: f.Path, Message: fmt.Sprintf(
			"field %s: %d of its %d sample values are a part of a longer phrase that its pattern cuts (e.g. from %q): if the value is the whole phrase, widen the regex or declare whole_node",
			f.Path, d.cut, tl.Vals, d.cutEx)})
	}
	if lead && f.Dictionary {
		out = append(out, Note{Kind: NoteLeadNumber, Field: f.Path, Message: fmt.Sprintf(
			"field %s: its values are read without the number that opens their text (e.g. %q): if the number belongs to the value, declare whole_node",
			f.Path, d.constantOrFirst())})
	}
	if d.Outside >= 3 && d.Outside >= d.Inside {
		out = append(out, Note{Kind: NoteSetElsewhere, Field: f.Path, Message: fmt.Sprintf(
			"field %s: on %d of the %d sample pages its values (e.g. %q) lie outside the element that holds the object's other single fields: they may be a sidebar's or another object's",
			f.Path, d.Outside, d.Outside+d.Inside, d.outsideEx)})
	}
	if d.Missed >= 2 && float64(d.Missed) >= MissedShare*float64(d.Regions) {
		out = append(out, Note{Kind: NoteMissed, Field: f.Path, Message: fmt.Sprintf(
			"field %s has no value on %d of the %d sample pages, though its type %s is found there among the object's fields (e.g. %q): values are missed",
			f.Path, d.Missed, d.Regions, strings.Join(f.Types, "|"), d.missedEx)})
	}
	for _, g := range slices.Sorted(maps.Keys(d.Same)) {
		n := d.Same[g]
		if n < 2 || 2*n < d.Both[g] {
			continue
		}
		out = append(out, Note{Kind: NoteSameAs, Field: f.Path, Message: fmt.Sprintf(
			"field %s has the same value as field %s on %d of the %d sample objects where both have one (e.g. %q): one of them is read from the other's place",
			f.Path, g, n, d.Both[g], d.constantOrFirst())})
		break
	}
	return out
}

// constantOrFirst is an example value of the tally.
func (d *doubtTally) constantOrFirst() string { return d.Constant }

// LearnDoubts records, by field path, the doubt notes of the wrapper on
// its sample (Wrapper.doubt; Evidence.Doubt), in the wrapper and its
// page wrapper.
func (w *State) LearnDoubts(pages []*annotate.Page) {
	w.Doubt = doubtsOf(w.Notes(pages))
	w.Rival = w.rivalTerms() // rival.go
	if w.Page != nil {
		w.Page.Doubt = w.Doubt
		w.Page.Rival = w.Rival
	}
}

// Refuting doubts (issue 20: abstain rather than guess). Most doubt notes
// say a field's values may be wrong; these say, from the sample, that
// what its slot holds is not the field's value at all, and the field's
// values are left out at extraction (objectrunner.Config.KeepRefuted keeps
// them), with a diagnostic naming the field, its slot and why:
//
//   - no-letter: a field typed by names gives values without a letter (a
//     year, a price, an ISBN as an author);
//   - in-aside: the field alone is read from an aside (a sidebar, an ad)
//     while every other field is read from the object;
//   - label-in-value: the values open with one same label ("College:"):
//     the slot holds a labelled row, not the value alone.
//
// Measured on the zoo's development seeds 44000-44299 (docs/trust.md,
// "Abstention"): the fields with these notes held 280 values, none right;
// the other doubt kinds' fields hold right values too (same-as-field
// names both fields of a pair, one of them right; missed-values fields
// are mostly right) and only lower confidence.
var refutingDoubts = []string{NoteNoLetter, NoteInAside, NoteLabelInValue}

// Refuted returns the kinds of the field's doubt notes that refute its
// values (refutingDoubts): nil when none does.
func (e Evidence) Refuted() []string {
	var out []string
	for _, k := range e.Doubt {
		if slices.Contains(refutingDoubts, k) {
			out = append(out, k)
		}
	}
	return out
}
