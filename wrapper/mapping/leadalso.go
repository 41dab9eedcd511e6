package mapping

import (
	"slices"

	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// A single field's values that are its instance alone on some pages
// ("Jun 3") and run on past it over tags on the others ("<b>Aug 7</b> at
// <b>8:30 pm</b>"): the whole values alone count few instances, and a
// slot holding the field's instance wholly on fewer pages (an optional
// "Presale" row) outweighs the field's own. leadAlso counts both kinds,
// as a slot mapped on its values' first runs (SlotMap.Lead).

// leadAlso returns the score, instance count and Lead flag of a single
// field's candidate slot whose whole values gave count c, share and
// score: when the first runs of its values with tags inside are mainly
// the field's instances too (leadShare thres), the slot is weighed as a
// Lead slot over c plus those runs, if that weighs more.
func leadAlso(st *slotStats, f FieldSpec, c int, share, score, thres float64) (float64, int, bool) {
	if !LeadBoth || f.Many {
		return score, c, false
	}
	lc := st.LeadCount(f.Types)
	if lc == 0 || st.LeadShare(f.Types) < thres {
		return score, c, false
	}
	if alt := leadPenalty * float64(c+lc) * share; alt > score {
		return alt, c + lc, true
	}
	return score, c, false
}

// LeadBoth turns leadAlso on (a switch for the test that shows what it
// does).
var LeadBoth = true

// A first run is the field's instance with the rest of the value past it
// (SlotMap.Lead) only when the instance ends there. For a type whose
// recognizer finds parts of a value (an address: recognizers.Info.Partial,
// a street line and a city line each an instance), a next run that is
// again mostly that type is the same value going on over a tag ("<div>4317
// Walnut Way</div><div>Seattle, WA 98144</div>"): the first run is a part,
// not the lead, and counting it so double-counts the value (once whole,
// once as a lead) and cuts every value to its street.

// partialTypes returns the types of fields whose predefined recognizer is
// partial (recognizers.Delimits false).
func partialTypes(fields []FieldSpec) map[string]bool {
	out := map[string]bool{}
	for _, f := range fields {
		if f.Predefined != "" && !f.WholeByPattern() {
			for _, t := range f.Types {
				out[t] = true
			}
		}
	}
	return out
}

// goesOn reports whether typ, a partial type, is the type of most words of
// the run after the first of rs (runs of one value): the instance goes on.
func goesOn(toks []Token, rs [][2]int, typ string, partial map[string]bool) bool {
	if !partial[typ] || len(rs) < 2 {
		return false
	}
	n, c := 0, 0
	for x := rs[1][0]; x < rs[1][1]; x++ {
		if toks[x].Kind != KindWord || exalg.EdgeToken(&toks[x]) {
			continue
		}
		n++
		if slices.Contains(toks[x].AnnTypes(), typ) {
			c++
		}
	}
	return n > 0 && 2*c >= n
}
