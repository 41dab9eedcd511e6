package objectrunner

import (
	"fmt"
	"slices"
	"sort"

	"github.com/objectrunner/objectrunner/annotate"

	"github.com/objectrunner/objectrunner/wrapper"
)

// Diagnostic is a warning that a run's result is likely wrong, with what to
// look at. Diagnose finds them; the command line logs them.
type Diagnostic struct {
	// Kind is one of the Diag… constants.
	Kind string `json:"kind"`
	// Field is the SOD field or entity type concerned ("" for the sample).
	Field string `json:"field,omitempty"`
	// Message says what was measured, readably.
	Message string `json:"message"`
}

func (d Diagnostic) String() string { return d.Message }

// Kinds of Diagnostic.
const (
	// DiagRareType: an entity type of the SOD was annotated on few sample
	// pages: its recognizer may not match the source's format (a date
	// written as a year only, a dictionary that knows none of the values).
	DiagRareType = "rare-type"
	// DiagNoSlot: a field got no slot in the wrapper; it is never filled.
	DiagNoSlot = "no-slot"
	// DiagInvalidSlot: most values extracted for a field with a predefined
	// or regex recognizer fail that recognizer: the slot they are read
	// from mostly holds something else.
	DiagInvalidSlot = "invalid-slot"
	// DiagOneKind: the sample is dominated by one kind of page (one set of
	// optional rows) that is much rarer in the source.
	DiagOneKind = "one-kind-sample"
	// DiagLowFill: a mandatory field is missing from many objects written,
	// or an optional one from most of them though its type is found on
	// nearly every page (one object per page).
	DiagLowFill = "low-fill"
	// DiagStopped: learning the wrapper stopped (Report.Stopped): no field
	// is extracted; one diagnostic names each field of the SOD.
	DiagStopped = "stopped"
)

// Thresholds of Diagnose.
const (
	// RareTypeShare: a type annotated on fewer than this share of the
	// sample pages is rare.
	RareTypeShare = 0.5
	// InvalidSlotShare: a field whose values pass its recognizer in fewer
	// than this share of InvalidSlotMin values or more is read from an
	// invalid slot.
	InvalidSlotShare = 0.5
	InvalidSlotMin   = 5
	// OneKindShare and OneKindExcess: the sample's dominant structure
	// holds at least OneKindShare of it and OneKindExcess more of it than
	// of the probe pages.
	OneKindShare, OneKindExcess = 0.75, 0.25
	// LowFillShare: a mandatory field filled in fewer than this share of
	// the objects written.
	LowFillShare = 0.9
	// OptionalFillShare and FoundShare: with one object per page, an
	// optional field filled in fewer than OptionalFillShare of the objects
	// while its type was annotated on at least FoundShare of the pages
	// probed (a row the wrapper does not find, or finds on few pages).
	OptionalFillShare, FoundShare = 0.35, 0.9
)

// Diagnose returns warnings about a run whose result is likely wrong: types
// rarely annotated in the sample, fields without slot, a sample of one page
// kind, and (once objects were extracted) fields whose values mostly fail
// their recognizer, mandatory fields often missing, and a
// sample far below its target size (DiagSmallSample, report.go). With a
// saved wrapper (no sample), only the extraction checks run.
func Diagnose(rep *Report) []Diagnostic {
	var out []Diagnostic
	if rep == nil {
		return nil
	}
	if res := rep.Sample; res != nil && len(res.Pages) > 0 {
		for _, st := range res.Stats {
			share := float64(st.SamplePagesWithHits) / float64(len(res.Pages))
			if share < RareTypeShare {
				out = append(out, Diagnostic{Kind: DiagRareType, Field: st.Type, Message: fmt.Sprintf(
					"type %s is annotated on %d of the %d sample pages (%.0f%%): its recognizer may not match how the source writes it",
					st.Type, st.SamplePagesWithHits, len(res.Pages), 100*share)})
			}
		}
		if k := res.Kinds; k.Dominant >= OneKindShare && k.Dominant-k.InProbe >= OneKindExcess {
			out = append(out, Diagnostic{Kind: DiagOneKind, Message: fmt.Sprintf(
				"%.0f%% of the sample pages have one structure, which %.0f%% of the probe pages have: rows absent from the sample may be missed",
				100*k.Dominant, 100*k.InProbe)})
		}
	}
	for _, f := range rep.StoppedFields {
		out = append(out, Diagnostic{Kind: DiagStopped, Field: f, Message: fmt.Sprintf(
			"field %s is not extracted: learning the wrapper stopped: %s", f, rep.Stopped)})
	}
	if w := rep.Wrapper; w != nil && rep.Sample != nil {
		mapped := map[string]bool{}
		for _, sm := range w.Slots() {
			mapped[sm.Field] = true
		}
		for _, k := range w.LabelKeys() {
			mapped[k.Field] = true
		}
		for _, f := range w.Fields() {
			if !f.Tuple && !mapped[f.Path] {
				msg := fmt.Sprintf("field %s (%s) has no slot in the wrapper: it will not be extracted", f.Path, f.Mult)
				if why := w.NoSlotReason(f.Path); why != "" {
					msg += ": " + why
				} else if why := w.DroppedPageFields(); f.Page && why != "" {
					msg += ": " + why
				}
				out = append(out, Diagnostic{Kind: DiagNoSlot, Field: f.Path, Message: msg})
			}
		}
	}
	if rep.Objects > 0 && rep.Wrapper != nil {
		for _, f := range rep.Wrapper.Fields() {
			// Measured on the values written rather than on the sample's
			// slot: a slot read in parts (an item among rows, a field's
			// part of a shared node) validates what is kept, not the slot.
			// Values rejected for failing the recognizer (typed.go)
			// count as read and failed.
			st := rep.Fields[f.Path]
			if st == nil || st.Values+st.Rejected < InvalidSlotMin {
				continue
			}
			bad, read := st.Unrecognized+st.Rejected, st.Values+st.Rejected
			if share := 1 - float64(bad)/float64(read); share < InvalidSlotShare {
				out = append(out, Diagnostic{Kind: DiagInvalidSlot, Field: f.Path, Message: fmt.Sprintf(
					"field %s: %d of its %d values (%.0f%%) are not recognised as %s: the slot it is read from may hold something else",
					f.Path, bad, read, 100*(1-share), recognizerName(f))})
			}
		}
		for _, f := range rep.Wrapper.Fields() {
			if f.Tuple || f.Parent != "" {
				continue
			}
			n := 0
			if st := rep.Fields[f.Path]; st != nil {
				n = st.Objects
			}
			share := float64(n) / float64(rep.Objects)
			switch {
			case !f.Optional && share < LowFillShare:
				out = append(out, Diagnostic{Kind: DiagLowFill, Field: f.Path, Message: fmt.Sprintf(
					"mandatory field %s is filled in %d of %d objects (%.0f%%)", f.Path, n, rep.Objects, 100*share)})
			case f.Optional && share < OptionalFillShare && rep.Objects == rep.PagesWithObjects:
				if found := foundShare(rep.Sample, f.Types); found >= FoundShare {
					out = append(out, Diagnostic{Kind: DiagLowFill, Field: f.Path, Message: fmt.Sprintf(
						"optional field %s is filled in %d of %d objects (%.0f%%), though its type was found on %.0f%% of the pages probed",
						f.Path, n, rep.Objects, 100*share, 100*found)})
				}
			}
		}
	}
	out = append(out, smallSample(rep)...)          // report.go
	out = append(out, rejectedDiagnostics(rep)...)  // trustdiag.go
	out = append(out, abstainedDiagnostics(rep)...) // abstain.go
	out = append(out, noteDiagnostics(rep)...)      // trustdiag.go
	out = append(out, slowRegex(rep)...)            // regextime.go
	out = append(out, outsideRegion(rep)...)        // diagnose_region.go
	out = append(out, emptySlots(rep)...)           // diagnose_empty.go
	out = append(out, selfChecks(rep)...)           // selfcheck.go
	out = append(out, objectMissing(rep, out)...)   // selfcheck.go
	sort.SliceStable(out, func(i, j int) bool { return out[i].Kind < out[j].Kind })
	return out
}

// foundShare is the largest share of the pages probed on which one of
// types was annotated (0 without a sample).
func foundShare(res *annotate.SampleResult, types []string) float64 {
	best := 0.0
	if res == nil {
		return 0
	}
	for _, st := range res.Stats {
		if st.Candidates > 0 && slices.Contains(types, st.Type) {
			best = max(best, float64(st.PagesWithHits)/float64(st.Candidates))
		}
	}
	return best
}

// recognizerName names a field's pattern recognizer in messages.
func recognizerName(f wrapper.FieldSpec) string {
	if f.Predefined != "" {
		return f.Predefined
	}
	return "its regex"
}
