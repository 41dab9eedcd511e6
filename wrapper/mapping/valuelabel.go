package mapping

// A page label learned for a single field in a set's slot (learnedLabel:
// rows of several kinds folded into one set, "Area: …", "Reservations:
// …") is template-like text that keys a row. The words right before a
// value can also be another value: in a sidebar of other players, each
// item "<name><br><position><br><team>", the position "G-F" stands right
// before the team on every page that lists a G-F player, and the team
// dictionary knows some of the teams after it. A "label" that is, where
// it stands, an instance of another root field's types is that field's
// value, not a row's key: the set's iterations are records of other
// objects, and the field keeps its own place (or the free slot that
// explainedSlots finds).

// labelTypes returns the entity types that annotate every word of the page
// label before token x (the words pageLabel reads: the word tokens of the
// text node before x, skipping tags and separator punctuation); nil when
// there is none or some word is not annotated.
func labelTypes(toks []Token, x int) map[string]bool {
	y := x - 1
	for y >= 0 && (toks[y].Kind != KindWord || alnum(toks[y].Text) == "") {
		y--
	}
	if y < 0 {
		return nil
	}
	var out map[string]bool
	for n := toks[y].Node; y >= 0 && toks[y].Kind == KindWord && toks[y].Node == n; y-- {
		if alnum(toks[y].Text) == "" {
			continue
		}
		here := map[string]bool{}
		for _, a := range toks[y].Ann {
			if a.Node == n && a.Start <= toks[y].Start && toks[y].End <= a.End {
				here[a.Type] = true
			}
		}
		if out == nil {
			out = here
			continue
		}
		for t := range out {
			if !here[t] {
				delete(out, t)
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// CountLabelTypes records, for the page label k before token x, the types
// annotating all of its words (slotStats.labTyped).
func CountLabelTypes(st *SlotStats, k string, toks []Token, x int) {
	ts := labelTypes(toks, x)
	if len(ts) == 0 {
		return
	}
	if st.labTyped == nil {
		st.labTyped = map[string]map[string]int{}
	}
	if st.labTyped[k] == nil {
		st.labTyped[k] = map[string]int{}
	}
	for t := range ts {
		st.labTyped[k][t]++
	}
}

// valueLabel reports whether page label k of slot st is, on half of the
// values it precedes or more, wholly an instance of the types of another
// root field than f (one whose types f does not share): another object's
// value, not a label.
func valueLabel(st *SlotStats, k string, f FieldSpec, fields []FieldSpec) bool {
	typed := st.labTyped[k]
	if len(typed) == 0 {
		return false
	}
	n := 0
	for _, c := range st.LabVals[k] {
		n += c
	}
	for _, g := range fields {
		if g.Path == f.Path || g.Tuple || g.Parent != "" || AnyOf(g.Types, f.Types) {
			continue
		}
		for _, t := range g.Types {
			if 2*typed[t] >= n {
				return true
			}
		}
	}
	return false
}
