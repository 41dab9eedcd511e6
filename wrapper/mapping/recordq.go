package mapping

import (
	"fmt"
	"io"
	"strconv"

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

// RecordSamplePages picks the sample pages a records question shows (at
// most maxSamplePages): first those where the two segmentations count
// different records, then the others both find records on.
func RecordSamplePages(a, b records.RecordAlternative) []int {
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
