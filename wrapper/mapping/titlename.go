package mapping

// NameField returns the index of the first field of fields that is a
// single dictionary field of the object itself (not of a nested tuple,
// not a set, not patterned), or -1.
func NameField(fields []FieldSpec) int {
	for i, f := range fields {
		if f.Tuple || f.Parent != "" || f.Many {
			continue
		}
		if !f.Dictionary || f.Patterned() {
			return -1 // the object's first field is not a name
		}
		return i
	}
	return -1
}

// TitleSlot returns the slot holding the page's titled name: one value
// per sample page on at least two pages, every value named by the page
// title, new page after page (at most one repeat in ten); -1 when no
// slot qualifies or when titled slots disagree (a match page whose title
// names two teams). Of slots that agree page by page (a breadcrumb's last
// crumb and the heading), the first.
func TitleSlot(stats []*SlotStats) int {
	best := -1
	for s, st := range stats {
		if st.Occ < 2 || st.InTitle < st.Occ || len(st.PerPage) < st.Occ || 10*len(st.Values) < 9*st.Occ {
			continue
		}
		if best < 0 {
			best = s
			continue
		}
		for pg, v := range st.FirstVal {
			if b, ok := stats[best].FirstVal[pg]; ok && b != v {
				return -1
			}
		}
	}
	return best
}

// TitledNames turns the rule on (a switch for the test that shows what
// it does).
var TitledNames = true
