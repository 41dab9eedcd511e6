package records

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// recordRobustCase is a list layout nobody tuned the segmentation for,
// with the pitfall it shows.
type recordRobustCase struct {
	name string
	// page renders page i holding evs.
	page func(i int, evs []recordSynthEvent) string
	// marks annotates page i (nil: recordSynthMarks plus recordSideMarks).
	marks func(i int, evs []recordSynthEvent) map[string][]string
}

// recordSidePool are the records a sidebar of "also viewed" items draws
// from: each sample page shows six of them, so each is on a few pages.
var recordSidePool = recordSynthEvents(500, 20)

// recordSide returns the sidebar items of page i.
func recordSide(i int) []recordSynthEvent {
	var out []recordSynthEvent
	for k := range 6 {
		out = append(out, recordSidePool[(i*7+k*3)%len(recordSidePool)])
	}
	return out
}

// recordSideList renders the sidebar items of page i as a list of short
// items (name, date, address).
func recordSideList(i int) string {
	var b strings.Builder
	b.WriteString("<div><h3>Also viewed</h3><ul>")
	for _, e := range recordSide(i) {
		fmt.Fprintf(&b, "<li><a href=x>%s</a><br><span>%s</span><br><span>%s</span></li>", e.artist, e.date, e.address)
	}
	b.WriteString("</ul></div>")
	return b.String()
}

// recordSideMarks adds the sidebar items' annotations of page i to m; the
// dictionary knows the artist of one item in every of them.
func recordSideMarks(i int, m map[string][]string, every int) map[string][]string {
	for k, e := range recordSide(i) {
		if (i+k)%every == 0 {
			m["artist"] = append(m["artist"], e.artist)
			m["performer"] = append(m["performer"], e.artist)
		}
		m["date"] = append(m["date"], e.date)
		m["address"] = append(m["address"], e.address)
	}
	return m
}

// recordCode is the k-th code of record j of page i, such as "7/12".
func recordCode(i, j, k int) string {
	return fmt.Sprintf("%d/%d", 1+(i*5+j*3+k*7)%12, 13+(i+j+k)%15)
}

// recordCard renders one event as a card.
func recordCard(e recordSynthEvent) string {
	return fmt.Sprintf("<h4>%s</h4><p>When: %s</p><p>Where: %s</p><p>With: %s</p>", e.artist, e.date, e.address, strings.Join(e.performers, ", "))
}

// recordPageWithSide lays out a page: header, results, sidebar, footer.
func recordPageWithSide(i int, results, side string) string {
	return fmt.Sprintf(`<html><body><div><a href=/>Home</a> | <a href=/login>Login</a></div>
<div><div><h1>Results</h1>%s</div><div>%s</div></div><div>Page %d · About · Contact</div></body></html>`, results, side, i)
}

var recordRobustCases = []recordRobustCase{
	{
		// The dictionary knows one artist in five: most records hold no
		// artist and no performer, while the page as a whole (with its
		// sidebar) holds every type. The whole page, or its main column,
		// is still no record.
		name: "dictionary recall one in five",
		page: func(i int, evs []recordSynthEvent) string {
			var b strings.Builder
			for _, e := range evs {
				b.WriteString("<div>" + recordCard(e) + "</div>")
			}
			return recordPageWithSide(i, "<section>"+b.String()+"</section>", recordSideList(i))
		},
		marks: func(i int, evs []recordSynthEvent) map[string][]string {
			m := recordSideMarks(i, map[string][]string{}, 5)
			for j, e := range evs {
				if (i+j)%5 == 0 {
					m["artist"] = append(m["artist"], e.artist)
					m["performer"] = append(m["performer"], e.artist)
					m["performer"] = append(m["performer"], e.performers...)
				}
				m["date"] = append(m["date"], e.date)
				m["address"] = append(m["address"], e.address)
			}
			return m
		},
	},
	{
		// A sidebar of "also viewed" items holds more values than the
		// results on most pages, in smaller items, and no label tells the
		// results apart; the sidebar's values come from a small set and
		// recur from page to page.
		name: "also-viewed sidebar",
		page: func(i int, evs []recordSynthEvent) string {
			var b strings.Builder
			b.WriteString("<ol>")
			for _, e := range evs {
				fmt.Fprintf(&b, "<li><h4>%s</h4><p>%s</p><p>%s</p><p>%s</p></li>", e.artist, e.date, e.address, strings.Join(e.performers, ", "))
			}
			b.WriteString("</ol>")
			return recordPageWithSide(i, b.String(), recordSideList(i))
		},
	},
	{
		// The results and the sidebar are lists with one tag path
		// (div/div/ul/li): pooled, the sidebar's uniform items would make
		// the prototype.
		name: "sidebar list on the results' tag path",
		page: func(i int, evs []recordSynthEvent) string {
			var b strings.Builder
			b.WriteString("<div><ul>")
			for _, e := range evs {
				b.WriteString("<li>" + recordCard(e) + "</li>")
			}
			b.WriteString("</ul></div>")
			return strings.Replace(recordPageWithSide(i, "", recordSideList(i)), "<h1>Results</h1>", "<h1>Results</h1>"+b.String(), 1)
		},
	},
	{
		// One record in three lists its labelled rows in an order of its
		// own.
		name: "rows in another order",
		page: func(i int, evs []recordSynthEvent) string {
			var b strings.Builder
			b.WriteString("<div>")
			for j, e := range evs {
				rows := []string{
					"<dd><b>When:</b> <span>" + e.date + "</span> at <span>8 pm</span></dd>",
					"<dd><b>Where:</b> <a href=v>" + e.address + "</a>, <div><div>Main hall</div></div></dd>",
					"<dd><b>With:</b> <ul><li><a href=p>" + strings.Join(e.performers, "</a></li><li><a href=p>") + "</a></li></ul></dd>",
					"<dd><b>Tickets:</b> <i>$10</i> at the door</dd>",
					"<dd><b>Ages:</b> <span>21+</span></dd>",
				}
				if (i+j)%3 == 0 {
					r := rand.New(rand.NewPCG(uint64(i), uint64(j)))
					r.Shuffle(len(rows), func(a, b int) { rows[a], rows[b] = rows[b], rows[a] })
				}
				b.WriteString("<dl><dt><a href=x>" + e.artist + "</a></dt>" + strings.Join(rows, "") + "</dl>")
			}
			b.WriteString("</div>")
			return recordPageWithSide(i, b.String(), recordSideList(i))
		},
	},
	{
		// Optional rows: a record without its optional rows (and whose
		// artist the dictionary misses) is much smaller than one with
		// them, yet a record; an ad in the list is none.
		name: "records with optional rows",
		page: func(i int, evs []recordSynthEvent) string {
			var b strings.Builder
			b.WriteString("<ul>")
			for j, e := range evs {
				b.WriteString("<li><h3><a href=x>" + e.artist + "</a></h3><div><span>" + e.date + "</span></div>")
				b.WriteString("<div><b>Where:</b> <span>" + e.address + "</span></div>")
				if (i+j)%3 != 0 {
					b.WriteString("<div><b>With:</b> <ul><li>" + strings.Join(e.performers, "</li><li>") + "</li></ul></div>")
					b.WriteString("<div><b>Ages:</b> <span>21+</span></div><div><b>Doors:</b> <span>7 pm</span></div>")
				}
				b.WriteString("<div><b>Tickets:</b> <a href=t>$12</a></div></li>")
				if j == 1 {
					b.WriteString("<li><span>Sponsored</span> <a href=ad>" + e.artist + " tribute night</a></li>")
				}
			}
			b.WriteString("</ul>")
			return recordPageWithSide(i, b.String(), recordSideList(i))
		},
		marks: func(i int, evs []recordSynthEvent) map[string][]string {
			// The dictionary misses the artists of the short records.
			var known []recordSynthEvent
			for j, e := range evs {
				if (i+j)%3 != 0 {
					known = append(known, e)
				}
			}
			m := recordSideMarks(i, recordSynthMarks(known), 1)
			for j, e := range evs {
				if (i+j)%3 == 0 {
					m["date"] = append(m["date"], e.date)
					m["address"] = append(m["address"], e.address)
				}
			}
			return m
		},
	},
	{
		// Ads in the records' markup name an artist the dictionary knows,
		// with a date and a place; the dictionary knows one record's
		// artist in five. Ads hold more of the SOD's types than most
		// records: the prototype must still be a record.
		name: "ads richer in annotations than the records",
		page: func(i int, evs []recordSynthEvent) string {
			var b strings.Builder
			b.WriteString("<ul>")
			for j, e := range evs {
				b.WriteString("<li>" + recordCard(e) + "</li>")
				if j%2 == 1 {
					ad := recordSidePool[(i+j)%len(recordSidePool)]
					fmt.Fprintf(&b, "<li><span>Sponsored</span> <a href=ad>%s</a> on %s at %s</li>", ad.artist, ad.date, ad.address)
				}
			}
			b.WriteString("</ul>")
			return recordPageWithSide(i, b.String(), "<p>Sign up for our newsletter</p>")
		},
		marks: func(i int, evs []recordSynthEvent) map[string][]string {
			m := map[string][]string{}
			for j, e := range evs {
				if (i+j)%5 == 0 {
					m["artist"] = append(m["artist"], e.artist)
					m["performer"] = append(m["performer"], e.artist)
					m["performer"] = append(m["performer"], e.performers...)
				}
				m["date"] = append(m["date"], e.date)
				m["address"] = append(m["address"], e.address)
				if j%2 == 1 {
					ad := recordSidePool[(i+j)%len(recordSidePool)]
					m["artist"] = append(m["artist"], ad.artist)
					m["performer"] = append(m["performer"], ad.artist)
					m["date"] = append(m["date"], ad.date)
					m["address"] = append(m["address"], ad.address)
				}
			}
			return m
		},
	},
	{
		// The cells of a table row are fields of unlike shapes. A loose
		// date recognizer takes three codes of a row for dates, so a row
		// holds four dates and a cell one; the dictionary knows none of
		// the table's artists. Only some cells look like the prototype
		// cell: the rows are the records still.
		name: "table cells with look-alike codes",
		page: func(i int, evs []recordSynthEvent) string {
			var b strings.Builder
			// The header repeats the words every row has once (no
			// repetition count tells rows from cells).
			b.WriteString("<table><tr><th>Act (Ensemble)</th><th>Code</th><th>When (2010)</th><th>Where (Main St, Springfield)</th><th>Room</th><th>Row</th></tr>")
			for j, e := range evs {
				fmt.Fprintf(&b, "<tr><td><strong>%s</strong></td><td><b>%s</b></td><td><b>%s</b></td><td><b>%s</b></td><td><i>%s</i></td><td><span>%s</span></td></tr>",
					e.artist, recordCode(i, j, 0), e.date, e.address, recordCode(i, j, 1), recordCode(i, j, 2))
			}
			b.WriteString("</table>")
			return recordPageWithSide(i, b.String(), "<p>Sign up for our newsletter</p>")
		},
		marks: func(i int, evs []recordSynthEvent) map[string][]string {
			m := map[string][]string{}
			for j, e := range evs {
				m["date"] = append(m["date"], e.date, recordCode(i, j, 0), recordCode(i, j, 1), recordCode(i, j, 2))
				m["address"] = append(m["address"], e.address)
			}
			return m
		},
	},
}

// TestRecordsUntuned learns each layout of recordRobustCases from ten
// annotated sample pages with 0 to 7 records and checks the records it
// finds on ten unannotated pages with other counts.
func TestRecordsUntuned(t *testing.T) {
	s := recordTestSOD(t)
	sampleCounts := []int{0, 1, 3, 5, 2, 7, 4, 1, 6, 3}
	testCounts := []int{0, 1, 2, 8, 9, 12, 3, 1, 5, 15}
	for _, tc := range recordRobustCases {
		t.Run(tc.name, func(t *testing.T) {
			marks := tc.marks
			if marks == nil {
				marks = func(i int, evs []recordSynthEvent) map[string][]string {
					return recordSideMarks(i, recordSynthMarks(evs), 1)
				}
			}
			var samples []*annotate.Page
			for i, n := range sampleCounts {
				evs := recordSynthEvents(i, n)
				samples = append(samples, pagetest.Marked(t, fmt.Sprint(i), tc.page(i, evs), marks(i, evs)))
			}
			rp, err := FindRecordPattern(samples, s, RecordOptions{})
			if err != nil {
				t.Fatalf("FindRecordPattern: %v", err)
			}
			for i, n := range testCounts {
				page := 100 + i
				evs := recordSynthEvents(page, n)
				p, err := annotate.ParsePage([]byte(tc.page(page, evs)), "p", annotate.LoadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				recs := rp.Records(p)
				if len(recs) != n {
					t.Fatalf("page with %d events: Records() gave %d records; pattern:\n%s", n, len(recs), rp)
				}
				for j, r := range recs {
					text := recordText(r)
					if !strings.Contains(text, evs[j].artist) || !strings.Contains(text, evs[j].address) {
						t.Fatalf("page with %d events: record %d = %q, want event %q; pattern:\n%s", n, j, text, evs[j].artist, rp)
					}
					if j+1 < n && strings.Contains(text, evs[j+1].artist) {
						t.Fatalf("page with %d events: record %d = %q runs into the next one; pattern:\n%s", n, j, text, rp)
					}
				}
			}
		})
	}
}
