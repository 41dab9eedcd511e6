package mapping

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
