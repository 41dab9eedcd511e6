package mapping

import (
	"fmt"
	"slices"
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
	// ask, explain, taken and fields are what the mapping knew when it
	// stopped: the mandatory fields without slot, the explanation of the
	// mapping so far, the slots other fields had and the fields (StopError.Questions,
	// stopq.go).
	ask     []string
	explain []FieldExplain
	taken   map[int]string
	fields  []FieldSpec
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
	// Row, when set, is the label key a value was read after (a
	// transient SlotMap of keyedValue, labelkey.go): the value counts as
	// labelled.
	Row []string `json:"row,omitempty"`
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
	// Piece, when set, reads a part of the slot's value: the piece a
	// review answer chose (Pin.Piece, parts.go).
	Piece *Piece `json:"piece,omitempty"`
}

// SodFields flattens the SOD's root tuple into field specs.
func SodFields(s *sod.SOD) []FieldSpec {
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

// WholeByPattern reports whether the field's pattern finds whole values: a
// regular expression, or a predefined recognizer that is not partial
// (addresses are: recognizers.Info.Partial).
func (f FieldSpec) WholeByPattern() bool {
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
	Occ    int            // non-empty values
	AnnOcc int            // values with any annotation
	Whole  int            // values that are whole text nodes
	Types  map[string]int // values annotated with each type
	// typeConf sums, per type, the best confidence of the type's
	// annotations in the values counted in types.
	TypeConf map[string]float64
	Runs     map[string]map[int]bool
	RunAnn   map[string]bool
	// sepWord: unannotated words found between annotated words of a value
	// (pages seen); annWord: words annotated somewhere in the slot.
	SepWord map[string]map[int]bool
	AnnWord map[string]bool
	// sepHalf: short lower-case words between an annotated word and a
	// capitalised one of one text node (pages seen).
	SepHalf map[string]map[int]bool
	// sepConj: the conjunction "and" (conjToken) between two capitalised
	// words of one text node, whether or not they are annotated (pages
	// seen); see conjSeps.
	SepConj map[string]map[int]bool
	// Segment statistics per type: values cut into several segments where
	// the type's annotations fall inside one segment, counted by its index
	// from the left and from the right.
	SegN       map[string]int
	SegL, SegR map[string]map[int]int
	// segX counts, per type, the values where its segment is apart from
	// the rest for a reason (see explainedCut).
	SegX   map[string]int
	Values map[string]int // distinct values and their counts
	Tagged int            // values with tags inside
	// broken counts the values with a line break or a block element's
	// edge inside (lineBreak): page parts rather than one line's fields.
	Broken int
	Some   map[string]int // values where the type covers some words
	// itemTypes counts, per type, the values of which some item (split
	// as a set's value is: at tags and separator punctuation) is an
	// instance of the type; itemAnnOcc the values with an item that is
	// an instance of some type (see countItems).
	itemTypes  map[string]int
	itemAnnOcc int
	itemConf   map[string]float64 // best confidences of the values in itemTypes
	// only counts the values mainly annotated with one type and no other;
	// typeSets the values mainly annotated, by their set of types (sorted,
	// joined by "\x00"): two fields over one dictionary class annotate a
	// value with both their types.
	Only     map[string]int
	TypeSets map[string]int
	// perPage counts the non-empty values on each sample page; somePages
	// the pages where a type covers some words of a value.
	PerPage   map[int]int
	SomePages map[string]map[int]bool
	// firstVal holds each sample page's first value (see copySlots).
	FirstVal map[int]string
	// pageVals holds each sample page's first values (maxPageVals; the
	// review's samples and the pins' examples, review.go).
	PageVals map[int][]string
	// lead counts, per type, the values with tags inside whose first run
	// of words (up to the first tag) is an instance of the type; leadOcc
	// the values with tags inside and a non-empty first run.
	Lead    map[string]int
	LeadOcc int
	LeadAnn int // first runs that are instances of some type
	// leadSep: lower-case unannotated words of first runs next to an
	// annotated word, with words on both sides (pages seen).
	LeadSep map[string]map[int]bool
	// labVals holds, by page label (pageLabel: the words right before a
	// value on the page, joined by spaces), the values it precedes and
	// their counts; labPages the pages where it preceded a value.
	LabVals  map[string]map[string]int
	LabPages map[string]map[int]bool
	// labAnn counts, by page label and type, the values it precedes that
	// are instances of the type (see learnedLabel).
	LabAnn map[string]map[string]int
	// wordPaths holds the occurrence paths of the values' words,
	// firstPaths counts the values by the path of their first word
	// (ownpaths.go).
	WordPaths  map[int32]bool
	FirstPaths map[int32]int
	// labEnt holds, by page label and type, the pages where the type
	// knows the label's words as a whole (labelvalue.go).
	labEnt map[string]map[string]map[int]bool
	// cutAt counts, by "separator\x00field path", the values that
	// otherCut cuts at that separator for another field's instance.
	CutAt map[string]int
	// inTitle counts the values, outside <head>, that the page's <title>
	// contains: the page's own object, not a sidebar's.
	InTitle int
	// rows holds each sample page's first labelled value's row
	// (rowplace.go).
	Rows map[int]rowOf
	// typeVals holds, per type, the distinct values counted in types.
	TypeVals map[string]map[string]bool
	// rest holds, per patterned type, the statistics of the values' words
	// outside its instances (restslots.go).
	Rest map[string]*restStats
	// labRuns holds the runs of words after each page label inside
	// values of several runs (rowitems.go).
	LabRuns map[string]*labRun
	// someVals counts, per type, the values some of whose words it
	// annotates, by text (see novelty).
	SomeVals map[string]map[string]int
	// itemInst counts, by field path, the values of several items (split
	// at tags and separators) one of which is wholly an instance of the
	// field's pattern: "Chinese · $$$" for a price range (see learnParts).
	ItemInst map[string]int
	// itemLab counts, by field path and page label (pageLabel, joined by
	// spaces), the items counted in itemInst that the label precedes.
	ItemLab map[string]map[string]int
	// wholeInst counts, by field path, the values that are wholly one
	// instance of the field's pattern (wholeinst.go).
	WholeInst map[string]int
	// full counts, per type, the values whose every word the type's
	// annotations cover (partslots.go).
	Full map[string]int
	// annRecs holds, per type, the (pseudo-)pages with a value counted in
	// types (recmin.go).
	AnnRecs map[string]map[int]bool
	// nodes holds, per sample page, the node of the first word of the
	// slot's first value (locality.go).
	Nodes map[int]*html.Node
	// Parts holds each sample's first value cut into parts (parts.go),
	// when it has several.
	Parts map[int]*partVal
	// labFar counts, by page label, the values it preceded from far
	// (labelnear.go).
	LabFar map[string]int
}

// pageTitle returns the lower-cased text of the page's <title>, "" when
// it has none (the tokenizer skips <head>: the title is read from the
// page's tree).
func pageTitle(toks []Token) string {
	var root *html.Node
	for i := range toks {
		if n := toks[i].Node(); n != nil {
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

func (st *slotStats) LeadCount(types []string) int { return sumOf(st.Lead, types) }

// LeadShare is the share of types among the first runs that are instances
// of some type.
func (st *slotStats) LeadShare(types []string) float64 {
	if st.LeadAnn == 0 {
		return 0
	}
	return float64(st.LeadCount(types)) / float64(st.LeadAnn)
}

// maxLines bounds the iterations per page of a set whose iterations are
// the lines of one value.
const maxLines = 4

// joinsLines reports whether a slot inside a set holds, on the sample
// pages, the lines of one value of single field f: one to maxLines values
// a page, on at least half of the pages, and nearly every one an
// instance of f's types.
func joinsLines(st *slotStats, f FieldSpec, nPages int) bool {
	if st.Occ == 0 || 2*len(st.PerPage) < nPages || f.Many {
		return false
	}
	for _, n := range st.PerPage {
		if n > maxLines {
			return false
		}
	}
	return float64(st.Count(f.Types)) >= 0.9*float64(st.Occ)
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

// nestedSingle reports whether f is a single field of a single nested
// tuple (location = {address, phone} with mult "1" or "?"): one value per
// object, like a single field of the root.
func nestedSingle(fields []FieldSpec, f FieldSpec) bool {
	if f.Parent == "" || f.Many {
		return false
	}
	i := IndexOf(fields, f.Parent)
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
func capitalNeighbour(toks []Token, x, a, b int, n *html.Node, annotatedBefore bool) bool {
	y := x + 1
	step := 1
	if !annotatedBefore {
		y, step = x-1, -1
	}
	for ; y >= a && y < b && toks[y].Node() == n; y += step {
		if toks[y].Kind != KindWord || exalg.EdgeToken(&toks[y]) {
			continue
		}
		r := []rune(toks[y].Text())
		return len(r) > 0 && unicode.IsUpper(r[0])
	}
	return false
}

// pluralityShare is the least share of a slot's annotated values a field's
// types need when they are the most frequent types there.
const pluralityShare = 0.5

// Plurality reports whether types are annotated on more of the slot's
// values than any other type.
func (st *slotStats) Plurality(types []string) bool { return st.PluralityAmong(types, nil) }

// PluralityAmong is Plurality where the types in kin are no rivals: the
// types of other fields of the same kind (sameKind: a headliner and the
// performers over one artists' dictionary) annotate the very same values,
// and a tie with them says nothing about which field the slot holds.
func (st *slotStats) PluralityAmong(types, kin []string) bool {
	mine := st.Count(types)
	for t, n := range st.Types {
		if !slices.Contains(types, t) && !slices.Contains(kin, t) && n >= mine {
			return false
		}
	}
	return mine > 0
}

// MeanConf is the mean confidence of the values counted for types (1
// when there are none).
func (st *slotStats) MeanConf(types []string) float64 {
	return meanConfOf(st.Types, st.TypeConf, types)
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

// Variation weighs a slot by how much its value varies: 1 when it has
// distinct values for a quarter of its occurrences or more, less as it
// nears one constant value (template-like: a menu entry).
func (st *slotStats) Variation() float64 {
	if st.Occ == 0 {
		return 1
	}
	return min(1, float64(len(st.Values)-1)/(0.25*float64(st.Occ)))
}

func (st *slotStats) Count(types []string) int { return sumOf(st.Types, types) }

// sumOf is the sum of m's counts of keys.
func sumOf(m map[string]int, keys []string) int {
	n := 0
	for _, k := range keys {
		n += m[k]
	}
	return n
}

// NewSlotStats returns empty statistics for one slot.
func NewSlotStats() *slotStats {
	return &slotStats{Some: map[string]int{}, Only: map[string]int{}, TypeSets: map[string]int{}, Values: map[string]int{}, Types: map[string]int{}, TypeConf: map[string]float64{}, Runs: map[string]map[int]bool{}, RunAnn: map[string]bool{},
		SepWord: map[string]map[int]bool{}, AnnWord: map[string]bool{}, SepHalf: map[string]map[int]bool{}, SepConj: map[string]map[int]bool{},
		SegN: map[string]int{}, SegL: map[string]map[int]int{}, SegR: map[string]map[int]int{}, SegX: map[string]int{},
		PerPage: map[int]int{}, FirstVal: map[int]string{}, PageVals: map[int][]string{}, Full: map[string]int{}, SomePages: map[string]map[int]bool{}, Lead: map[string]int{}, LeadSep: map[string]map[int]bool{},
		LabVals: map[string]map[string]int{}, LabPages: map[string]map[int]bool{}, CutAt: map[string]int{}, TypeVals: map[string]map[string]bool{}, SomeVals: map[string]map[string]int{}, ItemInst: map[string]int{}, ItemLab: map[string]map[string]int{}, LabAnn: map[string]map[string]int{}, itemTypes: map[string]int{}, WholeInst: map[string]int{}, Rows: map[int]rowOf{}, itemConf: map[string]float64{}, AnnRecs: map[string]map[int]bool{}, Nodes: map[int]*html.Node{}, LabFar: map[string]int{}}
}

// sepGap reports whether run i of rs (the runs of words of one value,
// between tags) may be a separator between two items: it lies between two
// runs holding annotated words (the items), it is not delimited by
// always-split separators (itemSeps) on both sides, and it is not the text
// of an element like the items' own (a link among links). In
// "<a>A</a> | <a>B</a> | <a>C</a>" or "<a>A</a><a>B</a><a>C</a>", B is an
// item even when unannotated; in "<a>A</a> and <a>B</a>", "and" is a
// separator.
func sepGap(toks []Token, rs [][2]int, i int) bool {
	if i == 0 || i == len(rs)-1 {
		return false
	}
	annotated := func(rn [2]int) bool {
		for x := rn[0]; x < rn[1]; x++ {
			if len(toks[x].Ann()) > 0 {
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
	pl, pm, pr := toks[rs[i-1][0]].Node().Parent, toks[rn[0]].Node().Parent, toks[rs[i+1][0]].Node().Parent
	if pl != nil && pm != nil && pr != nil && pl != pm && pm != pr && pl.Data == pm.Data && pm.Data == pr.Data {
		return false
	}
	return true
}

// annotatedWord reports whether the nearest word from token x in direction
// dir (±1), up to token lim, skipping tags and separator punctuation, is
// annotated.
func annotatedWord(toks []Token, x, lim, dir int) bool {
	for y := x + dir; (dir < 0 && y >= lim) || (dir > 0 && y <= lim); y += dir {
		t := &toks[y]
		if t.Kind != KindWord || exalg.EdgeToken(t) || sepToken(t, itemSeps+weakSeps) {
			continue
		}
		return len(t.Ann()) > 0
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
	Lines bool   // the slot's values on a page are the lines of one value (SlotMap.Lines)
	Lead  bool   // the slot's values are cut to their first run (SlotMap.Lead)
	Label string // the page label that nominated the slot (SlotMap.Label)
	Field int
	Slot  int
	Cnt   int
	Share float64
	Cov   float64
	Score float64 // sc.Total(), or a rule's value
	// part: a part candidate (partcands.go), never mapped directly.
	Part bool
	Sc   Score // the factors of score (score.go)
}
