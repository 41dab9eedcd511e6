package mapping

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/objectrunner/objectrunner/wrapper/records"
)

// The question on a list source's records (issue 24, paper 002's
// "number of rows"): when record segmentation found a runner-up that
// cuts the sample differently and scores at least AskRatio of the
// segmentation chosen (records.RecordPattern.Alternatives), the wrapper
// asks which is right, showing each with its record count and first
// record on a few sample pages. The answer is a Pin with Records set
// (the segmentation's parent path and head), which Induce hands to
// records.FindRecordPattern (RecordOptions.At); a records pin that
// names no segmentation of the sample is noted (NotePin).

// QuestionRecords is the kind of the question on the records.
const QuestionRecords = "records"

// RecordsAt returns the segmentation pins choose, "" when none.
func RecordsAt(pins []Pin) string {
	for _, p := range pins {
		if p.Records != "" {
			return p.Records
		}
	}
	return ""
}

// checkRecords reports a records pin that also says something else.
func (p Pin) checkRecords() error {
	if p.Field != "" || p.Absent || p.Example != "" || p.Page != "" || p.Slot != 0 || p.Context != "" || p.Label != "" {
		return fmt.Errorf("records %q: a records answer names no field and nothing else", p.Records)
	}
	return nil
}

// recordSamplePages picks the sample pages a records question shows (at
// most maxSamplePages): first those where the two segmentations count
// different records, then the others both find records on.
func recordSamplePages(a, b records.RecordAlternative) []int {
	count := map[int]int{}
	for _, p := range b.Pages {
		count[p.Index] = p.Records
	}
	var differ, same []int
	for _, p := range a.Pages {
		if c, ok := count[p.Index]; ok && c == p.Records {
			same = append(same, p.Index)
		} else {
			differ = append(differ, p.Index)
		}
	}
	out := append(differ, same...)
	if len(out) > MaxSamplePages {
		out = out[:MaxSamplePages]
	}
	return out
}

// WriteRecordCandidate prints candidate j of a records question.
func WriteRecordCandidate(out io.Writer, j int, c QuestionCandidate) {
	fmt.Fprintf(out, "  %s\n", c.Title(j))
	for _, s := range c.Samples {
		first := ""
		if len(s.Values) > 0 {
			first = ", the first " + strconv.Quote(s.Values[0])
		}
		fmt.Fprintf(out, "      %s: %d record(s)%s\n", s.Page, s.Count, first)
	}
}

// recordQuestions asks about the records when their segmentation had a
// close runner-up and the pins do not choose it.
func (w *State) recordQuestions() []Question {
	if w.Records == nil || len(w.Records.Alternatives) < 2 || RecordsAt(w.Options.Pins) != "" {
		return nil
	}
	alts := w.Records.Alternatives
	best, other := alts[0], alts[1]
	if best.Score <= 0 || other.Score < AskRatio*best.Score {
		return nil
	}
	pages := recordSamplePages(best, other)
	q := Question{Kind: QuestionRecords, Why: fmt.Sprintf(
		"the records were cut at %s (score %s) over %s (score %s), which finds other records on the sample pages",
		best.At, FmtFactor(best.Score), other.At, FmtFactor(other.Score))}
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

// NoteRecordPin notes a records pin that named no segmentation of the
// sample: the records were cut by the score alone.
func (w *State) NoteRecordPin() {
	at := RecordsAt(w.Options.Pins)
	if at == "" || w.Records != nil && w.Records.Pinned == at {
		return
	}
	why := "the source was learned without records (page mode)"
	if w.Records != nil {
		why = "no candidate segmentation of the sample is there; the records were cut at " + strings.TrimSpace(w.Records.Parent+" > "+w.Records.Head)
	}
	if w.pinNotes == nil {
		w.pinNotes = map[int][]Note{}
	}
	w.pinNotes[w.Scope] = append(w.pinNotes[w.Scope], Note{Kind: NotePin, Message: fmt.Sprintf("the answer %s matches no record segmentation: %s", Pin{Records: at}, why)})
}
