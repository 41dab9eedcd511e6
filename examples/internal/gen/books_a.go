package main

import (
	"fmt"
)

// booksA renders a 2000s online bookstore's search results: a numbered
// table, the date inside "(Paperback - July 13, 2010)" after the title,
// "by A, B (Illustrator) and C" with author links, an optional struck-out
// list price before the real price, an optional "used & new from" price,
// star ratings, a bestseller sidebar with titles and authors, and ads.
func booksA(d *doc, p bookPage, pageNo int, w *world) []bookObject {
	d.unit, d.ent, d.alt, d.sloppy = " ", entNamed, entNumeric, 6
	r := d.r
	d.ln(0, `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">`)
	d.ln(0, `<html xmlns="http://www.w3.org/1999/xhtml">`)
	d.ln(0, `<head>`)
	d.ln(0, `<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />`)
	d.ln(0, `<title>Books: &quot;%s&quot; - Search Results | PageTurner Books</title>`, p.query)
	d.ln(0, `<link rel="stylesheet" href="/css/site-2009.css" type="text/css" />`)
	d.ln(0, `<style type="text/css">`)
	for _, rule := range []string{
		".srTitle { font-weight: bold; font-size: 13px; }",
		".binding { color: #666; font-size: 11px; }",
		".listprice strike { color: #999; } .price { color: #990000; font-weight: bold; }",
		".avail { color: #009900; font-size: 11px; }",
		"#sidebar h3 { background: #F0E6C8; font-size: 12px; margin: 0; padding: 3px; }",
		"td.num { color: #999; font-size: 14px; vertical-align: top; }",
	} {
		d.ln(1, "%s", rule)
	}
	d.ln(0, `</style>`)
	scriptBlock(d, 0, "pageturner", pageNo)
	d.ln(0, `</head>`)
	d.ln(0, `<body>`)
	d.ln(0, `<div id="header">`)
	d.ln(1, `<a href="/"><img src="/images/pt-logo.gif" alt="PageTurner Books" width="200" height="45" /></a>`)
	d.ln(1, `<div id="tabs"><a href="/books/" class="selected">Books</a> <a href="/music/">Music</a> <a href="/dvd/">DVD</a> <a href="/toys/">Toys &amp; Games</a> <a href="/gift-cards/">Gift Cards</a> <a href="/bargains/">Bargains</a></div>`)
	d.ln(1, `<form id="searchform" action="/search" method="get">`)
	d.ln(2, `<select name="cat"><option value="books" selected="selected">Books</option><option value="all">All Products</option></select>`)
	d.ln(2, `<input type="text" name="kw" value="%s" size="40" /> <input type="image" src="/images/go.gif" alt="Go" />`, p.query)
	d.ln(1, `</form>`)
	d.ln(1, `<div id="account">Hello. <a href="/signin">Sign in</a> to get personalized recommendations. New customer? <a href="/register">Start here</a>. | <a href="/cart">Cart</a></div>`)
	d.ln(0, `</div>`)
	d.ln(0, `<table width="100%%" border="0" cellpadding="0" cellspacing="0"><tr>`)
	d.ln(0, `<td valign="top" id="main">`)
	d.ln(1, `<div class="breadcrumb"><a href="/">PageTurner</a> &rsaquo; <a href="/books/">Books</a> &rsaquo; Search results</div>`)
	var objs []bookObject
	if len(p.books) == 0 {
		d.ln(1, `<h2>Your search &quot;%s&quot; did not match any products.</h2>`, p.query)
		d.ln(1, `<p>Did you mean: <a href="/search?kw=%ss">%ss</a>? Check the spelling, or try fewer or more general keywords.</p>`, p.query, p.query)
	} else {
		d.ln(1, `<div class="resultCount">Showing %d - %d of %d Results for <b>&quot;%s&quot;</b></div>`, p.offset+1, p.offset+len(p.books), p.total, p.query)
		d.ln(1, `<div class="sortby">Sort by: <select name="sort"><option>Relevance</option><option>Bestselling</option><option>Price: Low to High</option><option>Publication Date</option></select></div>`)
		d.ln(1, `<table class="searchresults" width="100%%" border="0" cellpadding="3" cellspacing="0">`)
		for i, b := range p.books {
			d.ln(1, `<tr id="result_%d">`, p.offset+i)
			d.ln(2, `<td class="num">%d.</td>`, p.offset+i+1)
			d.ln(2, `<td class="img" width="90"><a href="/dp/%s"><img src="/images/covers/%s._SL75_.jpg" alt="%s" width="75" border="0" /></a></td>`, b.isbn, b.isbn, d.esc(b.title))
			d.ln(2, `<td class="info" valign="top">`)
			bind := b.binding
			obj := bookObject{Title: b.title, Author: b.authors, Price: b.price}
			if !b.date.IsZero() {
				obj.Date = b.date.Format("January 2, 2006")
				bind += " - " + obj.Date
			}
			d.ln(3, `<a href="/dp/%s" class="srTitle">%s</a> <span class="binding">(%s)</span><br />`, b.isbn, d.esc(b.title), bind)
			var by []string
			for j, a := range b.authors {
				s := fmt.Sprintf(`<a href="/author/%s">%s</a>`, slug(a), d.esc(a))
				if b.roles[j] != "" {
					s += " (" + b.roles[j] + ")"
				}
				by = append(by, s)
			}
			d.ln(3, `<span class="byline">by %s</span><br />`, joinAnd(by, ", ", " and "))
			if b.listPrice != "" {
				d.ln(3, `<span class="listprice">List Price: <strike>%s</strike></span><br />`, b.listPrice)
			}
			d.ln(3, `<span class="buynew">Buy new: <span class="price">%s</span></span>`, b.price)
			if b.usedFrom != "" {
				d.ln(3, ` &nbsp; <a href="/offers/%s" class="used">%d used &amp; new from %s</a>`, b.isbn, 2+r.IntN(40), b.usedFrom)
			}
			d.ln(3, `<br /><span class="avail">%s</span>`, pick(r, []string{"Usually ships in 24 hours", "In Stock", "Usually ships in 1 to 3 weeks", "Only 2 left in stock - order soon."}))
			if b.rating > 0 {
				d.ln(3, `<br /><span class="stars" title="%d.%d out of 5 stars">%s</span> (<a href="/reviews/%s">%d customer reviews</a>)`, b.rating/10, b.rating%10, d.esc(stars(b.rating)), b.isbn, b.reviews)
			}
			d.ln(2, `</td>`)
			d.ln(1, `</tr>`)
			objs = append(objs, obj)
		}
		d.ln(1, `</table>`)
		pagination(d, 1, p.offset/12+1, (p.total+11)/12, "&laquo; Previous", "Next &raquo;")
	}
	d.ln(0, `</td>`)

	// Sidebar: bestsellers (title + author, no price) and an ad with a price.
	d.ln(0, `<td valign="top" id="sidebar" width="220">`)
	d.ln(1, `<h3>Bestsellers in Books</h3>`)
	d.ln(1, `<ol>`)
	for i := range 5 {
		t, a := w.titles[(pageNo+i*7)%40], w.authors[(pageNo*3+i)%40]
		d.ln(2, `<li><a href="/dp/bs%d">%s</a><br /><span class="small">by %s</span></li>`, i, d.esc(t), d.esc(a))
	}
	d.ln(1, `</ol>`)
	d.ln(1, `<h3>Browse Subjects</h3>`)
	d.ln(1, `<ul class="subjects">`)
	for _, s := range []string{"Arts &amp; Photography", "Biographies &amp; Memoirs", "Business &amp; Investing", "Children&#39;s Books", "Computers &amp; Internet", "Cooking, Food &amp; Wine", "Entertainment", "Health, Mind &amp; Body", "History", "Home &amp; Garden", "Literature &amp; Fiction", "Mystery &amp; Thrillers", "Nonfiction", "Outdoors &amp; Nature", "Reference", "Religion &amp; Spirituality", "Science", "Science Fiction &amp; Fantasy", "Sports", "Travel"} {
		d.ln(2, `<li><a href="/books/subject/%s">%s</a></li>`, slug(s), s)
	}
	d.ln(1, `</ul>`)
	d.ln(1, `<div class="ad" id="ad_sky"><!-- ad: books_sky_%d -->`, r.IntN(100))
	d.ln(2, `<a href="http://ads.example.net/x?%d"><img src="http://ads.example.net/i/%d.gif" width="160" height="250" alt="" /></a><br />`, r.IntN(99999), r.IntN(99999))
	d.ln(2, `<span class="adtext">Textbooks from %s &ndash; save up to 90%%!</span>`, money(r, 1, 9))
	d.ln(1, `</div>`)
	d.ln(0, `</td>`)
	d.ln(0, `</tr></table>`)
	d.ln(0, `<div id="footer">`)
	d.ln(1, `<a href="/help/">Help</a> | <a href="/shipping/">Shipping Rates</a> | <a href="/returns/">Returns</a> | <a href="/affiliates/">Affiliates</a> | <a href="/jobs/">Jobs</a>`)
	d.ln(1, `<p>%s</p>`, d.esc(pick(r, blurbs)))
	d.ln(1, `<p>Conditions of Use | Privacy Notice &copy; 1996-2010, PageTurner Books, Inc. or its affiliates</p>`)
	d.ln(0, `</div>`)
	d.ln(0, `</body>`)
	d.ln(0, `</html>`)
	return objs
}
