package recognizers

import "testing"

// TestDateRange: a range of dates is one match spanning both ends,
// normalised to an ISO 8601 interval; an end without year takes the
// other's. Before daterange.go, "Fri, Apr 30 - Mon, May 3, 2010" gave
// only its end date.
func TestDateRange(t *testing.T) {
	r := newDate()
	for _, c := range []struct {
		name, text string
		want       []string // "matched text=normalized"
	}{
		{"weekdays, year at the end", "Fri, Apr 30 - Mon, May 3, 2010", []string{"Fri, Apr 30 - Mon, May 3, 2010=2010-04-30/2010-05-03"}},
		{"en dash unspaced", "Apr 30–May 3, 2010", []string{"Apr 30–May 3, 2010=2010-04-30/2010-05-03"}},
		{"to", "April 30 to May 3, 2010", []string{"April 30 to May 3, 2010=2010-04-30/2010-05-03"}},
		{"through, in a sentence", "Open Apr 30 through May 3, 2010 only", []string{"Apr 30 through May 3, 2010=2010-04-30/2010-05-03"}},
		{"across new year", "Dec 30 - Jan 2, 2011", []string{"Dec 30 - Jan 2, 2011=2010-12-30/2011-01-02"}},
		{"both years", "Jan 5, 2010 - Feb 1, 2011", []string{"Jan 5, 2010 - Feb 1, 2011=2010-01-05/2011-02-01"}},
		{"numeric", "2010-04-30 – 2010-05-03", []string{"2010-04-30 – 2010-05-03=2010-04-30/2010-05-03"}},
		{"days of one month", "May 1-3, 2010", []string{"May 1-3, 2010=2010-05-01/2010-05-03"}},
		{"days first", "1–3 May 2010", []string{"1–3 May 2010=2010-05-01/2010-05-03"}},
		{"ordinal days", "1st to 3rd May 2010", []string{"1st to 3rd May 2010=2010-05-01/2010-05-03"}},
		{"no year", "Apr 30 - May 3", []string{"Apr 30 - May 3=--04-30/--05-03"}},
		// not ranges
		{"backwards", "May 3, 2010 - May 1, 2010", []string{"May 3, 2010=2010-05-03", "May 1, 2010=2010-05-01"}},
		{"words between", "Released Apr 30, 2010, updated May 3, 2010", []string{"Apr 30, 2010=2010-04-30", "May 3, 2010=2010-05-03"}},
		{"date then time", "Fri, Apr 30 - 8:00pm", []string{"Fri, Apr 30=--04-30"}},
		{"day range backwards", "May 3-1, 2010", nil},
		{"impossible day", "Feb 27-30, 2010", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			ms, err := r.Find(c.text)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range ms {
				got = append(got, c.text[m.Start:m.End]+"="+m.Normalized)
			}
			if len(got) != len(c.want) {
				t.Fatalf("Find(%q) = %q, want %q", c.text, got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("Find(%q) = %q, want %q", c.text, got, c.want)
					break
				}
			}
		})
	}
}
