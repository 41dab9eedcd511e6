package mapping

import (
	"fmt"
	"maps"
	"slices"

	"github.com/objectrunner/objectrunner/recognizers"
)

// runOnValueNotes gives doubt.go's run-on note measured on the values
// extracted from the sample pages rather than on the slot's tokens: a
// value of several lines joined (an address block, "Where: street<br>city
// <br>Reservations: 555.463.0163") is built at extraction, after the slot,
// and may take the next line, another field's. A root single field whose
// values are not cut to a recognizer's instance (FieldSpec.Delimited)
// gets the note when, on RaggedShare of its values on the sample pages or
// more (two at least), another root single field's predefined recognizer
// that delimits its instances (a phone, a date, a price) finds an instance
// outside the field's own recognizer's instances. Regex fields are left
// out: a model number's pattern finds one in many product names.
// Measured on zoo seeds 19000-19199: an address running into the
// reservations line on 27 of 36 pages, confidence 1, no diagnostic.
// A web or e-mail address (foreignKinds) counts too when no field of the
// SOD is typed by it: such a value is no part of a name or a postal
// address, so it is the next line's (dev zoo seeds 16300-16799: a list's
// addresses ending with ", www.….example" on 111 of 195 records, at
// confidence 0.95, no diagnostic).
func (w *State) runOnValueNotes(sample func() [][]*Object) []Note {
	type tally struct {
		vals, runOn int
		ex, other   string
	}
	tl := map[string]*tally{}
	var others []FieldSpec
	for _, f := range w.FieldSpecs {
		if f.Tuple || f.Many || f.Parent != "" {
			continue
		}
		if !f.Delimited() {
			tl[f.Path] = &tally{}
		}
		if f.Predefined != "" && f.Regex == nil && recognizers.Delimits(f.Predefined) && w.Valid[f.Path] != nil {
			others = append(others, f)
		}
	}
	foreign := w.foreignKinds()
	if len(tl) == 0 || len(others) == 0 && len(foreign) == 0 {
		return nil
	}
	for _, objs := range sample() {
		for _, o := range objs {
			for _, fd := range o.Fields {
				t := tl[fd.Name]
				if t == nil || fd.Tuple || fd.Many {
					continue
				}
				for _, v := range fd.Values {
					if v.Text == "" {
						continue
					}
					t.vals++
					g := w.foreignInstance(fd.Name, v.Text, others)
					if g != "" {
						g = "field " + g + "'s type"
					} else {
						g = w.foreignKind(fd.Name, v.Text, foreign)
					}
					if g != "" {
						t.runOn++
						if t.ex == "" {
							t.ex, t.other = v.Text, g
						}
					}
				}
			}
		}
	}
	var out []Note
	for _, f := range w.FieldSpecs {
		t := tl[f.Path]
		if t == nil || t.runOn < 2 || float64(t.runOn) < RaggedShare*float64(t.vals) {
			continue
		}
		out = append(out, Note{Kind: NoteRunOn, Field: f.Path, Message: fmt.Sprintf(
			"field %s: %d of its %d values on the sample pages hold an instance of %s outside their own (e.g. %q): values run into the next text",
			f.Path, t.runOn, t.vals, t.other, t.ex)})
	}
	return out
}

// foreignInstance returns the path of the first field of others (not
// field) whose recognizer finds an instance in txt that overlaps none of
// field's own recognizer's instances; "" when there is none.
func (w *State) foreignInstance(field, txt string, others []FieldSpec) string {
	type span struct{ a, b int }
	var own []span
	if r := w.Valid[field]; r != nil {
		if ms, err := r.Find(txt); err == nil {
			for _, m := range ms {
				own = append(own, span{m.Start, m.End})
			}
		}
	}
	for _, g := range others {
		if g.Path == field {
			continue
		}
		ms, err := w.Valid[g.Path].Find(txt)
		if err != nil {
			continue
		}
		for _, m := range ms {
			clear := true
			for _, s := range own {
				if m.Start < s.b && s.a < m.End {
					clear = false
					break
				}
			}
			if clear {
				return g.Path
			}
		}
	}
	return ""
}

// foreignKinds returns the recognizers of runOnValueNotes' other kinds of
// value (a web address, an e-mail address) that no field of the SOD is
// typed by, by name.
func (w *State) foreignKinds() map[string]recognizers.Recognizer {
	out := map[string]recognizers.Recognizer{}
	for _, name := range []string{"url", "email"} {
		if slices.ContainsFunc(w.FieldSpecs, func(f FieldSpec) bool { return f.Predefined == name }) {
			continue
		}
		if r, err := recognizers.NewPredefined(name); err == nil {
			out[name] = r
		}
	}
	return out
}

// foreignKind returns "a <name> value" for the first recognizer of
// foreign (in name order) that finds an instance in txt overlapping none
// of field's own recognizer's instances; "" when none does.
func (w *State) foreignKind(field, txt string, foreign map[string]recognizers.Recognizer) string {
	if len(foreign) == 0 {
		return ""
	}
	var own []recognizers.Match
	if r := w.Valid[field]; r != nil {
		own, _ = r.Find(txt)
	}
	for _, name := range slices.Sorted(maps.Keys(foreign)) {
		ms, err := foreign[name].Find(txt)
		if err != nil {
			continue
		}
		for _, m := range ms {
			if !slices.ContainsFunc(own, func(o recognizers.Match) bool { return m.Start < o.End && o.Start < m.End }) {
				return "a value of kind " + name
			}
		}
	}
	return ""
}
