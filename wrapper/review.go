package wrapper

import (
	"fmt"
	"io"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// WriteQuestions prints qs as text: per question, the field, why, and
// its candidates numbered from 1 with their values on the sample pages.
func WriteQuestions(out io.Writer, qs []Question) {
	for i, q := range qs {
		name := q.Field
		if q.Kind == QuestionRecords {
			name = "the records"
		}
		fmt.Fprintf(out, "Question %d of %d: %s\n  %s\n", i+1, len(qs), name, q.Why)
		WriteCandidates(out, q)
	}
}

// WriteCandidates prints q's candidates numbered from 1.
func WriteCandidates(out io.Writer, q Question) {
	for j, c := range q.Candidates {
		if c.Records != "" {
			mapping.WriteRecordCandidate(out, j, c) // recordq.go
			continue
		}
		fmt.Fprintf(out, "  %s\n", c.Title(j))
		for _, s := range c.Samples {
			more := ""
			if s.Count > len(s.Values) {
				more = fmt.Sprintf(" (+%d more)", s.Count-len(s.Values))
			}
			near := ""
			if s.Nearby != "" {
				near = fmt.Sprintf("   near %q", s.Nearby)
			}
			fmt.Fprintf(out, "      %s: %s%s%s\n", s.Page, mapping.QuoteAll(s.Values), more, near)
		}
	}
}
