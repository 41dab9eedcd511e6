package wrapper

import (
	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

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

// explainNoSlots records why each entity field of w without slot has none,
// from the sample pages w was learned on.
func (w *Wrapper) explainNoSlots(pages []*annotate.Page) {
	mapped := map[string]bool{}
	for _, sm := range w.slots {
		mapped[sm.Field] = true
	}
	for _, k := range w.keyed {
		mapped[k.Field] = true
	}
	var missing []FieldSpec
	for _, f := range w.fields {
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
			mapping.WalkValues(o.Fields, "", func(path string, v Value) {
				if v.Path != "" && !mapping.Contains(readAt[v.Path], path) {
					readAt[v.Path] = append(readAt[v.Path], path)
				}
			})
		}
	}
	w.noSlot = map[string]string{}
	for _, f := range missing {
		w.noSlot[f.Path] = mapping.NoSlotReason(f, pages, readAt)
	}
}

// pageField reports whether path is a page-scope field, whose own reason is
// Wrapper.DroppedPageFields'.
func (w *Wrapper) pageField(path string) bool {
	for _, f := range w.pageFields {
		if f.Path == path {
			return true
		}
	}
	return false
}

// NoSlotReason says why the entity field at path has no slot ("" when it
// has one, or for a page-scope field: see DroppedPageFields).
func (w *Wrapper) NoSlotReason(path string) string {
	return w.noSlot[path]
}
