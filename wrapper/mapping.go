package wrapper

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"golang.org/x/net/html"
)

// StopError reports that induction stopped early because the source cannot
// meet the SOD (seed ObjectRunner, §3.3): Type names the entity type that
// could not be placed.
type StopError struct {
	// Reason says, readably, why the SOD cannot be met.
	Reason string
	// Type is the entity type (or "a|b" alternatives) that could not be
	// placed; empty when the stop is not about one type.
	Type string
}

// Error prints the reason, prefixed with the type.
func (e *StopError) Error() string {
	if e.Type != "" {
		return fmt.Sprintf("wrapper: stopped early: type %q: %s", e.Type, e.Reason)
	}
	return "wrapper: stopped early: " + e.Reason
}

// FieldSpec is one SOD field the wrapper extracts.
type FieldSpec struct {
	// Path is the field name, or "parent.name" for a field of a nested tuple.
	Path string `json:"path"`
	// Name is the field's own name; Parent the nested tuple field it belongs
	// to ("" at the root).
	Name   string `json:"name"`
	Parent string `json:"parent,omitempty"`
	// Types are the entity type names whose annotations count for the field
	// (the type, or the alternatives of a disjunction).
	Types []string `json:"types,omitempty"`
	// Mult is the field's multiplicity in SOD syntax.
	Mult string `json:"mult"`
	// Many and Optional are derived from Mult.
	Many     bool `json:"many"`
	Optional bool `json:"optional"`
	// Tuple marks a nested tuple field (its values are objects).
	Tuple bool `json:"tuple,omitempty"`
	// WholeNode prefers slots whose values are whole DOM text nodes.
	WholeNode bool `json:"whole_node,omitempty"`
	// Set is the template set whose iterations are the field's nested
	// objects (Tuple fields only; -1 when unknown).
	Set int `json:"set"`
	// Predefined names the field's predefined recognizer ("date", "isbn13",
	// …) when its type is recognised by one: extraction then keeps only
	// values in which that recognizer finds an instance and fills
	// Value.Normalized from it. Empty for dictionary and regex types and
	// for disjunctions.
	Predefined string `json:"predefined,omitempty"`
	// Regex is the user's regular expression when the field's type is
	// recognised by one: like a predefined recognizer, it delimits and
	// validates the field's values.
	Regex *RegexSpec `json:"regex,omitempty"`
	// Dictionary marks a field whose type is recognised by a dictionary:
	// an open-ended name, whose value is the slot's variable text rather
	// than what a pattern delimits (see extend.go).
	Dictionary bool `json:"dictionary,omitempty"`
	// Class is the dictionary class of a dictionary field ("brand" for a
	// field "make"): a word a label may use for it.
	Class string `json:"class,omitempty"`
	// Page marks a page-scope field (SOD scope = "page"): its value is
	// found once per page, by the page wrapper (Wrapper.PageWrapper), and
	// copied into every object of the page.
	Page bool `json:"page,omitempty"`
	// Attrs are the HTML attributes the field's types read (sod.Type.Attr),
	// if any: their values are tokens of the page (attr.go).
	Attrs []string `json:"attrs,omitempty"`
}

// SlotMap says which SOD field a template slot holds and how sure we are.
type SlotMap struct {
	Slot  int    `json:"slot"`
	Field string `json:"field"`
	Type  string `json:"type"`
	// Share is the share of the field's types among the slot's annotated
	// sample values; Coverage the share of its sample values annotated with
	// them.
	Share    float64 `json:"share"`
	Coverage float64 `json:"coverage"`
	// Seps are runs of words between tags that separate the items of a set
	// field's values ("and" between two links): unannotated runs seen on
	// two pages or more of the sample.
	Seps []string `json:"seps,omitempty"`
	// SepWords split a run of text into items ("A, B and C"): unannotated
	// words seen between annotated words of one text node on two pages or
	// more, and the punctuation "&", "/" or "+" seen between two annotated
	// items (across tags) on two pages or more, or between an annotated
	// item and a capitalised word of its text node on two pages or more
	// (as short lower-case words; in record mode also refineSets); without
	// that evidence those characters are part of a value ("Grosset &
	// Dunlap").
	SepWords []string `json:"sep_words,omitempty"`
	// Keep holds items the sample's annotations showed whole across one
	// of SepWords ("Breakfast & Brunch" where "&" separates cuisines):
	// no cut inside them (sepalone.go).
	Keep []string `json:"keep,omitempty"`
	// Run says the slot's sample values never contain tags: on a page
	// whose template text after the slot is missing, the value is cut at
	// the first tag.
	Run bool `json:"run,omitempty"`
	// Cut, when set, keeps one segment of the value: values are split at
	// tags and at separators such as "-", "|", "(" and the annotations of
	// the sample fell in segment Index counted from the left (or from the
	// right when FromRight).
	Cut *Cut `json:"cut,omitempty"`
	// Label, when set, is the template label naming the field right before
	// the slot (slotLabelRuns, lower-cased words): the slot was chosen for
	// it, so a page where those words are not right before the value (the
	// labelled row is absent and the matcher skipped its text) gives no
	// value.
	Label []string `json:"label,omitempty"`
	// Validate says the field's predefined recognizer (FieldSpec.Predefined)
	// found an instance in at least GeneraliseThres of the slot's sample
	// values: at extraction a value in which it finds none is dropped (a
	// row of another kind that took the slot's place). A recognizer that
	// misses many of the sample's values (a loose format such as
	// addresses) does not validate.
	Validate bool `json:"validate,omitempty"`
	// Valid is the share of the slot's sample values in which the field's
	// predefined recognizer finds an instance (fields with one only): a low
	// share says the slot mostly holds something else.
	Valid float64 `json:"valid,omitempty"`
	// CutAt, when set, holds separators (";", "(") at the first of which
	// the slot's values are cut, keeping what comes before: in
	// GeneraliseThres of the sample's values the rest after one of them
	// held another field's instance ("Hachette; 2nd edition (June 1,
	// 2010)" for a publisher; each separator seen so twice or more), so
	// values are cut there also where the rest holds none ("Hachette;
	// 2nd edition").
	CutAt []string `json:"cut_at,omitempty"`
	// Lead says the slot's values run on past the field's instance, over
	// tags, and only their first run of words (up to the first tag) is
	// the value: it was mapped on the annotations of those first runs.
	Lead bool `json:"lead,omitempty"`
	// Join says a value of a single field goes on in the next slot, the
	// following line of the same element ("3410 Valencia St<br>Seattle, WA
	// 98128"): the next slot's value, separated by line-break or inline
	// tags only, is appended after ", " (see join.go).
	Join bool `json:"join,omitempty"`
	// JoinPrev says the same of the previous slot: the value continues a
	// line before it ("12270 Inwood<br>Dallas, TX 75219" with the city
	// line in the field's slot); that line is prepended.
	JoinPrev bool `json:"join_prev,omitempty"`
	// Match says the value is the longest instance of the field's pattern
	// in the slot's text (a validating slot of a patterned field: see
	// share.go).
	Match bool `json:"match,omitempty"`
	// Part says the field shares the slot with another field, whose
	// instance it leaves out (see share.go).
	Part bool `json:"part,omitempty"`
	// Lines says the slot is inside a set whose iterations on a page are
	// the lines of one value of a single field, written as an element
	// each ("<div>11874 Main Street</div><div>New Orleans, LA
	// 70149</div>"): they are joined with ", ".
	Lines bool `json:"lines,omitempty"`
	// Block says the value is the variable text of its block element
	// around the slot's value (the lines and parts of an address written
	// "<span>4672 Ludlow</span><br><span>Portland</span>, <span>OR</span>"):
	// see join.go.
	Block bool `json:"block,omitempty"`
	// Item says the value is the first item of the slot's value (split at
	// tags and separators; see patternItems) that is, as a whole, an instance of the field's
	// pattern: rows of several kinds that ExAlg left in one slot (see
	// share.go). For a field without pattern, the value is the first run
	// of words (between tags) after ItemLabel, less other fields'
	// instances (rowitems.go).
	Item bool `json:"item,omitempty"`
	// ItemLabel, with Item, is the label (lower-cased words) before most
	// of the sample's items: only an item it precedes is taken.
	ItemLabel []string `json:"item_label,omitempty"`
	// Extend says the value goes on to the end of its text node, over
	// constant words and unmapped slots (see extend.go).
	Extend bool `json:"extend,omitempty"`
	// LeadNum: a dictionary field's values open with a number its
	// annotations leave out ("80 F" for a position); the value starts
	// after it (leadnum.go).
	LeadNum bool `json:"lead_num,omitempty"`
	// Row, when set, is the label of the field's row among label-value
	// rows in varying order: the value is the text after it, up to the
	// next label, in the values of the slots RowSlots (see rows.go).
	Row      []string `json:"row,omitempty"`
	RowSlots []int    `json:"row_slots,omitempty"`
	// NA holds the site's placeholders for a missing value ("N/A", "Not
	// available"), never a value of the field (see placeholder.go; universal markers such as "N/A" are in missing.go).
	NA []string `json:"na,omitempty"`
	// Own lists the DOM occurrence paths where the first words of the
	// slot's sample values sat and no other slot's words did: a value
	// found there on a page whose template text around another slot is
	// missing is this slot's (see ownpaths.go).
	Own []string `json:"own,omitempty"`
	// Outside: on a detail page, the slot lies outside the object's
	// region and was taken because the region holds no candidate of the
	// field (locality.go): the values may be another object's.
	Outside bool `json:"outside,omitempty"`
}

// sodFields flattens the SOD's root tuple into field specs.
func sodFields(s *sod.SOD) []FieldSpec {
	var out []FieldSpec
	var add func(parent string, t *sod.Type)
	add = func(parent string, t *sod.Type) {
		if t == nil || t.Kind != sod.Tuple {
			return
		}
		for _, f := range t.Fields {
			fs := FieldSpec{Name: f.Name, Path: f.Name, Parent: parent, Mult: f.Mult.String(),
				Many: f.Mult.Many(), Optional: f.Mult.Optional(), Set: -1}
			if parent != "" {
				fs.Path = parent + "." + f.Name
			}
			switch f.Type.Kind {
			case sod.Tuple:
				fs.Tuple = true
				out = append(out, fs)
				if parent == "" {
					add(f.Name, f.Type)
				}
				continue
			case sod.Disjunction:
				for _, a := range f.Type.Alternatives {
					fs.Types = append(fs.Types, a.Name)
					fs.WholeNode = fs.WholeNode || a.WholeNode
					fs.Attrs = addAttr(fs.Attrs, a) // attr.go
				}
			default:
				fs.Types = []string{f.Type.Name}
				fs.WholeNode = f.Type.WholeNode
				fs.Predefined = predefinedName(f.Type)
				fs.Dictionary = f.Type.Recognizer != nil && f.Type.Recognizer.Kind == sod.Dictionary
				if fs.Dictionary {
					fs.Class = f.Type.Recognizer.Class
				}
				fs.Regex = regexSpec(f.Type)
				fs.Attrs = addAttr(fs.Attrs, f.Type)
			}
			out = append(out, fs)
		}
	}
	if s.Root != nil && s.Root.Kind == sod.Entity {
		out = append(out, FieldSpec{Name: s.Root.Name, Path: s.Root.Name, Types: []string{s.Root.Name}, Mult: "1", Set: -1, WholeNode: s.Root.WholeNode,
			Predefined: predefinedName(s.Root), Attrs: addAttr(nil, s.Root)})
		return out
	}
	add("", s.Root)
	return out
}

// RegexSpec is a field's regular-expression recognizer, as the SOD gives it.
type RegexSpec struct {
	Pattern    string        `json:"pattern"`
	IgnoreCase bool          `json:"ignore_case,omitempty"`
	Timeout    time.Duration `json:"timeout,omitempty"`
}

// regexSpec returns t's regular expression, or nil.
func regexSpec(t *sod.Type) *RegexSpec {
	if t == nil || t.Recognizer == nil || t.Recognizer.Kind != sod.Regex {
		return nil
	}
	r := t.Recognizer
	return &RegexSpec{Pattern: r.Pattern, IgnoreCase: r.IgnoreCase, Timeout: r.Timeout}
}

// delimited reports whether the field's pattern finds whole values: a
// regular expression, or a predefined recognizer that is not partial
// (addresses are: recognizers.Info.Partial).
func (f FieldSpec) delimited() bool {
	return f.Regex != nil || (f.Predefined != "" && recognizers.Delimits(f.Predefined))
}

// Patterned reports whether the field's values are delimited by a pattern
// (a predefined recognizer or a regular expression) rather than being
// open-ended names.
func (f FieldSpec) Patterned() bool { return f.Predefined != "" || f.Regex != nil }

// predefinedName returns the name of t's predefined recognizer, or "".
func predefinedName(t *sod.Type) string {
	if t == nil || t.Recognizer == nil || t.Recognizer.Kind != sod.Predefined {
		return ""
	}
	return t.Recognizer.Name
}

// slotStats are the annotation statistics of one slot over the sample.
type slotStats struct {
	occ    int            // non-empty values
	annOcc int            // values with any annotation
	whole  int            // values that are whole text nodes
	types  map[string]int // values annotated with each type
	// typeConf sums, per type, the best confidence of the type's
	// annotations in the values counted in types.
	typeConf map[string]float64
	runs     map[string]map[int]bool
	runAnn   map[string]bool
	// sepWord: unannotated words found between annotated words of a value
	// (pages seen); annWord: words annotated somewhere in the slot.
	sepWord map[string]map[int]bool
	annWord map[string]bool
	// sepHalf: short lower-case words between an annotated word and a
	// capitalised one of one text node (pages seen).
	sepHalf map[string]map[int]bool
	// Segment statistics per type: values cut into several segments where
	// the type's annotations fall inside one segment, counted by its index
	// from the left and from the right.
	segN       map[string]int
	segL, segR map[string]map[int]int
	// segX counts, per type, the values where its segment is apart from
	// the rest for a reason (see explainedCut).
	segX   map[string]int
	values map[string]int // distinct values and their counts
	tagged int            // values with tags inside
	// broken counts the values with a line break or a block element's
	// edge inside (lineBreak): page parts rather than one line's fields.
	broken int
	some   map[string]int // values where the type covers some words
	// itemTypes counts, per type, the values of which some item (split
	// as a set's value is: at tags and separator punctuation) is an
	// instance of the type; itemAnnOcc the values with an item that is
	// an instance of some type (see itemCounts).
	itemTypes  map[string]int
	itemAnnOcc int
	itemConf   map[string]float64 // best confidences of the values in itemTypes
	// only counts the values mainly annotated with one type and no other;
	// typeSets the values mainly annotated, by their set of types (sorted,
	// joined by "\x00"): two fields over one dictionary class annotate a
	// value with both their types.
	only     map[string]int
	typeSets map[string]int
	// perPage counts the non-empty values on each sample page; somePages
	// the pages where a type covers some words of a value.
	perPage   map[int]int
	somePages map[string]map[int]bool
	// firstVal holds each sample page's first value (see copySlots).
	firstVal map[int]string
	// pageVals holds each sample page's first values (maxPageVals; the
	// review's samples and the pins' examples, review.go).
	pageVals map[int][]string
	// lead counts, per type, the values with tags inside whose first run
	// of words (up to the first tag) is an instance of the type; leadOcc
	// the values with tags inside and a non-empty first run.
	lead    map[string]int
	leadOcc int
	leadAnn int // first runs that are instances of some type
	// leadSep: lower-case unannotated words of first runs next to an
	// annotated word, with words on both sides (pages seen).
	leadSep map[string]map[int]bool
	// labVals holds, by page label (pageLabel: the words right before a
	// value on the page, joined by spaces), the values it precedes and
	// their counts; labPages the pages where it preceded a value.
	labVals  map[string]map[string]int
	labPages map[string]map[int]bool
	// labAnn counts, by page label and type, the values it precedes that
	// are instances of the type (see learnedLabel).
	labAnn map[string]map[string]int
	// labTyped counts, by page label and type, the values before which
	// the label's words are all an instance of the type (valuelabel.go).
	labTyped map[string]map[string]int
	// wordPaths holds the occurrence paths of the values' words,
	// firstPaths counts the values by the path of their first word
	// (ownpaths.go).
	wordPaths  map[int32]bool
	firstPaths map[int32]int
	// labEnt holds, by page label and type, the pages where the type
	// knows the label's words as a whole (labelvalue.go).
	labEnt map[string]map[string]map[int]bool
	// cutAt counts, by "separator\x00field path", the values that
	// otherCut cuts at that separator for another field's instance.
	cutAt map[string]int
	// inTitle counts the values, outside <head>, that the page's <title>
	// contains: the page's own object, not a sidebar's.
	inTitle int
	// rows holds each sample page's first labelled value's row
	// (rowplace.go).
	rows map[int]rowOf
	// typeVals holds, per type, the distinct values counted in types.
	typeVals map[string]map[string]bool
	// rest holds, per patterned type, the statistics of the values' words
	// outside its instances (restslots.go).
	rest map[string]*restStats
	// labRuns holds the runs of words after each page label inside
	// values of several runs (rowitems.go).
	labRuns map[string]*labRun
	// someVals counts, per type, the values some of whose words it
	// annotates, by text (see novelty).
	someVals map[string]map[string]int
	// itemInst counts, by field path, the values of several items (split
	// at tags and separators) one of which is wholly an instance of the
	// field's pattern: "Chinese · $$$" for a price range (see learnParts).
	itemInst map[string]int
	// itemLab counts, by field path and page label (pageLabel, joined by
	// spaces), the items counted in itemInst that the label precedes.
	itemLab map[string]map[string]int
	// wholeInst counts, by field path, the values that are wholly one
	// instance of the field's pattern (wholeinst.go).
	wholeInst map[string]int
	// full counts, per type, the values whose every word the type's
	// annotations cover (partslots.go).
	full map[string]int
	// annRecs holds, per type, the (pseudo-)pages with a value counted in
	// types (recmin.go).
	annRecs map[string]map[int]bool
	// nodes holds, per sample page, the node of the first word of the
	// slot's first value (locality.go).
	nodes map[int]*html.Node
	// labFar counts, by page label, the values it preceded from far
	// (labelnear.go).
	labFar map[string]int
}

// pageTitle returns the lower-cased text of the page's <title>, "" when
// it has none (the tokenizer skips <head>: the title is read from the
// page's tree).
func pageTitle(toks []token) string {
	var root *html.Node
	for i := range toks {
		if n := toks[i].Node; n != nil {
			for root = n; root.Parent != nil; root = root.Parent {
			}
			break
		}
	}
	if root == nil {
		return ""
	}
	var find func(n *html.Node) string
	find = func(n *html.Node) string {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			switch c.Data {
			case "title":
				var sb strings.Builder
				for t := c.FirstChild; t != nil; t = t.NextSibling {
					if t.Type == html.TextNode {
						sb.WriteString(t.Data)
					}
				}
				return strings.Join(strings.Fields(strings.ToLower(sb.String())), " ")
			case "html", "head":
				if t := find(c); t != "" {
					return t
				}
			}
		}
		return ""
	}
	return find(root)
}

// inHead reports whether node n is inside the page's <head>.
func inHead(n *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n.Type == html.ElementNode && n.Data == "head" {
			return true
		}
	}
	return false
}

// leadPenalty scales the score of a slot mapped on the first runs of its
// values (SlotMap.Lead): weaker evidence than whole values.
const leadPenalty = 0.5

func (st *slotStats) leadCount(types []string) int {
	n := 0
	for _, t := range types {
		n += st.lead[t]
	}
	return n
}

// leadShare is the share of types among the first runs that are instances
// of some type.
func (st *slotStats) leadShare(types []string) float64 {
	if st.leadAnn == 0 {
		return 0
	}
	return float64(st.leadCount(types)) / float64(st.leadAnn)
}

// maxLines bounds the iterations per page of a set whose iterations are
// the lines of one value.
const maxLines = 4

// joinsLines reports whether a slot inside a set holds, on the sample
// pages, the lines of one value of single field f: one to maxLines values
// a page, on at least half of the pages, and nearly every one an
// instance of f's types.
func joinsLines(st *slotStats, f FieldSpec, nPages int) bool {
	if st.occ == 0 || 2*len(st.perPage) < nPages || f.Many {
		return false
	}
	for _, n := range st.perPage {
		if n > maxLines {
			return false
		}
	}
	return float64(st.count(f.Types)) >= 0.9*float64(st.occ)
}

// otherLabelRow reports whether slot s is another row of field f than
// slots: after a template label of its own where they have another
// ("Fax" where the phone's slot has "Tel", side by side or not), or
// none, in the same sets, while s's label does not name f ("Fax" where
// the phone stands after an icon; not a sidebar's unlabelled slot, which
// a row of the object's own outranks).
func otherLabelRow(labels [][]string, sets [][]int, slots []int, s int, f FieldSpec) bool {
	if len(labels[s]) == 0 {
		return false
	}
	for _, t := range slots {
		if slices.Equal(labels[t], labels[s]) {
			return false
		}
		if (t == s-1 || t == s+1) && len(labels[t]) == 0 {
			// Next to an unlabelled slot: a line of its value. Two
			// labels of their own are two rows, even side by side
			// ("Phone", then an optional "Fax").
			return false
		}
		if len(labels[t]) == 0 && (!slices.Equal(sets[t], sets[s]) || labelAffinity(labels[s], f) != affinityNone) {
			return false
		}
	}
	return true
}

// otherRowLabel reports whether a page label other than label precedes
// the slot's values on a quarter of the nPages sample pages or more (and
// two): the iterations are rows of several kinds ("Our price:", "MSRP:"),
// not the lines of one value, whose later lines follow the previous
// line's varying text.
func otherRowLabel(st *slotStats, label string, nPages int) bool {
	// A previous line is a value of the slot: its words are no label.
	lines := map[string]bool{}
	for v := range st.values {
		var ws []string
		for _, w := range strings.Fields(v) {
			if a := alnum(w); a != "" {
				ws = append(ws, a)
			}
		}
		lines[strings.Join(ws[max(0, len(ws)-4):], " ")] = true
	}
	for k, pgs := range st.labPages {
		if k != label && !lines[k] && len(pgs) >= max(2, nPages/4) {
			return true
		}
	}
	return false
}

// nestedSingle reports whether f is a single field of a single nested
// tuple (location = {address, phone} with mult "1" or "?"): one value per
// object, like a single field of the root.
func nestedSingle(fields []FieldSpec, f FieldSpec) bool {
	if f.Parent == "" || f.Many {
		return false
	}
	i := indexOf(fields, f.Parent)
	return i >= 0 && !fields[i].Many
}

// aloneInSet reports whether slot s is the only slot of the iterations of
// its innermost set: each iteration is one line, not a record (a carousel
// of other books, each with its title and date).
func aloneInSet(sets [][]int, s int) bool {
	if len(sets[s]) == 0 {
		return false
	}
	in := sets[s][len(sets[s])-1]
	for o, ss := range sets {
		if o != s && slices.Contains(ss, in) {
			return false
		}
	}
	return true
}

// capitalNeighbour reports whether the word next to token x, inside text
// node n and tokens [a, b), on the side opposite the annotated one
// (annotatedBefore says which), starts with a capital letter.
func capitalNeighbour(toks []token, x, a, b int, n *html.Node, annotatedBefore bool) bool {
	y := x + 1
	step := 1
	if !annotatedBefore {
		y, step = x-1, -1
	}
	for ; y >= a && y < b && toks[y].Node == n; y += step {
		if toks[y].Kind != KindWord || exalg.EdgeToken(&toks[y]) {
			continue
		}
		r := []rune(toks[y].Text)
		return len(r) > 0 && unicode.IsUpper(r[0])
	}
	return false
}

// pluralityShare is the least share of a slot's annotated values a field's
// types need when they are the most frequent types there.
const pluralityShare = 0.5

// plurality reports whether types are annotated on more of the slot's
// values than any other type.
func (st *slotStats) plurality(types []string) bool {
	mine := st.count(types)
	for t, n := range st.types {
		if !slices.Contains(types, t) && n >= mine {
			return false
		}
	}
	return mine > 0
}

// meanConf is the mean confidence of the values counted for types (1
// when there are none).
func (st *slotStats) meanConf(types []string) float64 {
	return meanConfOf(st.types, st.typeConf, types)
}

// meanConfOf is the mean confidence of the values of types, given their
// counts and their confidences' sums (1 when there are none).
func meanConfOf(counts map[string]int, sums map[string]float64, types []string) float64 {
	n, sum := 0, 0.0
	for _, t := range types {
		n += counts[t]
		sum += sums[t]
	}
	if n == 0 {
		return 1
	}
	return sum / float64(n)
}

// variation weighs a slot by how much its value varies: 1 when it has
// distinct values for a quarter of its occurrences or more, less as it
// nears one constant value (template-like: a menu entry).
func (st *slotStats) variation() float64 {
	if st.occ == 0 {
		return 1
	}
	return min(1, float64(len(st.values)-1)/(0.25*float64(st.occ)))
}

func (st *slotStats) count(types []string) int {
	n := 0
	for _, t := range types {
		n += st.types[t]
	}
	return n
}

// newSlotStats returns empty statistics for one slot.
func newSlotStats() *slotStats {
	return &slotStats{some: map[string]int{}, only: map[string]int{}, typeSets: map[string]int{}, values: map[string]int{}, types: map[string]int{}, typeConf: map[string]float64{}, runs: map[string]map[int]bool{}, runAnn: map[string]bool{},
		sepWord: map[string]map[int]bool{}, annWord: map[string]bool{}, sepHalf: map[string]map[int]bool{},
		segN: map[string]int{}, segL: map[string]map[int]int{}, segR: map[string]map[int]int{}, segX: map[string]int{},
		perPage: map[int]int{}, firstVal: map[int]string{}, pageVals: map[int][]string{}, full: map[string]int{}, somePages: map[string]map[int]bool{}, lead: map[string]int{}, leadSep: map[string]map[int]bool{},
		labVals: map[string]map[string]int{}, labPages: map[string]map[int]bool{}, cutAt: map[string]int{}, typeVals: map[string]map[string]bool{}, someVals: map[string]map[string]int{}, itemInst: map[string]int{}, itemLab: map[string]map[string]int{}, labAnn: map[string]map[string]int{}, itemTypes: map[string]int{}, wholeInst: map[string]int{}, rows: map[int]rowOf{}, itemConf: map[string]float64{}, annRecs: map[string]map[int]bool{}, nodes: map[int]*html.Node{}, labFar: map[string]int{}}
}

// gather runs the template over the sample and collects slot statistics.
func gather(w *Wrapper, pages [][]token) []*slotStats {
	stats := make([]*slotStats, len(w.tmpl.Slots))
	for i := range stats {
		stats[i] = newSlotStats()
	}
	valid := predefinedRecognizers(w.fields)
	patTypes := patternTypes(w.fields)
	for pg, toks := range pages {
		root, ok := w.matchRoot(toks)
		if !ok {
			continue
		}
		title := pageTitle(toks)
		inSlot := slotTokens(root, len(toks))
		var visit func(r *mrec)
		visit = func(r *mrec) {
			for _, v := range r.vals {
				st := stats[v.slot]
				txt, a, b := valueText(toks, v.a, v.b)
				if txt == "" || placeholderText(toks, a, b, txt) {
					continue // no value (missing.go)
				}
				st.occ++
				st.values[txt]++
				// A value counts as an instance of a type when that type's
				// annotations cover at least half of its words: a long
				// slot that merely contains a few instances does not.
				words := 0
				cover := map[string]int{}
				for x := a; x < b; x++ {
					if toks[x].Kind != KindWord {
						continue
					}
					words++
					for _, typ := range ownTypes(&toks[x]) {
						cover[typ]++
					}
				}
				seen := map[string]bool{}
				st.perPage[pg]++
				if st.perPage[pg] <= maxPageVals {
					st.pageVals[pg] = append(st.pageVals[pg], txt)
				}
				if st.perPage[pg] == 1 {
					st.firstVal[pg] = txt
					st.nodes[pg] = toks[a].Node
				}
				if title != "" && len(txt) >= 3 && !inHead(toks[a].Node) && strings.Contains(title, strings.ToLower(txt)) {
					st.inTitle++
				}
				if x, g := otherCut(toks, a, b, w.fields, valid, ""); x < b {
					st.cutAt[toks[x].Text+"\x00"+g]++
				}
				itemInstances(st, toks, a, b, valid)
				wholeInstances(st, toks, a, txt, inSlot, valid)
				if _, ok := st.rows[pg]; !ok {
					if r, ok := columnRow(toks, a); ok {
						st.rows[pg] = r // a table cell under its column's header (colrow.go)
					} else if r, ok := valueRow(toks, a); ok {
						st.rows[pg] = r
					}
				}
				if pl := pageLabel(toks, a); pl != nil {
					k := strings.Join(pl, " ")
					if st.labVals[k] == nil {
						st.labVals[k], st.labPages[k] = map[string]int{}, map[int]bool{}
					}
					st.labVals[k][txt]++
					st.labPages[k][pg] = true
					if labelGap(toks, a) > labelNearTags {
						st.labFar[k]++
					}
					countLabelTypes(st, k, toks, a)
					countLabelEntity(st, toks, a, k, pg)
				}
				for typ := range cover {
					st.some[typ]++
					if st.somePages[typ] == nil {
						st.somePages[typ] = map[int]bool{}
					}
					st.somePages[typ][pg] = true
					if st.someVals[typ] == nil {
						st.someVals[typ] = map[string]int{}
					}
					st.someVals[typ][txt]++
				}
				for typ, c := range cover {
					if 2*c >= words {
						seen[typ] = true
					}
					if c == words {
						st.full[typ]++
					}
				}
				if len(seen) > 0 {
					st.annOcc++
				}
				countItems(st, toks, a, b, seen, patTypes)
				countRests(st, toks, a, b, patTypes)
				countLabelRuns(st, toks, a, b, pg, patTypes)
				countPaths(st, toks, a, b)
				if len(seen) == 1 {
					for t := range seen {
						st.only[t]++
					}
				}
				if len(seen) > 0 {
					st.typeSets[strings.Join(slices.Sorted(maps.Keys(seen)), "\x00")]++
				}
				if pl := pageLabel(toks, a); pl != nil && len(seen) > 0 {
					k := strings.Join(pl, " ")
					if st.labAnn[k] == nil {
						st.labAnn[k] = map[string]int{}
					}
					for t := range seen {
						st.labAnn[k][t]++
					}
				}
				for t := range seen {
					st.types[t]++
					if st.annRecs[t] == nil {
						st.annRecs[t] = map[int]bool{}
					}
					st.annRecs[t][pg] = true
					best := 0.0
					for x := a; x < b; x++ {
						for _, an := range toks[x].Ann {
							if an.Type == t {
								best = max(best, an.Confidence)
							}
						}
					}
					st.typeConf[t] += best
					if st.typeVals[t] == nil {
						st.typeVals[t] = map[string]bool{}
					}
					st.typeVals[t][txt] = true
				}
				for x := a; x < b; x++ {
					if toks[x].Kind != KindWord {
						st.tagged++
						break
					}
				}
				for x := a; x < b; x++ {
					if toks[x].Kind != KindWord && lineBreak(&toks[x]) {
						st.broken++
						break
					}
				}
				if wholeNode(toks, a, b) {
					st.whole++
				}
				if rs := runs(toks, a, b); len(rs) > 1 {
					st.leadOcc++
					lw, lc := 0, map[string]int{}
					for x := rs[0][0]; x < rs[0][1]; x++ {
						if toks[x].Kind == KindWord && !exalg.EdgeToken(&toks[x]) {
							lw++
							for _, typ := range toks[x].AnnTypes() {
								lc[typ]++
							}
						}
					}
					any := false
					for typ, c := range lc {
						if 2*c >= lw {
							st.lead[typ]++
							any = true
						}
					}
					if any {
						st.leadAnn++
					}
					for x := rs[0][0] + 1; x+1 < rs[0][1]; x++ {
						t := &toks[x]
						if t.Kind != KindWord || len(t.Ann) > 0 || exalg.EdgeToken(t) || !lowerInitial(t.Text) {
							continue
						}
						l, r := &toks[x-1], &toks[x+1]
						if l.Kind != KindWord || r.Kind != KindWord || (len(l.Ann) == 0 && len(r.Ann) == 0) {
							continue
						}
						if st.leadSep[t.Text] == nil {
							st.leadSep[t.Text] = map[int]bool{}
						}
						st.leadSep[t.Text][pg] = true
					}
				}
				if segs := segments(toks, a, b); len(segs) > 1 {
					for typ := range cover {
						st.segN[typ]++
						for i, sg := range segs {
							in, all := 0, 0
							for x := sg[0]; x < sg[1]; x++ {
								all++
								for _, t := range toks[x].AnnTypes() {
									if t == typ {
										in++
									}
								}
							}
							if in > 0 && in == cover[typ] && 2*in >= all {
								if st.segL[typ] == nil {
									st.segL[typ], st.segR[typ] = map[int]int{}, map[int]int{}
								}
								st.segL[typ][i]++
								st.segR[typ][len(segs)-1-i]++
								if explainedCut(toks, segs, i, typ) {
									st.segX[typ]++
								}
							}
						}
					}
				}
				// Words inside one text node between two annotated words
				// ("A, B and C" written as plain text) may separate items.
				for x := a; x < b; x++ {
					if toks[x].Kind == KindWord && len(toks[x].Ann) > 0 {
						st.annWord[toks[x].Text] = true
					}
				}
				for x := a + 1; x+1 < b; x++ {
					t := &toks[x]
					weak := sepToken(t, weakSeps)
					if t.Kind != KindWord || len(t.Ann) > 0 || (exalg.EdgeToken(t) && !weak) {
						continue
					}
					before, after := false, false
					if weak {
						// "&" or "/" between two annotated items, which
						// may be links: the nearest words on both sides,
						// across tags, are annotated.
						before = annotatedWord(toks, x, a, -1)
						after = annotatedWord(toks, x, b-1, 1)
					}
					// A word with always-split separators between it and
					// the annotated words on both sides ("A | B | C") is
					// an item, not a separator.
					splitL, splitR := false, false
					for y := x - 1; y >= a && toks[y].Node == t.Node && !before; y-- {
						before = len(toks[y].Ann) > 0
						splitL = splitL || sepToken(&toks[y], itemSeps)
					}
					for y := x + 1; y < b && toks[y].Node == t.Node && !after; y++ {
						after = len(toks[y].Ann) > 0
						splitR = splitR || sepToken(&toks[y], itemSeps)
					}
					if before && after && !(splitL && splitR) {
						if st.sepWord[t.Text] == nil {
							st.sepWord[t.Text] = map[int]bool{}
						}
						st.sepWord[t.Text][pg] = true
					} else if (before || after) && !(splitL || splitR) && (weak || lowerInitial(t.Text) && len(t.Text) <= 4) &&
						capitalNeighbour(toks, x, a, b, t.Node, before) {
						// "Mexican and Barbecue" with one of the two known:
						// a short lower-case word, or "&", "/", "+",
						// between an instance and a capitalised word, on
						// two pages or more.
						if st.sepHalf[t.Text] == nil {
							st.sepHalf[t.Text] = map[int]bool{}
						}
						st.sepHalf[t.Text][pg] = true
					}
				}
				// A separator lies between items: a value that is one
				// run (a name alone in its link) holds none.
				rs := runs(toks, v.a, v.b)
				if len(rs) < 2 {
					rs = nil
				}
				for i, rn := range rs {
					if !sepGap(toks, rs, i) {
						continue
					}
					rt, ra, rb := valueText(toks, rn[0], rn[1])
					if rt == "" || len(strings.Fields(rt)) > 3 {
						continue
					}
					if st.runs[rt] == nil {
						st.runs[rt] = map[int]bool{}
					}
					st.runs[rt][pg] = true
					for x := ra; x < rb; x++ {
						if len(toks[x].Ann) > 0 {
							st.runAnn[rt] = true
						}
					}
				}
			}
			for _, k := range r.kids {
				visit(k)
			}
		}
		visit(root)
	}
	return stats
}

// sepGap reports whether run i of rs (the runs of words of one value,
// between tags) may be a separator between two items: it lies between two
// runs holding annotated words (the items), it is not delimited by
// always-split separators (itemSeps) on both sides, and it is not the text
// of an element like the items' own (a link among links). In
// "<a>A</a> | <a>B</a> | <a>C</a>" or "<a>A</a><a>B</a><a>C</a>", B is an
// item even when unannotated; in "<a>A</a> and <a>B</a>", "and" is a
// separator.
func sepGap(toks []token, rs [][2]int, i int) bool {
	if i == 0 || i == len(rs)-1 {
		return false
	}
	annotated := func(rn [2]int) bool {
		for x := rn[0]; x < rn[1]; x++ {
			if len(toks[x].Ann) > 0 {
				return true
			}
		}
		return false
	}
	if !annotated(rs[i-1]) || !annotated(rs[i+1]) {
		return false
	}
	split := func(x int) bool { return sepToken(&toks[x], itemSeps) }
	rn := rs[i]
	// Delimited on the left: the run starts with a separator or the run
	// before it ends with one; likewise on the right.
	left := split(rn[0]) || split(rs[i-1][1]-1)
	right := split(rn[1]-1) || split(rs[i+1][0])
	if left && right {
		return false
	}
	// The run fills an element of the same tag as the items around it,
	// each in an element of its own.
	pl, pm, pr := toks[rs[i-1][0]].Node.Parent, toks[rn[0]].Node.Parent, toks[rs[i+1][0]].Node.Parent
	if pl != nil && pm != nil && pr != nil && pl != pm && pm != pr && pl.Data == pm.Data && pm.Data == pr.Data {
		return false
	}
	return true
}

// annotatedWord reports whether the nearest word from token x in direction
// dir (±1), up to token lim, skipping tags and separator punctuation, is
// annotated.
func annotatedWord(toks []token, x, lim, dir int) bool {
	for y := x + dir; (dir < 0 && y >= lim) || (dir > 0 && y <= lim); y += dir {
		t := &toks[y]
		if t.Kind != KindWord || exalg.EdgeToken(t) || sepToken(t, itemSeps+weakSeps) {
			continue
		}
		return len(t.Ann) > 0
	}
	return false
}

// slotSets returns, for every slot, the IDs of the sets enclosing it
// (outermost first).
func slotSets(t *Template) [][]int {
	out := make([][]int, len(t.Slots))
	var rec func(n Node, sets []int)
	rec = func(n Node, sets []int) {
		switch n := n.(type) {
		case *SlotNode:
			out[n.ID] = append([]int(nil), sets...)
		case *SeqNode:
			for _, c := range n.Nodes {
				rec(c, sets)
			}
		case *SetNode:
			rec(n.Body, append(sets, n.ID))
		case *OptionalNode:
			rec(n.Body, sets)
		case *DisjunctionNode:
			for _, c := range n.Alts {
				rec(c, sets)
			}
		}
	}
	rec(t.Root, nil)
	return out
}

type cand struct {
	lines bool   // the slot's values on a page are the lines of one value (SlotMap.Lines)
	lead  bool   // the slot's values are cut to their first run (SlotMap.Lead)
	label string // the page label that nominated the slot (SlotMap.Label)
	field int
	slot  int
	cnt   int
	share float64
	cov   float64
	score float64 // sc.Total(), or a rule's value
	// part: a part candidate (partcands.go), never mapped directly.
	part bool
	sc   Score // the factors of score (score.go)
}

// mapSlots assigns SOD fields to slots within object scope `scope` (-1: the
// page). A field's candidate slots are those where its types reach
// GeneraliseThres of the annotated values and MinAnnotated of the sample;
// single-valued fields take the best candidate that is not inside a set
// below the scope; set fields take every candidate close to the best one.
func mapSlots(w *Wrapper, stats []*slotStats, nPages int, scope int) ([]SlotMap, float64, *StopError) {
	valid := predefinedRecognizers(w.fields)
	sets := slotSets(w.tmpl)
	labels := slotLabels(w.tmpl)
	minCnt := max(1, int(math.Ceil(w.opt.MinAnnotated*float64(nPages))))
	detail := scope < 0 && (w.mult == "1" || w.mult == "?")
	inScope := func(s int) (bool, int) {
		ss := sets[s]
		if scope < 0 {
			return true, len(ss)
		}
		for i, id := range ss {
			if id == scope {
				return true, len(ss) - i - 1
			}
		}
		return false, 0
	}
	// topConf holds, per field, the best mean annotation confidence of a
	// slot: annotation confidence weighs a slot relative to the others.
	topConf := make([]float64, len(w.fields))
	for fi, f := range w.fields {
		topConf[fi] = 1e-9
		for _, st := range stats {
			if st.count(f.Types) > 0 {
				topConf[fi] = max(topConf[fi], st.meanConf(f.Types))
			}
		}
	}
	// fallback holds the candidates of single fields in a set's slot
	// keyed by a learned label (learnedLabel).
	var cands, fallback []cand
	for fi, f := range w.fields {
		if f.Tuple {
			continue
		}
		for s, st := range stats {
			ok, depth := inScope(s)
			if !ok || st.occ == 0 {
				continue
			}
			single := f.Parent == "" && !f.Many
			c := st.count(f.Types)
			share := 0.0
			if st.annOcc > 0 {
				share = float64(c) / float64(st.annOcc)
			}
			itemLevel := false
			plural := st.plurality(f.Types)
			if f.Many {
				// A list with one known item (setitems.go).
				if ic, is := st.itemCount(f.Types); ic > c && (is >= w.opt.GeneraliseThres || is >= pluralityShare && st.itemPlurality(f.Types)) {
					c, share, itemLevel, plural = ic, is, true, st.itemPlurality(f.Types)
				}
			}
			// A label naming the field right before the slot's values
			// ("Publisher:", "<th>ISBN-13</th>", "<b>Publisher:</b>")
			// nominates it even with few or no annotations (a
			// dictionary that knows a few of the values), when its
			// values are plausible. The label may be template text or
			// page text that varies with the row (rows folded into a
			// set); the slot then gives only the values it precedes.
			label := ""
			if f.Parent == "" {
				label = namedLabel(st, f, nPages, minCnt, w.opt.GeneraliseThres, w.fields)
			}
			named := label != ""
			lines, learned := false, false
			if single && depth > 0 && named && listHeading(stats, sets, s, label, nPages, minCnt) {
				named, label = false, "" // a list's heading (headlabel.go)
			}
			if (single || oneNestedValue(w.fields, f)) && depth > 0 && !named {
				// A single value inside a set: the lines of one value
				// written as an element each (an address in two <div>s)
				// when every iteration holds the field's type.
				if joinsLines(st, f, nPages) && aloneInSet(sets, s) {
					lines = true
				} else if rl := recordLike(w.fields, f, s, stats, sets, minCnt, w.opt.GeneraliseThres); otherRecordRow(w, scope, rl) {
					continue // another object's row (recordrow.go)
				} else if label = learnedLabel(st, f, nPages, minCnt, w.opt.GeneraliseThres, w.fields, !rl); label != "" {
					named, learned = true, true
				} else {
					continue
				}
			}
			if nestedSingle(w.fields, f) && depth > 0 && joinsLines(st, f, nPages) && aloneInSet(sets, s) {
				lines = true // the same, for a field of a single nested tuple
			}
			if single && depth > 0 && named && !learned && joinsLines(st, f, nPages) && aloneInSet(sets, s) && !otherRowLabel(st, label, nPages) {
				// The lines of one value after a label naming the
				// field ("Location" before "<div>street</div><div>city
				// </div>"): the label stands before the first line
				// only; the lines' annotations place the slot.
				lines, label, named = true, "", false
			}
			ls := labelled(st, label)
			if named && ls.occ < st.occ && f.Many {
				// A set field's items are not keyed by labels: a label
				// before some items only is the previous item's role.
				named, label = false, ""
			}
			if named && ls.occ < st.occ {
				// The label precedes only some of the slot's values:
				// score those (their annotations are not counted).
				st, c, share = ls, 0, 0
			}
			var score float64
			basis := "annotations"
			lead := false
			switch {
			case c >= w.candMin(f, st, minCnt, c) && (share >= w.opt.GeneraliseThres || (share >= pluralityShare && plural)):
				// Weighed by how sure the annotations are: full dates
				// over bare years, values over template text that a
				// dictionary happens to know. A slot where the field's
				// types are the most frequent but below GeneraliseThres
				// (two noisy dictionaries that both know some team
				// names) counts for less.
				conf := st.meanConf(f.Types)
				if itemLevel {
					conf = st.itemMeanConf(f.Types)
				}
				score = float64(titled(st, f, single, detail, c)) * share * conf / max(topConf[fi], conf)
				if share < w.opt.GeneraliseThres {
					score *= 0.75
				}
				score, c, lead = leadAlso(st, f, c, share, score, w.opt.GeneraliseThres)
				if lead {
					basis = "lead"
				}
			case st.leadCount(f.Types) >= minCnt && st.leadShare(f.Types) >= w.opt.GeneraliseThres:
				// The values run on past the instance, over tags (a
				// byline followed by other page parts): their first
				// run of words holds it.
				c, share, lead = st.leadCount(f.Types), st.leadShare(f.Types), true
				score, basis = leadPenalty*float64(c)*share, "lead"
			case named:
				// Every value counts as an instance; no conflicting
				// annotations (plausible checked that).
				c, share = st.occ, 1
				score, basis = float64(st.occ), "label"
			default:
				continue
			}
			if !named {
				label = ""
			}
			sc := w.slotScore(st, fi, basis, score, label, labels[s], depth, nPages, detail, lines)
			if r := valid[f.Path]; r != nil {
				sc.Valid = validShare(st, r)
			}
			score = sc.Total()
			if score <= 0 {
				// One value on every page: template text that a
				// recognizer happens to match ("Search" in a menu), not a
				// field of the objects.
				continue
			}
			cd := cand{lines, lead, label, fi, s, c, share, float64(c) / float64(st.occ), score, false, sc}
			if learned {
				fallback = append(fallback, cd)
			} else {
				cands = append(cands, cd)
			}
		}
	}
	cands = withFallback(cands, fallback)
	peers := unrolledPeers(w.tmpl)
	cands = keepUnrolled(w.fields, cands, dropCopies(w.fields, cands, stats, w.opt.GeneraliseThres), peers)
	cands = dropParts(w.fields, cands, stats, minCnt, w.opt.GeneraliseThres)
	cands = dropOutnumbered(w.fields, cands, stats, valid, w.opt.GeneraliseThres)
	cands = dropOtherLabelled(w.fields, cands, stats, valid, labels, w.opt.GeneraliseThres)
	cands = withPartCands(w, cands, stats, hasPattern(valid), minCnt, inScope)
	if scope < 0 && (w.mult == "1" || w.mult == "?") {
		cands = dropOtherRecords(w.fields, cands, stats, sets, minCnt, w.opt.GeneraliseThres)
		cands = reclaimMandatory(w, cands, stats, nPages, minCnt, inScope) // reclaim.go
		cands = titledName(w, cands, stats)                                // titlename.go
	}
	cands = w.typedCands(cands, stats, valid) // typed.go
	var reg *region
	if detail {
		if reg = objectRegion(w, cands, stats); reg != nil {
			reg.weigh(w, cands, stats) // locality.go
		}
	}
	sort.SliceStable(cands, func(a, b int) bool { return cands[a].score > cands[b].score })
	used := map[int]bool{}
	shared := map[int]bool{}
	usedLab := map[string]bool{}
	// On a detail page a set field of the object comes from one place,
	// chosen among the slots the single fields left free.
	place := map[int]int{}
	done := map[int]bool{}
	waits := map[int]bool{}   // single fields left to share a taken slot (learnParts)
	var pending []cand        // part candidates met before their slot was taken
	chosen := map[int][]int{} // field -> its slots so far
	var out []SlotMap
	total := 0.0
	best := map[int]float64{}
	for _, single := range []bool{true, false} {
		// A record's set field, too, comes from one place: a venue's
		// name the artists' dictionary knows is not where the lineup is.
		if !single && scope < 0 && (w.mult == "1" || w.mult == "?" || w.rp != nil) {
			taken := maps.Clone(used)
			for s := range shared {
				taken[s] = true
			}
			place = detailPlaces(w, cands, stats, taken)
		}
		for _, c := range cands {
			f := w.fields[c.field]
			if single && !done[c.field] && !waits[c.field] && (f.Parent == "" && !f.Many) &&
				(used[c.slot] || usedLab[fmt.Sprint(c.slot, "|", c.label)]) &&
				sharesTaken(w, out, c, stats, valid) {
				// Its best slot is another field's, each value holding
				// both instances side by side ("Sunday, May 23 @ 9:00
				// pm"): it takes its part there (learnParts), not a
				// weaker slot of its own (an "On sale" date).
				waits[c.field] = true
			}
			if c.part {
				pending = append(pending, c) // waits for a host (partcands.go)
				continue
			}
			if (f.Parent == "" && !f.Many) != single || used[c.slot] || (c.label == "" && shared[c.slot]) || usedLab[fmt.Sprint(c.slot, "|", c.label)] {
				continue
			}
			if single && (done[c.field] || waits[c.field]) {
				continue
			}
			if single && setClaims(w.fields, cands, c) {
				continue // a set field's own place (setclaim.go)
			}
			if !single && done[c.field] && nestedSingle(w.fields, f) && otherLabelRow(labels, sets, chosen[c.field], c.slot, f) {
				// A single field of a single nested tuple takes more
				// slots for the lines of its value, not another row of
				// its type (a fax after the phone).
				continue
			}
			if p, ok := place[c.field]; ok && !single && !peerPlace(peers, p, c.slot) && (!samePlace(sets, othersUsed(used, chosen[c.field]), p, c.slot) || otherRow(stats[p], stats[c.slot])) {
				continue
			}
			if !single {
				if b, ok := best[c.field]; ok && c.score < 0.25*b {
					continue
				}
				if _, ok := best[c.field]; !ok {
					best[c.field] = c.score
				}
			}
			if c.label == "" {
				used[c.slot] = true
			} else {
				// Rows of several kinds folded into one slot: each
				// label gives its values to its own field.
				shared[c.slot], usedLab[fmt.Sprint(c.slot, "|", c.label)] = true, true
			}
			done[c.field] = true
			chosen[c.field] = append(chosen[c.field], c.slot)
			total += c.score
			sm := w.slotMapOf(c, stats, valid, single)
			out = append(out, sm)
			waitParts(w, out, pending, c.slot, stats, valid, done, waits)
		}
	}
	out = explainedSlots(w, out, stats, done, used, minCnt, inScope)
	out = learnParts(w, out, stats, valid, done, minCnt)
	if scope < 0 && (w.mult == "1" || w.mult == "?") {
		out = leadItems(w, out, stats) // leaditem.go
	}
	out = learnInstances(w, out, stats, valid, done, sets, scope, minCnt)
	if scope < 0 && (w.rp != nil || w.mult == "1" || w.mult == "?") {
		// One object per page or per record: not a list page's page
		// template, whose single slots are the page's.
		out = learnItems(w, out, stats, valid, done, minCnt, nPages, sets)
		out = learnRowItems(w, out, stats, valid, done, sets, minCnt, nPages)
	}
	// Lenient (see Induce): mandatory fields may stay without slot when
	// most of them have one.
	lenient := false
	if w.lenient {
		mand, placed := 0, 0
		for i, f := range w.fields {
			if !f.Tuple && !f.Optional && f.Parent == "" {
				mand++
				if done[i] {
					placed++
				}
			}
		}
		lenient = 2*placed > mand
	}
	for _, f := range w.fields {
		if f.Tuple || f.Optional || done[indexOf(w.fields, f.Path)] || lenient {
			continue
		}
		if f.Parent != "" {
			if p := w.fields[indexOf(w.fields, f.Parent)]; p.Optional {
				continue
			}
		}
		typ := strings.Join(f.Types, "|")
		// Explain with the slot holding most of the type's annotations.
		best, bestN := -1, 0
		for i, st := range stats {
			n := 0
			for _, t := range f.Types {
				n += st.some[t]
			}
			if n > bestN {
				best, bestN = i, n
			}
		}
		if best < 0 {
			return out, total, &StopError{Type: typ, Reason: fmt.Sprintf(
				"mandatory field %q: no slot of the template holds an annotated value", f.Path)}
		}
		st := stats[best]
		var others []string
		for t := range st.some {
			if !contains(f.Types, t) {
				others = append(others, t)
			}
		}
		sort.Strings(others)
		c := st.count(f.Types)
		reason := stopReason(f.Path, bestN, st.occ, c, st.annOcc, minCnt, w.opt.GeneraliseThres)
		if len(others) > 0 {
			reason += "; the slot mixes it with " + strings.Join(others, ", ")
		}
		return out, total, &StopError{Type: typ, Reason: reason}
	}
	out = w.abstain(out, cands, stats, scope, nPages)            // abstain.go
	out = w.applyPins(out, cands, stats, labels, inScope, scope) // pins.go
	out = ownPaths(w, out, stats)
	sort.Slice(out, func(a, b int) bool { return out[a].Slot < out[b].Slot })
	w.noteExplanation(scope, explainMapping(w, cands, out, reg, stats, labels, inScope, nPages))
	return out, total, nil
}

// slotMapOf is the SlotMap that gives candidate c's slot to its field
// (single: the field is a single field of the root): the slot's
// validation, cut and separator rules learned from its statistics.
func (w *Wrapper) slotMapOf(c cand, stats []*slotStats, valid map[string]recognizers.Recognizer, single bool) SlotMap {
	f := w.fields[c.field]
	sm := SlotMap{Slot: c.slot, Field: f.Path, Type: f.Types[0], Share: c.share, Coverage: c.cov, Run: stats[c.slot].tagged == 0, Outside: c.sc.Locality < 1}
	if c.lead {
		sm.Lead, sm.Run = true, false
	}
	sm.Lines = c.lines
	if r := valid[f.Path]; r != nil && (!c.lead || (!f.Many && f.delimited())) {
		vs := stats[c.slot]
		if c.label != "" {
			vs = labelled(vs, c.label)
		}
		v := validShare(vs, r)
		sm.Valid = math.Round(v*1000) / 1000
		sm.Validate = v >= w.opt.GeneraliseThres || absentAsOther(f, c, v, w.opt.GeneraliseThres)
		sm.Match = sm.Validate && !f.Many && f.delimited()
	}
	if c.label != "" {
		sm.Label = strings.Fields(c.label)
	}
	if !f.Many {
		sm.Cut = segmentRule(stats[c.slot], f.Types, w.opt.GeneraliseThres, f.Patterned())
	}
	if !f.Many && !f.Patterned() {
		sm.CutAt = cutAtRule(stats[c.slot], c, f, w.opt.GeneraliseThres)
		sm.LeadNum = leadNumberRule(stats[c.slot], f, w.opt.GeneraliseThres)
	}
	if !single {
		st := stats[c.slot]
		for r, pgs := range st.runs {
			if len(pgs) >= 2 && !st.runAnn[r] {
				sm.Seps = append(sm.Seps, r)
			}
		}
		for wd, pgs := range st.sepWord {
			if len(pgs) >= 2 && !st.annWord[wd] {
				sm.SepWords = append(sm.SepWords, wd)
			}
		}
		for wd, pgs := range st.sepHalf {
			if len(pgs) >= 2 && !st.annWord[wd] && !contains(sm.SepWords, wd) {
				sm.SepWords = append(sm.SepWords, wd)
			}
		}
		// A first run is a plain-text list ("A, B and C") where
		// few names are known: one annotated neighbour is enough.
		for wd, pgs := range st.leadSep {
			if c.lead && len(pgs) >= 2 && !st.annWord[wd] && !contains(sm.SepWords, wd) {
				sm.SepWords = append(sm.SepWords, wd)
			}
		}
		sort.Strings(sm.SepWords)
		sort.Strings(sm.Seps)
	}
	return sm
}

// explainedAway counts the values of st annotated only with types in gone
// (one or several: two fields over one dictionary class annotate a value
// with both their types).
func explainedAway(st *slotStats, gone map[string]bool) int {
	n := 0
	for set, c := range st.typeSets {
		all := true
		for _, t := range strings.Split(set, "\x00") {
			all = all && gone[t]
		}
		if all {
			n += c
		}
	}
	return n
}

// explainedSlots gives a single dictionary field (of the root, or of a
// single nested tuple: where = {name, address}) left without slot a free
// slot where its values are mainly its instances once the values
// annotated only with the types of fields mapped to other slots are set
// aside: a noisy dictionary of another field that knows some of its values
// ("Korvel" among product names as well as brands) explains them away,
// since that field has its own slot. A slot whose value hardly varies
// across pages weighs less, as in mapSlots, and one value on every page
// is template text (a menu entry "Home" a noisy dictionary knows), never
// the field's slot.
func explainedSlots(w *Wrapper, out []SlotMap, stats []*slotStats, done map[int]bool, used map[int]bool, minCnt int, inScope func(int) (bool, int)) []SlotMap {
	for fi, f := range w.fields {
		if done[fi] || f.Tuple || f.Many || (f.Parent != "" && !nestedSingle(w.fields, f)) || f.Patterned() {
			continue
		}
		best, bestScore := -1, 0.0
		var bestSM SlotMap
		for s, st := range stats {
			if used[s] || st.occ == 0 {
				continue
			}
			if ok, depth := inScope(s); !ok || depth > 0 {
				continue
			}
			c := st.count(f.Types)
			if c < minCnt {
				continue
			}
			gone := map[string]bool{}
			for _, m := range out {
				g := w.fieldSpec(m.Field)
				if m.Slot == s || g == nil || anyOf(g.Types, f.Types) {
					continue
				}
				for _, t := range g.Types {
					gone[t] = true
				}
			}
			for _, t := range w.elsewhere {
				if !slices.Contains(f.Types, t) {
					gone[t] = true
				}
			}
			rest := st.annOcc - explainedAway(st, gone)
			share := float64(c) / float64(max(1, rest))
			if share < w.opt.GeneraliseThres {
				continue
			}
			sc := float64(c) * share * st.variation() // a menu entry the dictionary knows weighs little
			if sc > bestScore {
				best, bestScore = s, sc
				bestSM = SlotMap{Slot: s, Field: f.Path, Type: f.Types[0], Share: share, Coverage: float64(c) / float64(st.occ), Run: st.tagged == 0}
			}
		}
		if best >= 0 {
			used[best], done[fi] = true, true
			out = append(out, bestSM)
		}
	}
	return out
}

// stopReason says why mandatory field path has no slot, from the slot
// holding most of its annotations: touched of occ values touch it, c are
// mainly its instances, annOcc are mainly some type's. It names the
// condition that failed and the measured share: too few values (c below
// need), or too small a share of the slot's annotated values (c/annOcc
// below thres, another type dominating).
func stopReason(path string, touched, occ, c, annOcc, need int, thres float64) string {
	share := 0.0
	if annOcc > 0 {
		share = float64(c) / float64(annOcc)
	}
	head := fmt.Sprintf("mandatory field %q has no consistent slot: in the slot holding most of its annotations (%d of the slot's %d sample values touch it), ", path, touched, occ)
	switch {
	case c < need:
		return head + fmt.Sprintf("only %d values are mainly instances of it, fewer than the %d needed (share of the slot's annotated values %.2f)", c, need, share)
	case share < thres:
		return head + fmt.Sprintf("%d values are mainly instances of it (enough), but that is %.2f of the %d annotated values, below the %.2f needed", c, share, annOcc, thres)
	default:
		return head + fmt.Sprintf("%d values are mainly instances of it (share %.2f), but the slot went to another field or its values failed the checks", c, share)
	}
}

func indexOf(fs []FieldSpec, path string) int {
	for i, f := range fs {
		if f.Path == path {
			return i
		}
	}
	return -1
}

// wholeNode reports whether tokens [a, b) are all the words of one text node,
// apart from separator punctuation at its edges.
func wholeNode(toks []token, a, b int) bool {
	n := toks[a].Node
	if toks[a].Kind != KindWord || toks[b-1].Node != n {
		return false
	}
	for x := a - 1; x >= 0 && toks[x].Node == n && toks[x].Kind == KindWord; x-- {
		if !exalg.EdgeToken(&toks[x]) {
			return false
		}
	}
	for x := b; x < len(toks) && toks[x].Node == n && toks[x].Kind == KindWord; x++ {
		if !exalg.EdgeToken(&toks[x]) {
			return false
		}
	}
	return true
}

// slotLabels returns, for every slot, the words of the constant text just
// before it (up to three), lower-cased and reduced to letters and digits.
func slotLabels(t *Template) [][]string {
	out := make([][]string, len(t.Slots))
	var rec func(n Node)
	rec = func(n Node) {
		switch n := n.(type) {
		case *SeqNode:
			for i, c := range n.Nodes {
				if sl, ok := c.(*SlotNode); ok && i > 0 {
					if tx, ok := n.Nodes[i-1].(*TextNode); ok {
						var words []string
						for j := len(tx.Toks) - 1; j >= 0 && len(words) < 3; j-- {
							if tx.Toks[j].Kind == KindWord {
								ws := labelWords(tx.Toks[j].Text)
								for k := len(ws) - 1; k >= 0 && len(words) < 3; k-- {
									words = append(words, ws[k])
								}
							}
						}
						out[sl.ID] = words
					}
				}
				rec(c)
			}
		case *SetNode:
			rec(n.Body)
		case *OptionalNode:
			rec(n.Body)
		case *DisjunctionNode:
			for _, c := range n.Alts {
				rec(c)
			}
		}
	}
	rec(t.Root)
	return out
}

func alnum(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// labelWords returns the label words of one word token: its letters and
// digits, lower-cased, as one word, or as several when "/" joins
// alternatives ("College/Univ." gives "college", "univ").
func labelWords(text string) []string {
	var out []string
	for _, part := range strings.Split(text, "/") {
		if w := alnum(part); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// labelMatches reports whether a label word equals the field name, a word of
// it, or one of its type names (compared on letters and digits).

// Cut selects one segment of a slot value (see SlotMap.Cut).
type Cut struct {
	Index     int  `json:"index"`
	FromRight bool `json:"from_right,omitempty"`
}

// explainedCut reports whether segment i of a value, holding an instance
// of typ, is apart from the others for a reason: a tag separates it from
// a neighbouring segment, or another segment holds another type's
// instance.
func explainedCut(toks []token, segs [][2]int, i int, typ string) bool {
	node := toks[segs[i][0]].Node
	for j, sg := range segs {
		if j == i {
			continue
		}
		if (j == i-1 || j == i+1) && toks[sg[0]].Node != node {
			return true
		}
		for x := sg[0]; x < sg[1]; x++ {
			for _, t := range toks[x].AnnTypes() {
				if t != typ {
					return true
				}
			}
		}
	}
	return false
}

// segmentRule learns a Cut for a slot whose sample values hold the field's
// instance in one segment among several, at a fixed index from the left or
// the right in at least thres of the values that were cut.
func segmentRule(st *slotStats, types []string, thres float64, predefined bool) *Cut {
	n, x := 0, 0
	for _, t := range types {
		n += st.segN[t]
		x += st.segX[t]
	}
	if n == 0 || float64(n) < 0.5*float64(st.count(types)) {
		return nil
	}
	// A value is the slot's variable text: it is cut to one segment only
	// when the recognizer delimits it (predefined types) or when the other
	// segments are apart for a reason in most values (explainedCut) — not
	// at punctuation inside a name ("The Quiet Archive (1945)").
	if !predefined && 2*x < n {
		return nil
	}
	var best *Cut
	bc := 0
	for _, right := range []bool{false, true} {
		tally := map[int]int{}
		for _, t := range types {
			m := st.segL[t]
			if right {
				m = st.segR[t]
			}
			for i, c := range m {
				tally[i] += c
			}
		}
		for i, c := range tally {
			if c > bc || (c == bc && best != nil && !right && i < best.Index) {
				best, bc = &Cut{Index: i, FromRight: right}, c
			}
		}
	}
	if best == nil || float64(bc) < thres*float64(n) {
		return nil
	}
	return best
}

// titleBoost multiplies the score of a detail page's slot whose values
// the page's <title> contains.
const titleBoost = 3.0

// namedBoost multiplies the score of a slot whose label names its field
// (labelNames): the label is stronger evidence than a few dictionary hits.
const namedBoost = 2.0

// pageLabel returns the label right before token x on a page: the last
// run of words of one text node before x, skipping tags and punctuation
// ("Publisher" in "<th>Publisher:</th><td>"), lower-cased and reduced to
// letters and digits, when it has at most four words and a letter (a
// price or a date before a value is another value, not a label:
// labelLetters); nil otherwise.
func pageLabel(toks []token, x int) []string {
	y := x - 1
	for y >= 0 && (toks[y].Kind != KindWord || alnum(toks[y].Text) == "") {
		y--
	}
	if y < 0 {
		return nil
	}
	var run []string
	for n := toks[y].Node; y >= 0 && toks[y].Kind == KindWord && toks[y].Node == n; y-- {
		ws := labelWords(toks[y].Text)
		for k := len(ws) - 1; k >= 0; k-- {
			if len(run) == 4 {
				return nil
			}
			run = append(run, ws[k])
		}
	}
	for i, j := 0, len(run)-1; i < j; i, j = i+1, j-1 {
		run[i], run[j] = run[j], run[i]
	}
	if !labelLetters(run) {
		return nil
	}
	return run
}

// namedLabel returns the page label (slotStats.labVals) that names field f
// before the slot's values on the most sample pages, when those are at
// least a quarter of the sample (and minCnt) and the values it precedes
// are plausible; "" otherwise.
func namedLabel(st *slotStats, f FieldSpec, nPages, minCnt int, thres float64, fields []FieldSpec) string {
	best, bestN, bestA := "", 0, 0
	for k, pgs := range st.labPages {
		n := len(pgs)
		if n < minCnt || 4*n < nPages {
			continue
		}
		a := labelAffinity(strings.Fields(k), f)
		if a < affinityKind || a < bestA || (a == bestA && (n < bestN || (n == bestN && k > best))) || entityLabel(st, k, f) || st.farLabel(k) {
			continue
		}
		if !plausible(labelled(st, k), f, thres, minCnt) || otherPattern(labelled(st, k), f, fields, thres) {
			continue
		}
		if labelled(st, k).occ == st.occ && otherNames(st, f, fields, minCnt) {
			continue
		}
		best, bestN, bestA = k, n, a
	}
	return best
}

// absentAsOther reports whether a slot mapped to optional field f on its
// annotations (c) validates its values even when f's recognizer finds an
// instance in few of them (valid, validShare): the annotated values are
// f's (share thres), the recognizer finds instances in them (valid at
// least thres of the annotated share), f's pattern delimits values, and a
// value without an instance is a page without f, the row holding
// something else ("Born: Boston, MA" with no date).
func absentAsOther(f FieldSpec, c cand, valid, thres float64) bool {
	return f.Optional && !f.Many && f.delimited() && c.label == "" && !c.lead && c.share >= thres && valid >= thres*c.cov
}

// oneTextPenalty weighs a detail-page slot whose annotations for a field
// all fall on one text (slotStats.annotatedTexts): a quarter, so that a
// dictionary knowing one heading or menu word, however often it recurs
// there, does not outweigh a slot where it knows two distinct values
// that another dictionary disputes.
const oneTextPenalty = 0.25

// annotatedTexts is the number of distinct values of the slot counted as
// instances of the types.
func (st *slotStats) annotatedTexts(types []string) int {
	seen := map[string]bool{}
	for _, t := range types {
		for v := range st.typeVals[t] {
			seen[v] = true
		}
	}
	return len(seen)
}

// fieldMin is the number of annotated values a slot needs to be mapped to
// f: minCnt (MinAnnotated of the sample), or, for an optional field, that
// share of the slot's own values when fewer (a college missing from half
// the rows of a roster, known to a sparse dictionary), and at least two.
func fieldMin(f FieldSpec, st *slotStats, minCnt int, minAnn float64) int {
	if !f.Optional {
		return minCnt
	}
	return max(2, min(minCnt, int(math.Ceil(minAnn*float64(st.occ)))))
}

// otherNames reports whether a slot's values are another field's names
// and never f's: a dictionary of another field (not a pattern: a date
// written beside a publisher's name is otherPattern's) knows a third of
// them or more (and minCnt), while f's types annotate none. A breadcrumb
// link "Teams" before the player's own name does not make the name a team.
func otherNames(st *slotStats, f FieldSpec, fields []FieldSpec, minCnt int) bool {
	if st.occ == 0 || st.count(f.Types) > 0 {
		return false
	}
	for _, g := range fields {
		if g.Path == f.Path || g.Tuple || g.Patterned() {
			continue
		}
		if st.count(g.Types) >= minCnt {
			return true
		}
	}
	return false
}

// learnedLabel returns, for a single field in a slot of a set (rows of
// several kinds folded into one set: "Area: …", "Reservations: …"), the
// page label whose values are the field's: the label before the slot's
// values on a quarter of the sample pages or more (and minCnt) whose
// values are instances of the field's types in thres of the cases and
// plausible, the one with most such instances; "" when none. The label
// need not name the field ("Reservations" before a phone number): the
// annotations say which row holds it. A label naming another field is
// that field's. With sparse (the set's iterations are no records of other
// objects: !recordLike), a label under which the field's annotations
// concentrate is its row even when few of its values are known
// (sparseRow, sparselabel.go).
func learnedLabel(st *slotStats, f FieldSpec, nPages, minCnt int, thres float64, fields []FieldSpec, sparse bool) string {
	best, bestN := "", 0
	for k, pgs := range st.labPages {
		n := len(pgs)
		if n < minCnt || 4*n < nPages {
			continue
		}
		ann := 0
		for _, t := range f.Types {
			ann = max(ann, st.labAnn[k][t])
		}
		ls := labelled(st, k)
		if ann < minCnt || (float64(ann) < thres*float64(ls.occ) && !(sparse && sparseRow(st, k, f, ann, thres))) || ann < bestN || (ann == bestN && k > best) {
			continue
		}
		if names := strings.Fields(k); (labelAffinity(names, f) == affinityNone && labelsAnother(names, f, fields)) || entityLabel(st, k, f) {
			continue
		}
		if valueLabel(st, k, f, fields) {
			continue // another field's value (valuelabel.go)
		}
		if !plausible(ls, f, thres, minCnt) || otherPattern(ls, f, fields, thres) {
			continue
		}
		best, bestN = k, ann
	}
	return best
}

// withFallback adds to cands the fallback candidates of the fields that
// have no candidate in cands: a row keyed by a learned label is the
// field's place only when no slot holds it otherwise.
func withFallback(cands, fallback []cand) []cand {
	has := map[int]bool{}
	for _, c := range cands {
		has[c.field] = true
	}
	for _, c := range fallback {
		if !has[c.field] {
			cands = append(cands, c)
		}
	}
	return cands
}

// labelsAnother reports whether a label names (affinityName or better) a
// root field other than f.
func labelsAnother(label []string, f FieldSpec, fields []FieldSpec) bool {
	for _, g := range fields {
		if g.Path != f.Path && !g.Tuple && labelAffinity(label, g) >= affinityName {
			return true
		}
	}
	return false
}

// otherPattern reports whether most of a slot's values are, mostly,
// instances of another field's pattern that f does not share: dates under a label
// "Published" are not a publisher's names.
func otherPattern(st *slotStats, f FieldSpec, fields []FieldSpec, thres float64) bool {
	for _, g := range fields {
		if g.Path == f.Path || !g.Patterned() || (g.Predefined == f.Predefined && g.Predefined != "") {
			continue
		}
		if f.Regex != nil && g.Regex != nil && *f.Regex == *g.Regex {
			continue
		}
		if r := patternRecognizer(g); r != nil && coverShare(st, r) >= thres {
			return true
		}
	}
	return false
}

// coverShare is the share of a slot's sample values that are mostly (two
// thirds of their length or more) one instance of r.
func coverShare(st *slotStats, r recognizers.Recognizer) float64 {
	if st.occ == 0 {
		return 0
	}
	n := 0
	for v, c := range st.values {
		if m, ok := longestMatch(r, v); ok && 3*(m[1]-m[0]) >= 2*len(v) {
			n += c
		}
	}
	return float64(n) / float64(st.occ)
}

// labelsOther reports whether a label names another root field of w
// (affinityName or better) and not f at all.
func (w *Wrapper) labelsOther(label []string, f FieldSpec) bool {
	if len(label) == 0 || labelAffinity(label, f) > affinityNone {
		return false
	}
	for _, g := range w.fields {
		if g.Path != f.Path && !g.Tuple && labelAffinity(label, g) >= affinityName {
			return true
		}
	}
	return false
}

// labelled returns the statistics of the values of a slot that label
// precedes: counts and distinct values, with the share of whole-node values
// of the slot; no annotation counts.
func labelled(st *slotStats, label string) *slotStats {
	ls := &slotStats{values: st.labVals[label], types: map[string]int{}, perPage: map[int]int{}}
	for _, n := range ls.values {
		ls.occ += n
	}
	if st.occ > 0 {
		ls.whole = st.whole * ls.occ / st.occ
	}
	for pg := range st.labPages[label] {
		ls.perPage[pg] = 1
	}
	ls.somePages = st.somePages
	return ls
}

// normName normalises a field, type or class name for comparison with a
// label: lower case, '_' and '-' as spaces, letters and digits only, a
// plural "s" dropped from every word.
func normName(s string) string {
	s = strings.NewReplacer("_", " ", "-", " ").Replace(strings.ToLower(s))
	var words []string
	for _, w := range strings.Fields(s) {
		if w = alnum(w); w != "" {
			words = append(words, singular(w))
		}
	}
	return strings.Join(words, " ")
}

func singular(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}

// labelNames reports whether a label run (slotLabelRuns) is, as a whole,
// the field's name or one of its type names (normName on both sides).
func labelNames(run []string, f FieldSpec) bool { return labelAffinity(run, f) >= affinityName }

// Affinities of a label with a field (labelAffinity).
const (
	affinityNone  = 0
	affinityKind  = 1 // a word of the label is the stem of the field's dictionary class or recognizer
	affinityName  = 2 // a word of the label is the stem of a word of the field's or type's name
	affinityWhole = 3 // the label, as a whole, is the field's or type's name
)

// labelAffinity grades how well a label (lower-cased words) names field f:
// affinityWhole when it is, as a whole, the field's name or one of its
// type names (compared lower-cased, '_' and '-' as spaces, plural "s"
// dropped: "Publisher" for publisher, "Publication date" for
// publication_date); affinityName when one of its words shares a stem with
// a word of those names ("Published by" for publisher_name, "Date first
// available" for release_date, "Tel" for telephone); affinityKind when one
// shares a stem with the field's dictionary class or predefined recognizer
// ("Brand" for a field make whose class is brand, "Date" for a field born
// recognised as a date).
func labelAffinity(run []string, f FieldSpec) int {
	if len(run) == 0 {
		return affinityNone
	}
	words := make([]string, len(run))
	for i, w := range run {
		words[i] = singular(w)
	}
	label := strings.Join(words, " ")
	names := append([]string{f.Name}, f.Types...)
	for _, n := range names {
		// "Birthdate" names birth_date as "Birth date" does.
		if nn := normName(n); nn == label || strings.ReplaceAll(nn, " ", "") == strings.ReplaceAll(label, " ", "") {
			return affinityWhole
		}
	}
	// Numbers tell kinds apart: "ISBN-10" does not name isbn_13.
	for _, n := range names {
		if numbersDiffer(digitSplit(strings.Fields(normName(n))), digitSplit(words)) {
			return affinityNone
		}
	}
	share := func(ns []string) bool {
		for _, n := range ns {
			for _, a := range strings.Fields(normName(n)) {
				for _, b := range words {
					if sameStem(a, b) {
						return true
					}
				}
			}
		}
		return false
	}
	if share(names) {
		return affinityName
	}
	if share([]string{f.Class, f.Predefined}) || share(recognizers.LabelWords(f.Predefined)) {
		return affinityKind
	}
	return affinityNone
}

// numbersDiffer reports whether both word lists hold numbers and none of
// a's is among b's.
func numbersDiffer(a, b []string) bool {
	num := func(w string) bool { return w != "" && strings.Trim(w, "0123456789") == "" }
	var na []string
	nb := map[string]bool{}
	for _, w := range a {
		if num(w) {
			na = append(na, w)
		}
	}
	for _, w := range b {
		if num(w) {
			nb[w] = true
		}
	}
	if len(na) == 0 || len(nb) == 0 {
		return false
	}
	for _, w := range na {
		if nb[w] {
			return false
		}
	}
	return true
}

// labelStop are label words too common to name a field.
var labelStop = map[string]bool{"by": true, "of": true, "the": true, "and": true, "in": true, "on": true, "at": true, "for": true, "a": true, "to": true, "our": true, "your": true, "new": true, "name": true, "no": true}

// sameStem reports whether a word of a name and a word of a label
// (lower-case) share a stem: equal, or one a prefix of the other of at
// least 3 letters ("pub", "publication"), or sharing a prefix of at least
// 6 letters ("publisher", "published"), or one ending the other and of at
// least 5 letters ("phone", "telephone"). A label word that goes on past a
// whole name word by a word of its own is a compound naming something else
// ("teammates" is not a team, "birthplace" no birth date; compound).
func sameStem(name, label string) bool {
	a, b := name, label
	if a == "" || b == "" || labelStop[a] || labelStop[b] {
		return false
	}
	if a == b {
		return true
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) >= 3 && strings.HasPrefix(b, a) {
		return !compound(name, label)
	}
	if len(a) >= 5 && strings.HasSuffix(b, a) {
		return true
	}
	n := 0
	for n < len(a) && a[n] == b[n] {
		n++
	}
	return n >= 6
}

// compoundRest is the least number of letters a label word must go on
// past a name word it starts with to be a compound rather than the name
// inflected ("teams", "published", "schooling").
const compoundRest = 4

// compound reports whether label starts with the whole word name (not an
// abbreviation: 4 letters or more) and goes on by compoundRest letters or
// more: "teammates" after "team", "birthplace" after "birth".
func compound(name, label string) bool {
	return len(name) >= 4 && strings.HasPrefix(label, name) && len(label)-len(name) >= compoundRest
}

// plausible reports whether the values a label nominates can be the
// field's: not mostly one constant, not mainly annotated with other types,
// and, for a field with a predefined recognizer, recognised in thres of
// the values.
func plausible(st *slotStats, f FieldSpec, thres float64, minCnt int) bool {
	if st.occ == 0 {
		return false
	}
	top := 0
	for _, n := range st.values {
		top = max(top, n)
	}
	if 2*top > st.occ && len(st.values) > 0 && st.occ > 2 {
		return false
	}
	if other := st.annOcc - st.count(f.Types); other >= minCnt && float64(other) > (1-thres)*float64(st.annOcc) {
		return false
	}
	if r := patternRecognizer(f); r != nil && validShare(st, r) < thres {
		return false
	}
	if patternRecognizer(f) == nil && st.count(f.Types) == 0 && float64(letterless(st)) > (1-thres)*float64(st.occ) {
		// A dictionary's names have letters: numbers after a label
		// that shares a word with the field's type ("Product ID:
		// 7894791" for a product) are another role's values.
		return false
	}
	return true
}

// letterless counts the slot's sample values without a letter.
func letterless(st *slotStats) int {
	n := 0
	for v, c := range st.values {
		if !strings.ContainsFunc(v, unicode.IsLetter) {
			n += c
		}
	}
	return n
}

// validShare is the share of a slot's sample values in which recognizer r
// finds an instance (0 without r).
func validShare(st *slotStats, r recognizers.Recognizer) float64 {
	return shareBy(st, r, validate)
}

// shareBy is the share of a slot's sample values that check accepts as
// instances of r (0 without r or values).
func shareBy(st *slotStats, r recognizers.Recognizer, check func(recognizers.Recognizer, string) (string, bool)) float64 {
	if r == nil || st.occ == 0 {
		return 0
	}
	ok := 0
	for v, n := range st.values {
		if _, found := check(r, v); found {
			ok += n
		}
	}
	return float64(ok) / float64(st.occ)
}

// detailPlaces chooses, on detail pages, the one slot each set field of
// the object is read from (field index -> slot). A book's authors are the
// object's own data, found in one place (a byline); the same type also
// fills repeated regions of the page (recommendation cards, sidebars),
// which are sets of other records and must not be merged in. Among the
// field's candidate slots (those within a quarter of the best score), the
// place is the one with the most sample pages where the slot's values
// touch the field's types (or, for a slot a label naming the field
// nominated, where the label precedes a value), divided by half the
// slot's mean number of values per page when that exceeds 2 (a carousel
// lists many values on every page; an object has typically one to three),
// ties broken by the distance, in slots, to the object's single fields
// already placed (they sit together). A slot in taken, which a single
// field of the object took, does not compete.
func detailPlaces(w *Wrapper, cands []cand, stats []*slotStats, taken map[int]bool) map[int]int {
	var singles []int
	used := map[int]bool{}
	for _, c := range cands {
		if f := w.fields[c.field]; f.Parent == "" && !f.Many && !used[c.field] {
			used[c.field] = true
			singles = append(singles, c.slot)
		}
	}
	dist := func(s int) int {
		d := math.MaxInt
		for _, x := range singles {
			d = min(d, max(s-x, x-s))
		}
		return d
	}
	top := map[int]float64{} // best candidate score per field
	for _, c := range cands {
		top[c.field] = max(top[c.field], c.score)
	}
	out := map[int]int{}
	bestV := map[int]float64{}
	for _, c := range cands {
		f := w.fields[c.field]
		// Only slots that mapSlots would keep compete: not one a
		// single field took (a venue's name the artists' dictionary
		// knows on a few pages is not where the guests are).
		if f.Parent != "" || !f.Many || c.score <= 0 || taken[c.slot] {
			continue
		}
		v := placeScore(stats[c.slot], f)
		if c.label != "" {
			// A label naming the field nominated the slot: the pages
			// where it precedes a value count, as in its score.
			v = max(v, float64(len(stats[c.slot].labPages[c.label])))
		}
		if d := dist(c.slot); d < math.MaxInt {
			v /= 1 + float64(d)/8
		}
		b, ok := bestV[c.field]
		if !ok || v > b || (v == b && dist(c.slot) < dist(out[c.field])) {
			bestV[c.field], out[c.field] = v, c.slot
		}
	}
	return out
}

// samePlace reports whether slot s belongs to the place chosen at slot p
// (detailPlaces): s is p, or a slot near it (at most placeSpan slots away)
// inside the same sets, with no slot of another field between them (the
// second author of a byline is an optional slot of its own).
func samePlace(sets [][]int, used map[int]bool, p, s int) bool {
	if s == p {
		return true
	}
	if max(s-p, p-s) > placeSpan || !nestedPlace(sets[s], sets[p]) {
		return false
	}
	for x := min(s, p) + 1; x < max(s, p); x++ {
		if used[x] {
			return false
		}
	}
	return true
}

// placeSpan is how many slots away from the chosen place a slot of the
// same field may be and still belong to it (samePlace).
const placeSpan = 3

// placeScore rates a slot as the one place of a detail page's set field
// (see detailPlaces).
func placeScore(st *slotStats, f FieldSpec) float64 {
	pages := map[int]bool{}
	for _, t := range f.Types {
		for pg := range st.somePages[t] {
			pages[pg] = true
		}
	}
	v := float64(len(pages)) * st.novelty(f.Types)
	if len(st.perPage) > 0 {
		if m := float64(st.occ) / float64(len(st.perPage)); m > 2 {
			v /= m / 2
		}
	}
	return v
}

// labelBefore reports whether the label right before token x on the page
// (pageLabel) is label.
func labelBefore(toks []token, x int, label []string) bool {
	return slices.Equal(pageLabel(toks, x), label)
}

// lowerInitial reports whether a word starts with a lower-case letter.
func lowerInitial(w string) bool {
	for _, r := range w {
		return unicode.IsLower(r)
	}
	return false
}

// predefinedRecognizers builds the predefined recognizers of the fields
// that have one (FieldSpec.Predefined), by field path; unknown names are
// left out.
func predefinedRecognizers(fields []FieldSpec) map[string]recognizers.Recognizer {
	out := map[string]recognizers.Recognizer{}
	for _, f := range fields {
		if r := patternRecognizer(f); r != nil {
			out[f.Path] = r
		}
	}
	return out
}

// patternRecognizer builds the field's predefined or regex recognizer; nil
// when it has none (or an unknown one: a wrapper saved by a build with
// other recognizers).
func patternRecognizer(f FieldSpec) recognizers.Recognizer {
	switch {
	case f.Predefined != "":
		if r, err := recognizers.NewPredefined(f.Predefined); err == nil {
			return r
		}
	case f.Regex != nil:
		if r, err := recognizers.NewRegex(f.Regex.Pattern, f.Regex.IgnoreCase, f.Regex.Timeout); err == nil {
			return r
		}
	}
	return nil
}

// cutSeps are the separators at which a value may be cut before another
// field's instance (otherCut).
var cutSeps = []string{";", "("}

// otherCut finds the first ";" or "(" of tokens [a, b) after the first
// word such that the rest holds an instance of the predefined recognizer of
// a field other than skip: it returns the separator's position and that
// field's path, or b and "".
func otherCut(toks []token, a, b int, fields []FieldSpec, valid map[string]recognizers.Recognizer, skip string) (int, string) {
	for x := a + 1; x < b; x++ {
		t := &toks[x]
		if t.Kind != KindWord || !slices.Contains(cutSeps, t.Text) {
			continue
		}
		rest, _, _ := valueText(toks, x, b)
		for _, g := range fields {
			r := valid[g.Path]
			if g.Path == skip || r == nil {
				continue
			}
			if _, ok := validate(r, rest); ok {
				return x, g.Path
			}
		}
	}
	return b, ""
}

// cutAtRule learns SlotMap.CutAt for single field f mapped to the slot of
// candidate c: the separators at which, together, at least thres of the
// values (those c's label precedes, when it has one) were cut for another
// field's instance.
func cutAtRule(st *slotStats, c cand, f FieldSpec, thres float64) []string {
	occ := st.occ
	if c.label != "" {
		occ = labelled(st, c.label).occ
	}
	tally := map[string]int{}
	for k, n := range st.cutAt {
		sep, g, _ := strings.Cut(k, "\x00")
		if g != f.Path {
			tally[sep] += n
		}
	}
	var out []string
	n := 0
	for _, sep := range cutSeps {
		if tally[sep] >= 2 {
			out = append(out, sep)
			n += tally[sep]
		}
	}
	if occ == 0 || float64(n) < thres*float64(occ) {
		return nil
	}
	return out
}
