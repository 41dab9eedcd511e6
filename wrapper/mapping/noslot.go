package mapping

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
)

// walkValues calls fn for every value of fs, nested ones with their dotted
// path.
func walkValues(fs []Field, prefix string, fn func(path string, v Value)) {
	for _, f := range fs {
		path := prefix + f.Name
		for _, v := range f.Values {
			if f.Tuple {
				walkValues(v.Fields, path+".", fn)
				continue
			}
			fn(path, v)
		}
	}
}

// NoSlotReason says why field f got no slot, from its annotations on the
// sample pages; readAt maps an element path to the fields the wrapper
// reads there.
func NoSlotReason(f FieldSpec, pages []*annotate.Page, readAt map[string][]string) string {
	n := len(pages)
	onPages, total := 0, 0
	texts := map[string]int{}  // text of the annotated node -> annotations
	places := map[string]int{} // element path -> pages with an annotation there
	for _, p := range pages {
		found := false
		here := map[string]bool{}
		for _, a := range p.Annotations {
			if !slices.Contains(f.Types, a.Type) || a.Node == nil {
				continue
			}
			found = true
			total++
			texts[strings.TrimSpace(a.Node.Data)]++
			if a.Node.Parent != nil {
				here[annotate.NodePath(a.Node.Parent)] = true
			}
		}
		if found {
			onPages++
		}
		for pl := range here {
			places[pl]++
		}
	}
	types := strings.Join(f.Types, ", ")
	if onPages == 0 {
		return fmt.Sprintf("no instance of its type (%s) on any of the %d sample pages: %s", types, n, nothingFound(f))
	}
	if t, k := most(texts); k >= 2 && 5*k >= 4*total && len(texts) <= 2 {
		return fmt.Sprintf("its %d instances on the sample pages are nearly all the same text %q: template text (a label, a menu entry), not values", total, t)
	}
	place, k := most(places)
	if others := without(readAt[place], f.Path); len(others) > 0 && 2*k >= onPages {
		return fmt.Sprintf("its instances (on %d of the %d sample pages) are mostly in %s (%d pages), where %s is read: the slot went to that field",
			onPages, n, place, k, strings.Join(others, ", "))
	}
	if 2*k < onPages {
		return fmt.Sprintf("its instances (on %d of the %d sample pages) are spread over %d places, the most in %s on %d pages: no slot holds them consistently",
			onPages, n, len(places), place, k)
	}
	if 2*onPages < n {
		return fmt.Sprintf("its instances are on %d of the %d sample pages, mostly in %s (%d pages): too few pages for a slot",
			onPages, n, place, k)
	}
	return fmt.Sprintf("its instances are on %d of the %d sample pages, mostly in %s (%d pages), but that slot was not mapped to it: too small a share of the slot's values are its instances, or they fail the field's checks",
		onPages, n, place, k)
}

// nothingFound explains a field whose recognizer finds nothing, by kind.
func nothingFound(f FieldSpec) string {
	switch {
	case f.Dictionary:
		return fmt.Sprintf("the dictionary %q knows none of the values the pages show (add a few of them to it)", f.Class)
	case f.Regex != nil:
		return fmt.Sprintf("its regex %q matches no text of the pages", f.Regex.Pattern)
	case f.Predefined != "":
		return fmt.Sprintf("the predefined recognizer %q finds nothing in the pages' texts", f.Predefined)
	}
	return "its recognizer finds nothing"
}

// most returns the key with the largest count, ties to the smaller key.
func most(m map[string]int) (string, int) {
	keys := slices.Sorted(maps.Keys(m))
	best, bestN := "", 0
	for _, k := range keys {
		if m[k] > bestN {
			best, bestN = k, m[k]
		}
	}
	return best, bestN
}

// without returns s without x.
func without(s []string, x string) []string {
	var out []string
	for _, e := range s {
		if e != x {
			out = append(out, e)
		}
	}
	return out
}

// Why a field got no slot. A field the mapping leaves without slot is
// never extracted; the user must learn why to fix the SOD or the
// dictionary. Whatever mapping stage dropped it, the reason is read
// afterwards from the sample, in this order:
//
//   - no sample page holds an instance of its types (the recognizer finds
//     nothing there);
//   - its instances are one repeated text (a label, a menu entry): template
//     text, not values;
//   - its instances fall where another field's values are read (that
//     field's slot; two fields over one type, a look-alike);
//   - its instances are spread over places none of which holds them on
//     enough pages, or sit in one place on too few pages, or in a place
//     whose values are mostly something else.
//
// The reason names the counts measured. It is kept in the wrapper
// (Wrapper.NoSlotReason, saved as "no_slot") and shown by the run report
// and its diagnostics.

// ExplainNoSlots records why each entity field of w without slot has none,
// from the sample pages w was learned on.
func (w *State) ExplainNoSlots(pages []*annotate.Page) {
	mapped := w.mappedFields()
	for _, k := range w.Keyed {
		mapped[k.Field] = true
	}
	var missing []FieldSpec
	for _, f := range w.FieldSpecs {
		if !f.Tuple && !mapped[f.Path] && !w.pageField(f.Path) {
			missing = append(missing, f)
		}
	}
	if len(missing) == 0 {
		return
	}
	// Where the wrapper reads each field on the sample: element path ->
	// fields.
	readAt := map[string][]string{}
	for _, p := range pages {
		objs, _ := w.Extract(p)
		for _, o := range objs {
			walkValues(o.Fields, "", func(path string, v Value) {
				if v.Path != "" && !slices.Contains(readAt[v.Path], path) {
					readAt[v.Path] = append(readAt[v.Path], path)
				}
			})
		}
	}
	w.NoSlot = map[string]string{}
	for _, f := range missing {
		w.NoSlot[f.Path] = NoSlotReason(f, pages, readAt)
	}
}

// pageField reports whether path is a page-scope field, whose own reason is
// Wrapper.DroppedPageFields'.
func (w *State) pageField(path string) bool {
	for _, f := range w.PageFields {
		if f.Path == path {
			return true
		}
	}
	return false
}

// NoSlotReason says why the entity field at path has no slot ("" when it
// has one, or for a page-scope field: see DroppedPageFields).
func (w *State) NoSlotReason(path string) string {
	return w.NoSlot[path]
}
