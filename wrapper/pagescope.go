package wrapper

// Page-scope fields: values that appear once per list page and belong to
// every object of the page (the team heading above a roster).
//
// A list SOD may mark fields of its root tuple with scope = "page"
// (sod.Field.PageScope). Induce learns the objects without them, from a
// derived SOD, and learns the page-scope fields apart: a page-mode wrapper
// (the detail-page induction, one object per page) over the same sample
// pages, for a derived SOD whose root holds only those fields, all
// optional. Extract runs that page wrapper once per page and copies its
// values into every object of the page.

// PageWrapper returns the page-mode wrapper that extracts the page-scope
// fields (one object per page), or nil when the wrapper has none. The
// slots of its fields are listed by Slots after the wrapper's own and refer
// to its template.
func (w *Wrapper) PageWrapper() *Wrapper { return asWrapper(w.Page) }
