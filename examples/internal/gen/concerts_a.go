package main

import (
	"fmt"
	"strings"
)

// concertsA renders a 2000s table-layout city guide: HTML 4.01, named
// entities only, one <tr> per event with alternating row classes, dates as
// "7/13/2010" with "Tuesday 8:00p" below, the address as the text after
// the venue link, performers as links after "Featuring:", and now and then
// an ad row in the middle of the result table.
func concertsA(d *doc, p concertPage, pageNo int, w *world) []concertObject {
	d.unit, d.ent, d.alt, d.sloppy = "  ", entNamed, entNumeric, 8
	r := d.r
	cityST := p.city.name + ", " + p.city.state
	d.ln(0, `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">`)
	d.ln(0, `<html>`)
	d.ln(0, `<head>`)
	d.ln(1, `<title>%s Concerts &amp; Live Music - %s | GigCity Guide</title>`, d.esc(p.city.name), p.from.Format("January 2006"))
	d.ln(1, `<meta http-equiv="Content-Type" content="text/html; charset=utf-8">`)
	d.ln(1, `<meta name="keywords" content="concerts, %s, live music, tickets, events, nightlife">`, d.esc(strings.ToLower(p.city.name)))
	d.ln(1, `<meta name="description" content="Find %s concerts, live music and tickets. Listings updated daily.">`, d.esc(p.city.name))
	d.ln(1, `<link rel="stylesheet" type="text/css" href="/css/main.css?v=20100412">`)
	d.ln(1, `<link rel="alternate" type="application/rss+xml" title="RSS" href="/rss/%s/music">`, slug(p.city.name))
	d.ln(1, `<style type="text/css">`)
	for _, rule := range []string{
		"body { font-family: Arial, Helvetica, sans-serif; font-size: 12px; color: #333333; }",
		"a { color: #0033CC; } a:hover { color: #CC3300; }",
		"#header .nav { background: #1A1A66; color: #FFFFFF; padding: 4px 8px; }",
		"#header .nav a { color: #FFFFFF; font-weight: bold; text-decoration: none; }",
		".box { border: 1px solid #CCCCCC; margin-bottom: 10px; }",
		".boxhead { background: #EEEEEE; font-weight: bold; padding: 3px; }",
		".results td { border-bottom: 1px solid #DDDDDD; }",
		".row1 { background: #FFFFFF; } .row2 { background: #F4F4FA; }",
		".evtitle { font-size: 14px; } .time { color: #666666; font-size: 11px; }",
		".feat { color: #555555; } .onsale { color: #990000; font-size: 11px; }",
		".adrow td { background: #FFFFE0; font-size: 11px; }",
		".footer { color: #999999; font-size: 10px; text-align: center; }",
	} {
		d.ln(2, "%s", rule)
	}
	d.ln(1, `</style>`)
	d.ln(1, `<script src="/js/prototype.js" type="text/javascript"></script>`)
	scriptBlock(d, 1, "gigcity", pageNo)
	d.ln(0, `</head>`)
	d.ln(0, `<body bgcolor="#FFFFFF" leftmargin="0" topmargin="0" marginwidth="0" marginheight="0">`)
	d.ln(0, `<!-- header -->`)
	d.ln(0, `<table width="980" border="0" cellspacing="0" cellpadding="0" align="center" id="header">`)
	d.ln(1, `<tr><td><a href="/"><img src="/img/logo.gif" width="220" height="60" alt="GigCity Guide" border="0"></a></td>`)
	d.ln(1, `<td align="right" class="toplinks"><a href="/login">Sign In</a> | <a href="/register">Register</a> | <a href="/help">Help</a></td></tr>`)
	d.raw(`  <tr><td colspan="2" class="nav">`)
	for i, s := range []string{"Music", "Comedy", "Theater", "Sports", "Family", "Nightlife", "Festivals", "Movies"} {
		if i > 0 {
			d.raw(" &nbsp;|&nbsp; ")
		}
		fmt.Fprintf(&d.b, `<a href="/%s/%s/">%s</a>`, slug(p.city.name), strings.ToLower(s), s)
	}
	d.raw("</td></tr>\n")
	d.ln(1, `<tr><td colspan="2" class="searchbar"><form action="/search" method="get">Search events: <input type="text" name="q" size="30" value=""> in`)
	d.ln(2, `<select name="loc"><option value="nyc">New York, NY</option><option value="bos">Boston, MA</option><option value="phl">Philadelphia, PA</option></select>`)
	d.ln(2, `<input type="submit" value="Go"></form></td></tr>`)
	d.ln(0, `</table>`)
	d.ln(0, `<table width="980" border="0" cellspacing="0" cellpadding="6" align="center" id="main"><tr>`)

	// Left column: popular artists, venues, an ad.
	d.ln(1, `<td width="180" valign="top" id="leftcol">`)
	d.ln(2, `<div class="box"><div class="boxhead">Popular Artists</div>`)
	d.ln(2, `<ul>`)
	for _, a := range pickN(r, w.popular, 6) {
		d.ln(3, `<li><a href="/artist/%s">%s</a></li>`, slug(a), d.esc(a))
	}
	d.ln(2, `</ul></div>`)
	d.ln(2, `<div class="box"><div class="boxhead">Top Venues in %s</div><ul>`, d.esc(p.city.name))
	for _, v := range w.venues[p.city.key][:5] {
		d.ln(3, `<li><a href="/venues/%s">%s</a></li>`, slug(v.name), d.esc(v.name))
	}
	d.ln(2, `</ul></div>`)
	ad := pick(r, w.artists)
	d.ln(2, `<div class="ad160"><!-- begin ad tag: 160x600 -->`)
	d.ln(3, `<a href="http://ads.example.net/click?zone=12&amp;id=%d"><img src="http://ads.example.net/b/%d.gif" width="160" height="120" alt="Advertisement" border="0"></a><br>`, r.IntN(99999), r.IntN(99999))
	d.ln(3, `<span class="adtext">%s live! Tickets from $%d.50 &ndash; limited availability</span>`, d.esc(ad), 25+r.IntN(50))
	d.ln(2, `<!-- end ad tag --></div>`)
	d.ln(1, `</td>`)

	// Content.
	d.ln(1, `<td valign="top" id="content">`)
	d.ln(2, `<div class="breadcrumb"><a href="/">Home</a> &gt; <a href="/%s/">%s</a> &gt; <a href="/%s/music/">Music</a> &gt; Concerts</div>`,
		slug(p.city.name), d.esc(p.city.name), slug(p.city.name))
	d.ln(2, `<h1>Concerts in %s</h1>`, d.esc(cityST))
	var objs []concertObject
	if len(p.concerts) == 0 {
		d.ln(2, `<p class="noresults"><b>No events found.</b> Sorry, nothing matched your search for %s. Try a wider date range or <a href="/%s/music/">browse all music</a>.</p>`,
			p.from.Format("January 2006"), slug(p.city.name))
	} else {
		d.ln(2, `<div class="resultcount">Showing %d - %d of %d events &nbsp; <a href="/rss/%s/music"><img src="/img/rss.gif" alt="RSS" border="0"></a></div>`,
			p.offset+1, p.offset+len(p.concerts), p.total, slug(p.city.name))
		d.ln(2, `<table class="results" width="100%%" cellpadding="4" cellspacing="0" border="0">`)
		d.ln(3, `<tr class="header"><th align="left">Date</th><th align="left">Event</th><th>&nbsp;</th></tr>`)
		adAt := -1
		if len(p.concerts) > 6 && r.IntN(100) < 60 {
			adAt = 3 + r.IntN(3)
		}
		for i, c := range p.concerts {
			if i == adAt {
				a := pick(r, w.artists)
				d.ln(3, `<tr class="adrow"><td colspan="3"><!-- google_ad_section_start -->Sponsored: <a href="http://ads.example.net/c?%d">%s Tickets &ndash; %s &ndash; Great Seats from $%d.00</a><!-- google_ad_section_end --></td></tr>`,
					r.IntN(9999), d.esc(a), d.esc(pick(r, w.venues[p.city.key]).name), 30+r.IntN(120))
			}
			d.ln(3, `<tr class="row%d" id="ev%d">`, 1+i%2, c.id)
			d.ln(4, `<td class="date" valign="top" nowrap>%s<br><span class="time">%s %s</span></td>`, mdy(c.when), c.when.Format("Monday"), clock(c.when, true))
			d.ln(4, `<td class="event" valign="top">`)
			d.ln(5, `<a href="/%s/events/show/%d-%s" class="evtitle"><b>%s</b></a><br>`, slug(p.city.name), c.id, slug(c.artist), d.esc(c.artist))
			if c.onSale != nil {
				d.ln(5, `<span class="onsale">Tickets on sale: %s</span><br>`, mdy(*c.onSale))
			}
			addr := c.venue.address(true)
			d.ln(5, `<a href="/venues/%s" class="venue">%s</a>, %s<br>`, slug(c.venue.name), d.esc(c.venue.name), d.esc(addr))
			var feats []string
			for _, pf := range c.performers {
				feats = append(feats, fmt.Sprintf(`<a href="/artist/%s">%s</a>`, slug(pf), d.esc(pf)))
			}
			d.ln(5, `<span class="feat">Featuring: %s</span>`, strings.Join(feats, ", "))
			d.ln(4, `</td>`)
			d.ln(4, `<td class="buy" valign="top" align="center">`)
			if c.soldOut {
				d.ln(5, `<span class="soldout">SOLD OUT</span>`)
			} else {
				d.ln(5, `<a href="/tickets/%d"><img src="/img/buy_tickets.gif" alt="Buy Tickets" border="0"></a>`, c.id)
			}
			if r.IntN(100) < 30 {
				d.ln(5, `<br><a href="/claim/%d" class="small">Is this your event? Claim it</a>`, c.id)
			}
			d.ln(4, `</td>`)
			d.ln(3, `</tr>`)
			objs = append(objs, concertObject{Artist: c.artist, Date: mdy(c.when), Address: addr, Performer: c.performers})
		}
		d.ln(2, `</table>`)
		pagination(d, 2, p.offset/10+1, (p.total+9)/10, "&laquo; Prev", "Next &raquo;")
	}
	d.ln(1, `</td>`)
	d.ln(0, `</tr></table>`)
	d.ln(0, `<!-- footer -->`)
	d.ln(0, `<div class="footer"><hr size="1" noshade>`)
	d.ln(1, `<a href="/about">About Us</a> | <a href="/contact">Contact</a> | <a href="/advertise">Advertise</a> | <a href="/privacy">Privacy Policy</a> | <a href="/terms">Terms of Use</a> | <a href="/sitemap">Site Map</a><br>`)
	d.ln(1, `%s<br>`, d.esc(pick(r, blurbs)))
	d.ln(1, `Copyright &copy; 2004-%d GigCity Media, Inc. All rights reserved.`, p.from.Year())
	d.ln(0, `</div>`)
	d.ln(0, `</body>`)
	d.ln(0, `</html>`)
	return objs
}

// pagination writes numbered page links.
func pagination(d *doc, depth, cur, last int, prev, next string) {
	if last <= 1 {
		return
	}
	var parts []string
	if cur > 1 {
		parts = append(parts, fmt.Sprintf(`<a href="?page=%d">%s</a>`, cur-1, prev))
	}
	for i := max(1, cur-3); i <= min(last, cur+3); i++ {
		if i == cur {
			parts = append(parts, fmt.Sprintf(`<b>%d</b>`, i))
		} else {
			parts = append(parts, fmt.Sprintf(`<a href="?page=%d">%d</a>`, i, i))
		}
	}
	if cur < last {
		parts = append(parts, fmt.Sprintf(`<a href="?page=%d">%s</a>`, cur+1, next))
	}
	d.ln(depth, `<div class="pages">%s</div>`, strings.Join(parts, " "))
}
