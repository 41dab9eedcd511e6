package mapping

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// Notes read from the explicit score of the chosen slots, from the
// template and from the values extracted on the sample (issue 20:
// diagnostics that catch failures). Measured on fresh zoo seeds
// (12000-12199), fields that scored badly with no diagnostic were mostly
// of these kinds, which the sample statistics of notes.go and doubt.go do
// not see:
//
//   - lead-item: a set field's list whose first item ExAlg kept as a slot
//     of its own before the set (the same markup around it as around the
//     set's items, only template text between them) that another field
//     reads (a venue reading the first act); leaditem.go gives the set
//     field that slot when no field took it.
//   - weak-slot (detail pages): a single field's chosen slot carries
//     factors of the score (score.go) against it and won for want of a
//     better candidate: OneText with Variation below 1 (its annotations
//     fall on one text and its values repeat among a few texts: a
//     heading that rotates among "Details", "Specifications", …, one of
//     which a dictionary knows), or Locality (outside the object's
//     region); or the winner has no label while a candidate after a label
//     that is the field's whole name (Label namedBoost, not a stem: "list
//     price" for a price field is another price's) lost to it. A low
//     Annotation count alone is no sign: measured, most fields of sparse
//     dictionaries have it and are right.
//   - same-as-field for nested fields: the note of doubt.go counts root
//     fields only; a nested single field (location.venue_name) reading
//     the place of another single field (the band) is the same failure.
//   - close-rival: the ambiguous note of abstain.go for nested fields (it
//     weighs root fields only): an untaken rival within closeScore of the
//     chosen slot's total holds other values.
//   - records-elsewhere (list pages): column headers outside the records'
//     list name two fields or more: the records may be a look-alike list.
//   - no-letter and lead-number: a name field's values without a letter
//     ("2013"), or opening with a number outside its instance ("60
//     Catcher").
//   - missed-values on list records: doubt.go's note, there for detail
//     pages only.
//   - merged-values: a field cut to its recognizer's instance gives values
//     holding several instances ("May 3, Feb 17").
//
// Each names its field and lowers the confidence of the field's values
// (doubtKinds, doubt.go).

// Kinds of the notes of this file.
const (
	NoteLeadItem   = "lead-item"
	NoteWeakSlot   = "weak-slot"
	NoteCloseRival = "close-rival"
)

// leadPeer returns the number of the slot right before the set
// holding the slot at flat[i] when it is the set's first slot and the two
// slots have the same markup around them (the token before and the token
// after), with only template tokens between that slot and the set; -1
// otherwise.
func leadPeer(flat []flatEl, i int) int {
	open := -1
	for j := i - 1; j >= 0; j-- {
		if flat[j].Slot >= 0 || (flat[j].Mark != "" && flat[j].Mark != "{") {
			return -1
		}
		if flat[j].Mark == "{" {
			open = j
			break
		}
	}
	if open < 0 || i+1 >= len(flat) || i == 0 {
		return -1
	}
	for j := open - 1; j >= 1; j-- {
		if flat[j].Mark != "" {
			return -1
		}
		if flat[j].Slot < 0 {
			continue
		}
		if j+1 < len(flat) && sameTok(flat[j-1], flat[i-1]) && sameTok(flat[j+1], flat[i+1]) {
			return flat[j].Slot
		}
		return -1
	}
	return -1
}

// sameTok reports whether two template elements are tokens of one kind
// and text.
func sameTok(a, b flatEl) bool {
	return a.Slot < 0 && b.Slot < 0 && a.Mark == "" && b.Mark == "" && a.Tok.Kind == b.Tok.Kind && a.Tok.Text == b.Tok.Text
}

// compareSamples compares two candidates' sample values page by page
// (their first values): common is the number of sample pages where both
// have one, differ those where they differ.
func compareSamples(a, b []CandidateSample) (common, differ int) {
	first := map[int]string{}
	for _, s := range a {
		if len(s.Values) > 0 {
			first[s.Index] = s.Values[0]
		}
	}
	for _, s := range b {
		v, ok := first[s.Index]
		if !ok || len(s.Values) == 0 {
			continue
		}
		common++
		if v != s.Values[0] {
			differ++
		}
	}
	return common, differ
}

// NoteRecordsElsewhere: on list pages, the records were read from a list
// outside a table whose column headers name fields of the SOD. No longer
// given (branch diag12): over the dev zoo ranges measured since it was
// added it named 196 fields, every one scoring >= 0.90 (docs/diagnostics.md,
// "Precision of each note"). The kind is kept so that saved wrappers and
// reviews that name it still read.
const NoteRecordsElsewhere = "records-elsewhere"

// NoteNoLetter: values of a name field (not patterned) without a letter
// ("2013", "1"): a name has letters, so the slot holds another kind of
// value on those objects.
const NoteNoLetter = "no-letter"

// leadNumber reports whether the word tokens [a, b) open with a number
// (digits only) not annotated with types, followed by a token that is.
func leadNumber(toks []Token, a, b int, types []string) bool {
	first := -1
	for x := a; x < b; x++ {
		if toks[x].Kind == KindWord {
			first = x
			break
		}
	}
	if first < 0 || !allDigits(toks[first].Text()) || typedAs(toks[first], types) {
		return false
	}
	for x := first + 1; x < b; x++ {
		if toks[x].Kind == KindWord && typedAs(toks[x], types) {
			return true
		}
	}
	return false
}

// typedAs reports whether token t holds an annotation of one of types.
func typedAs(t Token, types []string) bool {
	return slices.ContainsFunc(t.Ann(), func(an *annotate.Annotation) bool { return slices.Contains(types, an.Type) })
}

// allDigits reports whether s is a run of ASCII digits.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// NoteMerged: a single field whose values are cut to its recognizer's
// instance (FieldSpec.Delimited) gives values holding two instances of it
// or more ("May 3, Feb 17"): two values merged, or a value and another
// field's.
const NoteMerged = "merged-values"

// trustNotes returns the notes of this file for the wrapper learned on
// pages (the sample).
func (w *State) trustNotes(pages []*annotate.Page) []Note {
	sample := w.sampleObjects(pages)
	var out []Note
	out = append(out, w.leadItemNotes(pages)...)
	out = append(out, w.weakSlotNotes()...)
	out = append(out, w.nestedSameNotes(pages)...)
	out = append(out, w.nestedTieNotes()...)
	out = append(out, w.setTieNotes()...)
	out = append(out, w.patternTieNotes()...) // tienotes.go
	out = append(out, w.valueShapeNotes(pages, sample)...)
	out = append(out, w.recordMissedNotes(pages)...)
	out = append(out, w.mergedNotes(sample)...)
	out = append(out, w.runOnValueNotes(sample)...)         // runon.go
	out = append(out, w.otherLabelNotes(pages)...)          // otherlabel_note.go
	out = append(out, w.labelInValueNotes(sample)...)       // labelnotes.go
	out = append(out, w.mergedItemsNotes(pages, sample)...) // labelnotes.go
	out = append(out, w.labelVariantNotes()...)             // labelnotes.go
	out = append(out, w.labelVariesNotes(pages)...)         // labelnotes.go
	out = append(out, w.inAsideNotes(pages)...)             // labelnotes.go
	out = append(out, w.labelValueNotes(pages)...)          // labelnotes.go
	out = append(out, w.rivalNotes(pages)...)               // rivalnotes.go
	out = append(out, w.labelOnlyNotes()...)                // untyped.go
	return out
}

// sampleObjects returns a function giving the objects Extract finds on
// each of pages, extracted on the first call only: the notes that count
// extracted values share one extraction of the sample.
func (w *State) sampleObjects(pages []*annotate.Page) func() [][]*Object {
	var objs [][]*Object
	return func() [][]*Object {
		if objs == nil {
			objs = make([][]*Object, len(pages))
			for i, p := range pages {
				objs[i], _ = w.Extract(p)
			}
		}
		return objs
	}
}

// leadItemNotes finds the set fields whose list's first item is a slot of
// its own before the set that the field did not get (see above).
func (w *State) leadItemNotes(pages []*annotate.Page) []Note {
	if w.Template == nil {
		return nil
	}
	owner := map[int]string{}
	mine := map[string][]int{}
	for _, sm := range w.SlotMaps {
		if _, ok := owner[sm.Slot]; !ok {
			owner[sm.Slot] = sm.Field
		}
		mine[sm.Field] = append(mine[sm.Field], sm.Slot)
	}
	flat := Flatten(w.Template.Root, nil)
	var out []Note
	noted := map[string]bool{}
	for i, e := range flat {
		if e.Slot < 0 {
			continue
		}
		f := w.fieldSpec(owner[e.Slot])
		if f == nil || !f.Many || f.Tuple || noted[f.Path] {
			continue
		}
		q := leadPeer(flat, i)
		if q < 0 {
			// The converse: the field reads the first item only.
			if r := restPeer(flat, i); r >= 0 && !slices.Contains(mine[f.Path], r) {
				if ex := w.slotExample(pages, r); ex != "" {
					noted[f.Path] = true
					out = append(out, Note{Kind: NoteLeadItem, Field: f.Path, Message: fmt.Sprintf(
						"set field %s reads the first item of its list only: the items after it (e.g. %q) are a slot of their own that it does not read: they are missing from every value",
						f.Path, ex)})
				}
			}
			continue
		}
		if slices.Contains(mine[f.Path], q) {
			continue
		}
		ex := w.slotExample(pages, q)
		if ex == "" {
			continue
		}
		noted[f.Path] = true
		g := owner[q]
		if g == "" {
			out = append(out, Note{Kind: NoteLeadItem, Field: f.Path, Message: fmt.Sprintf(
				"set field %s: the first item of its list (e.g. %q) is a slot of its own, before the repeated items, that no field reads: it is missing from every value",
				f.Path, ex)})
			continue
		}
		out = append(out, Note{Kind: NoteLeadItem, Field: f.Path, Message: fmt.Sprintf(
			"set field %s: the first item of its list (e.g. %q) is a slot of its own, before the repeated items, read as field %s: it is missing from the set",
			f.Path, ex, g)})
		if gf := w.fieldSpec(g); gf != nil && !gf.Many && !gf.Patterned() && !noted[g] {
			noted[g] = true
			out = append(out, Note{Kind: NoteLeadItem, Field: g, Message: fmt.Sprintf(
				"field %s is read from the first item of set field %s's list (e.g. %q): it may be one of %s, not the %s",
				g, f.Path, ex, f.Path, g)})
		}
	}
	return out
}

// slotExample returns the first value of slot s on the sample (the first
// page where it has one), "" when it has none.
func (w *State) slotExample(pages []*annotate.Page, s int) string {
	for _, p := range pages {
		ex := ""
		w.sampleScopes(p, func(toks []Token, r *mrec) {
			Collect(r, -1, func(v sval) {
				if ex != "" || v.Slot != s {
					return
				}
				if txt, a, b := ValueText(toks, v.A, v.B); a < b {
					ex = txt
				}
			})
		})
		if ex != "" {
			if len(ex) > 40 {
				ex = ex[:40] + "…"
			}
			return ex
		}
	}
	return ""
}

// weakSlotNotes finds the single fields whose chosen slot's score carries
// a factor against it (see above).
func (w *State) weakSlotNotes() []Note {
	if w.Records != nil || w.Scope >= 0 {
		return nil // detail pages only: a list's records are weighed by rules of their own
	}
	var out []Note
	for _, fe := range w.Explain {
		f := w.fieldSpec(fe.Field)
		if f == nil || f.Tuple || fe.Sample == 0 {
			continue
		}
		win := fe.winner()
		if win == nil || win.Score.Basis == "rule" {
			continue
		}
		if f.Many {
			// A set field: only the rotating heading (labelnotes.go).
			if setWeakSlot(win) {
				out = append(out, Note{Kind: NoteWeakSlot, Field: fe.Field, Message: fmt.Sprintf(
					"set field %s: its slot (score %s, e.g. %q) won for want of a better candidate: its annotations all fall on one text and its values repeat among a few texts (template text, such as a heading that rotates, that the field's dictionary knows)",
					fe.Field, FmtFactor(win.Total), firstSample(win))})
			}
			continue
		}
		var why []string
		if win.Score.OneText < 1 && win.Score.Variation < 1 {
			why = append(why, "its annotations all fall on one text and its values repeat among a few texts (template text, such as a heading that rotates, that the field's dictionary knows)")
		}
		if win.Outside {
			why = append(why, "it lies outside the region of the object's other fields")
		}
		if win.Label == "" && win.Score.Label <= 1 {
			for _, c := range fe.Candidates {
				if !c.Chosen && c.Label != "" && c.Score.Label >= namedBoost && len(c.Samples) > 0 && len(c.Samples[0].Values) > 0 {
					why = append(why, fmt.Sprintf("slot %d, after the label %q naming the field (e.g. %q), lost to it", c.Slot, c.Label, c.Samples[0].Values[0]))
					break
				}
			}
		}
		if len(why) == 0 {
			continue
		}
		ex := firstSample(win)
		out = append(out, Note{Kind: NoteWeakSlot, Field: fe.Field, Message: fmt.Sprintf(
			"field %s: its slot (score %s, e.g. %q) won for want of a better candidate: %s",
			fe.Field, FmtFactor(win.Total), ex, strings.Join(why, "; "))})
	}
	return out
}

// singleChain reports whether field f and every tuple above it are single.
func (w *State) singleChain(f *FieldSpec) bool {
	for x := f; x != nil; {
		if x.Many {
			return false
		}
		if x.Parent == "" {
			return true
		}
		x = w.fieldSpec(x.Parent)
	}
	return false
}

// nestedSameNotes gives the same-as-field note (doubt.go) for pairs of
// single fields one of which at least is nested (the root pairs are
// counted by placeTally): the same first value, from different text
// nodes, on at least half of the sample objects where both have one (two
// at least).
func (w *State) nestedSameNotes(pages []*annotate.Page) []Note {
	slotsOf := map[string][]int{}
	for _, sm := range w.SlotMaps {
		slotsOf[sm.Field] = append(slotsOf[sm.Field], sm.Slot)
	}
	var fields []FieldSpec
	nested := false
	for _, f := range w.FieldSpecs {
		if f.Tuple || len(slotsOf[f.Path]) == 0 || !w.singleChain(&f) {
			continue
		}
		fields = append(fields, f)
		nested = nested || f.Parent != ""
	}
	if !nested {
		return nil
	}
	type pair struct{ a, b string }
	both, same := map[pair]int{}, map[pair]int{}
	example := map[pair]string{}
	for _, p := range pages {
		w.sampleScopes(p, func(toks []Token, r *mrec) {
			ob := &objectTally{At: map[string][]*html.Node{}, First: map[string]string{}}
			for _, f := range fields {
				Collect(r, -1, func(v sval) {
					if !slices.Contains(slotsOf[f.Path], v.Slot) {
						return
					}
					if _, a, b := ValueText(toks, v.A, v.B); a < b {
						ob.Add(f.Path, toks, a, b)
					}
				})
			}
			for i, f := range fields {
				for _, g := range fields[i+1:] {
					if f.Parent == "" && g.Parent == "" {
						continue // placeTally's
					}
					if ob.First[f.Path] == "" || ob.First[g.Path] == "" {
						continue
					}
					k := pair{f.Path, g.Path}
					both[k]++
					if ob.First[f.Path] == ob.First[g.Path] && len(ob.At[f.Path]) > 0 && len(ob.At[g.Path]) > 0 && ob.At[f.Path][0] != ob.At[g.Path][0] {
						same[k]++
						if example[k] == "" {
							example[k] = ob.First[f.Path]
						}
					}
				}
			}
		})
	}
	var out []Note
	noted := map[string]bool{}
	for i, f := range fields {
		for _, g := range fields[i+1:] {
			k := pair{f.Path, g.Path}
			n := same[k]
			if n < 2 || 2*n < both[k] {
				continue
			}
			for _, x := range []struct{ f, g string }{{f.Path, g.Path}, {g.Path, f.Path}} {
				if noted[x.f] {
					continue
				}
				noted[x.f] = true
				out = append(out, Note{Kind: NoteSameAs, Field: x.f, Message: fmt.Sprintf(
					"field %s has the same value as field %s on %d of the %d sample objects where both have one (e.g. %q): one of them is read from the other's place",
					x.f, x.g, n, both[k], example[k])})
			}
		}
	}
	return out
}

// valueShapeNotes gives, for each root field typed by names (a
// dictionary, not a pattern), a NoteNoLetter when two of the values it
// gives on the sample pages or more hold no letter, and a NoteLeadNumber when RaggedShare
// of its sample values or more (two at least) open with a number outside
// the field's instance that an instance of the field's types follows
// ("60 Catcher"): the number is another field's (a jersey number) and
// runs into the value.
func (w *State) valueShapeNotes(pages []*annotate.Page, sample func() [][]*Object) []Note {
	slotsOf := map[string][]int{}
	for _, sm := range w.SlotMaps {
		if !sm.Part && !sm.LeadNum {
			slotsOf[sm.Field] = append(slotsOf[sm.Field], sm.Slot)
		}
	}
	type tally struct {
		vals, noLetter, lead int
		noLetterEx, leadEx   string
	}
	fields, tl := noteTallies(w.FieldSpecs, func(f FieldSpec) bool {
		return !(f.Tuple || f.Parent != "" || f.Patterned() || len(slotsOf[f.Path]) == 0)
	}, func() *tally { return &tally{} })
	if len(fields) == 0 {
		return nil
	}
	for _, p := range pages {
		w.sampleScopes(p, func(toks []Token, r *mrec) {
			for _, f := range fields {
				t := tl[f.Path]
				Collect(r, -1, func(v sval) {
					if !slices.Contains(slotsOf[f.Path], v.Slot) {
						return
					}
					txt, a, b := ValueText(toks, v.A, v.B)
					if a >= b || txt == "" {
						return
					}
					t.vals++
					if leadNumber(toks, a, b, f.Types) {
						t.lead++
						if t.leadEx == "" {
							t.leadEx = txt
						}
					}
				})
			}
		})
	}
	// Values without a letter are counted on the values extracted (a
	// slot shared with a date gives the date to the other field).
	for _, objs := range sample() {
		for _, o := range objs {
			for _, fd := range o.Fields {
				t := tl[fd.Name]
				if t == nil || fd.Tuple {
					continue
				}
				for _, v := range fd.Values {
					if v.Text != "" && !hasLetter(v.Text) {
						t.noLetter++
						if t.noLetterEx == "" {
							t.noLetterEx = v.Text
						}
					}
				}
			}
		}
	}
	var out []Note
	for _, f := range fields {
		t := tl[f.Path]
		if t.noLetter >= 2 {
			out = append(out, Note{Kind: NoteNoLetter, Field: f.Path, Message: fmt.Sprintf(
				"field %s: %d of its values on the sample pages hold no letter (e.g. %q), though its type %s is a name: the slot holds another kind of value on those objects",
				f.Path, t.noLetter, t.noLetterEx, strings.Join(f.Types, "|"))})
		}
		if t.lead >= 2 && float64(t.lead) >= RaggedShare*float64(t.vals) {
			out = append(out, Note{Kind: NoteLeadNumber, Field: f.Path, Message: fmt.Sprintf(
				"field %s: %d of its %d sample values open with a number outside their %s instance (e.g. %q): the number may be another field's, run into the value",
				f.Path, t.lead, t.vals, strings.Join(f.Types, "|"), t.leadEx)})
		}
	}
	return out
}

// recordMissedNotes gives, on list pages (record mode), the missed-values
// note of doubt.go (there for detail pages): a root field has no value on
// MissedShare of the sample records or more (two at least) though a word
// of the record is annotated with its type. Rows shuffled from record to
// record leave a field's row outside its slot on some of them.
func (w *State) recordMissedNotes(pages []*annotate.Page) []Note {
	if w.Records == nil {
		return nil
	}
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
	own := w.ownClasses(pages, fields, slotsOf)
	records := 0
	missed := map[string]int{}
	byClass := map[string]int{}
	example := map[string]string{}
	for _, p := range pages {
		w.sampleScopes(p, func(toks []Token, r *mrec) {
			records++
			for _, f := range fields {
				if recordValue(toks, r, slotsOf[f.Path]) != nil {
					continue
				}
				typed, classed := false, ""
				for x := range toks {
					if toks[x].Kind != KindWord {
						continue
					}
					if !typed && typedAs(toks[x], f.Types) {
						typed = true
						if example[f.Path] == "" {
							example[f.Path] = toks[x].Text()
						}
					}
					if c, _ := valueClass(toks[x].Node()); classed == "" && c != "" && c == own[f.Path] {
						// A missing-value marker ("—", "N/A") stands
						// where the row has no value: nothing missed.
						if txt := strings.Join(strings.Fields(toks[x].Node().Data), " "); !missingMarker(txt) && strings.ContainsFunc(txt, isAlnum) {
							classed = txt
						}
					}
				}
				switch {
				case typed:
					missed[f.Path]++
				case classed != "":
					byClass[f.Path]++
					if example[f.Path] == "" {
						example[f.Path] = classed
					}
				}
			}
		})
	}
	var out []Note
	for _, f := range fields {
		n, c := missed[f.Path], byClass[f.Path]
		if n >= 2 && float64(n) >= MissedShare*float64(records) {
			out = append(out, Note{Kind: NoteMissed, Field: f.Path, Message: fmt.Sprintf(
				"field %s has no value on %d of the %d sample records, though its type %s is found in them (e.g. %q): values are missed",
				f.Path, n, records, strings.Join(f.Types, "|"), example[f.Path])})
		} else if n+c >= 2 && c > 0 && float64(n+c) >= MissedClassShare*float64(records) {
			out = append(out, Note{Kind: NoteMissed, Field: f.Path, Message: fmt.Sprintf(
				"field %s has no value on %d of the %d sample records, though an element of the class its values stand in (%q) is there (e.g. %q): values are missed",
				f.Path, n+c, records, own[f.Path], example[f.Path])})
		}
	}
	return out
}

// MissedClassShare: a list's missed-values note also counts the sample
// records without a value of a field that hold an element of the class
// the field's values stand in (ownClasses); with such a record, this
// share of the records suffices. The class is the field's alone, so
// each such record is a value missed for sure (a row absent from some
// records shifts the field's positional slot): measured on dev zoo seed
// 42987, a college missed on 22 of 91 records (24 %, below MissedShare).
const MissedClassShare = 0.1

// isAlnum reports whether r is a letter or a digit.
func isAlnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// recordValue returns the first value of a record r among slots, nil when
// it has none (an empty text counts as none).
func recordValue(toks []Token, r *mrec, slots []int) *sval {
	var got *sval
	Collect(r, -1, func(v sval) {
		if got == nil && slices.Contains(slots, v.Slot) {
			if _, a, b := ValueText(toks, v.A, v.B); a < b {
				v := v
				got = &v
			}
		}
	})
	return got
}

// valueClass returns the class attribute of the element a text node n
// stands in (the nearest element with a class among its two nearest
// ancestors, whose whole text is n's), and that element; "" when none.
func valueClass(n *html.Node) (string, *html.Node) {
	if n == nil || n.Type != html.TextNode || strings.TrimSpace(n.Data) == "" {
		return "", nil
	}
	for e, up := n.Parent, 0; e != nil && up < 2; e, up = e.Parent, up+1 {
		for _, a := range e.Attr {
			if a.Key == "class" {
				if strings.Join(strings.Fields(nodeText(e)), " ") != strings.Join(strings.Fields(n.Data), " ") {
					return "", nil
				}
				return a.Val, e
			}
		}
	}
	return "", nil
}

// ownClasses returns, for each field of a list's records, the class its
// values stand in (valueClass) when that class is the field's own: it is
// the class of its first value on at least two thirds of the sample
// records with a value (three at least), and on none of those records
// does another element with that class stand apart from the value (a
// generic "data" class around several rows is no field's own).
func (w *State) ownClasses(pages []*annotate.Page, fields []FieldSpec, slotsOf map[string][]int) map[string]string {
	count := map[string]map[string]int{}
	vals := map[string]int{}
	shared := map[string]map[string]bool{}
	for _, p := range pages {
		w.sampleScopes(p, func(toks []Token, r *mrec) {
			for _, f := range fields {
				v := recordValue(toks, r, slotsOf[f.Path])
				if v == nil {
					continue
				}
				_, a, _ := ValueText(toks, v.A, v.B)
				c, el := valueClass(toks[a].Node())
				vals[f.Path]++
				if c == "" {
					continue
				}
				if count[f.Path] == nil {
					count[f.Path], shared[f.Path] = map[string]int{}, map[string]bool{}
				}
				count[f.Path][c]++
				for x := range toks {
					if c2, el2 := valueClass(toks[x].Node()); c2 == c && el2 != el {
						shared[f.Path][c] = true
						break
					}
				}
			}
		})
	}
	own := map[string]string{}
	for _, f := range fields {
		for c, n := range count[f.Path] {
			if n >= 3 && 3*n >= 2*vals[f.Path] && !shared[f.Path][c] {
				own[f.Path] = c
			}
		}
	}
	return own
}

// mergedNotes gives a NoteMerged for every root single field cut to its
// recognizer's instance that gives, on the sample pages, two values or
// more holding several non-overlapping instances of it.
func (w *State) mergedNotes(sample func() [][]*Object) []Note {
	type tally struct {
		vals, merged int
		ex           string
	}
	tl := map[string]*tally{}
	for _, f := range w.FieldSpecs {
		if !f.Tuple && !f.Many && f.Parent == "" && f.Delimited() && w.Valid[f.Path] != nil {
			tl[f.Path] = &tally{}
		}
	}
	if len(tl) == 0 {
		return nil
	}
	for _, objs := range sample() {
		for _, o := range objs {
			for _, fd := range o.Fields {
				t := tl[fd.Name]
				if t == nil {
					continue
				}
				for _, v := range fd.Values {
					t.vals++
					ms, err := w.Valid[fd.Name].Find(v.Text)
					if err != nil {
						continue
					}
					n, end := 0, -1
					for _, m := range ms {
						if m.Start >= end {
							n++
							end = m.End
						}
					}
					if n >= 2 {
						t.merged++
						if t.ex == "" {
							t.ex = v.Text
						}
					}
				}
			}
		}
	}
	var out []Note
	for _, f := range w.FieldSpecs {
		if t := tl[f.Path]; t != nil && t.merged >= 2 {
			out = append(out, Note{Kind: NoteMerged, Field: f.Path, Message: fmt.Sprintf(
				"field %s: %d of its %d values on the sample pages hold several instances of its type (e.g. %q): two values are merged in one",
				f.Path, t.merged, t.vals, t.ex)})
		}
	}
	return out
}
