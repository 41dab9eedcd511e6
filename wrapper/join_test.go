package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
)

// TestJoinLines induces a wrapper on detail pages whose address is written
// over two lines of one cell, the second line annotated on most pages: the
// single address field gets both lines joined with ", ".
func TestJoinLines(t *testing.T) {
	streets := []string{"Valencia St.", "Harbor Blvd", "W 14th St", "Elm Ave.", "Oak Rd"}
	cities := []string{"Seattle, WA", "Austin, TX", "Denver, CO", "Boston, MA"}
	var src []string
	var want []string
	for i := range 20 {
		l1 := fmt.Sprintf("%d %s", 100+37*i, streets[i%len(streets)])
		l2 := fmt.Sprintf("%s %d", cities[i%len(cities)], 98100+i)
		typ2 := ""
		if i%5 != 2 {
			typ2 = ` data-or-type="address"`
		}
		want = append(want, l1+", "+l2)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">School Number %d</h1><table><tr><th>Address</th><td><span data-or-type="address">%s</span><br><span%s>%s</span></td></tr><tr><th>Students</th><td>%d</td></tr></table></body></html>`, i, l1, typ2, l2, 1000+i))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "name"}, {"address", "?", "address"}}, sod.One)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkSingle(t, w, pages, "address", want)
}

// TestPhoneLineBeforeFax: the phone number's line is followed, in the
// same element and on most pages, by a fax number that the phone
// recognizer also finds ("Tel. (415) 895-3487<br>(224) 408-7988"). The
// phone line is a whole instance of a pattern that delimits values: the
// fax line is another value, not its continuation (no Join).
func TestPhoneLineBeforeFax(t *testing.T) {
	var src, want, phones []string
	for i := range 16 {
		tel := fmt.Sprintf("(%d) 555-%04d", 212+i, 1000+37*i)
		fax := fmt.Sprintf("(%d) 408-%04d", 300+i, 2000+53*i)
		want, phones = append(want, tel), append(phones, tel, fax)
		faxLine := ""
		if i%4 != 3 {
			faxLine = "<span>" + fax + "</span><br>"
		}
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Diner %d</h1><p class="contact"><b class="label">Area:</b> Zone %d<br>`+
			`<span class="phone">Tel. <span class="v">%s</span></span><br>%s<span class="web">www.diner%d.example</span></p><p>Open daily</p></body></html>`, i, i, tel, faxLine, i))
	}
	pages := pagesOf(t, src, map[string][]string{"phone": phones})
	s := testSOD([][3]string{{"name", "1", "name"}, {"tel", "1", "phone"}}, sod.One)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkSingle(t, w, pages, "tel", want)
}

// TestJoinPreviousLine: the second line of the address (city, state, zip)
// is recognised on every page and takes the field's slot; the street line
// before it, recognised on most pages only, is prepended (JoinPrev).
func TestJoinPreviousLine(t *testing.T) {
	streets := []string{"Inwood", "North Galloway", "Elm", "West Commerce", "Oak Lawn"}
	cities := []string{"Dallas, TX", "Austin, TX", "Denver, CO", "Boston, MA"}
	var src, want []string
	for i := range 20 {
		l1 := fmt.Sprintf("%d %s", 1200+37*i, streets[i%len(streets)])
		l2 := fmt.Sprintf("%s %d", cities[i%len(cities)], 75100+i)
		typ1 := ""
		if i%3 != 2 {
			typ1 = ` data-or-type="address"`
		}
		want = append(want, l1+", "+l2)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Diner Number %d</h1><div class="addr"><span%s>%s</span><br><span data-or-type="address">%s</span></div><p>Open daily</p></body></html>`, i, typ1, l1, l2))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "name"}, {"address", "1", "address"}}, sod.One)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkSingle(t, w, pages, "address", want)
}

// TestBlockAddress: an address whose parts are elements of their own in
// one block ("<span>street</span><br><span>city</span>, <span>ST</span>
// <span>zip</span>"), after a label; the address recognizer finds part of
// it (partial recognizer), the field takes the block's variable text.
func TestBlockAddress(t *testing.T) {
	streets := []string{"4672 Ludlow", "12 Elm Street", "88 North Galloway", "301 Oak Rd", "7 Pine Ave"}
	cities := []string{"Portland", "Winston-Salem", "Dallas", "Austin"}
	states := []string{"OR", "NC", "TX", "TX"}
	var src, want []string
	for i := range 16 {
		st, c, s := streets[i%5], cities[i%4], states[i%4]
		zip := fmt.Sprint(97200 + 7*i)
		want = append(want, st+", "+c+", "+s+" "+zip)
		typ := ""
		if i%4 != 3 {
			typ = ` data-or-type="address"`
		}
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Diner %d</h1><p><strong>Address:</strong> <span%s>%s</span><br><span>%s</span>, <span>%s</span> <span>%s</span></p><p>Open daily</p></body></html>`,
			i, typ, st, c, s, zip))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "name"}, {"address", "1", "address"}}, sod.One)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkSingle(t, w, pages, "address", want)
}

// TestLinesAddress: the address's lines are elements of their own, two of
// them (ExAlg makes them a set's iterations), each recognised as
// an address: the single field gets them joined with ", ",
// an abbreviation's period kept.
func TestLinesAddress(t *testing.T) {
	streets := []string{"142 Main St.", "12 Elm Street", "88 North Galloway Ave.", "301 Oak Rd", "7 Pine Ave"}
	cities := []string{"San Francisco, CA 94120", "Winston-Salem, NC 27109", "Dallas, TX 75201", "Austin, TX 78701"}
	var src, want []string
	for i := range 16 {
		lines := []string{streets[i%5], cities[i%4]}
		want = append(want, strings.Join(lines, ", "))
		var b strings.Builder
		for _, l := range lines {
			fmt.Fprintf(&b, `<div><span data-or-type="address">%s</span></div>`, l)
		}
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Diner %d</h1><div class="venue">Hall %d, <div class="addr">%s</div></div><p>Open daily</p></body></html>`, i, i, b.String()))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "name"}, {"address", "1", "address"}}, sod.One)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkSingle(t, w, pages, "address", want)
}

// TestLinesAddressAfterLabel: as TestLinesAddress, in a table row whose
// label names the field ("Location", a synonym the SOD gives as the
// field's name): the label nominates the slot and stands before the first
// line only, yet both lines are the value. A row set of prices ("Our
// price:", "MSRP:") is no value's lines (TestOtherRowLabel).
func TestLinesAddressAfterLabel(t *testing.T) {
	streets := []string{"142 Main St.", "12 Elm Street", "88 North Galloway Ave.", "301 Oak Rd", "7 Pine Ave"}
	cities := []string{"San Francisco, CA 94120", "Winston-Salem, NC 27109", "Dallas, TX 75201", "Austin, TX 78701"}
	var src, want []string
	for i := range 16 {
		lines := []string{streets[i%5], cities[i%4]}
		want = append(want, strings.Join(lines, ", "))
		var b strings.Builder
		for _, l := range lines {
			fmt.Fprintf(&b, `<div><span data-or-type="address">%s</span></div>`, l)
		}
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Diner %d</h1><table><tr><th>Location</th><td><div class="addr">%s</div></td></tr>`+
			`<tr><th>Area</th><td>Zone %d</td></tr></table><p>Open daily</p></body></html>`, i, b.String(), i))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "name"}, {"location", "1", "address"}}, sod.One)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkSingle(t, w, pages, "location", want)
}

// TestJoinLinesNestedField: a nested tuple's single field (location.address)
// may be mapped to a slot per line when the recognizer types both lines
// ("8078 Tchoupitoulas Pl<br>Philadelphia, PA 19148", each an address
// annotation): the two slots of the one field are lines of one value,
// joined with ", ", not the first line alone.
func TestJoinLinesNestedField(t *testing.T) {
	s, err := sod.Parse("restaurants.toml", []byte(`
object = "restaurant"
objects = "1"
[tuple.restaurant]
name = "1"
location = { type = "contact", mult = "1" }
[tuple.contact]
address = "1"
phone = "?"
[entity.name]
dictionary = "restaurant"
[entity.address]
predefined = "address"
[entity.phone]
predefined = "phone"
`))
	if err != nil {
		t.Fatal(err)
	}
	streets := []string{"Tchoupitoulas Pl", "East 62nd Dr", "Harbor", "Elm Ave", "Oak Rd"}
	cities := []string{"Philadelphia, PA", "Boston, MA", "New Orleans, LA", "Denver, CO"}
	var src, want []string
	for i := range 20 {
		l1 := fmt.Sprintf("%d %s", 1200+37*i, streets[i%len(streets)])
		l2 := fmt.Sprintf("%s %d", cities[i%len(cities)], 19100+i)
		want = append(want, l1+", "+l2)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Diner Number %d</h1><div><address><span data-or-type="address">%s</span><br><span data-or-type="address">%s</span></address></div><p data-or-type="phone">+1 215 555 %04d</p></body></html>`, i, l1, l2, 100+i))
	}
	pages := pagesOf(t, src, nil)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v", p.Path, len(objs), err)
		}
		if got := objs[0].Get("location.address"); len(got) != 1 || got[0] != want[i] {
			t.Fatalf("%s: location.address = %q, want %q; template %s; slots %+v", p.Path, got, want[i], w.Template(), w.Slots())
		}
	}
}

// TestLinesNestedField: the address of a single nested tuple written as
// an element per line ("<div>8303 Boylston Ln</div><div>New Orleans, LA
// 70103</div>", or on some pages in one element: a set of lines in the
// template) is one value, its lines
// joined with ", ", and the tuple is one per page, not one per line.
func TestLinesNestedField(t *testing.T) {
	s, err := sod.Parse("restaurants.toml", []byte(`
object = "restaurant"
objects = "1"
[tuple.restaurant]
name = "1"
location = { type = "contact", mult = "1" }
[tuple.contact]
address = "1"
[entity.name]
dictionary = "restaurant"
[entity.address]
predefined = "address"
`))
	if err != nil {
		t.Fatal(err)
	}
	streets := []string{"Boylston Ln", "East 62nd Dr", "Harbor Blvd", "Elm Ave", "Oak Rd"}
	cities := []string{"New Orleans, LA", "Boston, MA", "Denver, CO", "Austin, TX"}
	var src, want []string
	for i := range 20 {
		l1 := fmt.Sprintf("%d %s", 1200+37*i, streets[i%len(streets)])
		l2 := fmt.Sprintf("%s %d", cities[i%len(cities)], 70100+i)
		want = append(want, l1+", "+l2)
		lines := fmt.Sprintf(`<div><span data-or-type="address">%s</span></div><div><span data-or-type="address">%s</span></div>`, l1, l2)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Diner Number %d</h1><dl><dt>Location</dt><dd><div class="address-value">%s</div></dd><dt>Hours</dt><dd>%d to 10</dd></dl></body></html>`, i, lines, 5+i%4))
	}
	pages := pagesOf(t, src, nil)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v", p.Path, len(objs), err)
		}
		if got := objs[0].Get("location.address"); len(got) != 1 || got[0] != want[i] {
			t.Fatalf("%s: location.address = %q, want %q; template %s; slots %+v", p.Path, got, want[i], w.Template(), w.Slots())
		}
	}
}

// TestBlockAddressBeforeLabel: as TestBlockAddress, with the block going
// on after the address with a labelled line ("<br>Open: <b>…</b>"): the
// address ends before the label.
func TestBlockAddressBeforeLabel(t *testing.T) {
	streets := []string{"4672 Ludlow", "12 Elm Street", "88 North Galloway", "301 Oak Rd", "7 Pine Ave"}
	cities := []string{"Portland", "Winston-Salem", "Dallas", "Austin"}
	states := []string{"OR", "NC", "TX", "TX"}
	var src, want []string
	for i := range 16 {
		st, c, s := streets[i%5], cities[i%4], states[i%4]
		zip := fmt.Sprint(97200 + 7*i)
		want = append(want, st+", "+c+", "+s+" "+zip)
		typ := ""
		if i%4 != 3 {
			typ = ` data-or-type="address"`
		}
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Diner %d</h1><p>Location: <span%s>%s</span><br><span>%s</span>, <span>%s</span> <span>%s</span><br>Open: <b>Mon-Thu %dam</b></p><p>Closed on holidays</p></body></html>`,
			i, typ, st, c, s, zip, 7+i%4))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "name"}, {"address", "1", "address"}}, sod.One)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkSingle(t, w, pages, "address", want)
}

// checkSingle checks that every page gives one object whose single field
// holds want[i].
func checkSingle(t *testing.T, w *Wrapper, pages []*annotate.Page, field string, want []string) {
	t.Helper()
	for i, p := range pages {
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v", p.Path, len(objs), err)
		}
		if got := objs[0].Get(field); len(got) != 1 || got[0] != want[i] {
			t.Fatalf("%s: %s = %q, want %q; template %s; slots %+v", p.Path, field, got, want[i], w.Template(), w.Slots())
		}
	}
}

// TestJoinLineBeforeItem: the address's second line shares its slot with
// the optional fax and website rows after it ("<dd>street<br>city</dd>
// <dt>Fax:</dt><dd>…</dd><dd>www…</dd>"), whose first URL item the
// homepage field reads (in the zoo; here, ExAlg gives the website a slot
// of its own, but the second line's slot runs over it on pages without a
// fax). The address joins its second line, which ends at its line break:
// the website is not part of it.
func TestJoinLineBeforeItem(t *testing.T) {
	streets := []string{"Valencia St", "Harbor Blvd", "W 14th St", "Elm Ave", "Oak Rd"}
	cities := []string{"Seattle, WA", "Austin, TX", "Denver, CO", "Boston, MA"}
	var src, want []string
	for i := range 20 {
		l1 := fmt.Sprintf("%d %s", 100+37*i, streets[i%len(streets)])
		l2 := fmt.Sprintf("%s %d", cities[i%len(cities)], 98100+i)
		want = append(want, l1+", "+l2)
		row := ""
		if i%3 != 1 {
			row = fmt.Sprintf(`<dt>Fax:</dt><dd>(206) 555-01%02d</dd>`, i)
		}
		if i%2 == 0 {
			row += fmt.Sprintf(`<dd class="web">www.place%c%c.example</dd>`, 'a'+i, 'a'+i)
		}
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Place Number %d</h1><dl><dt>Location:</dt><dd>%s<br>%s</dd>%s</dl><p>Call ahead.</p></body></html>`, i, l1, l2, row))
	}
	pages := pagesOf(t, src, nil)
	annotatePatterns(t, pages, map[string]string{"address": "address", "url": "url"})
	s := testSOD([][3]string{{"name", "1", "name"}, {"address", "1", "address"}, {"homepage", "?", "url"}}, sod.One)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkSingle(t, w, pages, "address", want)
}
