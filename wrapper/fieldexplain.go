package wrapper

import (
	"fmt"
	"io"
	"strings"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// WriteExplanation prints ex as text: per field, its candidates with
// their total and factors, the chosen ones marked "*", outside the
// object's region "outside".
func WriteExplanation(out io.Writer, ex []FieldExplain) error {
	for _, fe := range ex {
		slots := make([]string, len(fe.Slots))
		for i, s := range fe.Slots {
			slots[i] = fmt.Sprint(s)
		}
		got := "no slot"
		if len(slots) > 0 {
			got = "slot " + strings.Join(slots, ", ")
		}
		if _, err := fmt.Fprintf(out, "%s: %s\n", fe.Field, got); err != nil {
			return err
		}
		if fe.Region != "" {
			fmt.Fprintf(out, "  region of: %s\n", fe.Region)
		}
		for _, c := range fe.Candidates {
			mark := " "
			if c.Chosen {
				mark = "*"
			}
			lab := ""
			if c.Label != "" {
				lab = fmt.Sprintf(" label %q", c.Label)
			}
			where := ""
			if c.Outside {
				where = " outside"
			}
			if _, err := fmt.Fprintf(out, "  %s slot %-4d total %-9s%s%s  %s", mark, c.Slot, mapping.FmtFactor(c.Total), lab, where, c.Score); err != nil {
				return err
			}
			if c.Score.Valid >= 0 {
				fmt.Fprintf(out, "  (recognized %s)", mapping.FmtFactor(c.Score.Valid))
			}
			fmt.Fprintln(out)
		}
		if len(fe.Candidates) == 0 {
			fmt.Fprintln(out, "  no candidate slot")
		}
	}
	return nil
}
