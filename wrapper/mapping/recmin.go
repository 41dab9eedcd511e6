package mapping

import (
	"math"
)

// Sparse dictionaries on list pages. Kept by the issue 21 ablation (zoo
// seeds 1-100, 15000-15149): the candidacy threshold of the annotation
// factor in record mode; off, s15027-sports-list full_name falls from
// 1.00 to 0.00.
//
// A slot is a field's candidate when the field's instances reach
// MinAnnotated of the sample (mapSlots' minCnt). On detail pages the
// sample is the source's best-annotated pages, so a dictionary that knows
// one value in ten still annotates most sample pages. Record mode has no
// such choice: its pseudo-pages are the records of those pages, taken in
// order, and a dictionary knowing a tenth of the names annotates about a
// tenth of the records, as often under MinAnnotated as over it (18 product
// names of 200 records, all of them in the title slot; 15 publishers of
// 152 "Publisher (year)" cells; 13 lineup names in the lineup's rarer
// form). For a root field of the record, MinAnnotated is then counted
// over the sample's pages as it is in page mode: instances on enough
// distinct sample pages (and at least two records) make a slot a
// candidate; the share of the slot's annotated values (GeneraliseThres)
// and the score, which grows with the count, still choose among the
// candidates. Fields of nested tuples keep the count over records.

// recordPages records, for record-mode induction, the sample page of each
// sample record (pageOf) so that candMin can count pages.
func (w *State) recordPages(pageOf []int, nPages int) {
	w.RecordPage, w.SamplePages = pageOf, nPages
}

// CandMin is the least number c of a field's instances in a slot for the
// slot to be the field's candidate (mapSlots): fieldMin, or in record mode
// for a root field whose instances in the slot come from MinAnnotated of
// the sample pages, c itself when at least two. The pages of a single
// field are those of its instances; a set field's, those of the values
// its types touch (its instances may be items of a list).
func (w *State) CandMin(f FieldSpec, st *slotStats, minCnt, c int) int {
	m := fieldMin(f, st, minCnt, w.Options.MinAnnotated)
	if w.Records == nil || f.Parent != "" || w.SamplePages == 0 || len(w.RecordPage) == 0 || c < 2 {
		return m
	}
	need := max(2, int(math.Ceil(w.Options.MinAnnotated*float64(w.SamplePages))))
	pages := map[int]bool{}
	for _, t := range f.Types {
		recs := st.AnnRecs[t]
		if f.Many {
			recs = st.SomePages[t]
		}
		for r := range recs {
			if r < len(w.RecordPage) {
				pages[w.RecordPage[r]] = true
			}
		}
	}
	if len(pages) >= need {
		return min(m, c)
	}
	return m
}
