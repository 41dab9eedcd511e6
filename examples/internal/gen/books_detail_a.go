package main

import (
	"strings"
)

// bookDetailA renders a 2000s chain bookseller's product page: XHTML 1.0
// tables, named entities, the title in an <h1> with the binding in a
// separate <span>, authors as "by <a>A</a>, <a>B</a> (Editor)", and a
// "Product Details" table of <th>label</th><td>value</td> rows: ISBN-13
// (hyphenated on about half of the pages), ISBN-10, Publisher, Publication
// date "06/01/2010", pages, binding, dimensions. A "customers also bought"
// table, a "more by this author" box and a bestseller sidebar carry other
// titles and authors.
func bookDetailA(d *doc, b detailBook, pageNo int, w *world) detailObject {
	d.unit, d.ent, d.alt, d.sloppy = "  ", entNamed, entNumeric, 8
	r := d.r
	isbn := b.isbn
	if r.IntN(100) < 50 {
		isbn = hyphenate(b.isbn, r)
	}
	date := ""
	if !b.date.IsZero() {
		date = b.date.Format("01/02/2006")
	}
	d.ln(0, `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">`)
	d.ln(0, `<html xmlns="http://www.w3.org/1999/xhtml">`)
	d.ln(0, `<head>`)
	d.ln(1, `<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />`)
	d.ln(1, `<title>%s by %s - %s - Pageturner Books</title>`, d.esc(b.title), d.esc(b.authors[0]), b.binding)
	d.ln(1, `<meta name="description" content="%s by %s, %s. Buy online at Pageturner Books and save." />`, d.esc(b.title), d.esc(b.authors[0]), b.binding)
	d.ln(1, `<link rel="stylesheet" type="text/css" href="/static/css/pt-main.css?v=2011" />`)
	scriptsDetail(d, 1, b)
	d.ln(0, `</head>`)
	d.ln(0, `<body class="product">`)
	d.ln(0, `<div id="wrapper">`)
	d.ln(1, `<table id="header" width="100%%" cellpadding="0" cellspacing="0"><tr>`)
	d.ln(2, `<td class="logo"><a href="/"><img src="/img/logo.gif" alt="Pageturner Books" width="210" height="48" /></a></td>`)
	d.ln(2, `<td class="search"><form action="/search" method="get"><select name="dept"><option>Books</option><option>eBooks</option><option>Music</option><option>Movies</option></select> <input type="text" name="q" size="40" /> <input type="image" src="/img/go.gif" alt="Go" /></form></td>`)
	d.ln(2, `<td class="account"><a href="/account">My Account</a> | <a href="/wishlist">Wish List</a> | <a href="/cart">Cart (0 items)</a></td>`)
	d.ln(1, `</tr></table>`)
	d.ln(1, `<table id="tabs" cellpadding="0" cellspacing="0"><tr>`)
	for _, t := range []string{"Books", "Bestsellers", "New Releases", "Coming Soon", "Bargain Books", "eBooks", "Kids", "Textbooks", "Gift Cards"} {
		d.ln(2, `<td><a href="/%s/">%s</a></td>`, slug(t), t)
	}
	d.ln(1, `</tr></table>`)
	d.ln(1, `<div id="breadcrumb"><a href="/">Home</a> &gt; <a href="/books/">Books</a> &gt; <a href="/books/%s/">%s</a></div>`, slug(b.binding), b.binding)
	d.ln(1, `<table id="layout" width="100%%" cellpadding="0" cellspacing="0"><tr>`)
	// Left sidebar: browse and bestsellers.
	d.ln(2, `<td id="left" valign="top" width="180">`)
	d.ln(3, `<div class="box"><h3>Browse Subjects</h3><ul>`)
	for _, s := range []string{"Art &amp; Photography", "Biography", "Business", "Children's Books", "Cooking", "Fiction", "History", "Mystery &amp; Crime", "Poetry", "Science Fiction", "Travel"} {
		d.ln(4, `<li><a href="/subject/%s">%s</a></li>`, slug(s), s)
	}
	d.ln(3, `</ul></div>`)
	d.ln(3, `<div class="box"><h3>Bestsellers</h3><ol>`)
	for i := range 5 {
		t, a := w.titles[(pageNo*3+i*17)%90], w.authors[(pageNo*5+i*7)%90]
		d.ln(4, `<li><a href="/p/%s">%s</a><br /><span class="small">%s</span></li>`, slug(t), d.esc(t), d.esc(a))
	}
	d.ln(3, `</ol></div>`)
	d.ln(2, `</td>`)
	// Main column.
	d.ln(2, `<td id="main" valign="top">`)
	d.ln(3, `<table class="prod-top" cellpadding="0" cellspacing="0"><tr>`)
	d.ln(4, `<td class="cover" valign="top"><img src="/covers/%s.jpg" alt="%s" width="150" /><br /><a href="/look-inside/%s" class="small">Look Inside</a></td>`, b.isbn, d.esc(b.title), b.isbn)
	d.ln(4, `<td class="info" valign="top">`)
	d.ln(5, `<h1 class="title">%s <span class="format">(%s)</span></h1>`, d.esc(b.title), b.binding)
	var by []string
	for i, a := range b.authors {
		by = append(by, `<a href="/author/`+slug(a)+`">`+d.esc(a)+`</a>`+rolesText(b.roles[i]))
	}
	d.ln(5, `<div class="contributors">by %s</div>`, strings.Join(by, ", "))
	if b.rating > 0 {
		d.ln(5, `<div class="rating"><img src="/img/stars-%d.gif" alt="%d.%d out of 5 stars" /> <a href="#reviews">(%d customer reviews)</a></div>`, b.rating/5*5, b.rating/10, b.rating%10, b.reviews)
	}
	d.ln(5, `<table class="price" cellpadding="2" cellspacing="0">`)
	if b.listPrice != "" {
		d.ln(6, `<tr><td class="label">List Price:</td><td><strike>%s</strike></td></tr>`, b.listPrice)
	}
	d.ln(6, `<tr><td class="label">Our Price:</td><td class="ourprice"><b>%s</b></td></tr>`, b.price)
	d.ln(6, `<tr><td class="label">Members:</td><td>%s &nbsp;<a href="/membership">Join now</a></td></tr>`, money(r, 4, 30))
	d.ln(5, `</table>`)
	d.ln(5, `<p class="avail">%s</p>`, pick(r, []string{"In Stock. Usually ships within 24 hours.", "Usually ships in 2&ndash;3 business days.", "Pre-order now: this title ships on release.", "Available Online Only"}))
	d.ln(5, `<form id="cart" action="/cart/add" method="post"><input type="hidden" name="sku" value="%d" /><input type="hidden" name="qty" value="1" /><input type="image" src="/img/add-to-cart.gif" alt="Add to Cart" onclick="return addToCart(%d)" /></form>`, b.id, b.id)
	d.ln(4, `</td>`)
	d.ln(3, `</tr></table>`)
	d.ln(3, `<div class="ad728"><a href="/promo/summer-reading"><img src="/ads/summer-reading.jpg" alt="Summer Reading: Buy 2, Get the 3rd Free" width="468" height="60" /></a></div>`)
	// Overview.
	d.ln(3, `<h2>Overview</h2>`)
	d.ln(3, `<div class="overview">`)
	for _, l := range b.blurb {
		d.ln(4, `<p>%s</p>`, d.esc(l))
	}
	d.ln(3, `</div>`)
	// Product details table.
	d.ln(3, `<h2>Product Details</h2>`)
	d.ln(3, `<table class="details" cellpadding="3" cellspacing="0" border="0">`)
	d.ln(4, `<tr><th>ISBN-13:</th><td>%s</td></tr>`, isbn)
	d.ln(4, `<tr><th>ISBN-10:</th><td>%s</td></tr>`, b.isbn10)
	if b.publisher != "" {
		d.ln(4, `<tr><th>Publisher:</th><td>%s</td></tr>`, d.esc(b.publisher))
	}
	if date != "" {
		d.ln(4, `<tr><th>Publication date:</th><td>%s</td></tr>`, date)
	}
	if b.series != "" {
		d.ln(4, `<tr><th>Series:</th><td><a href="/series/%s">%s</a></td></tr>`, slug(b.series), d.esc(b.series))
	}
	d.ln(4, `<tr><th>Pages:</th><td>%d</td></tr>`, b.pages)
	d.ln(4, `<tr><th>Format:</th><td>%s</td></tr>`, b.binding)
	if b.dims != "" {
		d.ln(4, `<tr><th>Product dimensions:</th><td>%s</td></tr>`, b.dims)
	}
	d.ln(4, `<tr><th>Sales rank:</th><td>%d</td></tr>`, 1000+r.IntN(900000))
	d.ln(3, `</table>`)
	// Also bought.
	d.ln(3, `<h2>Customers Who Bought This Item Also Bought</h2>`)
	d.ln(3, `<table class="also" cellpadding="4"><tr>`)
	for _, o := range otherBooks(r, w, 4, b) {
		d.ln(4, `<td valign="top" width="25%%"><a href="/p/%s"><img src="/covers/s/%s.jpg" alt="" /></a><br /><a href="/p/%s">%s</a><br />by %s<br /><span class="price">%s</span></td>`, slug(o.title), slug(o.title), slug(o.title), d.esc(o.title), d.esc(o.author), o.price)
	}
	d.ln(3, `</tr></table>`)
	// Reviews.
	d.ln(3, `<h2><a name="reviews"></a>Customer Reviews</h2>`)
	if b.reviews == 0 {
		d.ln(3, `<p>Be the first to <a href="/review/%d">write a review</a>.</p>`, b.id)
	}
	for i := range min(b.reviews, 3) {
		rd := b.date.AddDate(0, 2+i*3, i*5)
		if b.date.IsZero() {
			rd = rd.AddDate(2008, 0, 0)
		}
		d.ln(3, `<div class="review"><b>%s</b> &ndash; %s, %s<br />%s</div>`, pick(r, []string{"Wonderful!", "A must read", "Good, not great", "Loved it"}), reviewerNames[(pageNo+i)%len(reviewerNames)], rd.Format("01/02/2006"), d.esc(pick(r, reviewLines)))
	}
	d.ln(2, `</td>`)
	// Right column: more by the author, ad.
	d.ln(2, `<td id="right" valign="top" width="200">`)
	d.ln(3, `<div class="box"><h3>More by %s</h3><ul>`, d.esc(b.authors[0]))
	for i := range 3 {
		d.ln(4, `<li><a href="/p/%d">%s</a></li>`, i, d.esc(w.titles[(pageNo*7+i*31+5)%len(w.titles)]))
	}
	d.ln(3, `</ul></div>`)
	d.ln(3, `<div class="box ad"><a href="/membership"><img src="/ads/member-160.gif" alt="Members save 10%% every day" width="160" height="600" /></a></div>`)
	d.ln(2, `</td>`)
	d.ln(1, `</tr></table>`)
	d.ln(1, `<div id="footer">`)
	d.ln(2, `<p><a href="/about">About Us</a> | <a href="/careers">Careers</a> | <a href="/stores">Store Locator</a> | <a href="/help">Help</a> | <a href="/shipping">Shipping</a> | <a href="/returns">Returns</a> | <a href="/privacy">Privacy Policy</a> | <a href="/terms">Terms of Use</a></p>`)
	d.ln(2, `<p>%s</p>`, d.esc(pick(r, blurbs)))
	d.ln(2, `<p>&copy; 1997&ndash;2011 Pageturner Books, Inc. All rights reserved.</p>`)
	d.ln(1, `</div>`)
	d.ln(0, `</div>`)
	d.ln(0, `</body>`)
	d.ln(0, `</html>`)
	return b.object(isbn, date)
}
