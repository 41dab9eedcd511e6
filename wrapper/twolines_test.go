package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
)

// TestTwoLineParts: each record of a roster ends with two optional
// elements, the birth date's and the college's; the template gives both
// one slot, whose values are one line or two. The date takes the slot
// (its pattern gives its instance); the college, known to its dictionary
// in a few records only, shares it (learnParts): the broken values are
// two text nodes, one the date's.
func TestTwoLineParts(t *testing.T) {
	colleges := []string{"Ashford A&M", "Dunmore State", "University of Glenrock", "Kestrel University", "Ridgeway A&M", "Oakridge State", "University of Brennan", "Queensbury State"}
	months := []string{"March", "May", "July", "October"}
	var pages []*annotate.Page
	var want [][]string
	k := 0
	for pg := range 8 {
		var b strings.Builder
		var ws []string
		for range 4 + pg%3 {
			date, college := "", ""
			if k%5 != 4 {
				date = fmt.Sprintf("%d %s %d", 1+k%27, months[k%4], 1980+k%20)
			}
			if k%3 != 2 {
				college = colleges[(k*3)%len(colleges)]
			}
			fmt.Fprintf(&b, `<article class="item"><h3 data-or-type="player">%s</h3><div class="row"><span>HT:</span> <span data-or-type="height">6 ft %d in</span></div>`, sparsePlayer(k), k%12)
			if date != "" {
				fmt.Fprintf(&b, `<div class="born-value">%s</div>`, date)
			}
			if college != "" {
				attr := ""
				if k%4 == 0 {
					attr = ` data-or-type="college"`
				}
				fmt.Fprintf(&b, `<div class="college-value"%s>%s</div>`, attr, college)
			}
			b.WriteString(`</article>`)
			ws = append(ws, college)
			k++
		}
		want = append(want, ws)
		pages = append(pages, testPage(t, fmt.Sprintf("p%d.html", pg), `<html><body><h1>Roster</h1><section class="results">`+b.String()+`</section><p>Page footer</p></body></html>`, nil))
	}
	annotatePatterns(t, pages, map[string]string{"date": "date"})
	s := testSOD([][3]string{{"name", "1", "player"}, {"height", "1", "height"}, {"dob", "?", "date"}, {"college", "?", "college"}}, sod.Multiplicity{Min: 0, Max: sod.Unbounded})
	dictionaryTypes(s, "player", "height", "college")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		var got []string
		for _, o := range objs {
			got = append(got, strings.Join(o.Get("college"), "|"))
		}
		if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want[i]) {
			t.Fatalf("%s: colleges %q, want %q; mode %s template %s slots %+v", p.Path, got, want[i], w.Mode(), w.Template(), w.Slots())
		}
	}
}

// TestTwoLinePatternParts: detail pages show "When" as a date and, on most
// pages, a time on a second line ("3/3/2016<br>8:00 PM"). With pages of
// both kinds in the sample the cell is one slot whose values are one line
// or two; the date and the time, both patterned, share it, each taking
// its own instance, and the row after it keeps its own field.
func TestTwoLinePatternParts(t *testing.T) {
	venues := []string{"Echo Room", "Granada Theatre", "Harbor Lights Lounge", "Mercury Opera House", "The Starlight Amphitheater"}
	var srcs []string
	type want struct{ date, time, venue string }
	var wants []want
	for i := range 14 {
		date := fmt.Sprintf("%d/%d/20%02d", 1+i%12, 1+(i*5)%28, 10+i%9)
		tm := ""
		when := date
		if i%7 != 3 {
			tm = fmt.Sprintf("%d:00 PM", 6+i%5)
			when = date + "<br>" + tm
		}
		presale := []string{"Not available", "-", "N/A"}[i%3]
		if i%4 == 1 {
			presale = fmt.Sprintf("%d/%d/20%02d", 1+(i*7)%12, 1+(i*3)%28, 9+i%9) // an on-sale date
		}
		typ := ""
		if i%2 == 0 {
			typ = ` data-or-type="venue"`
		}
		srcs = append(srcs, fmt.Sprintf(`<html><body><h1 data-or-type="act">Act Number %d</h1><dl>`+
			`<dt>When</dt><dd>%s</dd><dt>Where</dt><dd%s>%s</dd><dt>Presale</dt><dd>%s</dd></dl><p>Footer</p></body></html>`,
			i, when, typ, venues[i%len(venues)], presale))
		wants = append(wants, want{date, tm, venues[i%len(venues)]})
	}
	pages := pagesOf(t, srcs, nil)
	s := testSOD([][3]string{{"act", "1", "act"}, {"event_date", "1", "date"}, {"showtime", "?", "time"}, {"venue", "1", "venue"}}, sod.One)
	dictionaryTypes(s, "act", "venue")
	annotatePatterns(t, pages, map[string]string{"date": "date", "time": "time"})
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v", p.Path, len(objs), err)
		}
		o := objs[0]
		got := want{strings.Join(o.Get("event_date"), "|"), strings.Join(o.Get("showtime"), "|"), strings.Join(o.Get("venue"), "|")}
		if got != wants[i] {
			t.Fatalf("%s: got %+v, want %+v; template %s slots %+v", p.Path, got, wants[i], w.Template(), w.Slots())
		}
	}
}
