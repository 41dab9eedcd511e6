package wrapper

import (
	"fmt"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// Fields read by their label (wrapper/mapping/labelkey.go): learned after
// the mapping, for the single fields of a detail page it left without
// slot; read on every page after the template's fields.

// LabelKey is a field read by the label that names it (see
// mapping.LabelKey).
type LabelKey = mapping.LabelKey

// LabelKeys returns the fields the wrapper reads by their label rather
// than from a slot.
func (w *Wrapper) LabelKeys() []LabelKey { return w.keyed }

// learnLabelKeys sets w.keyed for the single root entity fields of a
// wrapper of one object per page that have a label key
// (mapping.LearnLabelKey) whose rows lie in the object's element
// (keyedValue) on GeneraliseThres of the sample pages where the key is
// found, and
//
//   - no slot: the field is read by its label;
//   - a slot whose sample values are the labelled rows' where both are
//     found: the label is read on the pages where the slot gives nothing;
//   - a slot that reads no label naming it and whose sample values differ
//     from the labelled rows' on at least half of the sample pages where
//     both are found (and two): the slot is likely another field's (the
//     author after "by" for a publisher whose pattern matches names); the
//     field is read by its label instead, and a NoteReadByLabel says so.
//
// Fields the user pinned (pins.go) keep what the pin says.
func (w *Wrapper) learnLabelKeys(pages []*annotate.Page) {
	if w.rp != nil || w.scope >= 0 {
		return
	}
	slotOf := map[string][]SlotMap{}
	for _, sm := range w.slots {
		slotOf[sm.Field] = append(slotOf[sm.Field], sm)
	}
	pinned := map[string]bool{}
	for _, p := range w.opt.Pins {
		pinned[p.Field] = true
	}
	var toks [][]mapping.Token
	var objs [][]*Object
	drop := map[string]bool{}
	for _, f := range w.fields {
		if f.Tuple || f.Many || f.Parent != "" || pinned[f.Path] || w.pageField(f.Path) || len(f.Types) == 0 || len(f.Attrs) > 0 {
			continue
		}
		sms := slotOf[f.Path]
		named := slices.ContainsFunc(sms, func(sm SlotMap) bool { return w.readsNamingLabel(sm, f) })
		if toks == nil {
			toks = make([][]mapping.Token, len(pages))
			objs = make([][]*Object, len(pages))
			for i, p := range pages {
				toks[i] = tokenize(p, w.ps)
				objs[i], _ = w.matchPage(p, toks[i])
			}
		}
		k, ok := mapping.LearnLabelKey(toks, w.ps, f, w.opt.GeneraliseThres)
		if !ok {
			continue
		}
		keyed, both, differ, read, row := w.keyAgreement(toks, objs, f, k)
		if keyed < 2 || float64(keyed) < w.opt.GeneraliseThres*float64(k.Hits) {
			continue // the rows lie outside the object's element (a sidebar's)
		}
		if len(sms) > 0 {
			switch {
			case differ == 0:
				// The label fills in where the slot gives nothing.
			case !named && differ >= 2 && 2*differ >= both:
				drop[f.Path] = true
				w.keyNotes = append(w.keyNotes, Note{Kind: mapping.NoteReadByLabel, Field: f.Path, Message: fmt.Sprintf(
					"field %s is read after its label %q (e.g. %q), not from slot %d: on %d of the %d sample pages where both are found the slot held another text (e.g. %q), likely another field's",
					f.Path, strings.Join(k.Label, " "), row, sms[0].Slot, differ, both, read)})
			default:
				continue
			}
		}
		w.keyed = append(w.keyed, k)
	}
	if len(drop) > 0 {
		kept := w.slots[:0]
		for _, sm := range w.slots {
			if drop[sm.Field] {
				if sm.Slot < len(w.tmpl.Slots) {
					w.tmpl.Slots[sm.Slot].Field, w.tmpl.Slots[sm.Slot].EntityType = "", ""
				}
				continue
			}
			kept = append(kept, sm)
		}
		w.slots = kept
		w.link()
	}
	w.internKeys()
}

// readsNamingLabel reports whether sm reads its field after a label (a
// page label, a row's or an item's) that names it.
func (w *Wrapper) readsNamingLabel(sm SlotMap, f FieldSpec) bool {
	for _, l := range [][]string{sm.Label, sm.Row, sm.ItemLabel} {
		if len(l) > 0 && mapping.LabelAffinity(l, f) >= mapping.AffinityName {
			return true
		}
	}
	return false
}

// keyAgreement compares, on the sample pages (their tokens and objects),
// field f's first value with the value read after label key k
// (keyedValue): the number of pages where the key gives a value, of
// those where the field has one too, of those where neither text holds
// the other, and the first such pair.
func (w *Wrapper) keyAgreement(toks [][]mapping.Token, objs [][]*Object, f FieldSpec, k LabelKey) (keyed, both, differ int, read, row string) {
	path := w.ps.Parse(k.Path)
	for i := range toks {
		if len(objs[i]) == 0 {
			continue
		}
		kv, ok := w.keyedValue(toks[i], objs[i][0], f, k, path)
		if !ok {
			continue
		}
		keyed++
		fl := objs[i][0].field(f.Name)
		if fl == nil || len(fl.Values) == 0 {
			continue
		}
		v := fl.Values[0].Text
		both++
		if !strings.Contains(kv.Text, v) && !strings.Contains(v, kv.Text) {
			differ++
			if read == "" {
				read, row = v, kv.Text
			}
		}
	}
	return keyed, both, differ, read, row
}

// readKeyed adds to o the values of the fields read by their label that
// the page gives (keyedValue), in the SOD's order of fields.
func (w *Wrapper) readKeyed(toks []mapping.Token, o *Object) {
	added := false
	for i, k := range w.keyed {
		f := w.fieldSpec(k.Field)
		if f == nil || o.field(k.Field) != nil || i >= len(w.keyPath) {
			continue
		}
		if v, ok := w.keyedValue(toks, o, *f, k, w.keyPath[i]); ok {
			o.Fields = append(o.Fields, Field{Name: f.Name, Values: []Value{v}})
			added = true
		}
	}
	if added {
		order := func(name string) int {
			return slices.IndexFunc(w.fields, func(f FieldSpec) bool { return f.Parent == "" && f.Name == name })
		}
		slices.SortStableFunc(o.Fields, func(x, y Field) int { return order(x.Name) - order(y.Name) })
	}
}

// keyedValue reads field f after its label key k (its label's DOM path
// interned as path) on a page of tokens toks whose object o holds the
// template's fields: the row's value, when the page has the row and the
// row lies in the object's element (objectElement), not in a sidebar.
func (w *Wrapper) keyedValue(toks []mapping.Token, o *Object, f FieldSpec, k LabelKey, path int32) (Value, bool) {
	if path < 0 {
		return Value{}, false
	}
	a, b, ok := mapping.KeyedRow(toks, k, path)
	if !ok {
		return Value{}, false
	}
	sm := &SlotMap{Slot: -1, Field: k.Field, Type: f.Types[0], Share: float64(k.Hits) / float64(max(k.Pages, 1)),
		Coverage: float64(k.Pages) / float64(max(k.Sample, 1)), Validate: true, Row: k.Label}
	v, ok := w.value(toks, a, b, sm, f)
	if !ok {
		return Value{}, false
	}
	if el := objectElement(o, f.Name); el != "" && v.Path != el && !strings.HasPrefix(v.Path, el+"/") {
		return Value{}, false
	}
	return v, true
}

// objectElement returns the DOM path of the element that holds the values
// of o's single root fields other than name: the deepest element holding
// them all, or, for one field, its value's element's grandparent (a
// heading's section); "" when o has no such value.
func objectElement(o *Object, name string) string {
	var common []string
	n := 0
	for _, fl := range o.Fields {
		if fl.Name == name || fl.Many || fl.Tuple || len(fl.Values) == 0 || fl.Values[0].Path == "" {
			continue
		}
		steps := strings.Split(fl.Values[0].Path, "/")
		if n == 0 {
			common = steps
		} else {
			i := 0
			for i < len(common) && i < len(steps) && common[i] == steps[i] {
				i++
			}
			common = common[:i]
		}
		n++
	}
	if n == 1 {
		common = common[:max(len(common)-2, 0)]
	}
	return strings.Join(common, "/")
}

// labelNotes returns the notes of the fields learnLabelKeys moved from a
// slot to their label (NoteReadByLabel).
func (w *Wrapper) labelNotes() []Note { return w.keyNotes }

// internKeys resolves the label keys' DOM paths in w's path table (before
// it is frozen when a wrapper is loaded).
func (w *Wrapper) internKeys() {
	w.keyPath = make([]int32, len(w.keyed))
	for i, k := range w.keyed {
		w.keyPath[i] = w.ps.Parse(k.Path)
	}
}
