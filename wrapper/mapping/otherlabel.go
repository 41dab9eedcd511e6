package mapping

import (
	"strings"

	"github.com/objectrunner/objectrunner/recognizers"
)

// A patterned single field's own slot under a label that does not name the
// field (a "Doors" row for a show's time: a label of the time's kind,
// not its name) holds another time of the object, when the field's
// instances are also written beside another patterned field's instance
// in that field's slot (the date's line "10/23/2015 · 10:30pm") on half
// as many pages or more: the time written with the object's date is the
// object's time. dropOutnumbered asks the date's line to outnumber the
// slot; a slot whose label names the field ("Time", "Starts" for a
// start_time) or has no label keeps that rule.

// dropOtherLabelled removes the candidates of patterned single fields
// whose slot's label (the candidate's page label, else the template label
// before the slot) does not name the field (labelAffinity below
// affinityName) and whose instances another patterned single field's
// candidate slot holds apart from its own (insideOther) in half of c's
// count or more, and in sharePartShare of its values.
func dropOtherLabelled(fields []FieldSpec, cands []cand, stats []*slotStats, valid map[string]recognizers.Recognizer, labels [][]string, thres float64) []cand {
	if !OtherLabelled {
		return cands
	}
	out := cands[:0:0]
	for _, c := range cands {
		f := fields[c.Field]
		if f.Many || f.Tuple || valid[f.Path] == nil {
			out = append(out, c)
			continue
		}
		lab := labels[c.Slot]
		if c.Label != "" {
			lab = strings.Fields(c.Label)
		}
		if len(lab) == 0 || labelAffinity(lab, f) >= affinityName || 2*insideOther(fields, cands, stats, valid, c, thres) < c.Cnt {
			out = append(out, c)
		}
	}
	return keepMandatory(fields, cands, out)
}

// OtherLabelled turns dropOtherLabelled on (a switch for the test that
// shows what it does).
var OtherLabelled = true

// insideOther returns the most values of another patterned single
// field's candidate slot (same parent, mainly that field's instances)
// that hold c's field's instance apart from the other field's instance,
// counted as outnumbered counts them; 0 when fewer than sharePartShare
// of the slot's values do.
func insideOther(fields []FieldSpec, cands []cand, stats []*slotStats, valid map[string]recognizers.Recognizer, c cand, thres float64) int {
	f := fields[c.Field]
	rf := valid[f.Path]
	best := 0
	for _, d := range cands {
		g := fields[d.Field]
		rg := valid[g.Path]
		if rg == nil || d.Field == c.Field || d.Slot == c.Slot || g.Many || g.Tuple || g.Parent != f.Parent || sameKind(f, g) {
			continue
		}
		st := stats[d.Slot]
		if d.Label != "" {
			st = labelled(st, d.Label)
		}
		if float64(st.Count(g.Types)) < thres*float64(st.Occ) && validShare(st, rg) < thres {
			continue
		}
		inside := 0
		for text, n := range st.Values {
			mf, okf := longestMatch(rf, text)
			mg, okg := longestMatch(rg, text)
			if okf && okg && (mf[1] <= mg[0] || mg[1] <= mf[0]) {
				inside += n
			}
		}
		if float64(inside) >= sharePartShare*float64(st.Occ) {
			best = max(best, inside)
		}
	}
	return best
}
