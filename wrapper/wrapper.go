package wrapper

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
	"github.com/objectrunner/objectrunner/wrapper/records"
)

// Wrapper is a learned wrapper: a template whose slots are mapped to the
// fields of the SOD it was learned for.
type Wrapper struct {
	*mapping.State
}

// Template returns the wrapper's template.
func (w *Wrapper) Template() *mapping.Template { return w.State.Template }

// SODHash returns the hash of the SOD the wrapper was learned for.
func (w *Wrapper) SODHash() string { return w.State.SODHash }

// SODText returns the source text of the SOD the wrapper was learned for,
// "" when unknown (a wrapper file saved before wrappers carried their SOD,
// or one learned from an SOD built in memory); sod.Parse reads it back.
func (w *Wrapper) SODText() string { return w.State.SODText }

// Fields returns the SOD fields the wrapper extracts: those of the objects,
// then the page-scope fields (FieldSpec.Page), if any.
func (w *Wrapper) Fields() []FieldSpec {
	if len(w.PageFields) == 0 {
		return w.FieldSpecs
	}
	return append(slices.Clone(w.FieldSpecs), w.PageFields...)
}

// Slots returns the slot to field mapping, followed by the slots of the
// page-scope fields, which refer to the template of PageWrapper.
func (w *Wrapper) Slots() []SlotMap {
	if w.Page == nil {
		return w.SlotMaps
	}
	return append(slices.Clone(w.SlotMaps), w.Page.SlotMaps...)
}

// Options returns the options the wrapper was learned with.
func (w *Wrapper) Options() Options { return w.State.Options }

// RecordPattern returns the pattern that cuts list pages into records, or
// nil when the wrapper's template is a whole page's (see Mode).
func (w *Wrapper) RecordPattern() *RecordPattern { return w.Records }

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
	if w.Records != nil {
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
		var se *StopError
		if errors.As(err, &se) {
			se.NameSamples(pages) // its questions' pages (stopq.go)
		}
		return nil, err
	}
	w.SODText = s.Text
	w.LearnLabelKeys(pages) // labelkey.go: fields without slot read by their label
	w.ExplainNoSlots(pages) // noslot.go: why a field has no slot
	w.LearnDoubts(pages)    // doubt.go: signals that lower confidence
	w.NameSamples(pages)    // review.go
	w.NoteRecordPin()       // recordq.go
	return asWrapper(w), nil
}

// induce is Induce without recording the SOD's text and the reasons of
// the fields without slot.
func induce(pages []*annotate.Page, s *sod.SOD, opt Options) (*mapping.State, error) {
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
		if err := w.InducePageScope(pages, s, page); err != nil {
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
	newWrapper := func() *mapping.State {
		return &mapping.State{Options: opt, SODHash: s.Hash, SODName: s.Name, Mult: s.Mult.String(), PageMin: s.Mult.Min, FieldSpecs: mapping.SodFields(s), Scope: -1, Paths: mapping.NewPathsFor(mapping.SodFields(s))}
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
		if p, err := records.FindRecordPattern(pages, s, mapping.RecordOptions{At: mapping.RecordsAt(opt.Pins)}); err == nil {
			rp = p
			w := newWrapper()
			if recErr = w.InduceRecords(pages, rp); recErr == nil {
				return w, nil
			}
			lw := newWrapper()
			lw.Lenient = true
			if lw.InduceRecords(pages, rp) == nil {
				return lw, nil
			}
		}
	}
	w, err := inducePage(newWrapper(), pages, s)
	if err == nil {
		return w, nil
	}
	lw := newWrapper()
	lw.Lenient = true
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
func inducePage(w *mapping.State, pages []*annotate.Page, s *sod.SOD) (*mapping.State, error) {
	if mapping.PageClasses {
		w.Paths.Cls = mapping.LearnClassRulesOnce(mapping.PageRecords(pages), true)
	}
	w.Paths.Rows = mapping.LearnRowOrder(mapping.PageRecords(pages))
	toks := make([][]mapping.Token, len(pages))
	for i, p := range pages {
		toks[i] = mapping.Tokenize(p, w.Paths)
	}
	stats := w.LearnTemplate(toks)
	scopes := []int{-1}
	if s.Mult.Many() {
		scopes = nil
		for _, st := range w.Template.Sets {
			scopes = append(scopes, st.ID)
		}
		scopes = append(scopes, -1)
	}
	var bestErr *StopError
	bestScore := -1.0
	for _, sc := range scopes {
		sm, score, serr := mapping.MapSlots(w, stats, len(pages), sc)
		if serr != nil {
			// The stop asked about is the one closest to a wrapper
			// (stopq.go).
			bestErr = mapping.Nearer(bestErr, serr)
			continue
		}
		if score > bestScore {
			bestScore, w.SlotMaps, w.Scope = score, sm, sc
		}
	}
	w.Explain, w.Trials = w.Trials[w.Scope], nil
	if bestScore < 0 {
		return nil, bestErr
	}
	pageOf := make([]int, len(toks))
	for i := range pageOf {
		pageOf[i] = i
	}
	w.LearnAloneSeps(toks, pageOf)
	w.LearnListSeps(toks, pageOf)
	w.LearnPageItemPaths(toks) // pageitems.go
	w.LearnPlaceholders(stats)
	w.Link()
	w.LearnJoins(toks)
	w.LearnExtends(toks)
	w.LearnBlocks(toks)
	return w, nil
}

// asWrapper gives a State the Wrapper's API (nil for nil).
func asWrapper(s *mapping.State) *Wrapper {
	if s == nil {
		return nil
	}
	return &Wrapper{State: s}
}
