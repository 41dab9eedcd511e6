package zoo

import "strconv"

// booksDomain: bookshops. Detail pages are product pages (title, authors,
// ISBN-13, publisher, publication date, sometimes a price); list pages are
// search results (title, authors, price, sometimes date and publisher).
// Near misses: editors and translators beside the authors, a struck list
// price beside the price, an ISBN-10 beside the ISBN-13.
var booksDomain = &domain{
	name: "books", object: "book", heading: "title",
	facts: []factDef{
		{key: "title", labels: []string{"Title"}, class: "title"},
		{key: "author", kind: multi, labels: []string{"Author", "Author(s)", "Authors", "Written by", "By"}, prefixes: []string{"by ", "By ", "by: "}, class: "author", head: true},
		{key: "editor", kind: multi, labels: []string{"Edited by", "Editor", "Translated by", "Illustrated by", "Foreword by"}, class: "author", near: true},
		{key: "price", labels: []string{"Price", "Our price", "Sale price", "Buy new", "Your price"}, head: true,
			combos: []combo{{"listprice", " (was ", ")"}, {"listprice", " List: ", ""}}},
		{key: "listprice", labels: []string{"List price", "Was", "Retail price", "Compare at"}, near: true},
		{key: "publisher", labels: []string{"Publisher", "Published by", "Imprint"}, class: "publisher",
			combos: []combo{{"date", " (", ")"}, {"date", ", ", ""}, {"date", "; ", ""}}},
		{key: "date", labels: []string{"Publication date", "Published", "Pub. Date", "Release date", "On sale", "Date"}},
		{key: "binding", labels: []string{"Format", "Binding", "Edition"}, combos: []combo{{"date", " – ", ""}, {"date", " | ", ""}}},
		{key: "isbn", labels: []string{"ISBN-13", "ISBN", "EAN", "ISBN13"}},
		{key: "isbn10", labels: []string{"ISBN-10", "ISBN10"}},
		{key: "pages", labels: []string{"Pages", "Print length", "Length"}},
		{key: "language", labels: []string{"Language"}},
	},
	listTitle: "Search results",
	nav:       []string{"Books", "Fiction", "Nonfiction", "Children's Books", "Textbooks", "eBooks", "Best Sellers"},
	related:   []string{"Customers who bought this also bought", "Customers also viewed", "Bestsellers", "Recently viewed", "More from this author"},
	lookalike: []string{"author", "price", "date"},
	facets:    []string{"author", "publisher", "binding"},
	blurbs: []string{"A sweeping story of love, loss and the places we call home.", "Free shipping on orders over $25.",
		"An instant classic, now in paperback.", "Members save an extra 10% on every order.",
		"Prices and availability are subject to change without notice.", "Sign up for our newsletter and get 15% off your first order.",
		"Readers' picks for the season, chosen by our booksellers.", "Gift wrapping available at checkout."},
	infoTitle:   "Shipping & Returns",
	info:        shopInfo,
	submenu:     []string{"New Arrivals", "Top Rated", "On Sale", "Staff Picks", "Coming Soon", "Gift Ideas"},
	reviewTitle: "Customer reviews",
	reviewLines: shopReviews,
	siteHeads:   []string{"Shelf", "Page", "Book", "Read", "Paper", "Ink"},
	siteTails:   []string{"Wise", "Hub", "Nook", "Corner", "Depot", "Barn", "Mill"},
	setup:       setupBooks,
	draw:        drawBook,
	sod:         sodBooks,
	names: map[string]func(r *rng) string{
		"title": (*rng).bookTitle, "author": (*rng).person, "publisher": (*rng).publisher,
	},
	wrong: map[string][]string{"title": {"author"}, "author": {"publisher", "title"}, "publisher": {"author"}},
}

func setupBooks(s *state) {
	r := s.r
	s.f = formats{currency: pick(r, []string{"$", "$", "$", "£", "USD "}), cents: r.chance(0.9),
		isbn: r.IntN(3), phone: r.IntN(len(phoneStyles))}
	switch r.weighted(7, 2, 1) {
	case 0:
		s.f.date = pick(r, dateLayouts)
	case 1:
		s.f.date = pick(r, monthYearLayouts)
		s.tag("date:month-year")
	default:
		s.f.date = "year"
		s.tag("date:year-only")
	}
	s.distractors("editor", "listprice", "binding", "isbn10", "pages", "language")
	s.optionalFacts(0.55, 0.95, "publisher", "date")
	s.optionalFacts(0.1, 0.35, "editor")
	s.optionalFacts(0.3, 0.7, "listprice")
	if s.list {
		s.hide("isbn10", "pages", "language")
		if r.chance(0.6) {
			s.hide("isbn")
		}
		if r.chance(0.5) {
			s.hide("editor")
		}
	} else if r.chance(0.4) {
		s.hide("price", "listprice")
	}
	s.extra["by-line-and"] = r.chance(0.5)
}

func drawBook(s *state, rec record, other bool) {
	r := s.r
	rec["title"] = []string{r.unique("title", r.bookTitle)}
	authors := s.pool("author", 160, r.person)
	rec["author"] = pickN(r, authors, 1+r.weighted(70, 22, 8))
	if s.present("editor") {
		rec["editor"] = pickN(r, authors, r.between(1, 2))
	}
	p := s.f.price(r, 4, 45)
	rec["price"] = []string{s.f.fmtPrice(p)}
	if s.present("listprice") {
		rec["listprice"] = []string{s.f.fmtPrice(p + s.f.price(r, 2, 20))}
	}
	if s.present("publisher") {
		rec["publisher"] = []string{pick(r, s.pool("publisher", 14, r.publisher))}
	}
	if s.present("date") {
		rec["date"] = []string{s.f.fmtDate(dateIn(r, 1988, s.site.year))}
	}
	binding := pick(r, []string{"Paperback", "Hardcover", "Mass Market Paperback", "Kindle Edition", "Audio CD", "Board book"})
	rec["binding"] = []string{binding}
	rec["note"] = []string{"(" + binding + ")"}
	isbn := s.f.isbn13(r)
	rec["isbn"] = []string{isbn}
	rec["isbn10"] = []string{isbn10Of(isbn)}
	rec["pages"] = []string{strconv.Itoa(r.between(48, 920)) + " pages"}
	rec["language"] = []string{pick(r, []string{"English", "English", "English", "Spanish", "French"})}
}

func sodBooks(s *state) *sodSpec {
	r := s.r
	sp := s.newSpec()
	title := s.sodField("title", []string{"title", "name", "book_title"}, "dictionary", "title")
	title.mult, title.whole = "1", r.chance(0.4)
	sp.fields = append(sp.fields, title, s.sodField("author", []string{"author", "authors", "writer", "by"}, "dictionary", "author"))
	isbn := s.sodField("isbn", []string{"isbn_13", "isbn", "ean", "isbn13"}, "predefined", pick(r, []string{"isbn13", "isbn13", "isbn"}))
	price := s.sodField("price", []string{"price", "our_price", "cost"}, "predefined", "price")
	pub := s.sodField("publisher", []string{"publisher", "imprint", "publisher_name"}, "dictionary", "publisher")
	dateRec := "date"
	if s.f.date == "year" && r.chance(0.5) {
		dateRec = "year"
	}
	date := s.sodField("date", []string{"publication_date", "date", "published", "pub_date", "release_date"}, "predefined", dateRec)
	if s.list {
		s.addIfShown(sp, price)
		s.addIfShown(sp, date)
		if r.chance(0.4) {
			s.addIfShown(sp, pub)
		}
		if r.chance(0.5) {
			s.addIfShown(sp, isbn)
		}
		return sp
	}
	s.addIfShown(sp, isbn)
	s.addIfShown(sp, pub)
	s.addIfShown(sp, date)
	if r.chance(0.4) {
		s.addIfShown(sp, price)
	}
	return sp
}
