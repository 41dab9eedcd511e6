package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
	"golang.org/x/net/html"
)

// TestSharedSlot: one text node holds two fields — a publisher and a date,
// and a date and a time — so ExAlg gives it one slot; the field left out
// shares it, and each field gets its own part. The date alone in a node
// with a birthplace takes its instance only (Match).
func TestSharedSlot(t *testing.T) {
	pubs := []string{"Vantage Point House", "Granite Street Books", "Midriver House", "Thornbury Books"}
	months := []string{"March", "May", "July", "October"}
	var src [][3]string
	for i := range 16 {
		date := fmt.Sprintf("%s %d, %d", months[i%4], 1+i, 1990+i)
		typ := ""
		if i%3 == 0 {
			typ = ` data-or-type="publisher"`
		}
		time := fmt.Sprintf("%d:%02d pm", 6+i%4, 15*(i%4))
		page := fmt.Sprintf(`<html><body><h1 data-or-type="title">Book Number %d</h1>`+
			`<p><span%s>%s ; %s</span></p>`+
			`<p>Signing: <i>%s at %s</i></p>`+
			`<p>Author born <b>%s in St. Louis, MO</b></p></body></html>`, i, typ, pubs[i%4], date, date, time, date)
		src = append(src, [3]string{page, pubs[i%4] + "|" + date, date + "|" + time})
	}
	var pagesSrc []string
	for _, s := range src {
		pagesSrc = append(pagesSrc, s[0])
	}
	pages := pagesOf(t, pagesSrc, nil)
	s := testSOD([][3]string{{"title", "1", "title"}, {"publisher", "?", "publisher"}, {"published", "1", "date"},
		{"signing", "?", "date"}, {"at", "?", "time"}, {"born", "?", "date"}}, sod.One)
	dictionaryTypes(s, "title", "publisher")
	// The dates are annotated by the real date recognizer; times too.
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
		got := fmt.Sprintf("%q|%q %q|%q %q", o.Get("publisher"), o.Get("published"), o.Get("signing"), o.Get("at"), o.Get("born"))
		date := fmt.Sprintf("%s %d, %d", months[i%4], 1+i, 1990+i)
		time := fmt.Sprintf("%d:%02d pm", 6+i%4, 15*(i%4))
		want := fmt.Sprintf("%q|%q %q|%q %q", []string{pubs[i%4]}, []string{date}, []string{date}, []string{time}, []string{date})
		if got != want {
			t.Fatalf("%s: got %s, want %s; slots %+v", p.Path, got, want, w.Slots())
		}
	}
}

// annotatePatterns annotates the text nodes of pages with predefined
// recognizers: type name -> recognizer name.
func annotatePatterns(t testing.TB, pages []*annotate.Page, types map[string]string) {
	t.Helper()
	for typ, name := range types {
		r, err := recognizers.NewPredefined(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			var walk func(n *html.Node)
			walk = func(n *html.Node) {
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					if c.Type == html.TextNode {
						ms, _ := r.Find(c.Data)
						for _, m := range ms {
							a := &annotate.Annotation{Type: typ, Node: c, Start: m.Start, End: m.End, Recognizer: name,
								Confidence: m.Confidence, Normalized: m.Normalized, Up: upChain(c)}
							p.Annotations = append(p.Annotations, a)
							p.ByNode[c] = append(p.ByNode[c], a)
							for _, u := range a.Up {
								p.ByNode[u] = append(p.ByNode[u], a)
							}
						}
					}
					walk(c)
				}
			}
			walk(p.Doc)
		}
	}
}

// TestSetHalfKnownSeparator: a set written as plain text "A and B" where
// the dictionary knows only one of the two on most pages: "and" still
// separates its items (seen between an instance and a capitalised word on
// several pages).
func TestSetHalfKnownSeparator(t *testing.T) {
	cuisines := []string{"Mexican", "Barbecue", "Italian", "Thai", "Greek", "Seafood", "Vegan"}
	var src [][]string
	var pagesSrc []string
	for i := range 14 {
		items := []string{cuisines[i%7]}
		if i%2 == 0 {
			items = append(items, cuisines[(i+3)%7])
		}
		src = append(src, items)
		text := items[0]
		if len(items) == 2 {
			text += " and " + items[1]
		}
		pagesSrc = append(pagesSrc, fmt.Sprintf(`<html><body><h1 data-or-type="name">Place %c%c</h1><p>Cuisine: <span>%s</span></p></body></html>`, 'A'+i, 'a'+i, text))
	}
	pages := pagesOf(t, pagesSrc, map[string][]string{"cuisine": {"Mexican", "Italian", "Greek"}})
	s := testSOD([][3]string{{"name", "1", "name"}, {"cuisine", "+", "cuisine"}}, sod.One)
	dictionaryTypes(s, "cuisine", "name")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 || fmt.Sprint(objs[0].Get("cuisine")) != fmt.Sprint(src[i]) {
			t.Fatalf("%s: cuisine %q, want %q; slots %+v", p.Path, objs[0].Get("cuisine"), src[i], w.Slots())
		}
	}
}

// TestSharedSlotLinkedDate: the publisher and the date share a line, the
// date inside a link ("Granite Street Books (<a>09/27/1997</a>)"), and
// some books have no publisher ("(<a>…</a>)" alone). The date shares the
// publisher's slot in spite of the inline tag, and the bracket left of a
// date is no publisher.
func TestSharedSlotLinkedDate(t *testing.T) {
	pubs := []string{"Vantage Point House", "Granite Street Books", "Midriver House", "Thornbury Books"}
	var srcs, wantPub, wantDate []string
	for i := range 16 {
		date := fmt.Sprintf("%02d/%02d/%d", 1+i%12, 1+i, 1990+i)
		pub, link := "", ""
		if i%5 < 3 {
			pub = pubs[i%4]
			link = `<a href="/p">` + pub + `</a> `
		}
		wantPub = append(wantPub, pub)
		wantDate = append(wantDate, date)
		authors := strings.Repeat(`<a href="/a">An Author</a><br>`, 1+i%3)
		srcs = append(srcs, fmt.Sprintf(`<html><body><h1 data-or-type="title">Book Number %d</h1><dl><dt>By:</dt><dd>%s</dd><dt>ISBN</dt><dd>%d</dd>`+
			`<dt>Publisher:</dt><dd>%s(<a href="/d">%s</a>)</dd></dl><p>Ships in two days</p></body></html>`, i, authors, 9781000000000+i, link, date))
	}
	var pages []*annotate.Page
	for i, src := range srcs {
		// The dictionary knows two of the publishers.
		pages = append(pages, pagetest.Marked(t, fmt.Sprintf("p%02d.html", i), src, map[string][]string{
			"title": {fmt.Sprintf("Book Number %d", i)}, "publisher": pubs[:2]}))
	}
	s := testSOD([][3]string{{"title", "1", "title"}, {"publisher", "?", "publisher"}, {"released", "?", "date"}}, sod.One)
	dictionaryTypes(s, "title", "publisher")
	annotatePatterns(t, pages, map[string]string{"date": "date"})
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v", p.Path, len(objs), err)
		}
		got := fmt.Sprintf("%q %q", objs[0].Get("publisher"), objs[0].Get("released"))
		var wp []string
		if wantPub[i] != "" {
			wp = []string{wantPub[i]}
		}
		if want := fmt.Sprintf("%q %q", wp, []string{wantDate[i]}); got != want {
			t.Fatalf("%s: got %s, want %s; template %s; slots %+v", p.Path, got, want, w.Template(), w.Slots())
		}
	}
}

// regexTypes gives the named types of s a regular-expression recognizer.
func regexTypes(s *sod.SOD, patterns map[string]string) {
	s.Walk(func(_ []string, f *sod.Field) bool {
		if p, ok := patterns[f.Type.Name]; ok {
			f.Type.Recognizer = &sod.Recognizer{Kind: sod.Regex, Pattern: p}
		}
		return true
	})
}

// TestSetItemOfOtherPattern: a restaurant's cuisines and its price range
// are links of one element ("<a>Thai</a> · <a>$$$</a>"), so ExAlg gives
// them one slot, which the cuisines set takes. The price range, an
// instance of its pattern as a whole item on a third of the pages or
// more, shares the slot: it gets its instance and the cuisines lose it.
func TestSetItemOfOtherPattern(t *testing.T) {
	cuisines := []string{"Mexican", "Barbecue", "Italian", "Thai", "Greek", "Seafood", "Vegan"}
	type want struct {
		cuisines []string
		price    []string
	}
	var wants []want
	var pagesSrc []string
	for i := range 14 {
		items := []string{cuisines[i%7]}
		if i%3 == 0 {
			items = append(items, cuisines[(i+3)%7])
		}
		var links []string
		for _, c := range items {
			links = append(links, fmt.Sprintf(`<a href="/c/%s">%s</a>`, c, c))
		}
		body := strings.Join(links, "<br>")
		var price []string
		if i%2 == 0 {
			p := strings.Repeat("$", 1+i%4)
			price = []string{p}
			body += ` &middot; <a href="/p/">` + p + `</a>`
		}
		wants = append(wants, want{items, price})
		pagesSrc = append(pagesSrc, fmt.Sprintf(`<html><body><h1 data-or-type="name">Place %c%c</h1><div class="c">%s</div><p>Open daily</p></body></html>`, 'A'+i, 'a'+i, body))
	}
	pages := pagesOf(t, pagesSrc, map[string][]string{"cuisine": cuisines})
	s := testSOD([][3]string{{"name", "1", "name"}, {"cuisine", "+", "cuisine"}, {"price_range", "?", "price_range"}}, sod.One)
	dictionaryTypes(s, "cuisine", "name")
	regexTypes(s, map[string]string{"price_range": `\${1,4}`})
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		o := objs[0]
		if fmt.Sprint(o.Get("cuisine")) != fmt.Sprint(wants[i].cuisines) || fmt.Sprint(o.Get("price_range")) != fmt.Sprint(wants[i].price) {
			t.Fatalf("%s: cuisine %q price %q, want %q %q; slots %+v", p.Path, o.Get("cuisine"), o.Get("price_range"),
				wants[i].cuisines, wants[i].price, w.Slots())
		}
	}
}

// TestLearnedRowLabel: rows of several kinds ("Area:", "Web:",
// "Reservations:") in varying order and number fold into one set, so the
// phone number has no slot of its own, and its label does not name the
// field. The annotations say which label's values are phone numbers: the
// field takes the values that label precedes.
func TestLearnedRowLabel(t *testing.T) {
	areas := []string{"the Heights", "Deep Ellum", "Old Town", "Riverside", "Midtown"}
	var phones []string
	var pagesSrc []string
	for i := range 14 {
		rows := []string{
			fmt.Sprintf(`<div class="row"><strong>Area:</strong> <span>%s</span></div>`, areas[i%5]),
			fmt.Sprintf(`<div class="row"><strong>Web:</strong> <span>www.place%d.example</span></div>`, i),
		}
		phone := ""
		if i%4 != 3 {
			phone = fmt.Sprintf("(%d) 555-%04d", 212+i, 1000+37*i)
			rows = append(rows, fmt.Sprintf(`<div class="row"><strong>Reservations:</strong> <span><b>%s</b></span></div>`, phone))
		}
		if i%2 == 1 {
			rows[0], rows[len(rows)-1] = rows[len(rows)-1], rows[0]
		}
		phones = append(phones, phone)
		pagesSrc = append(pagesSrc, fmt.Sprintf(`<html><body><h1 data-or-type="name">Place %c%c</h1><div class="details">%s</div><p>Open daily</p></body></html>`,
			'A'+i, 'a'+i, strings.Join(rows, "")))
	}
	pages := pagesOf(t, pagesSrc, nil)
	s := testSOD([][3]string{{"name", "1", "name"}, {"telephone", "?", "phone"}}, sod.One)
	dictionaryTypes(s, "name")
	annotatePatterns(t, pages, map[string]string{"phone": "phone"})
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		want := "[]"
		if phones[i] != "" {
			want = fmt.Sprint([]string{phones[i]})
		}
		if got := fmt.Sprint(objs[0].Get("telephone")); got != want {
			t.Fatalf("%s: telephone %s, want %s; slots %+v\n%s", p.Path, got, want, w.Slots(), w.Template())
		}
	}
}

// TestPatternItemRows: rows "<dt>Area:</dt><dd>…</dd>" of several kinds,
// one to three per page in varying order, that ExAlg leaves in one slot
// or in the slots around a row kept as template. The website, a
// patterned field with no slot of its own, takes the row's item that is
// wholly an instance of its pattern, after the label most of them have
// ("Online", not "Mirror").
func TestPatternItemRows(t *testing.T) {
	// The rows are not put in their labels' order here (roworder.go),
	// so that ExAlg leaves them in one slot, as it does rows whose labels
	// the sample does not show shuffled.
	defer func(v bool) { mapping.RowOrdering = v }(mapping.RowOrdering)
	mapping.RowOrdering = false
	areas := []string{"the Heights", "Deep Ellum", "Old Town", "Riverside", "Midtown"}
	var sites []string
	var pagesSrc []string
	for i := range 16 {
		rows := []string{fmt.Sprintf(`<dt>Area:</dt><dd>%s</dd>`, areas[i%5])}
		site := ""
		if i%3 != 2 {
			site = fmt.Sprintf("www.place%d.example", i)
			rows = append(rows, fmt.Sprintf(`<dt>Online:</dt><dd><span>%s</span></dd>`, site))
		}
		if i%4 == 1 {
			rows = append(rows, fmt.Sprintf(`<dt>Mirror:</dt><dd>www.mirror%d.example</dd>`, i))
		}
		if i%2 == 1 {
			rows[0], rows[len(rows)-1] = rows[len(rows)-1], rows[0]
		}
		sites = append(sites, site)
		pagesSrc = append(pagesSrc, fmt.Sprintf(`<html><body><h1 data-or-type="name">Place %c%c</h1><p>Call <b>(%d) 555-%04d</b></p><dl>%s</dl><p>Open daily</p></body></html>`,
			'A'+i, 'a'+i, 212+i, 1000+37*i, strings.Join(rows, "")))
	}
	pages := pagesOf(t, pagesSrc, nil)
	s := testSOD([][3]string{{"name", "1", "name"}, {"phone", "1", "phone"}, {"website", "?", "url"}}, sod.One)
	dictionaryTypes(s, "name")
	annotatePatterns(t, pages, map[string]string{"phone": "phone"})
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		want := "[]"
		if sites[i] != "" {
			want = fmt.Sprint([]string{sites[i]})
		}
		if got := fmt.Sprint(objs[0].Get("website")); got != want {
			t.Fatalf("%s: website %s, want %s; slots %+v\n%s", p.Path, got, want, w.Slots(), w.Template())
		}
	}
}

// TestPatternItemRowsShared: two patterned fields (a phone number and a
// website) are both rows of the one slot ExAlg left: each takes its own
// item.
func TestPatternItemRowsShared(t *testing.T) {
	// The rows are not put in their labels' order here (roworder.go),
	// so that ExAlg leaves them in one slot, as it does rows whose labels
	// the sample does not show shuffled.
	defer func(v bool) { mapping.RowOrdering = v }(mapping.RowOrdering)
	mapping.RowOrdering = false
	areas := []string{"the Heights", "Deep Ellum", "Old Town", "Riverside", "Midtown"}
	var want []string
	var pagesSrc []string
	for i := range 16 {
		rows := []string{fmt.Sprintf(`<dt>Area:</dt><dd>%s</dd>`, areas[i%5])}
		site, phone := "", ""
		if i%3 != 2 {
			site = fmt.Sprintf("www.place%d.example", i)
			rows = append(rows, fmt.Sprintf(`<dt>Online:</dt><dd><span>%s</span></dd>`, site))
		}
		if i%4 != 1 {
			phone = fmt.Sprintf("(%d) 555-%04d", 212+i, 1000+37*i)
			rows = append(rows, fmt.Sprintf(`<dt>Reservations:</dt><dd><b>%s</b></dd>`, phone))
		}
		if i%2 == 1 {
			rows[0], rows[len(rows)-1] = rows[len(rows)-1], rows[0]
		}
		want = append(want, fmt.Sprintf("%q %q", site, phone))
		pagesSrc = append(pagesSrc, fmt.Sprintf(`<html><body><h1 data-or-type="name">Place %c%c</h1><dl>%s</dl><p>Open daily</p></body></html>`,
			'A'+i, 'a'+i, strings.Join(rows, "")))
	}
	pages := pagesOf(t, pagesSrc, nil)
	s := testSOD([][3]string{{"name", "1", "name"}, {"phone", "?", "phone"}, {"website", "?", "url"}}, sod.One)
	dictionaryTypes(s, "name")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	first := func(vs []string) string {
		if len(vs) == 0 {
			return ""
		}
		return vs[0]
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		if got := fmt.Sprintf("%q %q", first(objs[0].Get("website")), first(objs[0].Get("phone"))); got != want[i] {
			t.Fatalf("%s: website, phone %s, want %s; slots %+v\n%s", p.Path, got, want[i], w.Slots(), w.Template())
		}
	}
}

// TestSetItemWithoutWord: the price range after the cuisine links is not
// a field of the SOD; an item without letters or digits is not a name of
// the cuisines' dictionary type.
func TestSetItemWithoutWord(t *testing.T) {
	cuisines := []string{"Mexican", "Barbecue", "Italian", "Thai", "Greek", "Seafood", "Vegan"}
	var wants [][]string
	var pagesSrc []string
	for i := range 14 {
		items := []string{cuisines[i%7]}
		if i%3 == 0 {
			items = append(items, cuisines[(i+3)%7])
		}
		var links []string
		for _, c := range items {
			links = append(links, fmt.Sprintf(`<a href="/c/%s">%s</a>`, c, c))
		}
		body := strings.Join(links, "<br>")
		if i%2 == 0 {
			body += ` &middot; <a href="/p/">` + strings.Repeat("$", 1+i%4) + `</a>`
		}
		wants = append(wants, items)
		pagesSrc = append(pagesSrc, fmt.Sprintf(`<html><body><h1 data-or-type="name">Place %c%c</h1><div class="c">%s</div><p>Open daily</p></body></html>`, 'A'+i, 'a'+i, body))
	}
	pages := pagesOf(t, pagesSrc, map[string][]string{"cuisine": cuisines})
	s := testSOD([][3]string{{"name", "1", "name"}, {"cuisine", "+", "cuisine"}}, sod.One)
	dictionaryTypes(s, "cuisine", "name")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 || fmt.Sprint(objs[0].Get("cuisine")) != fmt.Sprint(wants[i]) {
			t.Fatalf("%s: cuisine %q, want %q; slots %+v", p.Path, objs[0].Get("cuisine"), wants[i], w.Slots())
		}
	}
}

// TestSharedSlotFewKnown: the publisher and the date share a line
// ("<a>Publisher</a>; date"), and the dictionary knows one publisher in
// five, under sharePartShare of the slot's values. The date takes the
// slot; the publisher still shares it, as every one of its annotations
// falls there.
func TestSharedSlotFewKnown(t *testing.T) {
	pubs := []string{"Vantage Point House", "Granite Street Books", "Midriver House", "Thornbury Books", "Blue Heron Press"}
	months := []string{"March", "May", "July", "October"}
	var pages []*annotate.Page
	var wantPub, wantDate []string
	for i := range 20 {
		pub := pubs[i%5]
		date, value := "", `<a href="/p">`+pub+`</a>`
		if i%3 != 0 {
			date = fmt.Sprintf("%s %d, %d", months[i%4], 1+i, 1990+i)
			value += `; <a href="/d">` + date + `</a>`
		}
		wantPub, wantDate = append(wantPub, pub), append(wantDate, date)
		src := fmt.Sprintf(`<html><body><h1>Book Number %d</h1><p>Price $%d.99</p>`+
			`<div><div>Imprint</div><span>%s</span></div><p>Ships in two days</p></body></html>`, i, 5+i, value)
		pages = append(pages, pagetest.Marked(t, fmt.Sprintf("p%02d.html", i), src, map[string][]string{
			"title": {fmt.Sprintf("Book Number %d", i)}, "publisher": pubs[:1]}))
	}
	s := testSOD([][3]string{{"title", "1", "title"}, {"publisher", "?", "publisher"}, {"released", "?", "date"}}, sod.One)
	dictionaryTypes(s, "title", "publisher")
	annotatePatterns(t, pages, map[string]string{"date": "date"})
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v", p.Path, len(objs), err)
		}
		got := fmt.Sprintf("%q %q", objs[0].Get("publisher"), objs[0].Get("released"))
		var wd []string
		if wantDate[i] != "" {
			wd = []string{wantDate[i]}
		}
		if want := fmt.Sprintf("%q %q", []string{wantPub[i]}, wd); got != want {
			t.Fatalf("%s: got %s, want %s; template %s; slots %+v", p.Path, got, want, w.Template(), w.Slots())
		}
	}
}

// TestSharedSlotOverWeakerSlot: a date and a time in one text node ("Sunday,
// May 23 @ 9:00 pm") under "When", and an "On sale" date row on most pages.
// The time takes the "When" slot; the date, whose best slot that is too,
// takes its part there (sharesTaken) rather than the on-sale row's slot.
func TestSharedSlotOverWeakerSlot(t *testing.T) {
	days := []string{"Sunday", "Monday", "Friday", "Saturday"}
	months := []string{"March", "May", "July", "October"}
	var srcs, dates, times []string
	for i := range 12 {
		date := fmt.Sprintf("%s, %s %d", days[i%4], months[(i+1)%4], 3+i)
		time := fmt.Sprintf("%d:%02d pm", 7+i%3, 30*(i%2))
		sale := ""
		if i%4 != 3 {
			sale = fmt.Sprintf(`<div><span>On sale:</span> <b>%s, %s %d</b></div>`, days[(i+2)%4], months[i%4], 10+i)
		}
		// The separator varies, so the date and the time are one slot.
		when := date + []string{" @ ", ", ", " at "}[i%3] + time
		srcs = append(srcs, fmt.Sprintf(`<html><body><h1 data-or-type="title">Show Number %d</h1>`+
			`<div><span>When:</span> <span>%s</span></div>%s`+
			`<div><span>Age:</span> <span>All ages</span></div></body></html>`, i, when, sale))
		dates, times = append(dates, date), append(times, time)
	}
	pages := pagesOf(t, srcs, nil)
	s := testSOD([][3]string{{"title", "1", "title"}, {"at", "?", "time"}, {"event_date", "1", "date"}}, sod.One)
	dictionaryTypes(s, "title")
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
		got := fmt.Sprintf("%q %q", objs[0].Get("event_date"), objs[0].Get("at"))
		want := fmt.Sprintf("%q %q", []string{dates[i]}, []string{times[i]})
		if got != want {
			t.Fatalf("%s: got %s, want %s; slots %+v", p.Path, got, want, w.Slots())
		}
	}
}

// TestSharedSlotLineBreak: a date and a time in one cell, on two lines
// ("<span>Sunday, May 4</span><br><span>8:30 pm</span>"), the time left
// out on some pages so that ExAlg makes the cell one slot; a doors time
// on every page is a look-alike. The field that does not take the cell
// shares it (its values cross a line break, but they hold both
// instances), instead of taking the doors row.
func TestSharedSlotLineBreak(t *testing.T) {
	days := []string{"Sunday", "Monday", "Friday", "Saturday"}
	months := []string{"March", "May", "July", "October"}
	var srcs, dates, times []string
	for i := range 12 {
		date := fmt.Sprintf("%s, %s %d", days[i%4], months[(i+1)%4], 3+i)
		time := fmt.Sprintf("%d:%02d pm", 7+i%3, 30*(i%2))
		doors := fmt.Sprintf("%d:%02d pm", 5+i%2, 30*(i%2))
		when := `<span>` + date + `</span><br><span>` + time + `</span>`
		if i%6 == 5 {
			when, time = `<span>`+date+`</span>`, ""
		}
		srcs = append(srcs, fmt.Sprintf(`<html><body><h1 data-or-type="title">Show Number %d</h1>`+
			`<table><tr><td class="when">%s</td><td class="doors">%s</td>`+
			`<td class="age">All ages</td></tr></table></body></html>`, i, when, doors))
		dates, times = append(dates, date), append(times, time)
	}
	pages := pagesOf(t, srcs, nil)
	s := testSOD([][3]string{{"title", "1", "title"}, {"event_date", "1", "date"}, {"at", "?", "time"}}, sod.One)
	dictionaryTypes(s, "title")
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
		want := fmt.Sprintf("%q %q", []string{dates[i]}, []string{times[i]})
		if times[i] == "" {
			want = fmt.Sprintf("%q []", []string{dates[i]})
		}
		got := fmt.Sprintf("%q %q", objs[0].Get("event_date"), objs[0].Get("at"))
		if got != want {
			t.Fatalf("%s: got %s, want %s; slots %+v", p.Path, got, want, w.Slots())
		}
	}
}
