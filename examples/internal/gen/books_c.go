package main

import (
	"strings"
)

// booksC renders an independent bookshop's catalogue search: an <ol> with
// inline styles on every element, numeric entities, authors as plain text
// "by A, B &amp; C" in one text node, the date as "13 Jul 2010" at the
// start of a "date | binding | pages" line (the line starts with the
// binding when there is no date), the price in a styled <span> next to an
// "add to basket" link, a staff-picks box with titles and authors, and no
// </li> end tags.
func booksC(d *doc, p bookPage, pageNo int, w *world) []bookObject {
	d.unit, d.ent, d.alt, d.sloppy = "\t", entNumeric, entNamed, 10
	r := d.r
	d.ln(0, `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">`)
	d.ln(0, `<html>`)
	d.ln(0, `<head>`)
	d.ln(0, `<meta http-equiv="Content-Type" content="text/html; charset=utf-8">`)
	d.ln(0, `<title>Catalogue search: %s &#8212; Larkspur Lane Books</title>`, p.query)
	d.ln(0, `<meta name="description" content="Larkspur Lane Books is an independent bookshop: new and secondhand books, special orders, author events and a monthly book club.">`)
	d.ln(0, `<meta name="keywords" content="books, bookshop, independent bookstore, secondhand books, book club, author events, special orders">`)
	d.ln(0, `<link rel="stylesheet" type="text/css" href="/css/print.css" media="print">`)
	d.ln(0, `<script type="text/javascript" src="/js/jquery-1.4.2.min.js"></script>`)
	d.ln(0, `<script type="text/javascript">$(function(){ $('#q').focus(); $('a.basket').click(function(){ return confirm('Add to basket?'); }); });</script>`)
	d.ln(0, `</head>`)
	d.ln(0, `<body style="margin:0;background:#fbfaf5;font:13px/1.4 Georgia,'Times New Roman',serif;color:#222">`)
	d.ln(0, `<div style="border-bottom:3px double #6b4f2a;padding:12px 24px">`)
	d.ln(1, `<a href="/" style="font-size:26px;color:#6b4f2a;text-decoration:none">Larkspur Lane Books</a>`)
	d.ln(1, `<span style="float:right;font-size:11px">Open daily 10&#8211;7 &#183; 1 (555) 014-2290 &#183; <a href="/basket">Basket (0)</a></span>`)
	d.ln(0, `</div>`)
	d.ln(0, `<div style="background:#efe8d8;padding:6px 24px;font-size:12px">`)
	for i, s := range []string{"New Arrivals", "Fiction", "Non-fiction", "Children&#8217;s", "Events", "Book Club", "About the Shop"} {
		if i > 0 {
			d.raw(" &nbsp;&#183;&nbsp; ")
		}
		d.raw(`<a href="/` + slug(strings.ReplaceAll(s, "&#8217;", "")) + `/" style="color:#6b4f2a">` + s + `</a>`)
	}
	d.raw("\n</div>\n")
	d.ln(0, `<div style="padding:12px 24px">`)
	d.ln(0, `<p style="font-size:11px;color:#777;margin:0 0 8px"><a href="/">Home</a> &#8250; <a href="/catalogue">Catalogue</a> &#8250; Search results</p>`)
	d.ln(0, `<form action="/catalogue" method="get" style="margin:0 0 10px">Search our catalogue: <input id="q" type="text" name="q" value="%s" size="32"> <input type="submit" value="Search"></form>`, p.query)
	d.ln(0, `<div style="float:right;width:210px;margin-left:20px;padding:8px;border:1px solid #d8ccb0;background:#fff">`)
	d.ln(1, `<p style="margin:0 0 6px;font-weight:bold">Staff Picks</p>`)
	for i := range 4 {
		t, a := w.titles[(pageNo*5+i*11)%60], w.authors[(pageNo+i*13)%60]
		d.ln(1, `<p style="margin:0 0 8px;font-size:12px"><a href="/book/%s">%s</a><br><i>%s</i> &#8212; &#8220;Couldn&#8217;t put it down.&#8221;</p>`, slug(t), d.esc(t), d.esc(a))
	}
	d.ln(1, `<p style="margin:12px 0 6px;font-weight:bold">At the Shop</p>`)
	for _, e := range []string{"Tuesday Story Time for little ones, 10:30 in the children&#8217;s corner", "Poetry night: open mic, bring a poem (yours or someone else&#8217;s)", "Used book swap &#8212; first Saturday of every month", "Author readings: see the Events page for this season&#8217;s visiting writers", "Knitting &amp; Reading circle meets Thursdays at 6"} {
		d.ln(1, `<p style="margin:0 0 6px;font-size:11px">%s</p>`, e)
	}
	d.ln(1, `<p style="margin:10px 0 0;font-size:11px;color:#6b4f2a">Book club members: 10%% off every title. Annual membership only $15.00!</p>`)
	d.ln(0, `</div>`)
	var objs []bookObject
	if len(p.books) == 0 {
		d.ln(0, `<p style="font-style:italic">Sorry &#8212; we found no books matching &#8220;%s&#8221;. We can order almost anything: <a href="/special-orders">ask about special orders</a>.</p>`, p.query)
	} else {
		d.ln(0, `<p style="color:#666;font-size:12px">%d titles match &#8220;%s&#8221; (showing %d&#8211;%d)</p>`, p.total, p.query, p.offset+1, p.offset+len(p.books))
		d.ln(0, `<ol start="%d" style="padding-left:24px">`, p.offset+1)
		for _, b := range p.books {
			d.ln(1, `<li style="margin-bottom:14px;padding-bottom:10px;border-bottom:1px dotted #c8b99a;overflow:hidden">`)
			d.ln(2, `<img src="/covers/%s.jpg" alt="" style="float:left;width:48px;margin-right:10px;border:1px solid #ccc">`, b.isbn)
			d.ln(2, `<div style="font-size:15px"><a href="/book/%s" style="font-weight:bold;color:#2a4a6b;text-decoration:none">%s</a></div>`, b.isbn, d.esc(b.title))
			by := d.esc(joinAnd(b.authors, ", ", " & "))
			d.ln(2, `<div style="color:#555;font-style:italic">by %s</div>`, by)
			meta := []string{b.binding, itoa(b.pages) + " pages"}
			obj := bookObject{Title: b.title, Author: b.authors, Price: b.price}
			if !b.date.IsZero() {
				obj.Date = b.date.Format("2 Jan 2006")
				meta = append([]string{obj.Date}, meta...)
			}
			d.ln(2, `<div style="font-size:11px;color:#777">%s</div>`, strings.Join(meta, " &nbsp;|&nbsp; "))
			stock := pick(r, []string{"In stock", "In stock", "Ships in 3&#8211;5 days", "On order", "Signed copies available"})
			d.ln(2, `<div style="margin-top:4px"><span style="color:#8b1a1a;font-weight:bold;font-size:14px">%s</span> &nbsp; <span style="font-size:11px">%s</span> &nbsp; <a class="basket" href="/basket/add/%s" style="font-size:11px">add to basket</a></div>`, b.price, stock, b.isbn)
			objs = append(objs, obj)
		}
		d.ln(0, `</ol>`)
		pagination(d, 0, p.offset/12+1, (p.total+11)/12, "&#8249; previous", "next &#8250;")
	}
	d.ln(0, `</div>`)
	d.ln(0, `<div style="clear:both;border-top:1px solid #d8ccb0;margin-top:20px;padding:12px 24px;font-size:11px;color:#777">`)
	d.ln(1, `<p style="margin:0 0 8px">Browse the shelves:`)
	for _, sec := range []string{"Literary Fiction", "Crime &amp; Mystery", "Science Fiction", "History", "Biography", "Poetry", "Travel", "Food &amp; Drink", "Gardening", "Nature", "Art &amp; Design", "Local Interest", "Children&#8217;s", "Young Adult", "Graphic Novels", "Secondhand &amp; Rare"} {
		d.ln(2, `<a href="/shelf/%s">%s</a> &#183;`, slug(sec), sec)
	}
	d.ln(1, `</p>`)
	d.ln(1, `<p style="margin:0 0 8px">Opening hours: Monday&#8211;Saturday 10am&#8211;7pm, Sunday 11am&#8211;5pm. Closed on public holidays. Free parking behind the shop.</p>`)
	d.ln(1, `Larkspur Lane Books &#183; 418 Larkspur Lane, Asheville, NC 28801 &#183; <a href="/contact">contact</a> &#183; <a href="/privacy">privacy</a><br>`)
	d.ln(1, `%s<br>`, d.esc(pick(r, blurbs)))
	d.ln(1, `&#169; 2012 Larkspur Lane Books. Prices in US dollars.`)
	d.ln(0, `</div>`)
	d.ln(0, `</body>`)
	d.ln(0, `</html>`)
	return objs
}
