package main

import (
	"fmt"
)

// booksB renders a modern bookstore's product grid: HTML5, raw UTF-8, a
// <ul> of product tiles with data-* attributes, the title inside padded
// whitespace, authors as links in separate spans joined by ", " spans, a
// detail list where "Published:" and a "07/13/2010" date sit in sibling
// spans (absent for some books), the price split from a "was" price, an
// optional second format with its own price, and a "recently viewed"
// strip of titles with prices after the grid.
func booksB(d *doc, p bookPage, pageNo int, w *world) []bookObject {
	d.unit, d.ent, d.alt, d.sloppy = "  ", entRaw, entNumeric, 2
	r := d.r
	d.ln(0, `<!DOCTYPE html>`)
	d.ln(0, `<html lang="en">`)
	d.ln(0, `<head>`)
	d.ln(1, `<meta charset="UTF-8">`)
	d.ln(1, `<meta name="viewport" content="width=device-width,initial-scale=1">`)
	d.ln(1, `<title>%s | Search results | Chapter &amp; Verse</title>`, p.query)
	d.ln(1, `<meta name="robots" content="noindex,follow">`)
	d.ln(1, `<link rel="stylesheet" href="/assets/main.min.css?v=4.12.0">`)
	d.ln(1, `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`)
	d.ln(1, `<script>window.__INITIAL_STATE__={"search":{"q":"%s","page":%d,"total":%d},"user":null,"flags":{"newCheckout":true}};</script>`, p.query, p.offset/24+1, p.total)
	d.ln(1, `<script defer src="/assets/vendor.min.js"></script><script defer src="/assets/main.min.js"></script>`)
	d.ln(0, `</head>`)
	d.ln(0, `<body class="search-page">`)
	d.ln(1, `<div class="promo-bar">Free shipping on orders over $35 · <a href="/membership">Members save 10%%</a></div>`)
	d.ln(1, `<header class="header">`)
	d.ln(2, `<div class="header__top"><a class="header__logo" href="/">Chapter &amp; Verse</a>`)
	d.ln(3, `<form class="header__search" action="/search" role="search"><input type="search" name="q" value="%s" aria-label="Search books"><button type="submit">Search</button></form>`, p.query)
	d.ln(3, `<ul class="header__account"><li><a href="/account">Sign in</a></li><li><a href="/wishlist">Wishlist</a></li><li><a class="cart-link" href="/cart">Cart <span class="cart-count" data-count="0">0</span></a></li></ul>`)
	d.ln(2, `</div>`)
	d.ln(2, `<nav class="mega-nav"><ul>`)
	for _, s := range []string{"Books", "eBooks", "Audiobooks", "Kids", "Teens", "Gift Cards", "Sale"} {
		d.ln(3, `<li class="mega-nav__item"><a href="/c/%s">%s</a></li>`, slug(s), s)
	}
	d.ln(2, `</ul></nav>`)
	d.ln(1, `</header>`)
	d.ln(1, `<main class="search-results">`)
	d.ln(2, `<ol class="crumbs"><li><a href="/">Home</a></li><li><a href="/search">Search</a></li><li>“%s”</li></ol>`, p.query)
	d.ln(2, `<div class="search-results__layout">`)
	d.ln(3, `<aside class="facets">`)
	for _, f := range [][]string{{"Format", "Hardcover", "Paperback", "eBook", "Audiobook"}, {"Price", "Under $10", "$10 – $25", "$25 – $50", "Over $50"}, {"Availability", "In stock online", "Pick up in store"}} {
		d.ln(4, `<fieldset class="facet"><legend>%s</legend>`, f[0])
		for _, o := range f[1:] {
			d.ln(5, `<label class="facet__option"><input type="checkbox" name="f_%s"> %s <span class="facet__count">(%d)</span></label>`, slug(f[0]), o, r.IntN(400))
		}
		d.ln(4, `</fieldset>`)
	}
	d.ln(3, `</aside>`)
	d.ln(3, `<section class="results">`)
	var objs []bookObject
	if len(p.books) == 0 {
		d.ln(4, `<div class="no-results" role="status"><h1>No results found for “%s”</h1><p>Check your spelling or try a broader search.</p></div>`, p.query)
	} else {
		d.ln(4, `<h1 class="results__heading">Results for “%s” <small>%d–%d of %d</small></h1>`, p.query, p.offset+1, p.offset+len(p.books), p.total)
		d.ln(4, `<ul class="product-grid" data-list="search">`)
		for i, b := range p.books {
			d.ln(5, `<li class="product-grid__item">`)
			d.ln(6, `<div class="product-tile" data-product-id="%s" data-position="%d" data-price="%s">`, b.isbn, p.offset+i+1, b.price[1:])
			d.ln(7, `<a class="product-tile__image" href="/p/%s/%s"><img src="https://img.example-cdn.com/%s.jpg?w=180" alt="%s" loading="lazy"></a>`, slug(b.title), b.isbn, b.isbn, d.esc(b.title))
			d.ln(7, `<h2 class="product-tile__title"><a href="/p/%s/%s">`, slug(b.title), b.isbn)
			d.ln(8, `%s`, d.esc(b.title))
			d.ln(7, `</a></h2>`)
			d.raw("              <div class=\"product-tile__contributors\">")
			for j, a := range b.authors {
				if j > 0 {
					d.raw(`<span class="sep">, </span>`)
				}
				fmt.Fprintf(&d.b, `<span class="contributor"><a href="/contributor/%s">%s</a></span>`, slug(a), d.esc(a))
			}
			d.raw("</div>\n")
			d.ln(7, `<ul class="product-tile__details">`)
			d.ln(8, `<li><span class="label">Format:</span> <span>%s</span></li>`, b.binding)
			obj := bookObject{Title: b.title, Author: b.authors, Price: b.price}
			if !b.date.IsZero() {
				obj.Date = b.date.Format("01/02/2006")
				d.ln(8, `<li><span class="label">Published:</span> <span class="pub-date">%s</span></li>`, obj.Date)
			}
			d.ln(7, `</ul>`)
			if b.rating > 0 {
				d.ln(7, `<div class="rating" aria-label="Rated %d.%d out of 5"><span class="rating__stars" style="--rating:%d.%d"></span><span class="rating__count">(%d)</span></div>`, b.rating/10, b.rating%10, b.rating/10, b.rating%10, b.reviews)
			}
			d.ln(7, `<div class="product-tile__price">`)
			d.ln(8, `<span class="price price--current">%s</span>`, b.price)
			if b.listPrice != "" {
				d.ln(8, `<span class="price price--was"><span class="visually-hidden">Was</span> <s>%s</s></span>`, b.listPrice)
			}
			d.ln(7, `</div>`)
			if b.ebook != "" {
				d.ln(7, `<p class="product-tile__alt-format">Also available: <a href="/p/%s/%s?format=ebook">eBook %s</a></p>`, slug(b.title), b.isbn, b.ebook)
			}
			d.ln(7, `<button class="btn btn--add" data-action="add-to-cart" data-sku="%s">Add to cart</button>`, b.isbn)
			d.ln(6, `</div>`)
			d.ln(5, `</li>`)
			objs = append(objs, obj)
		}
		d.ln(4, `</ul>`)
		if p.total > p.offset+len(p.books) {
			d.ln(4, `<nav class="pager"><a class="pager__next" href="?q=%s&amp;page=%d" rel="next">Next page</a></nav>`, p.query, p.offset/24+2)
		}
	}
	d.ln(3, `</section>`)
	d.ln(2, `</div>`)
	// Recently viewed: title + price tiles, a look-alike of the results.
	d.ln(2, `<section class="carousel carousel--recent" aria-label="Recently viewed">`)
	d.ln(3, `<h2 class="carousel__title">Recently viewed</h2>`)
	d.ln(3, `<ul class="carousel__track">`)
	for range 4 {
		t := pick(r, w.titles)
		d.ln(4, `<li class="carousel__item"><a href="/p/%s"><img src="https://img.example-cdn.com/rv%d.jpg?w=90" alt=""><span class="carousel__name">%s</span></a><span class="price">%s</span></li>`, slug(t), r.IntN(9999), d.esc(t), money(r, 5, 30))
	}
	d.ln(3, `</ul>`)
	d.ln(2, `</section>`)
	d.ln(1, `</main>`)
	d.ln(1, `<footer class="footer">`)
	d.ln(2, `<div class="footer__links"><a href="/about">About us</a><a href="/stores">Store locator</a><a href="/help">Help</a><a href="/returns">Returns</a><a href="/gift-cards">Gift Cards</a><a href="/accessibility">Accessibility</a></div>`)
	d.ln(2, `<p class="footer__note">%s</p>`, d.esc(pick(r, blurbs)))
	d.ln(2, `<p class="footer__copy">© 2021 Chapter &amp; Verse Booksellers. All rights reserved.</p>`)
	d.ln(1, `</footer>`)
	d.ln(0, `</body>`)
	d.ln(0, `</html>`)
	return objs
}
