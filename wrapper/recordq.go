package wrapper

import (
	"fmt"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// recordQuestions asks about the records when their segmentation had a
// close runner-up and the pins do not choose it.
func (w *Wrapper) recordQuestions() []Question {
	if w.rp == nil || len(w.rp.Alternatives) < 2 || mapping.RecordsAt(w.opt.Pins) != "" {
		return nil
	}
	alts := w.rp.Alternatives
	best, other := alts[0], alts[1]
	if best.Score <= 0 || other.Score < AskRatio*best.Score {
		return nil
	}
	pages := mapping.RecordSamplePages(best, other)
	q := Question{Kind: QuestionRecords, Why: fmt.Sprintf(
		"the records were cut at %s (score %s) over %s (score %s), which finds other records on the sample pages",
		best.At, mapping.FmtFactor(best.Score), other.At, mapping.FmtFactor(other.Score))}
	for _, a := range alts {
		c := QuestionCandidate{Records: a.At}
		c.Context, c.Total, c.Chosen = a.At, a.Score, a.Chosen
		n := 0
		for _, p := range a.Pages {
			n += p.Records
			if slices.Contains(pages, p.Index) {
				c.Samples = append(c.Samples, CandidateSample{Page: p.Path, Index: p.Index, Values: []string{p.First}, Count: p.Records, Path: p.FirstPath})
			}
		}
		if len(a.Pages) > 0 {
			c.PerPage = float64(n) / float64(len(a.Pages))
		}
		q.Candidates = append(q.Candidates, c)
	}
	return []Question{q}
}

// noteRecordPin notes a records pin that named no segmentation of the
// sample: the records were cut by the score alone.
func (w *Wrapper) noteRecordPin() {
	at := mapping.RecordsAt(w.opt.Pins)
	if at == "" || w.rp != nil && w.rp.Pinned == at {
		return
	}
	why := "the source was learned without records (page mode)"
	if w.rp != nil {
		why = "no candidate segmentation of the sample is there; the records were cut at " + strings.TrimSpace(w.rp.Parent+" > "+w.rp.Head)
	}
	if w.pinNotes == nil {
		w.pinNotes = map[int][]Note{}
	}
	w.pinNotes[w.scope] = append(w.pinNotes[w.scope], Note{Kind: NotePin, Message: fmt.Sprintf("the answer %s matches no record segmentation: %s", Pin{Records: at}, why)})
}
