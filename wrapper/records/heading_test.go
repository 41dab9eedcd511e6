package records

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// recordDayEvents gives n events grouped by day: 1 to 3 events per day,
// every event of a day sharing its date.
func recordDayEvents(page, n int) (evs []recordSynthEvent, days [][]int) {
	evs = recordSynthEvents(page, n)
	for i := 0; i < n; {
		size := 1 + (page+len(days))%3
		var day []int
		for j := i; j < min(n, i+size); j++ {
			evs[j].date = fmt.Sprintf("%d/%d/2011", 1+(page+len(days))%12, 1+len(days))
			day = append(day, j)
		}
		days = append(days, day)
		i += size
	}
	return evs, days
}

// TestRecordsGroupHeading: the events of a day are listed under a heading
// that alone prints their date. The records are the events (one record
// per event, not per day), each taking its day's heading; a heading that
// every event repeats the date of, or that holds no value, is no part of
// the records.
func TestRecordsGroupHeading(t *testing.T) {
	event := func(e recordSynthEvent, withDate bool) string {
		date := ""
		if withDate {
			date = "<span>" + e.date + "</span>"
		}
		return fmt.Sprintf("<div><b>%s</b>%s<span>%s</span><em>%s</em></div>", e.artist, date, e.address, strings.Join(e.performers, " / "))
	}
	for _, tc := range []struct {
		name        string
		render      func(evs []recordSynthEvent, days [][]int) string
		wantHeading bool // the records take the day's date from the heading
	}{
		{"one list per day", func(evs []recordSynthEvent, days [][]int) string {
			var b strings.Builder
			b.WriteString("<div><h2>Calendar</h2><p>Showing all events</p>")
			for _, d := range days {
				fmt.Fprintf(&b, "<h3>%s</h3><section>", evs[d[0]].date)
				for _, i := range d {
					b.WriteString(event(evs[i], false))
				}
				b.WriteString("</section>")
			}
			b.WriteString("</div>")
			return b.String()
		}, true},
		{"headings among the events", func(evs []recordSynthEvent, days [][]int) string {
			var b strings.Builder
			b.WriteString("<div><h2>Calendar</h2>")
			for _, d := range days {
				fmt.Fprintf(&b, "<h3>%s</h3>", evs[d[0]].date)
				for _, i := range d {
					b.WriteString(event(evs[i], false))
				}
			}
			b.WriteString("</div>")
			return b.String()
		}, true},
		{"events repeat the heading's date", func(evs []recordSynthEvent, days [][]int) string {
			var b strings.Builder
			b.WriteString("<div><h2>Calendar</h2>")
			for _, d := range days {
				fmt.Fprintf(&b, "<h3>%s</h3><section>", evs[d[0]].date)
				for _, i := range d {
					b.WriteString(event(evs[i], true))
				}
				b.WriteString("</section>")
			}
			b.WriteString("</div>")
			return b.String()
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var samples []*annotate.Page
			for i, n := range []int{0, 2, 5, 7, 3, 8, 4, 1, 6, 5} {
				evs, days := recordDayEvents(i, n)
				samples = append(samples, pagetest.Marked(t, fmt.Sprint(i), recordSynthPage(i, tc.render(evs, days)), recordSynthMarks(evs)))
			}
			rp, err := FindRecordPattern(samples, recordTestSOD(t), RecordOptions{})
			if err != nil {
				t.Fatalf("FindRecordPattern: %v", err)
			}
			if got := rp.Heading != ""; got != tc.wantHeading {
				t.Fatalf("heading %q, want one: %v; pattern:\n%s", rp.Heading, tc.wantHeading, rp)
			}
			for _, n := range []int{1, 4, 9, 13} {
				page := 100 + n
				evs, days := recordDayEvents(page, n)
				p, err := annotate.ParsePage([]byte(recordSynthPage(page, tc.render(evs, days))), "p", annotate.LoadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				recs := rp.Records(p)
				if len(recs) != n {
					t.Fatalf("page with %d events in %d days: %d records; pattern:\n%s", n, len(days), len(recs), rp)
				}
				for j, r := range recs {
					text := recordText(r)
					for _, v := range append([]string{evs[j].artist, evs[j].date, evs[j].address}, evs[j].performers...) {
						if !strings.Contains(text, v) {
							t.Fatalf("record %d = %q lacks %q; pattern:\n%s", j, text, v, rp)
						}
					}
					if j+1 < n && strings.Contains(text, evs[j+1].artist) {
						t.Fatalf("record %d = %q runs into the next event; pattern:\n%s", j, text, rp)
					}
					if !tc.wantHeading && strings.Count(text, evs[j].date) > 1 {
						t.Fatalf("record %d = %q holds its heading though it prints its date; pattern:\n%s", j, text, rp)
					}
				}
			}
		})
	}
}

// TestRecordsGroupHeadingFewKnown: events under day headings, as in
// TestRecordsGroupHeading's "one list per day", but the dictionaries know
// one artist in four, so most events show one mandatory type of their own
// (the address), and every third event prints an on-sale date of its own.
// The records still take the day's heading: their own types are weighed
// on average, not event by event.
func TestRecordsGroupHeadingFewKnown(t *testing.T) {
	render := func(evs []recordSynthEvent, days [][]int) string {
		var b strings.Builder
		b.WriteString("<div><h2>Calendar</h2><p>Showing all events</p>")
		for _, d := range days {
			fmt.Fprintf(&b, "<h3>%s</h3><section>", evs[d[0]].date)
			for _, i := range d {
				e := evs[i]
				onsale := ""
				if i%3 == 1 {
					onsale = "<i>On sale 2/2/2009</i>"
				}
				fmt.Fprintf(&b, "<div><b>%s</b><span>%s</span><em>%s</em>%s</div>", e.artist, e.address, strings.Join(e.performers, " / "), onsale)
			}
			b.WriteString("</section>")
		}
		b.WriteString("</div>")
		return b.String()
	}
	marks := func(evs []recordSynthEvent) map[string][]string {
		m := map[string][]string{"date": {"2/2/2009"}}
		for i, e := range evs {
			if i%4 == 0 {
				m["artist"] = append(m["artist"], e.artist)
				m["performer"] = append(m["performer"], e.performers...)
			}
			m["date"] = append(m["date"], e.date)
			m["address"] = append(m["address"], e.address)
		}
		return m
	}
	var samples []*annotate.Page
	for i, n := range []int{0, 2, 5, 7, 3, 8, 4, 1, 6, 5} {
		evs, days := recordDayEvents(i, n)
		samples = append(samples, pagetest.Marked(t, fmt.Sprint(i), recordSynthPage(i, render(evs, days)), marks(evs)))
	}
	rp, err := FindRecordPattern(samples, recordTestSOD(t), RecordOptions{})
	if err != nil {
		t.Fatalf("FindRecordPattern: %v", err)
	}
	if rp.Heading == "" {
		t.Fatalf("no group heading; pattern:\n%s", rp)
	}
	for _, n := range []int{1, 4, 9, 13} {
		page := 100 + n
		evs, days := recordDayEvents(page, n)
		p, err := annotate.ParsePage([]byte(recordSynthPage(page, render(evs, days))), "p", annotate.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		recs := rp.Records(p)
		if len(recs) != n {
			t.Fatalf("page with %d events in %d days: %d records; pattern:\n%s", n, len(days), len(recs), rp)
		}
		for j, r := range recs {
			text := recordText(r)
			for _, v := range []string{evs[j].artist, evs[j].date, evs[j].address} {
				if !strings.Contains(text, v) {
					t.Fatalf("record %d = %q lacks %q; pattern:\n%s", j, text, v, rp)
				}
			}
		}
	}
}
