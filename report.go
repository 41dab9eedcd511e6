package objectrunner

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper"
)

// DiagSmallSample: the sample is far below its target size (fewer than
// half the pages asked for). Learning from so few pages can take template
// text for values or miss separators.
const DiagSmallSample = "small-sample"

// smallSample returns the DiagSmallSample diagnostic of rep, if any. A
// source discarded because a mandatory type was found on too few pages
// gets a DiagRareType naming that type instead: its sample is empty, but
// more pages would not help.
func smallSample(rep *Report) []Diagnostic {
	res := rep.Sample
	if res != nil && res.Discarded != nil {
		return discarded(res)
	}
	if res == nil || rep.SampleTarget <= 0 || len(res.Pages)*2 >= rep.SampleTarget {
		return nil
	}
	return []Diagnostic{{Kind: DiagSmallSample, Message: fmt.Sprintf(
		"the sample has %d pages, far below its target of %d: the wrapper is learned from few examples and may take template text for values or miss separators between set items; give the source more pages",
		len(res.Pages), rep.SampleTarget)}}
}

// discarded explains a source discarded while annotating its sample: the
// mandatory type found on too few pages, and where to look.
func discarded(res *annotate.SampleResult) []Diagnostic {
	d := res.Discarded
	found := ""
	for _, st := range res.Stats {
		if st.Type == d.Type && st.Candidates > 0 {
			found = fmt.Sprintf(" on %d of the %d pages annotated for it", st.PagesWithHits, st.Candidates)
		}
	}
	return []Diagnostic{{Kind: DiagRareType, Field: d.Type, Message: fmt.Sprintf(
		"the source was discarded: mandatory type %s was found%s; its recognizer may not match how the source writes it, or the source does not hold it (objectrunner recognize --sod SOD PAGE shows what it finds on a page)",
		d.Type, found)}}
}

// Summary is a machine-readable account of a run (Report.Summary), the
// content of `objectrunner extract --report FILE`.
type Summary struct {
	Source string `json:"source"`
	// Pages is the number of pages in the source; Processed how many were
	// taken through extraction (fewer when the run stopped early).
	Pages            int `json:"pages"`
	Processed        int `json:"processed"`
	PagesWithObjects int `json:"pages_with_objects"`
	Objects          int `json:"objects"`
	// Unfit counts the pages that did not fit the wrapper and gave no
	// object, by reason; Incomplete the pages whose objects were written
	// incomplete or in part (Report.Incomplete); Dropped the incomplete
	// objects left out (Config.Strict).
	Unfit      UnfitSummary `json:"unfit"`
	Incomplete UnfitSummary `json:"incomplete"`
	Dropped    int          `json:"dropped"`
	// Rejected counts the values left out because they fail their
	// field's regex or predefined recognizer (FieldSummary.Rejected).
	Rejected int `json:"rejected"`
	// Duplicates counts the pages left out as copies of an earlier page
	// (Report.Duplicates); DuplicateOf names, for some of them, the page
	// each copies.
	Duplicates  int               `json:"duplicates"`
	DuplicateOf map[string]string `json:"duplicate_of,omitempty"`
	// Template is the template taken from a source of several (extract
	// --templates).
	Template *TemplateChoice `json:"template,omitempty"`
	// MinConfidence is Config.MinConfidence and BelowConfidence the values
	// it left out (both absent when no minimum was asked for or none was
	// left out).
	MinConfidence   float64 `json:"min_confidence,omitempty"`
	BelowConfidence int     `json:"below_confidence,omitempty"`
	// Refuted counts the values left out because their field's doubt
	// notes refute them (Config.KeepRefuted; absent when none was).
	Refuted int `json:"refuted,omitempty"`
	// Unreadable lists the pages that could not be read.
	Unreadable []PageProblem `json:"unreadable"`
	// SkippedDirs lists the subdirectories of the source that could not
	// be read (their pages are not in Pages), with the reason.
	SkippedDirs []PageProblem `json:"skipped_dirs,omitempty"`
	// Replaced lists the pages decoded as UTF-8 that held bytes that are
	// not (a few stray bytes of another encoding), replaced by U+FFFD.
	Replaced []PageProblem `json:"replaced,omitempty"`
	// Fields gives, per SOD field, the share of objects holding a value
	// and the values' mean confidence, in the wrapper's field order.
	Fields []FieldSummary `json:"fields"`
	// Sample describes the annotation sample (absent when a saved wrapper
	// was applied).
	Sample *SampleSummary `json:"sample,omitempty"`
	// Wrapper describes the wrapper that was learned or applied.
	Wrapper *WrapperSummary `json:"wrapper,omitempty"`
	// Seconds spent in each stage.
	Timings Timings `json:"timings_s"`
	// Diagnostics are the warnings that the result is likely wrong
	// (Diagnose): rare types, fields without slot, a sample far below its
	// target size, mandatory fields often missing, …
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// UnfitSummary counts pages by reason (unfit or incomplete pages).
type UnfitSummary struct {
	Pages int `json:"pages"`
	// Share is Pages divided by the pages processed.
	Share   float64       `json:"share"`
	Reasons []UnfitReason `json:"reasons"`
}

// UnfitReason is one reason pages did not fit, with up to 5 example pages.
type UnfitReason struct {
	Reason   string   `json:"reason"`
	Pages    int      `json:"pages"`
	Examples []string `json:"examples"`
}

// PageProblem is a page and what went wrong with it.
type PageProblem struct {
	Page  string `json:"page"`
	Error string `json:"error"`
}

// FieldSummary is FieldStats for one field.
type FieldSummary struct {
	Field   string `json:"field"`
	Objects int    `json:"objects"`
	// FillRate is Objects divided by the objects written (for a field of a
	// nested tuple, by the nested objects).
	FillRate       float64 `json:"fill_rate"`
	Values         int     `json:"values"`
	MeanConfidence float64 `json:"mean_confidence"`
	// Unrecognized counts the values in which the field's predefined or
	// regex recognizer finds no instance (kept: the slot does not
	// validate).
	Unrecognized int `json:"unrecognized"`
	// Rejected counts the values read for the field that failed its regex
	// or predefined recognizer and were left out; RejectedExamples shows
	// a few of them (FieldStats).
	Rejected         int      `json:"rejected"`
	RejectedExamples []string `json:"rejected_examples,omitempty"`
	// BelowConfidence counts the values left out for a confidence below
	// Config.MinConfidence (absent when none was).
	BelowConfidence int `json:"below_confidence,omitempty"`
	// Refuted counts the values left out because the field's doubt notes
	// refute them, RefutedBy names those notes' kinds (Config.KeepRefuted).
	Refuted   int      `json:"refuted,omitempty"`
	RefutedBy []string `json:"refuted_by,omitempty"`
	// Slots is the number of wrapper slots mapped to the field (0 and not
	// ByLabel: the field cannot be extracted).
	Slots int `json:"slots"`
	// ByLabel says the field is also read after its label on the pages
	// where the label stands (Wrapper.LabelKeys): a field with no slot
	// can still have values.
	ByLabel bool `json:"by_label,omitempty"`
}

// SampleSummary describes the annotation sample.
type SampleSummary struct {
	Pages   int    `json:"pages"`
	Target  int    `json:"target"`
	Skipped int    `json:"skipped"`
	Segment string `json:"segment,omitempty"`
	// OffTemplate names the pages left out of the sample because they do
	// not share the source's template (annotate.SampleResult.OffTemplate).
	OffTemplate []string      `json:"off_template,omitempty"`
	Types       []TypeSummary `json:"types"`
}

// TypeSummary is what the recognizer of one entity type found.
type TypeSummary struct {
	Type      string `json:"type"`
	Mandatory bool   `json:"mandatory"`
	// Candidates pages were annotated at the type's step; PagesWithHits of
	// them had an instance, and SamplePagesWithHits of the sample.
	Candidates          int `json:"candidates"`
	PagesWithHits       int `json:"pages_with_hits"`
	SamplePagesWithHits int `json:"sample_pages_with_hits"`
}

// WrapperSummary describes a wrapper.
type WrapperSummary struct {
	Mode    string `json:"mode"`
	SODHash string `json:"sod_hash"`
	Slots   int    `json:"slots"`
	// Unmapped lists the fields without a slot: they are never extracted.
	Unmapped []string `json:"unmapped"`
	// NoSlot says, for each field of Unmapped, why it has no slot
	// (wrapper.Wrapper.NoSlotReason).
	NoSlot map[string]string `json:"no_slot,omitempty"`
	// DroppedPageFields says which page-scope fields are not extracted and why.
	DroppedPageFields string `json:"dropped_page_fields,omitempty"`
}

// Timings are the seconds spent in each stage.
type Timings struct {
	Sample  float64 `json:"sample"`
	Induce  float64 `json:"induce"`
	Extract float64 `json:"extract"`
}

func seconds(d time.Duration) float64 {
	return float64(d.Round(time.Millisecond)) / float64(time.Second)
}

// UnfitShare is the share of the processed pages that did not fit the
// wrapper (0 when none was processed).
func (r *Report) UnfitShare() float64 {
	if r.Processed == 0 {
		return 0
	}
	return float64(r.UnfitPages()) / float64(r.Processed)
}

// Summary returns the report in its machine-readable form.
func (r *Report) Summary() *Summary {
	s := &Summary{Source: r.Root, Pages: r.Pages, Processed: r.Processed, PagesWithObjects: r.PagesWithObjects,
		Objects: r.Objects, Dropped: r.Dropped, Duplicates: r.Duplicates, DuplicateOf: r.DuplicateOf, Template: r.Template, MinConfidence: r.MinConfidence, BelowConfidence: r.BelowConfidence, Refuted: r.Refuted, Unreadable: []PageProblem{}, Fields: []FieldSummary{},
		Diagnostics: append([]Diagnostic{}, Diagnose(r)...),
		Timings:     Timings{Sample: seconds(r.SampleTime), Induce: seconds(r.InduceTime), Extract: seconds(r.ExtractTime)}}
	s.Unfit = byReason(r.Unfit, r.Processed)
	s.Incomplete = byReason(r.Incomplete, r.Processed)
	for _, f := range r.Failed {
		s.Unreadable = append(s.Unreadable, PageProblem{Page: f.Path, Error: f.Err.Error()})
	}
	for _, page := range slices.Sorted(maps.Keys(r.Replaced)) {
		s.Replaced = append(s.Replaced, PageProblem{Page: page, Error: fmt.Sprintf("%d bytes not valid UTF-8 replaced by U+FFFD", r.Replaced[page])})
	}
	for _, f := range r.SkippedDirs {
		s.SkippedDirs = append(s.SkippedDirs, PageProblem{Page: f.Path, Error: f.Err.Error()})
	}
	if res := r.Sample; res != nil {
		ss := &SampleSummary{Pages: len(res.Pages), Target: r.SampleTarget, Skipped: len(res.Skipped), Segment: res.Segment, OffTemplate: res.OffTemplate, Types: []TypeSummary{}}
		for _, st := range res.Stats {
			ss.Types = append(ss.Types, TypeSummary{Type: st.Type, Mandatory: st.Mandatory, Candidates: st.Candidates,
				PagesWithHits: st.PagesWithHits, SamplePagesWithHits: st.SamplePagesWithHits})
		}
		s.Sample = ss
	}
	slots := map[string]int{}
	byLabel := map[string]bool{}
	var order []string
	known := map[string]bool{} // every field path of the wrapper, tuples included
	if w := r.Wrapper; w != nil {
		s.Wrapper = &WrapperSummary{Mode: w.Mode(), SODHash: w.SODHash(), Slots: len(w.Slots()), Unmapped: UnmappedFields(w),
			DroppedPageFields: w.DroppedPageFields()}
		for _, f := range s.Wrapper.Unmapped {
			if why := w.NoSlotReason(f); why != "" {
				if s.Wrapper.NoSlot == nil {
					s.Wrapper.NoSlot = map[string]string{}
				}
				s.Wrapper.NoSlot[f] = why
			}
		}
		for _, sm := range w.Slots() {
			slots[sm.Field]++
		}
		for _, k := range w.LabelKeys() {
			byLabel[k.Field] = true
		}
		for _, f := range w.Fields() {
			known[f.Path] = true
			if !f.Tuple {
				order = append(order, f.Path)
			}
		}
	}
	var extra []string
	for p, st := range r.Fields {
		if !known[p] && (st.ConfidenceSum > 0 || !r.isTuple(p)) {
			extra = append(extra, p)
		}
	}
	sort.Strings(extra)
	for _, p := range append(order, extra...) {
		fs := FieldSummary{Field: p, Slots: slots[p], ByLabel: byLabel[p]}
		if st := r.Fields[p]; st != nil {
			fs.Objects, fs.Values, fs.MeanConfidence, fs.Unrecognized = st.Objects, st.Values, round3(st.MeanConfidence()), st.Unrecognized
			fs.Rejected, fs.RejectedExamples = st.Rejected, st.RejectedExamples
			s.Rejected += st.Rejected
			fs.BelowConfidence = st.BelowConfidence
			fs.Refuted, fs.RefutedBy = st.Refuted, st.RefutedBy
		}
		of := r.Objects // what the field could fill: the objects, or its tuple's nested objects
		if i := strings.LastIndexByte(p, '.'); i >= 0 {
			of = 0
			if st := r.Fields[p[:i]]; st != nil {
				of = st.Values
			}
		}
		if of > 0 {
			fs.FillRate = round3(float64(fs.Objects) / float64(of))
		}
		s.Fields = append(s.Fields, fs)
	}
	return s
}

// isTuple reports whether path is the parent of another counted field.
func (r *Report) isTuple(path string) bool {
	for p := range r.Fields {
		if strings.HasPrefix(p, path+".") {
			return true
		}
	}
	return false
}

// byReason summarises pages by reason, the most frequent reason first.
func byReason(m map[string][]string, processed int) UnfitSummary {
	u := UnfitSummary{Reasons: []UnfitReason{}}
	for reason, pages := range m {
		ps := append([]string(nil), pages...)
		sort.Strings(ps)
		u.Pages += len(ps)
		u.Reasons = append(u.Reasons, UnfitReason{Reason: reason, Pages: len(ps), Examples: ps[:min(5, len(ps))]})
	}
	sort.Slice(u.Reasons, func(i, j int) bool {
		a, b := u.Reasons[i], u.Reasons[j]
		if a.Pages != b.Pages {
			return a.Pages > b.Pages
		}
		return a.Reason < b.Reason
	})
	if processed > 0 {
		u.Share = round3(float64(u.Pages) / float64(processed))
	}
	return u
}

func round3(x float64) float64 { return float64(int(x*1000+0.5)) / 1000 }

// UnmappedFields lists the entity fields of w that no slot holds: they are
// never extracted. Page-scope fields are left to Wrapper.DroppedPageFields.
func UnmappedFields(w *wrapper.Wrapper) []string {
	mapped := map[string]bool{}
	for _, sm := range w.Slots() {
		mapped[sm.Field] = true
	}
	out := []string{}
	for _, f := range w.Fields() {
		if !f.Tuple && !mapped[f.Path] && !f.Page {
			out = append(out, f.Path)
		}
	}
	return out
}

// sampleTarget is the sample size Learn asks annotate.Sample for.
func sampleTarget(o annotate.SampleOptions) int {
	if o.K > 0 {
		return o.K
	}
	return annotate.DefaultSampleSize
}
