package wrapper

import (
	"bytes"
	"fmt"
	"reflect"

	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"

	"github.com/objectrunner/objectrunner/sod"

	"golang.org/x/net/html"
)

// detailPages generates n book detail pages: a byline of one or two linked
// authors (a role in brackets after the second one), a table of labelled
// rows (publisher, a language every page has, a date on most pages, a
// format), and a "also bought" list of three to six books with their
// authors. known lists the author names the "dictionary" annotates; the
// word "English" is annotated as a publisher (dictionary noise) and only
// the first publisher is known.
func detailPages(t testing.TB, n int) ([]*annotate.Page, [][]string, []string, []string) {
	first := []string{"Ada", "Ben", "Cleo", "Dario", "Elena", "Farid", "Greta", "Hugo", "Iris", "Jonas", "Kira", "Lena"}
	last := []string{"Moreau", "Nakamura", "Ortega", "Prescott", "Quinn", "Rinaldi", "Sandoval", "Thornbury", "Ueda", "Vasquez", "Weber"}
	pubs := []string{"Blue Heron Books", "Quillon House", "Thornbury Press", "Sable and Finch", "Oakhollow Media"}
	months := []string{"January", "March", "May", "July", "September", "November"}
	name := func(i int) string { return first[i%len(first)] + " " + last[(i*7+3)%len(last)] }
	var pages []*annotate.Page
	var authors [][]string
	var publishers, dates []string
	var known []string
	for i := range n {
		var b strings.Builder
		b.WriteString(`<html><body><div class="nav"><a href="/">Home</a> <a href="/books">Books</a></div>`)
		fmt.Fprintf(&b, `<h1 data-or-type="title">The Book Number %d of %s</h1>`, i, last[i%len(last)])
		as := []string{name(i)}
		b.WriteString(`<div class="by">by <a href="#">` + as[0] + `</a>`)
		if i%2 == 1 {
			as = append(as, name(i+5))
			b.WriteString(`, <a href="#">` + as[1] + `</a> (Editor)`)
		}
		b.WriteString(`</div>`)
		if i%3 == 0 {
			known = append(known, as...)
		}
		authors = append(authors, as)
		pub := pubs[i%len(pubs)]
		publishers = append(publishers, pub)
		date := ""
		if i%5 != 4 {
			date = fmt.Sprintf("%s %d, %d", months[i%len(months)], 1+i%27, 1990+i)
		}
		dates = append(dates, date)
		b.WriteString(`<table class="details"><tr><th>Publisher:</th><td>` + pub + `</td></tr><tr><th>Language:</th><td>English</td></tr>`)
		if date != "" {
			b.WriteString(`<tr><th>Published:</th><td>` + date + `</td></tr>`)
		}
		fmt.Fprintf(&b, `<tr><th>Pages:</th><td>%d</td></tr></table>`, 100+17*i)
		b.WriteString(`<h2>Customers also bought</h2><ul class="also">`)
		for k := range 3 + i%4 {
			a := name(3*i + 11*k + 1)
			known = append(known, a)
			fmt.Fprintf(&b, `<li><a href="#">Other Book %d</a><br><span>%s</span></li>`, 10*i+k, a)
		}
		b.WriteString(`</ul><p>Copyright Example Books</p></body></html>`)
		marks := map[string][]string{"author": known, "publisher": {"English", pubs[0]}}
		pages = append(pages, testPage(t, fmt.Sprintf("p%02d.html", i), b.String(), marks))
	}
	return pages, authors, publishers, dates
}

// TestDetailPageRules induces a wrapper on generated detail pages and
// checks the rules for detail pages: a set field of the object read from
// one place (the byline, not the "also bought" list, without the bracketed
// role), a field nominated by its label despite dictionary noise on
// another row, and predefined values validated and normalised.
func TestDetailPageRules(t *testing.T) {
	pages, authors, publishers, dates := detailPages(t, 20)
	s := testSOD([][3]string{{"title", "1", "title"}, {"author", "+", "author"}, {"publisher", "?", "publisher"}, {"published", "?", "date"}}, sod.One)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	tmpl := w.Template().String()
	for i, p := range pages {
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v; template %s", p.Path, len(objs), err, tmpl)
		}
		o := objs[0]
		t.Run(p.Path+"/author", func(t *testing.T) {
			if got := o.Get("author"); !reflect.DeepEqual(got, authors[i]) {
				t.Fatalf("author = %q, want %q; template %s", got, authors[i], tmpl)
			}
		})
		t.Run(p.Path+"/publisher", func(t *testing.T) {
			if got := o.Get("publisher"); len(got) != 1 || got[0] != publishers[i] {
				t.Fatalf("publisher = %q, want %q; template %s", got, publishers[i], tmpl)
			}
		})
		t.Run(p.Path+"/date", func(t *testing.T) {
			got := o.Get("published")
			if dates[i] == "" {
				if len(got) != 0 {
					t.Fatalf("published = %q on a page without a date; template %s", got, tmpl)
				}
				return
			}
			if len(got) != 1 || got[0] != dates[i] {
				t.Fatalf("published = %q, want %q; template %s", got, dates[i], tmpl)
			}
			f := o.Field("published")
			if n := f.Values[0].Normalized; len(n) != len("2006-01-02") || !strings.HasPrefix(n, "1") && !strings.HasPrefix(n, "2") {
				t.Fatalf("published normalised %q, want an ISO date", n)
			}
		})
	}
}

// marketPages generates n detail pages in another layout: a plain-text
// byline ("by A and B"), a
// carousel of linked authors of other books (the dictionary knows many of
// those and few of the byline's), details in bullets whose publisher row
// (absent on some pages) no dictionary entry matches while "English" in
// the language row is a publisher for the dictionary; on some pages the
// format ("Paperback") stands where the date stands on the others.
func marketPages(t testing.TB, n int) ([]*annotate.Page, [][]string, []string, []string) {
	first := []string{"Ada", "Ben", "Cleo", "Dario", "Elena", "Farid", "Greta", "Hugo", "Iris", "Jonas", "Kira", "Lena"}
	last := []string{"Moreau", "Nakamura", "Ortega", "Prescott", "Quinn", "Rinaldi", "Sandoval", "Thornbury", "Ueda", "Vasquez", "Weber"}
	pubs := []string{"Blue Heron Books", "Quillon House", "Thornbury Press", "Sable & Finch", "Oakhollow Media"}
	months := []string{"January", "March", "May", "July", "September", "November"}
	name := func(i int) string { return first[i%len(first)] + " " + last[(i*7+3)%len(last)] }
	var pages []*annotate.Page
	var authors [][]string
	var publishers, dates []string
	var known []string
	for i := range n {
		var b strings.Builder
		b.WriteString(`<html><body><div class="top"><a href="/">Market</a></div>`)
		date := fmt.Sprintf("%s %d, %d", months[i%len(months)], 1+i%27, 1990+i)
		shown := date
		if i%5 == 4 {
			shown = "Paperback"
		}
		fmt.Fprintf(&b, `<h1><span data-or-type="title">The Book Number %d of %s</span> <span>%s</span></h1>`, i, last[i%len(last)], shown)
		as := []string{name(i)}
		if i%2 == 1 {
			as = append(as, name(i+5))
		}
		if i%4 == 0 || i%4 == 1 {
			known = append(known, as...)
		}
		fmt.Fprintf(&b, `<div class="by">by %s</div>`, strings.Join(as, " and "))
		authors = append(authors, as)
		b.WriteString(`<h2>Also bought</h2><ol>`)
		for k := range 5 + i%3 {
			a := name(3*i + 11*k + 1)
			known = append(known, a)
			fmt.Fprintf(&b, `<li><div>Other Book %d</div><div><a href="#">%s</a></div></li>`, 10*i+k, a)
		}
		b.WriteString(`</ol>`)
		pub := pubs[i%len(pubs)]
		dates = append(dates, date)
		b.WriteString(`<ul class="details">`)
		if i%7 == 6 {
			pub = "" // no publisher row
		} else {
			fmt.Fprintf(&b, `<li><b>Publisher:</b> %s (%s)</li>`, pub, date)
		}
		publishers = append(publishers, pub)
		fmt.Fprintf(&b, `<li><b>Language:</b> English</li><li><b>Pages:</b> %d</li></ul>`, 100+13*i)
		b.WriteString(`<p>Copyright Market</p></body></html>`)
		marks := map[string][]string{"author": known, "publisher": {"English"}, "date": {date}}
		pages = append(pages, testPage(t, fmt.Sprintf("m%02d.html", i), b.String(), marks))
	}
	return pages, authors, publishers, dates
}

// TestDetailPageRulesMarket checks, on marketPages, a plain-text byline
// preferred to a carousel with more dictionary hits, with its items split
// at a word learned there, a publisher nominated by its label and a date slot
// validated by its recognizer (no "Paperback"), and that the wrapper keeps
// those rules through Save and Load.
func TestDetailPageRulesMarket(t *testing.T) {
	pages, authors, publishers, dates := marketPages(t, 20)
	s := testSOD([][3]string{{"title", "1", "title"}, {"author", "+", "author"}, {"publisher", "?", "publisher"}, {"published", "?", "date"}}, sod.One)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]string{}
	for _, sm := range w.Slots() {
		rules[sm.Field] += fmt.Sprintf("lead=%v validate=%v label=%q ", sm.Lead, sm.Validate, sm.Label)
	}
	for field, want := range map[string]string{"published": "validate=true", "publisher": `label=["publisher"]`} {
		if !strings.Contains(rules[field], want) {
			t.Errorf("%s mapped with %s, want %s; template %s", field, rules[field], want, w.Template())
		}
	}
	var buf bytes.Buffer
	if err := w.Save(&buf); err != nil {
		t.Fatal(err)
	}
	loaded, err := Load(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for _, tw := range []struct {
		name string
		w    *Wrapper
	}{{"induced", w}, {"loaded", loaded}} {
		tmpl := tw.w.Template().String()
		for i, p := range pages {
			objs, _ := tw.w.Extract(p)
			if len(objs) != 1 {
				t.Fatalf("%s: %s: %d objects; template %s", tw.name, p.Path, len(objs), tmpl)
			}
			o := objs[0]
			t.Run(tw.name+"/"+p.Path, func(t *testing.T) {
				if got := o.Get("author"); !reflect.DeepEqual(got, authors[i]) {
					t.Errorf("author = %q, want %q; template %s", got, authors[i], tmpl)
				}
				if got := o.Get("publisher"); publishers[i] == "" && len(got) != 0 || publishers[i] != "" && (len(got) != 1 || got[0] != publishers[i]) {
					t.Errorf("publisher = %q, want %q; template %s", got, publishers[i], tmpl)
				}
				got := o.Get("published")
				if i%5 == 4 {
					if len(got) != 0 {
						t.Errorf("published = %q, want none (the slot holds a format)", got)
					}
					return
				}
				if len(got) != 1 || got[0] != dates[i] {
					t.Errorf("published = %q, want %q; template %s", got, dates[i], tmpl)
				}
			})
		}
	}
}

// FuzzExtractDetail applies the wrappers of the generated detail pages
// (labels, one place per set field, cuts, validation) to arbitrary bytes:
// extraction must never panic.
func FuzzExtractDetail(f *testing.F) {
	s := testSOD([][3]string{{"title", "1", "title"}, {"author", "+", "author"}, {"publisher", "?", "publisher"}, {"published", "?", "date"}}, sod.One)
	var ws []*Wrapper
	for _, gen := range []func(testing.TB, int) ([]*annotate.Page, [][]string, []string, []string){detailPages, marketPages} {
		pages, _, _, _ := gen(f, 20)
		w, err := Induce(pages, s, DefaultOptions())
		if err != nil {
			f.Fatal(err)
		}
		ws = append(ws, w)
		f.Add([]byte(renderPage(pages[3])))
	}
	f.Add([]byte("<table><tr><th>Publisher:</th><td>(</td></tr></table>"))
	f.Add([]byte("<b>Publisher:</b> X; (May 1, 2001"))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := annotate.ParsePage(b, "fuzz", annotate.LoadOptions{})
		if err != nil {
			return
		}
		for _, w := range ws {
			objs, err := w.Extract(p)
			if err == nil && len(objs) == 0 {
				t.Fatalf("no objects and no error")
			}
		}
	})
}

// renderPage prints a page's document back to HTML.
func renderPage(p *annotate.Page) string {
	var buf bytes.Buffer
	_ = html.Render(&buf, p.Doc)
	return buf.String()
}

// TestTitleNamesTheObject: the name in the page's <h1> is known to the
// dictionary on fewer pages than the names in an advertisement box; the
// page's <title> names the object, so the heading's slot is the field's.
// Dates: a full date row wins over a bare year (a partial date, lower
// confidence) that the <title> holds.
func TestTitleNamesTheObject(t *testing.T) {
	var src, names []string
	for i := range 20 {
		name := fmt.Sprintf("%c%cson %c. Mil%cer", 'A'+i, 'a'+i, 'B'+i, 'a'+i)
		ad := fmt.Sprintf("Sponsor Star%d", i%7)
		names = append(names, name)
		h1 := "<h1>" + name + "</h1>"
		if i%5 < 2 {
			h1 = `<h1 data-or-type="player">` + name + `</h1>`
		}
		adBox := `<div class="ad"><b>Advertisement</b> <a data-or-type="player">` + ad + `</a></div>`
		if i%5 == 4 {
			adBox = `<div class="ad"><b>Advertisement</b> <a>` + ad + `</a></div>`
		}
		src = append(src, fmt.Sprintf(`<html><head><title>%s (%d) | Stats</title></head><body>%s<p>Born: <span data-or-type="date">June %d, %d</span></p>%s</body></html>`,
			name, 1980+i, h1, 1+i, 1980+i, adBox))
	}
	pages := pagesOf(t, src, map[string][]string{"date": {"1980", "1981", "1982", "1983", "1984", "1985"}})
	for _, p := range pages { // the years in the <title> are partial dates
		for _, a := range p.Annotations {
			if a.Type == "date" && len(strings.TrimSpace(a.Node.Data[a.Start:a.End])) == 4 {
				a.Confidence = 0.5
			}
		}
	}
	s := testSOD([][3]string{{"name", "1", "player"}, {"born", "?", "date"}}, sod.One)
	dictionaryTypes(s, "player")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 || fmt.Sprint(objs[0].Get("name")) != fmt.Sprint([]string{names[i]}) {
			t.Fatalf("%s: %d objects, name %q, want %q; template %s", p.Path, len(objs), objs[0].Get("name"), names[i], w.Template())
		}
	}
}
