package main

import (
	"strings"
	"time"
)

// bookDetailC renders a large marketplace's product page: div/span soup
// with generated-looking ids, numeric entities, the title in a
// <span id="productTitle"> and again in the breadcrumbs, authors as plain
// text "by A and B" (or "by A, B and C") in one text node, and "Product
// details" bullets <li><b>Label:</b> value</li> where the publisher and
// the date share one text node: "Kestrel Books; 2nd edition (June 1,
// 2010)". A "customers also bought" carousel (titles, authors, prices)
// and dated reviews fill the rest.
func bookDetailC(d *doc, b detailBook, pageNo int, w *world) detailObject {
	d.unit, d.ent, d.alt, d.sloppy = " ", entNumeric, entRaw, 15
	r := d.r
	date := ""
	if !b.date.IsZero() {
		date = b.date.Format("January 2, 2006")
	}
	subject := pick(r, []string{"Literature &amp; Fiction", "History", "Cookbooks, Food &amp; Wine", "Mystery, Thriller &amp; Suspense", "Biographies &amp; Memoirs", "Science &amp; Math"})
	d.ln(0, `<!DOCTYPE html>`)
	d.ln(0, `<html class="a-no-js" data-19ax5a9jf="dingo">`)
	d.ln(0, `<head>`)
	d.ln(0, `<meta charset="utf-8">`)
	d.ln(0, `<title>%s: %s: 9781%d: Books</title>`, d.esc(b.title), d.esc(b.authors[0]), b.id)
	d.ln(0, `<link rel="canonical" href="https://www.example-market.com/dp/%s">`, b.isbn10)
	d.ln(0, `<style>.a-section{margin-bottom:22px}.a-color-secondary{color:#565959}.a-carousel-card{display:inline-block;width:160px;vertical-align:top}#nav-belt{height:60px}</style>`)
	scriptsDetail(d, 0, b)
	d.ln(0, `<script>var ue_t0=ue_t0||+new Date();(window.P||{}).when&&P.when('A').execute(function(A){A.declarative('a-popover','click',function(){});});</script>`)
	d.ln(0, `</head>`)
	d.ln(0, `<body class="a-m-us a-aui_72554-c">`)
	d.ln(0, `<div id="a-page">`)
	d.ln(0, `<div id="nav-belt"><a id="nav-logo" href="/ref=nav_logo">Marketplace</a><div id="nav-search"><form action="/s"><span class="nav-search-label">Books</span><input type="text" id="twotabsearchtextbox" name="field-keywords" placeholder="Search Marketplace"><input type="submit" value="Go"></form></div><div id="nav-tools"><a href="/gp/css/homepage.html">Hello, sign in<br>Account &amp; Lists</a> <a href="/gp/css/order-history">Returns<br>&amp; Orders</a> <a id="nav-cart" href="/gp/cart/view.html">Cart</a></div></div>`)
	d.ln(0, `<div id="nav-subnav"><a href="/books">Books</a> <a href="/books/advanced-search">Advanced Search</a> <a href="/new-releases/books">New Releases</a> <a href="/best-sellers/books">Best Sellers &amp; More</a> <a href="/childrens-books">Children&#39;s Books</a> <a href="/textbooks">Textbooks</a> <a href="/textbook-rentals">Textbook Rentals</a> <a href="/b/sell-books">Sell Us Your Books</a></div>`)
	d.ln(0, `<div id="nav-swmslot"><a href="/kindle-unlimited"><img src="/images/G/01/kindle/ku-swm.jpg" alt="Read millions of eBooks with Unlimited. Try it free"></a></div>`)
	d.ln(0, `<div id="dp" class="book en_US">`)
	d.ln(0, `<div id="wayfinding-breadcrumbs_container"><ul class="a-unordered-list a-horizontal"><li><span class="a-list-item"><a href="/books">Books</a></span></li><li class="a-breadcrumb-divider"><span class="a-list-item">&#8250;</span></li><li><span class="a-list-item"><a href="/books/%s">%s</a></span></li><li class="a-breadcrumb-divider"><span class="a-list-item">&#8250;</span></li><li><span class="a-list-item">%s</span></li></ul></div>`, slug(strings.ReplaceAll(subject, "&amp;", "")), subject, d.esc(b.title))
	d.ln(0, `<div id="dp-container" class="a-container">`)
	d.ln(1, `<div id="leftCol"><div id="imageBlock"><img id="imgBlkFront" src="https://images.example-market.com/images/I/%s._SX331_BO1.jpg" alt="" data-a-dynamic-image="{}"></div></div>`, b.isbn10)
	d.ln(1, `<div id="centerCol">`)
	d.ln(2, `<div id="booksTitle" class="a-section">`)
	d.ln(3, `<h1 id="title" class="a-size-large a-spacing-none">`)
	d.ln(4, `<span id="productTitle" class="a-size-extra-large">%s</span>`, d.esc(b.title))
	if b.date.IsZero() {
		d.ln(4, `<span id="productSubtitle" class="a-size-large a-color-secondary">%s</span>`, b.binding)
	} else {
		d.ln(4, `<span id="productSubtitle" class="a-size-large a-color-secondary">%s &#8211; %s</span>`, b.binding, date)
	}
	d.ln(3, `</h1>`)
	// Authors as plain text; roles, when any, in a secondary span after.
	by := "by " + joinAnd(b.authors, ", ", " and ")
	d.ln(3, `<div id="bylineInfo" class="a-section a-spacing-micro bylineHidden feature">%s</div>`, d.esc(by))
	var roles []string
	for i, role := range b.roles {
		if role != "" {
			roles = append(roles, d.esc(b.authors[i])+" ("+role+")")
		}
	}
	if len(roles) > 0 {
		d.ln(3, `<div class="a-section a-color-secondary contributorNote">%s</div>`, strings.Join(roles, ", "))
	}
	d.ln(2, `</div>`)
	if b.rating > 0 {
		d.ln(2, `<div id="averageCustomerReviews"><span class="a-icon-alt">%d.%d out of 5 stars</span> <a href="#customerReviews">%d ratings</a></div>`, b.rating/10, b.rating%10, b.reviews)
	}
	d.ln(2, `<div id="tmmSwatches"><ul>`)
	for _, f := range []string{"Kindle", "Hardcover", "Paperback", "Audiobook"} {
		d.ln(3, `<li class="swatchElement"><span class="a-button"><a href="javascript:void(0)">%s</a> <span class="a-color-price">%s</span></span></li>`, f, money(r, 3, 35))
	}
	d.ln(2, `</ul></div>`)
	d.ln(2, `<div id="bookDescription_feature_div" class="a-section">`)
	d.ln(3, `<noscript><div>%s</div></noscript>`, d.esc(b.blurb[0]))
	for _, l := range b.blurb {
		d.ln(3, `<span>%s</span><br><br>`, d.esc(l))
	}
	d.ln(2, `</div>`)
	d.ln(1, `</div>`)
	d.ln(1, `<div id="rightCol"><div id="buybox"><span class="a-price"><span class="a-offscreen">%s</span></span> <div id="mir-layout-DELIVERY_BLOCK">FREE delivery <b>%s</b></div><div id="availability"><span class="a-color-success">In Stock.</span></div><input id="add-to-cart-button" type="submit" value="Add to Cart"><input id="buy-now-button" type="submit" value="Buy Now"><div class="tabular-buybox">Ships from and sold by Marketplace.</div></div></div>`, b.price, pick(r, []string{"Tuesday, March 3", "Friday, June 12", "Monday, October 5"}))
	d.ln(0, `</div>`)
	// Carousel of other books.
	d.ln(0, `<div id="sims-consolidated-1_feature_div" class="a-section"><h2 class="a-carousel-heading">Customers who bought this item also bought</h2><ol class="a-carousel">`)
	for _, o := range otherBooks(r, w, 6, b) {
		d.ln(1, `<li class="a-carousel-card"><a class="a-link-normal" href="/dp/%s"><img alt="" src="/images/I/%s.jpg"><div class="p13n-sc-truncate">%s</div></a><div class="a-row a-size-small"><a class="a-size-small a-link-child" href="/e/%s">%s</a></div><span class="p13n-sc-price">%s</span></li>`, slug(o.title), slug(o.title), d.esc(o.title), slug(o.author), d.esc(o.author), o.price)
	}
	d.ln(0, `</ol></div>`)
	// Product details bullets.
	d.ln(0, `<div id="detailBullets_feature_div">`)
	d.ln(0, `<h2>Product details</h2>`)
	d.ln(0, `<ul class="a-unordered-list a-nostyle a-vertical a-spacing-none detail-bullet-list">`)
	li := func(label, value string) {
		d.ln(1, `<li><span class="a-list-item"><b>%s:</b> %s</span></li>`, label, value)
	}
	switch {
	case b.publisher != "":
		v := d.esc(b.publisher)
		if b.edition != "" {
			v += "; " + b.edition
		}
		if date != "" {
			v += " (" + date + ")"
		}
		li("Publisher", v)
	case date != "":
		li("Publication date", date)
	}
	li("Language", b.language)
	li(b.binding, itoa(b.pages)+" pages")
	li("ISBN-10", b.isbn10)
	li("ISBN-13", b.isbn[:3]+"-"+b.isbn[3:])
	if b.weight != "" {
		li("Item Weight", b.weight)
	}
	if b.dims != "" {
		li("Dimensions", b.dims)
	}
	li("Best Sellers Rank", "#"+itoa(1000+r.IntN(900000))+" in Books")
	d.ln(0, `</ul>`)
	d.ln(0, `</div>`)
	// Reviews, with dates.
	d.ln(0, `<div id="customerReviews" class="a-section"><h2>Customer reviews</h2>`)
	for i := range min(b.reviews, 3) {
		y := 2012 + (pageNo+i)%9
		rd := time.Date(y, time.Month(1+(pageNo*5+i)%12), 1+(pageNo+7*i)%28, 0, 0, 0, 0, time.UTC)
		d.ln(1, `<div class="a-section review"><span class="a-profile-name">%s</span> <a class="review-title" href="#"><span>%s</span></a> <span class="review-date">Reviewed in the United States on %s</span><div class="review-text"><span>%s</span></div> <span class="cr-vote">%d people found this helpful</span></div>`,
			reviewerNames[(pageNo+2*i)%len(reviewerNames)], pick(r, []string{"Five Stars", "Worth it", "Meh", "Beautiful book"}), rd.Format("January 2, 2006"), d.esc(pick(r, reviewLines)), 1+r.IntN(40))
	}
	d.ln(0, `</div>`)
	d.ln(0, `</div>`)
	d.ln(0, `<div id="navFooter"><div class="navFooterLinkCol"><div class="navFooterColHead">Get to Know Us</div><ul><li><a href="/careers">Careers</a></li><li><a href="/blog">Blog</a></li><li><a href="/about">About Marketplace</a></li></ul></div><div class="navFooterLinkCol"><div class="navFooterColHead">Let Us Help You</div><ul><li><a href="/help/account">Your Account</a></li><li><a href="/help/returns">Returns Centre</a></li><li><a href="/help">Help</a></li></ul></div><div class="navFooterCopyright">&#169; 1996&#8211;2022, Marketplace.com, Inc. or its affiliates</div></div>`)
	d.ln(0, `</div>`)
	d.ln(0, `</body>`)
	d.ln(0, `</html>`)
	return b.object(b.isbn[:3]+"-"+b.isbn[3:], date)
}
