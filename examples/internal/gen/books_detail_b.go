package main

import (
	"fmt"
)

// bookDetailB renders a modern online bookshop's product page: HTML5, raw
// UTF-8, BEM classes, schema.org microdata and JSON-LD, the title in
// <h1 itemprop="name">, contributors in a <ul class="contributors"> with
// their roles, both ISBNs in one paragraph ("ISBN13: 9780316125581"), and
// a <dl> of details whose rows vary from page to page (Publisher and
// Publication date "June 1, 2010" sometimes missing; Pages, Dimensions,
// Language, Series present or not). A "you may also like" grid and a
// "recently viewed" strip carry other titles and authors.
func bookDetailB(d *doc, b detailBook, pageNo int, w *world) detailObject {
	d.unit, d.ent, d.alt, d.sloppy = "    ", entRaw, entNumeric, 0
	r := d.r
	date := ""
	if !b.date.IsZero() {
		date = b.date.Format("January 2, 2006")
	}
	d.ln(0, `<!doctype html>`)
	d.ln(0, `<html lang="en">`)
	d.ln(0, `<head>`)
	d.ln(1, `<meta charset="utf-8">`)
	d.ln(1, `<meta name="viewport" content="width=device-width, initial-scale=1">`)
	d.ln(1, `<title>%s | Inkwell &amp; Co.</title>`, d.esc(b.title))
	d.ln(1, `<meta property="og:title" content="%s">`, d.esc(b.title))
	d.ln(1, `<meta property="og:type" content="book">`)
	d.ln(1, `<link rel="stylesheet" href="/assets/app.4f9c2e.css">`)
	ld := fmt.Sprintf(`{"@context":"https://schema.org","@type":"Book","name":%q,"isbn":"%s","author":[`, b.title, b.isbn)
	for i, a := range b.authors {
		if i > 0 {
			ld += ","
		}
		ld += fmt.Sprintf(`{"@type":"Person","name":%q}`, a)
	}
	ld += `]}`
	d.ln(1, `<script type="application/ld+json">%s</script>`, ld)
	scriptsDetail(d, 1, b)
	d.ln(0, `</head>`)
	d.ln(0, `<body class="page page--product">`)
	d.ln(0, `<header class="site-header">`)
	d.ln(1, `<a class="site-header__logo" href="/">Inkwell &amp; Co.</a>`)
	d.ln(1, `<form class="site-header__search" action="/search" role="search"><input type="search" name="q" placeholder="Search by title, author or ISBN" aria-label="Search"><button type="submit">Search</button></form>`)
	d.ln(1, `<nav class="site-nav" aria-label="Main">`)
	d.ln(2, `<ul class="site-nav__list">`)
	for _, t := range []string{"Fiction", "Non-Fiction", "Children’s", "Young Adult", "Gifts", "Events", "Blog"} {
		d.ln(3, `<li class="site-nav__item"><a class="site-nav__link" href="/c/%s">%s</a></li>`, slug(t), d.esc(t))
	}
	d.ln(2, `</ul>`)
	d.ln(1, `</nav>`)
	d.ln(1, `<div class="site-header__cart"><a href="/basket" data-count="0">Basket</a></div>`)
	d.ln(0, `</header>`)
	d.ln(0, `<div class="promo-banner" role="note">Free delivery on orders over $35 · Members earn double points this week</div>`)
	d.ln(0, `<main class="product" itemscope itemtype="https://schema.org/Book">`)
	d.ln(1, `<div class="product__gallery"><img class="product__cover" src="https://cdn.example-books.com/covers/%s-L.jpg" alt="Cover of %s" loading="lazy"></div>`, b.isbn, d.esc(b.title))
	d.ln(1, `<section class="product__summary">`)
	d.ln(2, `<h1 class="product__title" itemprop="name">%s</h1>`, d.esc(b.title))
	d.ln(2, `<ul class="contributors">`)
	for i, a := range b.authors {
		role := b.roles[i]
		if role == "" {
			role = "Author"
		}
		d.ln(3, `<li class="contributors__item"><a class="contributors__name" itemprop="author" href="/contributor/%s">%s</a> <span class="contributors__role">(%s)</span></li>`, slug(a), d.esc(a), role)
	}
	d.ln(2, `</ul>`)
	if b.rating > 0 {
		d.ln(2, `<div class="rating" data-rating="%d.%d"><span class="rating__stars" aria-hidden="true">%s</span> <a class="rating__count" href="#reviews">%d ratings</a></div>`, b.rating/10, b.rating%10, stars(b.rating), b.reviews)
	}
	d.ln(2, `<div class="buybox">`)
	d.ln(3, `<div class="buybox__format">%s</div>`, b.binding)
	if b.listPrice != "" {
		d.ln(3, `<s class="buybox__was">%s</s>`, b.listPrice)
	}
	d.ln(3, `<span class="buybox__price" itemprop="price">%s</span>`, b.price)
	d.ln(3, `<button class="btn btn--primary" data-sku="%d">Add to basket</button>`, b.id)
	d.ln(3, `<p class="buybox__stock">%s</p>`, pick(r, []string{"In stock — ships tomorrow", "Usually dispatched within 3–5 days", "Only 2 left in stock", "Pre-order: released soon"}))
	d.ln(2, `</div>`)
	d.ln(2, `<p class="product__ids">ISBN13: %s · ISBN10: %s</p>`, b.isbn, b.isbn10)
	d.ln(1, `</section>`)
	d.ln(1, `<section class="product__description">`)
	d.ln(2, `<h2>About this book</h2>`)
	for _, l := range b.blurb {
		d.ln(2, `<p>%s</p>`, d.esc(l))
	}
	d.ln(1, `</section>`)
	d.ln(1, `<section class="product__details">`)
	d.ln(2, `<h2>Details</h2>`)
	d.ln(2, `<dl class="details">`)
	type row struct{ k, v string }
	var rows []row
	if b.publisher != "" {
		rows = append(rows, row{"Publisher", `<span itemprop="publisher">` + d.esc(b.publisher) + `</span>`})
	}
	if date != "" {
		rows = append(rows, row{"Publication date", `<time itemprop="datePublished" datetime="` + b.date.Format("2006-01-02") + `">` + date + `</time>`})
	}
	if r.IntN(100) < 70 {
		rows = append(rows, row{"Pages", itoa(b.pages)})
	}
	if b.dims != "" {
		rows = append(rows, row{"Dimensions", b.dims})
	}
	if r.IntN(100) < 50 {
		rows = append(rows, row{"Language", b.language})
	}
	if b.series != "" {
		rows = append(rows, row{"Series", `<a href="/series/` + slug(b.series) + `">` + d.esc(b.series) + `</a>`})
	}
	rows = append(rows, row{"Format", b.binding})
	for _, rw := range rows {
		d.ln(3, `<dt>%s</dt>`, rw.k)
		d.ln(3, `<dd>%s</dd>`, rw.v)
	}
	d.ln(2, `</dl>`)
	d.ln(1, `</section>`)
	d.ln(1, `<details class="product__shipping"><summary>Delivery &amp; returns</summary><p>Standard delivery 3–5 working days, free on orders over $35. Express delivery next working day if ordered before 2pm. Not happy? Return any book in its original condition within 30 days for a full refund — see our returns policy for details and exceptions.</p></details>`)
	d.ln(1, `<section class="recs">`)
	d.ln(2, `<h2>You may also like</h2>`)
	d.ln(2, `<div class="recs__grid">`)
	for _, o := range otherBooks(r, w, 5, b) {
		d.ln(3, `<article class="card"><a class="card__link" href="/p/%s"><img class="card__img" src="/covers/%s-S.jpg" alt=""><h3 class="card__title">%s</h3></a><p class="card__author">%s</p><p class="card__price">%s</p></article>`, slug(o.title), slug(o.title), d.esc(o.title), d.esc(o.author), o.price)
	}
	d.ln(2, `</div>`)
	d.ln(1, `</section>`)
	d.ln(1, `<section class="reviews" id="reviews">`)
	d.ln(2, `<h2>Reader reviews</h2>`)
	for i := range min(b.reviews, 2) {
		d.ln(2, `<blockquote class="review"><p>%s</p><footer>— %s</footer></blockquote>`, d.esc(reviewLines[(pageNo+i*3)%len(reviewLines)]), reviewerNames[(pageNo*3+i)%len(reviewerNames)])
	}
	if b.reviews == 0 {
		d.ln(2, `<p>No reviews yet. <a href="/review/new?sku=%d">Write the first one</a>.</p>`, b.id)
	}
	d.ln(1, `</section>`)
	d.ln(0, `</main>`)
	d.ln(0, `<aside class="recently-viewed" aria-label="Recently viewed">`)
	d.ln(1, `<h2>Recently viewed</h2>`)
	for i := range 3 {
		t := w.titles[(pageNo*11+i*23+3)%len(w.titles)]
		d.ln(1, `<a class="recently-viewed__item" href="/p/%s">%s</a>`, slug(t), d.esc(t))
	}
	d.ln(0, `</aside>`)
	d.ln(0, `<footer class="site-footer">`)
	d.ln(1, `<div class="site-footer__cols">`)
	for _, col := range [][]string{{"Shop", "Gift cards", "Book clubs", "Signed editions", "Bestsellers"}, {"Help", "Delivery", "Returns", "Contact us", "FAQ"}, {"About", "Our shops", "Careers", "Press", "Affiliates"}} {
		d.ln(2, `<div class="site-footer__col"><h4>%s</h4><ul>`, col[0])
		for _, c := range col[1:] {
			d.ln(3, `<li><a href="/%s">%s</a></li>`, slug(c), c)
		}
		d.ln(2, `</ul></div>`)
	}
	d.ln(1, `</div>`)
	d.ln(1, `<form class="newsletter" action="/newsletter" method="post"><label for="nl-email">Get staff picks, new releases and event invitations in your inbox every Friday.</label> <input id="nl-email" type="email" name="email" placeholder="you@example.com"> <button type="submit">Sign up</button></form>`)
	d.ln(1, `<p class="site-footer__shops">Our shops: Portland · Eugene · Bend · Corvallis · Ashland — open every day 9am–9pm, holidays 10am–6pm. Gift wrapping is free in store and online; special orders usually arrive within a week.</p>`)
	d.ln(1, `<p class="site-footer__legal">© 2021 Inkwell &amp; Co. Ltd · %s</p>`, d.esc(pick(r, blurbs)))
	d.ln(0, `</footer>`)
	d.ln(0, `<script src="/assets/app.91b2aa.js" defer></script>`)
	d.ln(0, `</body>`)
	d.ln(0, `</html>`)
	return b.object(b.isbn, date)
}
