package records

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// recordTestSOD is a list SOD: artist 1, date 1, address 1, performer +.
func recordTestSOD(t testing.TB) *sod.SOD {
	t.Helper()
	s, err := sod.Parse("test.toml", []byte(`
object = "concert"
objects = "*"
[tuple.concert]
artist = "1"
date = "1"
address = "1"
performer = "+"
[entity.artist]
dictionary = "artist"
[entity.performer]
dictionary = "artist"
[entity.date]
predefined = "date"
[entity.address]
predefined = "address"
`))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// recordSynthEvent is one generated record.
type recordSynthEvent struct {
	artist, date, address string
	performers            []string
}

func recordSynthEvents(page, n int) []recordSynthEvent {
	evs := make([]recordSynthEvent, n)
	for i := range evs {
		k := page*31 + i*7
		evs[i] = recordSynthEvent{
			artist:  fmt.Sprintf("Band%c%c Ensemble", 'A'+rune(k%26), 'a'+rune(k/26%26)),
			date:    fmt.Sprintf("%d/%d/2010", 1+k%12, 1+k%28),
			address: fmt.Sprintf("%d Main St, Springfield", 100+k),
		}
		for j := 0; j <= (k/3)%3; j++ {
			evs[i].performers = append(evs[i].performers, fmt.Sprintf("Guest%c%c", 'A'+rune((k+j)%26), 'a'+rune(j)))
		}
	}
	return evs
}

// recordSynthTemplates render a list page of events in several layouts;
// every page also carries a sidebar list of artists and an ad that names
// an artist and a date.
var recordSynthTemplates = []struct {
	name   string
	render func(page int, evs []recordSynthEvent) string
}{
	{"dt-dd groups", func(page int, evs []recordSynthEvent) string {
		var b strings.Builder
		b.WriteString("<div><h1>Events</h1><dl>")
		for i, e := range evs {
			fmt.Fprintf(&b, "<dt><a href=x>%s</a></dt><dd>%s</dd><dd>%s</dd><dd>With: %s</dd>", e.artist, e.date, e.address, strings.Join(e.performers, ", "))
			if i%3 == 1 {
				b.WriteString("<dd>Cover: $10</dd>")
			}
		}
		b.WriteString("</dl></div>")
		return b.String()
	}},
	{"heading then items", func(page int, evs []recordSynthEvent) string {
		var b strings.Builder
		b.WriteString("<div><p>Results for your search</p>")
		for i, e := range evs {
			fmt.Fprintf(&b, "<h4>%s</h4><p>%s at %s</p>", e.artist, e.date, e.address)
			if i%2 == 0 {
				b.WriteString("<p><i>Sold out</i></p>")
			}
			b.WriteString("<ul>")
			for _, p := range e.performers {
				fmt.Fprintf(&b, "<li>%s</li>", p)
			}
			b.WriteString("</ul>")
		}
		b.WriteString("</div>")
		return b.String()
	}},
	{"day headings over flat events", func(page int, evs []recordSynthEvent) string {
		var b strings.Builder
		b.WriteString("<div><h2>Calendar</h2>")
		for i, e := range evs {
			if i%2 == 0 {
				fmt.Fprintf(&b, "<h3>Day %d</h3>", i/2+1)
			}
			fmt.Fprintf(&b, "<div><b>%s</b><span>%s</span><span>%s</span><em>%s</em></div>", e.artist, e.date, e.address, strings.Join(e.performers, " / "))
		}
		b.WriteString("</div>")
		return b.String()
	}},
	{"table rows with ad rows", func(page int, evs []recordSynthEvent) string {
		var b strings.Builder
		b.WriteString("<table><tr><th>When</th><th>What</th></tr>")
		for i, e := range evs {
			fmt.Fprintf(&b, "<tr><td>%s<br><span>8pm</span></td><td><a href=x><b>%s</b></a><br>%s<br><span>Featuring: ", e.date, e.artist, e.address)
			for j, p := range e.performers {
				if j > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "<a href=y>%s</a>", p)
			}
			b.WriteString("</span></td></tr>")
			if i == 1 {
				fmt.Fprintf(&b, "<tr><td colspan=2>Ad: see %s live on %s</td></tr>", e.artist, e.date)
			}
		}
		b.WriteString("</table>")
		return b.String()
	}},
}

// recordSynthPage wraps a list in page chrome. Pages numbered 3 mod 4
// from 100 on (never a sample page) carry an extra notice box before the
// list, which shifts its path.
func recordSynthPage(page int, list string) string {
	notice := ""
	if page >= 100 && page%4 == 3 {
		notice = "<div><p>Notice: new venue hours</p></div>"
	}
	return fmt.Sprintf(`<html><body><div><a href=/>Home</a> | <a href=/login>Login</a></div>
<div><div><h2>Popular</h2><ul><li><a href=a>BandXx Ensemble</a></li><li><a href=b>BandYy Ensemble</a></li><li><a href=c>GuestQa</a></li></ul>
<p>Advert: BandZz Ensemble on 1/1/2010 at 1 Side St, Springfield</p></div>
%s<div>%s</div></div><div>Page %d · About · Contact</div></body></html>`, notice, list, page)
}

// recordSynthMarks lists the annotations of a page: the values of its
// events plus the sidebar and ad values (noise the recognizers would find).
func recordSynthMarks(evs []recordSynthEvent) map[string][]string {
	m := map[string][]string{
		"artist":    {"BandXx Ensemble", "BandYy Ensemble", "BandZz Ensemble"},
		"performer": {"BandXx Ensemble", "BandYy Ensemble", "GuestQa"},
		"date":      {"1/1/2010"},
		"address":   {"1 Side St, Springfield"},
	}
	for _, e := range evs {
		m["artist"] = append(m["artist"], e.artist)
		m["performer"] = append(m["performer"], e.performers...)
		m["performer"] = append(m["performer"], e.artist)
		m["date"] = append(m["date"], e.date)
		m["address"] = append(m["address"], e.address)
	}
	return m
}

// TestRecordsSynthetic learns each layout from ten annotated pages with 0 to
// 7 records and applies it to ten unannotated pages with other counts.
func TestRecordsSynthetic(t *testing.T) {
	s := recordTestSOD(t)
	sampleCounts := []int{0, 1, 3, 5, 2, 7, 4, 1, 6, 3}
	testCounts := []int{0, 1, 2, 8, 9, 12, 3, 1, 5, 15}
	for _, tc := range recordSynthTemplates {
		t.Run(tc.name, func(t *testing.T) {
			var samples []*annotate.Page
			for i, n := range sampleCounts {
				evs := recordSynthEvents(i, n)
				samples = append(samples, pagetest.Marked(t, fmt.Sprint(i), recordSynthPage(i, tc.render(i, evs)), recordSynthMarks(evs)))
			}
			rp, err := FindRecordPattern(samples, s, RecordOptions{})
			if err != nil {
				t.Fatalf("FindRecordPattern: %v", err)
			}
			t.Logf("pattern:\n%s", rp)
			for i, n := range testCounts {
				page := 100 + i
				evs := recordSynthEvents(page, n)
				p, err := annotate.ParsePage([]byte(recordSynthPage(page, tc.render(page, evs))), "p", annotate.LoadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				recs := rp.Records(p)
				if got, want := len(recs), n; got != want {
					t.Fatalf("page with %d events: Records() gave %d records, want %d; pattern:\n%s", n, got, want, rp)
				}
				for j, r := range recs {
					text := recordText(r)
					e := evs[j]
					for _, v := range append([]string{e.artist, e.date, e.address}, e.performers...) {
						if !strings.Contains(text, v) {
							t.Fatalf("page with %d events, record %d = %q lacks %q; pattern:\n%s", n, j, text, v, rp)
						}
					}
					if j+1 < len(evs) && strings.Contains(text, evs[j+1].artist) {
						t.Fatalf("record %d = %q runs into the next record; pattern:\n%s", j, text, rp)
					}
					if strings.Contains(text, "Day ") {
						t.Fatalf("record %d = %q holds a group heading; pattern:\n%s", j, text, rp)
					}
				}
			}
		})
	}
}

// TestRecordsFeaturedLookalike: a sidebar shows the same three featured
// events, in exactly the record markup, on every page. Its text repeats
// on every sample page, so it is template, not data: only the main list
// may be segmented.
func TestRecordsFeaturedLookalike(t *testing.T) {
	render := recordSynthTemplates[0].render // dt-dd groups
	featured := recordSynthEvents(999, 3)
	page := func(i int, evs []recordSynthEvent) string {
		side := "<div><h2>Featured</h2>" + render(0, featured) + "</div>"
		return strings.Replace(recordSynthPage(i, render(i, evs)), "<div><h2>Popular</h2>", side+"<div><h2>Popular</h2>", 1)
	}
	var samples []*annotate.Page
	for j, n := range []int{0, 1, 3, 5, 2, 7, 4, 1, 6, 3} {
		evs := recordSynthEvents(j, n)
		samples = append(samples, pagetest.Marked(t, fmt.Sprint(j), page(j, evs), recordSynthMarks(append(evs, featured...))))
	}
	rp, err := FindRecordPattern(samples, recordTestSOD(t), RecordOptions{})
	if err != nil {
		t.Fatalf("FindRecordPattern: %v", err)
	}
	for _, n := range []int{0, 1, 4, 11} {
		evs := recordSynthEvents(200+n, n)
		p, err := annotate.ParsePage([]byte(page(200+n, evs)), "p", annotate.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		recs := rp.Records(p)
		if len(recs) != n {
			t.Fatalf("page with %d events: %d records; pattern:\n%s", n, len(recs), rp)
		}
		for j, r := range recs {
			if text := recordText(r); !strings.Contains(text, evs[j].artist) {
				t.Fatalf("record %d = %q, want event %q; pattern:\n%s", j, text, evs[j].artist, rp)
			}
		}
	}
}
