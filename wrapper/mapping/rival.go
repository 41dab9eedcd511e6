package mapping

import "maps"

// The rival term of a value's confidence (Evidence.Rival, confidence.go).
//
// The slots of the fields are chosen jointly (one assignment over the
// candidates, score.go): a field may lose the slot its own score prefers
// to another field, and then reads its next candidate. For a field typed
// by a recognizer (a regex or a predefined type, not a dictionary), that
// means its type was found, on the sample, as much or more in another
// field's slot than in its own: its true values may be the instances that
// other field's values carry beside their own ("2022-08-15 · 7:00p" read
// as a date, while the time is taken from a "Doors 6:00p" row). Measured on
// the zoo's development seeds 31000-31199 (docs/trust.md), the three such
// fields all had wrong values (52 of 85), none with a doubt note, all at
// confidence 1. Fields typed by a dictionary are left out: fields sharing
// a dictionary class (a headliner and the supporting acts) lose their best
// candidate to each other by design, and were right on every template
// measured (14 fields).
//
// The term is the chosen slot's share of the two scores, Total(chosen) /
// (Total(chosen) + Total(rival)): at most 1/2, as the score preferred the
// rival.

// rivalTerms returns, by field path, the rival term of the fields of w
// and of its page wrapper that have one (nil when none has).
func (w *State) rivalTerms() map[string]float64 {
	m := w.ownRivalTerms()
	if w.Page != nil {
		if pm := w.Page.ownRivalTerms(); len(pm) > 0 {
			if m == nil {
				m = map[string]float64{}
			}
			maps.Copy(m, pm)
		}
	}
	return m
}

// ownRivalTerms returns the rival terms of w's own fields, from its
// explanation (fieldexplain.go) and its slots.
func (w *State) ownRivalTerms() map[string]float64 {
	owners := map[int][]string{}
	for _, sm := range w.SlotMaps {
		owners[sm.Slot] = append(owners[sm.Slot], sm.Field)
	}
	var m map[string]float64
	for _, fe := range w.Explain {
		f := w.fieldSpec(fe.Field)
		if f == nil || f.Tuple || f.Dictionary || f.Predefined == "" && f.Regex == nil {
			continue
		}
		win, rival := 0.0, 0.0
		for _, c := range fe.Candidates {
			switch {
			case c.Chosen:
				win = max(win, c.Total)
			case otherOwner(owners[c.Slot], f.Path):
				rival = max(rival, c.Total)
			}
		}
		if win <= 0 || rival < win {
			continue
		}
		if m == nil {
			m = map[string]float64{}
		}
		m[f.Path] = win / (win + rival)
	}
	return m
}

// otherOwner reports whether a slot's fields include one other than path.
func otherOwner(fields []string, path string) bool {
	for _, g := range fields {
		if g != path {
			return true
		}
	}
	return false
}
