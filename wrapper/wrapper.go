package wrapper

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
	"github.com/objectrunner/objectrunner/wrapper/records"
)

// Wrapper is a learned wrapper: a template whose slots are mapped to the
// fields of the SOD it was learned for.
type Wrapper struct {
	tmpl    *Template
	opt     Options
	sodHash string
	sodName string
	sodText string // the SOD's source, when known (SODText)
	mult    string // objects per page, SOD syntax
	pageMin int    // least objects per page
	fields  []FieldSpec
	slots   []SlotMap
	bySlot  map[int][]*SlotMap // several when labels share a slot out (SlotMap.Label)
	scope   int                // set whose iterations are the objects; -1: the page
	// rp, when set, cuts list pages into records: the template is then a
	// record's template and every record is an object (record mode).
	rp *RecordPattern
	// recPage holds, during record-mode induction, each sample record's
	// sample page; recPages the number of sample pages (recmin.go).
	recPage  []int
	recPages int
	// contain holds the set slots whose items lie inside the element that
	// holds the value's start (record mode; see refineSets).
	contain map[int]bool
	// minSegs holds, for slots with a Cut, the fewest segments of a value
	// that holds an instance (record mode; see learnMinSegments).
	minSegs map[int]int
	// itemPaths holds, for set slots, the occurrence paths where items may
	// start (record mode; see refineSets).
	itemPaths map[int]map[int32]bool
	// shapes holds, for slots with a Cut, the shapes of the segments that
	// held the sample's instances (record mode; see learnMinSegments).
	shapes map[int][]string
	// page, when set, is the page-mode wrapper of the page-scope fields
	// (pageFields), extracted once per page and copied into every object;
	// order is the SOD order of the root fields, pageDrop says which
	// page-scope fields were dropped and why (see pagescope.go).
	page       *Wrapper
	pageFields []FieldSpec
	order      []string
	pageDrop   string
	// elsewhere, during the induction of a page wrapper, holds the types
	// of the objects' fields, read from the records (see explainedSlots).
	elsewhere []string
	// valid holds, by field path, the predefined recognizers of fields
	// whose type has one (FieldSpec.Predefined), built by link: values
	// are normalised with them at extraction, and validated in the slots
	// that learned to (SlotMap.Validate).
	valid map[string]recognizers.Recognizer
	// ownOf maps the occurrence paths of SlotMap.Own to their slot.
	ownOf map[int32]int
	// lenient, during induction, lets a mapping leave mandatory fields
	// without slot instead of stopping (see Induce).
	lenient bool
	// explain holds how the fields' slots were chosen (fieldexplain.go);
	// trials, during induction, the explanation of each object scope
	// tried; saveExplain makes Save write explain.
	explain     []FieldExplain
	trials      map[int][]FieldExplain
	saveExplain bool
	// abstained holds, by object scope, the notes of the fields mapSlots
	// abstained on (abstain.go); Notes reports those of the kept scope
	// with those measured on the sample (notes.go). Not saved.
	abstained map[int][]Note
	// doubt maps a field to the kinds of its doubt notes on the sample
	// (doubt.go), which lower its values' confidence. Saved.
	doubt map[string][]string
	// noSlot maps an entity field without slot to why it has none
	// (noslot.go).
	noSlot map[string]string
	// pinNotes holds, by object scope, the notes of the pins that
	// matched no slot (pins.go). Not saved.
	pinNotes map[int][]Note
	// pinFound holds, by object scope, the slot each example pin found
	// (pins.go); Save writes the pin so.
	pinFound map[int]map[string]Pin
	// keyed are the fields read by their label (labelkey.go), keyPath
	// their labels' interned DOM paths. Saved.
	keyed   []LabelKey
	keyPath []int32
	// keyNotes are the notes of the fields moved from a slot to their
	// label (labelkey.go). Not saved.
	keyNotes []Note

	ps      *mapping.Paths
	keys    map[exalg.BaseKey]int32
	keyList []exalg.BaseKey
	// Lookup tables built once by freeze: the key of a start or end tag by
	// path (a tag's text is the last step of its path), and the paths that
	// hold template words, by path and word.
	tagKey   [2][]int32
	wordKeys []map[string]int32
}

// MismatchError reports a page the wrapper does not fit. Extract returns it
// with no objects when the template does not match the page, and with the
// objects found (Partial) when a mandatory field has no value. In record
// mode it is returned when some records of a list page do not fit: the
// template does not match them (Skipped counts them; no object) or a
// mandatory field is empty (the object is returned); Partial is set when
// there are objects.
type MismatchError struct {
	// Page is the page's path.
	Page string
	// Reason says what did not fit (a template text not found, a mandatory
	// field without value, no record on a list page).
	Reason string
	// Partial is set when objects were extracted nonetheless.
	Partial bool
	// Records is the number of records of a list page in record mode (0
	// otherwise): the objects returned with the error are those of its
	// records that fit, and they are worth keeping.
	Records int
	// Skipped is the number of those records the record template did not
	// match: they gave no object.
	Skipped int
}

// Error prints the page and the reason.
func (e *MismatchError) Error() string {
	return fmt.Sprintf("wrapper: page %s does not fit: %s", e.Page, e.Reason)
}

// Template returns the wrapper's template.
func (w *Wrapper) Template() *Template { return w.tmpl }

// SODHash returns the hash of the SOD the wrapper was learned for.
func (w *Wrapper) SODHash() string { return w.sodHash }

// SODText returns the source text of the SOD the wrapper was learned for,
// "" when unknown (a wrapper file saved before wrappers carried their SOD,
// or one learned from an SOD built in memory); sod.Parse reads it back.
func (w *Wrapper) SODText() string { return w.sodText }

// SetSODText records the source text of the SOD the wrapper was learned
// for, which Save writes into the wrapper file. It refuses a text whose
// SHA-256 is not the wrapper's SODHash: the text of another SOD, or of
// another version of it.
func (w *Wrapper) SetSODText(text string) error {
	if sum := sha256.Sum256([]byte(text)); hex.EncodeToString(sum[:]) != w.sodHash {
		return fmt.Errorf("wrapper: the SOD text given is not the one the wrapper was learned for (hash %.12s…, want %.12s…)", hex.EncodeToString(sum[:]), w.sodHash)
	}
	w.sodText = text
	return nil
}

// Fields returns the SOD fields the wrapper extracts: those of the objects,
// then the page-scope fields (FieldSpec.Page), if any.
func (w *Wrapper) Fields() []FieldSpec {
	if len(w.pageFields) == 0 {
		return w.fields
	}
	return append(slices.Clone(w.fields), w.pageFields...)
}

// Slots returns the slot to field mapping, followed by the slots of the
// page-scope fields, which refer to the template of PageWrapper.
func (w *Wrapper) Slots() []SlotMap {
	if w.page == nil {
		return w.slots
	}
	return append(slices.Clone(w.slots), w.page.slots...)
}

// Options returns the options the wrapper was learned with.
func (w *Wrapper) Options() Options { return w.opt }

// RecordPattern returns the pattern that cuts list pages into records, or
// nil when the wrapper's template is a whole page's (see Mode).
func (w *Wrapper) RecordPattern() *RecordPattern { return w.rp }

// Modes of a wrapper, as Mode returns them.
const (
	// ModePage: the template covers a whole page; the objects are the page
	// (detail pages) or the iterations of one of its sets.
	ModePage = "page"
	// ModeRecords: a RecordPattern cuts each page into records and the
	// template covers one record; every record is an object.
	ModeRecords = "records"
)

// Mode says how the wrapper finds objects on a page: ModeRecords when it
// has a RecordPattern, ModePage otherwise.
func (w *Wrapper) Mode() string {
	if w.rp != nil {
		return ModeRecords
	}
	return ModePage
}

// Induce learns a wrapper for SOD s from sample pages (Algorithm 2 of the
// ObjectRunner paper on top of ExAlg). It returns a *StopError as soon as the
// SOD cannot be met: a mandatory entity type never annotated in the sample,
// or no template slot that consistently holds it. When the SOD wants
// several objects per page and FindRecordPattern finds the sample's
// records, the wrapper is learned in record mode (one template per record,
// see list.go); otherwise, or when the records cannot meet the SOD, in page
// mode. Mode reports which.
//
// The wrapper carries the SOD's source text (SODText), so that a saved
// wrapper can be applied, indexed and grown from without the SOD's file.
func Induce(pages []*annotate.Page, s *sod.SOD, opt Options) (*Wrapper, error) {
	if s != nil {
		pins, err := checkPins(opt.Pins, mapping.SodFields(s), pages) // pins.go
		if err != nil {
			return nil, err
		}
		opt.Pins = pins
	}
	w, err := induce(pages, s, opt)
	if err != nil {
		return nil, err
	}
	w.sodText = s.Text
	w.learnLabelKeys(pages) // labelkey.go: fields without slot read by their label
	w.explainNoSlots(pages) // noslot.go: why a field has no slot
	w.learnDoubts(pages)    // doubt.go: signals that lower confidence
	w.nameSamples(pages)    // review.go
	w.noteRecordPin()       // recordq.go
	return w, nil
}

// induce is Induce without recording the SOD's text and the reasons of
// the fields without slot.
func induce(pages []*annotate.Page, s *sod.SOD, opt Options) (*Wrapper, error) {
	if s == nil {
		return nil, errors.New("wrapper: Induce: nil SOD")
	}
	if len(pages) == 0 {
		return nil, &StopError{Reason: "no sample pages"}
	}
	if opt.SizeThres <= 0 || opt.GeneraliseThres <= 0 || opt.MaxIterations <= 0 {
		return nil, fmt.Errorf("wrapper: Induce: invalid options %+v (start from DefaultOptions)", opt)
	}
	// Page-scope fields are learned apart, at page level (pagescope.go).
	if rec, page, ok := mapping.SplitPageScope(s); ok {
		w, err := induce(pages, rec, opt)
		if err != nil {
			return nil, err
		}
		if err := w.inducePageScope(pages, s, page); err != nil {
			return nil, err
		}
		return w, nil
	}
	fields := mapping.SodFields(s)
	if len(fields) == 0 {
		return nil, &StopError{Reason: "the SOD has no fields"}
	}
	// Early stop: a mandatory type that no sample page annotates.
	seen := map[string]bool{}
	for _, p := range pages {
		for _, a := range p.Annotations {
			seen[a.Type] = true
		}
	}
	for _, f := range fields {
		if f.Tuple || f.Optional || f.Parent != "" {
			continue
		}
		found := false
		for _, t := range f.Types {
			found = found || seen[t]
		}
		if !found {
			return nil, &StopError{Type: strings.Join(f.Types, "|"), Reason: fmt.Sprintf("mandatory field %q: no instance annotated in the %d sample pages", f.Path, len(pages))}
		}
	}
	newWrapper := func() *Wrapper {
		return &Wrapper{opt: opt, sodHash: s.Hash, sodName: s.Name, mult: s.Mult.String(), pageMin: s.Mult.Min, fields: mapping.SodFields(s), scope: -1, ps: mapping.NewPathsFor(mapping.SodFields(s))}
	}
	// List pages: learn a record's template from the sample's records when
	// they can be found; otherwise (or when the records cannot meet the
	// SOD) learn a page template whose sets hold the objects.
	//
	// When no mapping places every mandatory field, rather than extracting
	// nothing, learn again leaving out the fields that found no slot
	// (their objects are written with those fields missing, and Diagnose
	// reports them). The records found come first: a page template's set
	// that places every field is as likely a sidebar of look-alikes as
	// the list (the record pattern weighed novelty, coverage and
	// repetition to tell them apart; the page template did not).
	var recErr error
	var rp *RecordPattern
	if s.Mult.Many() {
		if p, err := records.FindRecordPattern(pages, s, RecordOptions{At: mapping.RecordsAt(opt.Pins)}); err == nil {
			rp = p
			w := newWrapper()
			if recErr = w.induceRecords(pages, rp); recErr == nil {
				return w, nil
			}
			lw := newWrapper()
			lw.lenient = true
			if lw.induceRecords(pages, rp) == nil {
				return lw, nil
			}
		}
	}
	w, err := inducePage(newWrapper(), pages, s)
	if err == nil {
		return w, nil
	}
	lw := newWrapper()
	lw.lenient = true
	if w, lerr := inducePage(lw, pages, s); lerr == nil {
		return w, nil
	}
	if recErr != nil {
		return nil, recErr
	}
	return nil, err
}

// inducePage learns a template of whole pages (page mode): for a list
// SOD, the objects are the iterations of the template set that best holds
// the SOD's fields.
func inducePage(w *Wrapper, pages []*annotate.Page, s *sod.SOD) (*Wrapper, error) {
	if mapping.PageClasses {
		w.ps.Cls = mapping.LearnClassRulesOnce(mapping.PageRecords(pages), true)
	}
	w.ps.Rows = mapping.LearnRowOrder(mapping.PageRecords(pages))
	toks := make([][]mapping.Token, len(pages))
	for i, p := range pages {
		toks[i] = tokenize(p, w.ps)
	}
	stats := w.learnTemplate(toks)
	scopes := []int{-1}
	if s.Mult.Many() {
		scopes = nil
		for _, st := range w.tmpl.Sets {
			scopes = append(scopes, st.ID)
		}
		scopes = append(scopes, -1)
	}
	var bestErr *StopError
	bestScore := -1.0
	for _, sc := range scopes {
		sm, score, serr := mapSlots(w, stats, len(pages), sc)
		if serr != nil {
			if bestErr == nil {
				bestErr = serr
			}
			continue
		}
		if score > bestScore {
			bestScore, w.slots, w.scope = score, sm, sc
		}
	}
	w.explain, w.trials = w.trials[w.scope], nil
	if bestScore < 0 {
		return nil, bestErr
	}
	pageOf := make([]int, len(toks))
	for i := range pageOf {
		pageOf[i] = i
	}
	w.learnAloneSeps(toks, pageOf)
	w.learnListSeps(toks, pageOf)
	w.learnPageItemPaths(toks) // pageitems.go
	w.learnPlaceholders(stats)
	w.link()
	w.learnJoins(toks)
	w.learnExtends(toks)
	w.learnBlocks(toks)
	w.learnRows(toks)
	return w, nil
}

// freeze builds the template-token key table used by extraction.
func (w *Wrapper) freeze() {
	w.keys = map[exalg.BaseKey]int32{}
	w.keyList = nil
	exalg.Walk(w.tmpl.Root, func(n Node) {
		var toks []Tok
		switch n := n.(type) {
		case *TextNode:
			toks = n.Toks
		case *SetNode:
			toks = n.Sep
		}
		for i := range toks {
			t := &toks[i]
			k := exalg.BaseKey{Kind: t.Kind, Text: t.Text, Path: w.ps.Parse(t.Path)}
			id, ok := w.keys[k]
			if !ok {
				id = int32(len(w.keyList))
				w.keys[k] = id
				w.keyList = append(w.keyList, k)
			}
			t.Key = id
		}
	})
	if w.ps.Rows != nil {
		w.ps.InternPlain()
	}
	w.ps.Frozen = true
	n := len(w.ps.Keys)
	w.tagKey = [2][]int32{make([]int32, n), make([]int32, n)}
	for i := range n {
		w.tagKey[0][i], w.tagKey[1][i] = -1, -1
	}
	w.wordKeys = make([]map[string]int32, n)
	for id, k := range w.keyList {
		if k.Path < 0 || int(k.Path) >= n {
			continue
		}
		switch k.Kind {
		case KindStart, KindEnd:
			w.tagKey[k.Kind][k.Path] = int32(id)
		case KindWord:
			if w.wordKeys[k.Path] == nil {
				w.wordKeys[k.Path] = map[string]int32{}
			}
			w.wordKeys[k.Path][k.Text] = int32(id)
		}
	}
}

// link labels slots with their fields and finds the sets of nested tuples.
func (w *Wrapper) link() {
	// An unknown predefined name (a wrapper saved by a build with other
	// recognizers) leaves the field unvalidated rather than failing.
	w.valid = mapping.PredefinedRecognizers(w.fields)
	w.bySlot = map[int][]*SlotMap{}
	w.ownOf = w.ownIndex()
	for i := range w.slots {
		sm := &w.slots[i]
		w.bySlot[sm.Slot] = append(w.bySlot[sm.Slot], sm)
		if sm.Slot < len(w.tmpl.Slots) {
			w.tmpl.Slots[sm.Slot].Field = sm.Field
			w.tmpl.Slots[sm.Slot].EntityType = sm.Type
		}
	}
	sets := mapping.SlotSets(w.tmpl)
	for fi := range w.fields {
		f := &w.fields[fi]
		if !f.Tuple {
			continue
		}
		// The innermost set enclosing all the slots of the tuple's fields.
		var common []int
		first := true
		for _, sm := range w.slots {
			if !strings.HasPrefix(sm.Field, f.Name+".") {
				continue
			}
			ss := sets[sm.Slot]
			if sm.Lines && len(ss) > 0 {
				ss = ss[:len(ss)-1] // the set of the value's lines
			}
			if first {
				common, first = append([]int(nil), ss...), false
				continue
			}
			n := 0
			for n < len(common) && n < len(ss) && common[n] == ss[n] {
				n++
			}
			common = common[:n]
		}
		// The objects' own set (page mode on a list page) encloses
		// every field: a tuple in it is single per object unless a set
		// inside it encloses the tuple's slots.
		if i := slices.Index(common, w.scope); w.scope >= 0 && i >= 0 {
			common = common[i+1:]
		}
		f.Set = -1
		if len(common) > 0 {
			f.Set = common[len(common)-1]
		}
	}
}

// Extract applies the wrapper to a page and returns the objects found, in
// page order: one for a detail page, one per record of a list page. A page
// the template does not match, or a list page without the records the SOD
// requires, yields no objects and a *MismatchError; a page where a mandatory
// field is empty yields its objects and a *MismatchError with Partial set.
// In record mode (Mode), the page is cut into records and each record that
// fits the record template is an object whose Index is the record's
// position; records the template does not match are skipped, and those
// or records with an empty mandatory field are reported in a
// *MismatchError (Records, Skipped) returned with the objects. A list page
// without records yields no objects and, unless the SOD wants at least one
// object per page, no error. Extract never panics on any input.
func (w *Wrapper) Extract(p *annotate.Page) ([]*Object, error) {
	return w.extractPage(p, nil)
}

// extractPage is Extract; toks, when not nil, are the page's tokens
// (ExtractStream builds them while the page is read).
func (w *Wrapper) extractPage(p *annotate.Page, toks []mapping.Token) ([]*Object, error) {
	if p == nil {
		return nil, &MismatchError{Reason: "nil page"}
	}
	if len(w.pageFields) > 0 {
		objs, err := w.extractObjects(p, toks)
		missing := w.addPageFields(p, objs)
		for _, o := range objs {
			o.Missing = append(o.Missing, missing...)
		}
		if err == nil && len(missing) > 0 {
			err = &MismatchError{Page: p.Path, Partial: true, Reason: "mandatory page-scope field(s) without value: " + strings.Join(missing, ", ")}
		}
		return objs, err
	}
	return w.extractObjects(p, toks)
}

// extractObjects is Extract without the page-scope fields.
func (w *Wrapper) extractObjects(p *annotate.Page, toks []mapping.Token) ([]*Object, error) {
	if w.rp != nil {
		return w.extractRecords(p)
	}
	if toks == nil {
		toks = tokenize(p, w.ps)
	}
	return w.matchPage(p, toks)
}

// matchPage is extractObjects in page mode, on the page's tokens.
func (w *Wrapper) matchPage(p *annotate.Page, toks []mapping.Token) ([]*Object, error) {
	m := newMatcher(w, toks)
	root := &mapping.Mrec{Set: -1}
	_, ok := m.seq(w.tmpl.Root, 0, len(toks), root)
	m.release()
	if !ok {
		return nil, &MismatchError{Page: p.Path, Reason: m.fail}
	}
	var scopes []*mapping.Mrec
	if w.scope < 0 {
		scopes = []*mapping.Mrec{root}
	} else {
		var find func(r *mapping.Mrec)
		find = func(r *mapping.Mrec) {
			for _, k := range r.Kids {
				if k.Set == w.scope {
					scopes = append(scopes, k)
				} else {
					find(k)
				}
			}
		}
		find(root)
	}
	var objs []*Object
	var missing []string
	for i, sc := range scopes {
		o := &Object{Page: p.Path, Index: i}
		o.Fields = w.build(toks, sc, "")
		if len(w.keyed) > 0 {
			w.readKeyed(toks, o) // labelkey.go
		}
		w.agree(o) // typed.go
		o.Missing = w.missing(o)
		missing = append(missing, o.Missing...)
		objs = append(objs, o)
	}
	if len(objs) == 0 && w.pageMin > 0 {
		return nil, &MismatchError{Page: p.Path, Reason: fmt.Sprintf("no object found (the SOD wants %s per page)", w.mult)}
	}
	if len(missing) > 0 {
		return objs, &MismatchError{Page: p.Path, Partial: true, Reason: "mandatory field(s) without value: " + strings.Join(dedup(missing), ", ")}
	}
	return objs, nil
}

// missing lists the mandatory root fields of the objects that o has no
// value for.
func (w *Wrapper) missing(o *Object) []string {
	var out []string
	for _, f := range w.fields {
		if f.Parent == "" && !f.Optional && o.field(f.Name) == nil {
			out = append(out, f.Name)
		}
	}
	return out
}

func dedup(s []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// build makes the fields of one object (parent "") or nested tuple.
func (w *Wrapper) build(toks []mapping.Token, r *mapping.Mrec, parent string) []Field {
	if parent == "" {
		w.reown(toks, r)
	}
	var out []Field
	for _, f := range w.fields {
		if f.Parent != parent {
			continue
		}
		fl := Field{Name: f.Name, Many: f.Many, Tuple: f.Tuple}
		if f.Tuple {
			var iters []*mapping.Mrec
			var find func(x *mapping.Mrec)
			find = func(x *mapping.Mrec) {
				for _, k := range x.Kids {
					if k.Set == f.Set {
						iters = append(iters, k)
					} else {
						find(k)
					}
				}
			}
			if f.Set >= 0 {
				find(r)
			} else {
				iters = []*mapping.Mrec{r} // a single nested tuple, not in a set
			}
			for _, it := range iters {
				sub := w.build(toks, it, f.Name)
				if len(sub) > 0 {
					fl.Values = append(fl.Values, Value{Fields: sub})
				}
			}
		} else {
			path := f.Path
			skip := -1
			if parent == "" {
				for _, g := range w.fields {
					if g.Tuple {
						skip = g.Set
					}
				}
			}
			lineEnd := -1           // the trimmed end of a Lines value's last line
			var checkLines *SlotMap // a Lines slot validated as a whole (lines.go)
			// A field read by its row label (rows.go) falls back to its
			// slot on a page without that row.
			byRow := false
			if rowSM := w.rowMap(path); rowSM != nil {
				if val, ok := w.rowValue(toks, r, skip, rowSM, f); ok {
					fl.Values, byRow = append(fl.Values, val), true
				}
			}
			mapping.Collect(r, skip, func(v mapping.Sval) {
				var sm *SlotMap
				for _, x := range w.bySlot[v.Slot] {
					if x.Field == path {
						sm = x
					}
				}
				if sm == nil || byRow || sm.Item {
					return // a row read by its label; an item slot is read last (byItem)
				}
				sm = mapping.LinesUnchecked(sm, &checkLines)
				if sm.Label != nil && !mapping.LabelBeforeNode(toks, v.A, sm.Label) { // nodelabel.go
					return
				}
				if sm.Lead {
					_, a, b := mapping.ValueText(toks, v.A, v.B)
					if rs := mapping.Runs(toks, a, b); len(rs) > 0 {
						v.A, v.B = rs[0][0], rs[0][1]
					}
				}
				if f.Many {
					for _, rn := range itemsKeep(toks, v.A, w.clip(toks, v.A, v.B, v.Slot), sm.SepWords, sm.Keep) {
						if !w.itemAt(toks, rn[0], rn[1], v.Slot) {
							continue
						}
						// A dictionary type's items are names: an item
						// without letters or digits ("$$$" after the
						// cuisines) is none.
						if val, ok := w.value(toks, rn[0], rn[1], sm, f); ok && !mapping.Contains(sm.Seps, val.Text) && !bracketed(val.Text) && (!f.Dictionary || mapping.HasWord(val.Text)) {
							fl.Values = append(fl.Values, val)
						}
					}
					return
				}
				if len(fl.Values) == 1 && sm.Lines {
					// The next line of the value (SlotMap.Lines), after
					// the previous line's abbreviation period, if any.
					if val, ok := w.value(toks, v.A, v.B, sm, f); ok {
						fl.Values[0].Text += mapping.AbbrevDot(toks, lineEnd) + ", " + val.Text
						_, _, lineEnd = mapping.ValueText(toks, v.A, v.B)
					}
					return
				}
				if sm.Lines {
					_, _, lineEnd = mapping.ValueText(toks, v.A, v.B)
				}
				if len(fl.Values) == 0 {
					a, b := v.A, v.B
					if sm.Run {
						if rs := mapping.Runs(toks, a, b); len(rs) > 0 {
							a, b = rs[0][0], rs[0][1]
						}
					}
					if c := sm.Cut; c != nil {
						sg := segments(toks, a, b)
						if len(sg) < w.minSegs[v.Slot] {
							return
						}
						if i := w.pickSegment(toks, sg, v.Slot); i >= 0 {
							a, b = sg[i][0], sg[i][1]
						} else if len(sg) > c.Index {
							i := c.Index
							if c.FromRight {
								i = len(sg) - 1 - c.Index
							}
							a, b = sg[i][0], sg[i][1]
						}
					}
					if sm.Extend {
						_, ta, tb := mapping.ValueText(toks, a, b)
						if ta < tb {
							b = w.extendEnd(toks, w.slotOwners(toks, r), tb, v.Slot)
						}
					}
					if sm.Block {
						_, ta, tb := mapping.ValueText(toks, a, b)
						if ta < tb {
							a, b = w.blockSpan(toks, w.slotOwners(toks, r), ta, tb, v.Slot)
						}
					}
					if val, ok := w.value(toks, a, b, sm, f); ok {
						if sm.Join || sm.JoinPrev {
							_, ta, tb := mapping.ValueText(toks, a, b)
							w.joinLine(toks, r, skip, sm, f, ta, tb, &val)
						}
						fl.Values = append(fl.Values, val)
					}
				}
			})
			fl.Values = w.checkJoined(fl.Values, checkLines, f)
		}
		if len(fl.Values) == 0 && !f.Many && !f.Tuple {
			fl.Values = w.byLabel(toks, r, f)
		}
		if len(fl.Values) == 0 && !f.Many && !f.Tuple {
			fl.Values = w.byLabelItem(toks, r, f) // labelitem.go
		}
		if len(fl.Values) == 0 && !f.Many && !f.Tuple {
			fl.Values = w.byItem(toks, r, f)
		}
		if len(fl.Values) > 0 {
			out = append(out, fl)
		}
	}
	return out
}
