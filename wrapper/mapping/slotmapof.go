package mapping

import (
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/objectrunner/objectrunner/recognizers"
)

// slotMapOf is the SlotMap that gives candidate c's slot to its field
// (single: the field is a single field of the root): the slot's
// validation, cut and separator rules learned from its statistics. Its
// coverage is at most 1: a lead candidate (leadAlso) counts the values
// holding an instance and those whose first run is one, and a value may
// be both (a saved wrapper with a coverage above 1 does not load).
func (w *State) slotMapOf(c cand, stats []*slotStats, valid map[string]recognizers.Recognizer, single bool) SlotMap {
	f := w.FieldSpecs[c.Field]
	sm := SlotMap{Slot: c.Slot, Field: f.Path, Type: f.Types[0], Share: c.Share, Coverage: min(1, c.Cov), Run: stats[c.Slot].Tagged == 0, Outside: c.Sc.Locality < 1}
	if c.Lead {
		sm.Lead, sm.Run = true, false
	}
	sm.Lines = c.Lines
	if r := valid[f.Path]; r != nil && (!c.Lead || (!f.Many && f.WholeByPattern())) {
		vs := stats[c.Slot]
		if c.Label != "" {
			vs = labelled(vs, c.Label)
		}
		v := validShare(vs, r)
		sm.Valid = math.Round(v*1000) / 1000
		sm.Validate = v >= w.Options.GeneraliseThres || absentAsOther(f, c, v, w.Options.GeneraliseThres)
		sm.Match = sm.Validate && !f.Many && f.WholeByPattern()
	}
	if c.Label != "" {
		sm.Label = strings.Fields(c.Label)
	}
	if !f.Many {
		sm.Cut = segmentRule(stats[c.Slot], f.Types, w.Options.GeneraliseThres, f.Patterned())
	}
	if !f.Many && !f.Patterned() {
		sm.CutAt = cutAtRule(stats[c.Slot], c, f, w.Options.GeneraliseThres)
		sm.LeadNum = leadNumberRule(stats[c.Slot], f, w.Options.GeneraliseThres)
	}
	if !single {
		st := stats[c.Slot]
		for r, pgs := range st.Runs {
			if len(pgs) >= 2 && !st.RunAnn[r] {
				sm.Seps = append(sm.Seps, r)
			}
		}
		for wd, pgs := range st.SepWord {
			if len(pgs) >= 2 && !st.AnnWord[wd] {
				sm.SepWords = append(sm.SepWords, wd)
			}
		}
		for wd, pgs := range st.SepHalf {
			if len(pgs) >= 2 && !st.AnnWord[wd] && !slices.Contains(sm.SepWords, wd) {
				sm.SepWords = append(sm.SepWords, wd)
			}
		}
		if w.Records == nil && (w.Mult == "1" || w.Mult == "?") {
			for _, wd := range conjSeps(st) {
				if !slices.Contains(sm.SepWords, wd) {
					sm.SepWords = append(sm.SepWords, wd)
				}
			}
		}
		// A first run is a plain-text list ("A, B and C") where
		// few names are known: one annotated neighbour is enough.
		for wd, pgs := range st.LeadSep {
			if c.Lead && len(pgs) >= 2 && !st.AnnWord[wd] && !slices.Contains(sm.SepWords, wd) {
				sm.SepWords = append(sm.SepWords, wd)
			}
		}
		sort.Strings(sm.SepWords)
		sort.Strings(sm.Seps)
	}
	return sm
}
