package corpus

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Count returns how many sources ended with status st.
func (r *Report) Count(st Status) int {
	n := 0
	for _, s := range r.Sources {
		if s.Final().Status == st {
			n++
		}
	}
	return n
}

// WriteTable prints one row per source: its final try (round, status,
// pages, objects, unfit pages, the share of objects filling each top-level
// field, mean confidence, dictionary entries its values added, seconds) and
// why it was discarded or failed, or that it succeeded on its second try.
// A summary line and the growth per round follow.
func (r *Report) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := []string{"source", "round", "status", "pages", "objects", "unfit"}
	head = append(head, r.Fields...)
	head = append(head, "conf", "grown", "seconds", "  note")
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, s := range r.Sources {
		a := s.Final()
		row := []string{s.Name, fmt.Sprint(a.Round), string(a.Status), fmt.Sprint(a.Pages), fmt.Sprint(a.Objects), fmt.Sprint(a.Unfit)}
		for _, f := range r.Fields {
			if a.Fill == nil {
				row = append(row, "-")
			} else {
				row = append(row, fmt.Sprintf("%.2f", a.Fill[f]))
			}
		}
		conf := "-"
		if a.Objects > 0 {
			conf = fmt.Sprintf("%.2f", a.Confidence)
		}
		grown := 0
		for _, n := range a.Grown {
			grown += n
		}
		row = append(row, conf, fmt.Sprint(grown), fmt.Sprintf("%.1f", a.Seconds), "  "+note(s))
		fmt.Fprintln(tw, strings.Join(row, "\t")) // the note is not a column
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "%d sources: %d ok, %d discarded, %d failed; %d rounds of up to %d; %.1f s\n",
		len(r.Sources), r.Count(OK), r.Count(Discarded), r.Count(Failed), r.Rounds, r.Jobs, r.Seconds)
	for _, g := range r.Growth {
		fmt.Fprintf(w, "after round %d: dictionary %s +%d entries (%d updated)\n", g.Round, g.Class, g.New, g.Updated)
	}
	return nil
}

// note is the last column of a source's row.
func note(s *SourceReport) string {
	a := s.Final()
	var parts []string
	if len(s.Attempts) > 1 {
		first := s.Attempts[0]
		parts = append(parts, fmt.Sprintf("round %d: %s (%s)", first.Round, first.Status, first.Reason))
		if a.Status == OK {
			parts = append(parts, "ok after dictionary growth")
		}
	}
	if a.Status != OK {
		parts = append(parts, a.Reason)
	}
	return strings.Join(parts, "; ")
}

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// Grown returns the entries growth added per class over the whole run.
func (r *Report) Grown() map[string]int {
	out := map[string]int{}
	for _, g := range r.Growth {
		out[g.Class] += g.New
	}
	return out
}

// SecondTry returns the indexes of the sources whose last attempt was
// discarded before dictionary growth that came after its round (grownAfter:
// round → entries added after it): those get a second try at the end.
func (r *Report) SecondTry(grownAfter map[int]int) []int {
	var again []int
	for i, s := range r.Sources {
		if a := s.Final(); a.Status == Discarded && grownAfter[a.Round] > 0 {
			again = append(again, i)
		}
	}
	return again
}

// Err returns the error a command ends a run with: none when every source
// ran (discarded sources are an answer, not a failure) and one gave
// objects, otherwise what went wrong in counts.
func (r *Report) Err() error {
	switch {
	case r.Count(OK) == 0:
		return fmt.Errorf("no source gave objects (%d discarded, %d failed)", r.Count(Discarded), r.Count(Failed))
	case r.Count(Failed) > 0:
		return fmt.Errorf("%d of %d sources failed", r.Count(Failed), len(r.Sources))
	}
	return nil
}
