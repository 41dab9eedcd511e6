package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// detailBook is the book of one product (detail) page: the search-result
// book plus what only a product page shows.
type detailBook struct {
	book
	isbn10    string
	publisher string // "" when the page names none
	edition   string // optional "2nd edition" written next to the publisher
	language  string
	series    string // optional
	dims      string // optional
	weight    string // optional
	blurb     []string
}

// detailObject is one expected record of a detail source, fields in the
// order of the SWDE book SOD.
type detailObject struct {
	Title           string   `json:"title"`
	Author          []string `json:"author"`
	ISBN13          string   `json:"isbn_13"`
	Publisher       string   `json:"publisher,omitempty"`
	PublicationDate string   `json:"publication_date,omitempty"`
}

// publishers are invented publishing houses, some with commas, ampersands
// and abbreviations as real imprint names have.
var publishers = []string{
	"Harbor Light Press", "Farrow, Stiles and Grant", "Hollis & Wren", "Blue Heron Books",
	"Marlowe House", "Kestrel Books", "Penrose University Press", "Caldwell-Hart Publishing",
	"North Fork Editions", "St. Aubin’s Press", "W. R. Tolliver & Co.", "Granite Street Books",
	"Lanternfish Press", "Oakhollow Media", "Vantage Point Publishers", "Bellweather Group",
	"Copperline Books", "Sable & Finch", "Midriver Press", "Quillon House Publishing",
	"Thornbury Books", "Eastlake Academic",
}

// unusedPublishers appear in no record; they are dictionary noise.
var unusedPublishers = []string{"Redcliff Press", "Amberfield Books", "Saltmarsh Editions", "Brightwater & Lowe", "Tamarack House"}

var (
	languages  = []string{"English", "English", "English", "English", "Spanish", "French"}
	seriesPool = []string{"The Harbor Chronicles", "Kitchen Library", "Field Guides for Beginners", "Modern Classics", "The Glass Kingdom Cycle", "Pocket Histories"}
	editions   = []string{"1st edition", "2nd edition", "Reprint edition", "Illustrated edition", "Anniversary edition"}
	blurbLines = []string{
		"A luminous, unforgettable story about family, memory and the places that shape us.",
		"Written with wit and compassion, this is a book readers will return to again and again.",
		"Drawing on years of research and dozens of interviews, the author builds a vivid portrait of an era.",
		"Part adventure, part meditation, it asks what we owe to those who came before us.",
		"Practical, warm and beautifully illustrated, with step-by-step instructions for every season.",
		"A page-turner with a heart, full of secrets, second chances and unexpected kindness.",
		"Now in paperback, with a new afterword and a reading group guide.",
		"An instant classic — sharp, funny and quietly devastating.",
	}
	reviewLines = []string{
		"Couldn’t put it down. I finished it in two evenings and immediately started again.",
		"The middle drags a little, but the ending more than makes up for it.",
		"Bought this as a gift and ended up reading it myself first. Beautiful edition.",
		"Not what I expected from the description, but I enjoyed it anyway.",
		"The recipes work, the photos are gorgeous and the binding lies flat. Five stars.",
		"Arrived with a bent corner; the book itself is wonderful.",
		"Our book club was split down the middle — which made for a great discussion!",
	}
	reviewerNames = []string{"bookworm42", "J. Ramos", "Kathleen M.", "readsalot", "Dana P.", "TheLibrarian", "mike_t", "Ana Lucía"}
)

// isbnDigits returns a valid ISBN-13 (978 prefix) and its ISBN-10.
func isbnDigits(r *rand.Rand) (isbn13, isbn10 string) {
	core := fmt.Sprintf("%09d", r.Int64N(1e9))
	s := "978" + core
	sum := 0
	for i, c := range s {
		w := 1
		if i%2 == 1 {
			w = 3
		}
		sum += w * int(c-'0')
	}
	isbn13 = s + itoa((10-sum%10)%10)
	sum = 0
	for i, c := range core {
		sum += (10 - i) * int(c-'0')
	}
	switch chk := (11 - sum%11) % 11; chk {
	case 10:
		isbn10 = core + "X"
	default:
		isbn10 = core + itoa(chk)
	}
	return isbn13, isbn10
}

// hyphenate writes an ISBN-13 with the hyphens of its registration groups,
// e.g. "978-0-316-12558-1" (the group lengths are drawn, as they vary).
func hyphenate(isbn13 string, r *rand.Rand) string {
	pub := 2 + r.IntN(4) // publisher prefix length: 2–5 digits
	return isbn13[:3] + "-" + isbn13[3:4] + "-" + isbn13[4:4+pub] + "-" + isbn13[4+pub:12] + "-" + isbn13[12:]
}

// newDetailBook draws the book of one product page. noPublisher and noDate
// force the optional fields away.
func newDetailBook(r *rand.Rand, w *world, id int, noPublisher, noDate bool) detailBook {
	b := detailBook{book: newBook(r, w, id)}
	b.isbn, b.isbn10 = isbnDigits(r)
	if b.date.IsZero() || noDate {
		b.date = time.Time{}
		if !noDate {
			b.date = time.Date(1995+r.IntN(20), time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC)
		}
	}
	if !noPublisher {
		b.publisher = pick(r, publishers)
	}
	if r.IntN(100) < 30 {
		b.edition = pick(r, editions)
	}
	b.language = pick(r, languages)
	if r.IntN(100) < 25 {
		b.series = pick(r, seriesPool)
	}
	if r.IntN(100) < 60 {
		b.dims = fmt.Sprintf("%d.%d x %d.%d x %d.%d inches", 5+r.IntN(4), r.IntN(10), 7+r.IntN(3), r.IntN(10), r.IntN(2), 1+r.IntN(9))
	}
	if r.IntN(100) < 50 {
		b.weight = fmt.Sprintf("%d.%d ounces", 6+r.IntN(30), r.IntN(10))
	}
	b.blurb = pickN(r, blurbLines, 2+r.IntN(3))
	return b
}

// object is the expected record of b; date is the publication date as the
// page writes it ("" when it shows none), isbn the ISBN-13 as written.
func (b detailBook) object(isbn, date string) detailObject {
	return detailObject{Title: b.title, Author: b.authors, ISBN13: isbn, Publisher: b.publisher, PublicationDate: date}
}

// otherBook is a book shown in a carousel or sidebar of a product page.
type otherBook struct {
	title, author, price string
}

func otherBooks(r *rand.Rand, w *world, n int, not detailBook) []otherBook {
	var out []otherBook
	for len(out) < n {
		t := pick(r, w.titles)
		if t == not.title || slices.ContainsFunc(out, func(o otherBook) bool { return o.title == t }) {
			continue
		}
		out = append(out, otherBook{t, pick(r, w.authors), money(r, 5, 30)})
	}
	return out
}

// buildBookDetail generates a source of n product pages, one book each,
// with the given page template; the render function returns the record.
func buildBookDetail(name string, r *rand.Rand, w *world, noPubPct, noDatePct int,
	render func(d *doc, b detailBook, pageNo int, w *world) detailObject) *source {
	s := &source{name: name, sod: bookDetailSOD}
	s.dicts = []dictSpec{
		{class: "title", unused: w.unusedTitles, wrong: append([]string{"Gift Cards", "Customer Reviews"}, w.authors[:6]...), coverage: 25},
		{class: "author", unused: w.unusedAuthors, wrong: append([]string{"Staff"}, w.titles[:6]...), coverage: 25},
		{class: "publisher", unused: unusedPublishers, wrong: []string{"English", w.authors[7]}, coverage: 5},
	}
	n := 80 + r.IntN(6)
	// Each optional field is missing on at least one page and present on most.
	forcePub, forceDate := r.IntN(n), r.IntN(n)
	id := 100000 + r.IntN(800000)
	for i := range n {
		id += 1 + r.IntN(500)
		noPub := i == forcePub || r.IntN(100) < noPubPct
		noDate := i == forceDate || r.IntN(100) < noDatePct
		b := newDetailBook(r, w, id, noPub, noDate)
		d := &doc{r: r}
		o := render(d, b, i, w)
		s.addRecord(i, 0, o)
		s.note("title", o.Title)
		s.note("author", o.Author...)
		if o.Publisher != "" {
			s.note("publisher", o.Publisher)
		}
		s.pages = append(s.pages, d.b.String())
	}
	return s
}

// bookDetailSOD is the SWDE book SOD (examples/swde-book/sod.toml).
const bookDetailSOD = `# The book attributes of the SWDE benchmark, on product (detail) pages.
name = "book-detail"
object = "book"
objects = "1"   # detail pages: one book per page

[tuple.book]
title = "1"
author = "+"
isbn_13 = "1"
publisher = "?"
publication_date = "?"

[entity.title]
dictionary = "title"
whole_node = true       # a title fills its DOM node

[entity.author]
dictionary = "author"

[entity.isbn_13]
predefined = "isbn13"

[entity.publisher]
dictionary = "publisher"

[entity.publication_date]
predefined = "date"
`

// rolesText returns " (Role)" for a non-empty role.
func rolesText(role string) string {
	if role == "" {
		return ""
	}
	return " (" + role + ")"
}

// scriptsDetail writes a product page's tracking and recommendation scripts.
func scriptsDetail(d *doc, depth int, b detailBook) {
	d.ln(depth, `<script type="text/javascript">`)
	d.ln(depth+1, `window.dataLayer = window.dataLayer || [];`)
	d.ln(depth+1, `dataLayer.push({"event":"productView","sku":"%d","category":"Books","price":"%s"});`, b.id, strings.TrimPrefix(b.price, "$"))
	d.ln(depth+1, `function addToCart(id, qty) { var f = document.getElementById('cart'); f.sku.value = id; f.qty.value = qty || 1; f.submit(); return false; }`)
	d.ln(depth+1, `if (document.cookie.indexOf('seen=') < 0 && window.innerWidth > 768) { document.cookie = 'seen=1; path=/'; }`)
	d.ln(depth, `</script>`)
}
