package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// book is one search result.
type book struct {
	id        int
	isbn      string
	title     string
	authors   []string
	roles     []string // per author: "" or a role such as "Illustrator"
	price     string
	listPrice string    // optional higher list price
	usedFrom  string    // optional "used & new from" price
	ebook     string    // optional price of another format
	date      time.Time // zero when the site shows none
	binding   string
	pages     int
	rating    int // 0 (none) … 50, in tenths of a star
	reviews   int
}

// bookObject is one expected record, fields in SOD order.
type bookObject struct {
	Title  string   `json:"title"`
	Author []string `json:"author"`
	Price  string   `json:"price"`
	Date   string   `json:"date,omitempty"`
}

var bindings = []string{"Paperback", "Paperback", "Hardcover", "Hardcover", "Mass Market Paperback", "Audio CD", "Library Binding"}

// bookPage is the data of one search-result page.
type bookPage struct {
	query  string
	books  []book
	total  int
	offset int
}

func money(r *rand.Rand, lo, hi int) string {
	return fmt.Sprintf("$%d.%02d", lo+r.IntN(hi-lo), []int{99, 95, 49, 0, 99, 50, 75}[r.IntN(7)])
}

func newBook(r *rand.Rand, w *world, id int) book {
	b := book{id: id, binding: pick(r, bindings), pages: 96 + r.IntN(600)}
	b.isbn = fmt.Sprintf("978%010d", r.Int64N(1e10))
	b.title = pick(r, w.titles)
	k := []int{1, 1, 1, 1, 1, 2, 2, 2, 3, 3}[r.IntN(10)]
	for len(b.authors) < k {
		a := pick(r, w.authors)
		if !slices.Contains(b.authors, a) {
			b.authors = append(b.authors, a)
		}
	}
	for i := range b.authors {
		role := ""
		if i > 0 && r.IntN(100) < 30 {
			role = pick(r, []string{"Illustrator", "Translator", "Editor", "Foreword"})
		}
		b.roles = append(b.roles, role)
	}
	b.price = money(r, 4, 40)
	if r.IntN(100) < 30 {
		b.listPrice = money(r, 41, 60)
	}
	if r.IntN(100) < 25 {
		b.usedFrom = money(r, 0, 4)
	}
	if r.IntN(100) < 20 {
		b.ebook = money(r, 2, 15)
	}
	if r.IntN(100) < 75 {
		b.date = time.Date(1995+r.IntN(20), time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC)
	}
	if r.IntN(100) < 70 {
		b.rating = 20 + r.IntN(31)
		b.reviews = 1 + r.IntN(400)
	}
	return b
}

var queries = []string{"garden", "history", "novel", "river", "cooking", "letters", "mystery", "island", "programming", "birds", "art", "winter", "house", "poetry", "maps"}

// buildBooks generates a book-search source with the given page template.
func buildBooks(name string, r *rand.Rand, w *world,
	render func(d *doc, p bookPage, pageNo int, w *world) []bookObject) *source {
	s := &source{name: name, sod: bookSOD}
	s.dicts = []dictSpec{
		{class: "title", unused: w.unusedTitles, wrong: append([]string{"Gift Cards", "Bestsellers"}, w.authors[:6]...), coverage: 50},
		{class: "author", unused: w.unusedAuthors, wrong: append([]string{"Staff"}, w.titles[:6]...), coverage: 50},
	}
	n := 24 + r.IntN(4)
	counts := recordCounts(r, n, 15)
	id := 100000 + r.IntN(800000)
	for i, k := range counts {
		p := bookPage{query: pick(r, queries)}
		p.offset = 12 * r.IntN(5)
		p.total = p.offset + k + r.IntN(300)
		if k == 0 {
			p.offset, p.total = 0, 0
		}
		for range k {
			id += 1 + r.IntN(500)
			p.books = append(p.books, newBook(r, w, id))
		}
		d := &doc{r: r}
		objs := render(d, p, i, w)
		for j, o := range objs {
			s.addRecord(i, j, o)
			s.note("title", o.Title)
			s.note("author", o.Author...)
		}
		s.pages = append(s.pages, d.b.String())
	}
	return s
}

// stars draws a rating as text stars ("★★★★☆").
func stars(rating int) string {
	full := (rating + 5) / 10
	return strings.Repeat("★", full) + strings.Repeat("☆", 5-full)
}
