package main

import (
	"fmt"
	"strings"
	"time"
)

// concertsC renders a hand-edited community calendar: HTML 4.01 with inline
// styles everywhere, numeric entities, tab indentation with slips, a month
// calendar of day-number links in the sidebar, events grouped under day
// headings (a nested list: days, then events), each event a <dl> whose
// <dd>s hold "Jul 13, 2014 · 8:00 PM" (date and time in one text node),
// "Venue — address" (venue name and address in one text node) and
// "Featuring: A, B, C" as plain comma-separated text; </dd> end tags are
// left out, as HTML allows.
func concertsC(d *doc, p concertPage, pageNo int, w *world) []concertObject {
	d.unit, d.ent, d.alt, d.sloppy = "\t", entNumeric, entNamed, 12
	r := d.r
	d.ln(0, `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">`)
	d.ln(0, `<HTML>`)
	d.ln(0, `<HEAD>`)
	d.ln(0, `<META http-equiv="Content-Type" content="text/html; charset=utf-8">`)
	d.ln(0, `<TITLE>%s Music Calendar :: The Southern Stage</TITLE>`, d.esc(p.city.name))
	d.ln(0, `<script language="JavaScript">`)
	d.ln(0, `<!--`)
	d.ln(0, `function popUp(URL) { day = new Date(); id = day.getTime();`)
	d.ln(0, `eval("page" + id + " = window.open(URL, '" + id + "', 'toolbar=0,scrollbars=1,location=0,width=500,height=400');"); }`)
	d.ln(0, `function clearBox(f) { if (f.value == 'search the calendar...') f.value = ''; }`)
	d.ln(0, `//-->`)
	d.ln(0, `</script>`)
	scriptBlock(d, 0, "southernstage", pageNo)
	d.ln(0, `</HEAD>`)
	d.ln(0, `<BODY style="margin:0;padding:0;font-family:Verdana,Arial,sans-serif;font-size:12px;background:#f3efe6">`)
	d.ln(0, `<div style="background:#5a1e12;color:#fff;padding:10px 16px">`)
	d.ln(1, `<span style="font-size:22px;font-family:Georgia,serif">The Southern Stage</span> <span style="font-size:11px;color:#e8c9a0">live music &amp; more since 1998</span>`)
	d.ln(0, `</div>`)
	d.ln(0, `<ul style="list-style:none;margin:0;padding:6px 16px;background:#8b3a1f">`)
	for _, s := range []string{"Calendar", "Venues", "Bands", "Photos", "Forum", "Submit a Show", "Links"} {
		d.ln(1, `<li style="display:inline;margin-right:14px"><a href="/%s.php" style="color:#fff;text-decoration:none">%s</a></li>`, slug(s), s)
	}
	d.ln(0, `</ul>`)
	d.ln(0, `<table width="100%%" cellpadding="0" cellspacing="0" border="0"><tr>`)
	d.ln(0, `<td valign="top" style="width:200px;padding:12px;background:#ece4d4">`)
	d.ln(1, `<form action="/search.php" method="get" style="margin:0 0 12px"><input type="text" name="q" value="search the calendar..." onfocus="clearBox(this)" style="width:150px"> <input type="submit" value="&#187;"></form>`)
	// Month calendar: a grid of day numbers, most of them links.
	first := time.Date(p.from.Year(), p.from.Month(), 1, 0, 0, 0, 0, time.UTC)
	d.ln(1, `<table cellpadding="2" cellspacing="0" style="font-size:10px;text-align:center;border:1px solid #c9b99a">`)
	d.ln(1, `<tr><th colspan="7" style="background:#c9b99a">%s</th></tr>`, first.Format("January 2006"))
	d.ln(1, `<tr><td>S</td><td>M</td><td>T</td><td>W</td><td>T</td><td>F</td><td>S</td></tr>`)
	d.raw("\t<tr>")
	for i := 0; i < int(first.Weekday()); i++ {
		d.raw("<td>&nbsp;</td>")
	}
	for day := first; day.Month() == first.Month(); day = day.AddDate(0, 0, 1) {
		if day.Weekday() == time.Sunday && day.Day() > 1 {
			d.raw("</tr>\n\t<tr>")
		}
		fmt.Fprintf(&d.b, `<td><a href="/calendar.php?d=%s">%d</a></td>`, day.Format("2006-01-02"), day.Day())
	}
	d.raw("</tr>\n")
	d.ln(1, `</table>`)
	d.ln(1, `<p style="font-weight:bold;margin:14px 0 4px">Bands we love</p>`)
	for _, a := range pickN(r, w.popular, 4) {
		d.ln(1, `&#187; <a href="/band.php?name=%s">%s</a><br>`, slug(a), d.esc(a))
	}
	d.ln(1, `<div style="margin-top:14px;padding:6px;border:1px dashed #8b3a1f;font-size:11px">`)
	d.ln(2, `<b>WIN TICKETS!</b> Enter to see %s &#8212; just $1 per entry. <a href="/contest.php">Details</a>`, d.esc(pick(r, w.artists)))
	d.ln(1, `</div>`)
	d.ln(0, `</td>`)
	d.ln(0, `<td valign="top" style="padding:12px 20px">`)
	d.ln(1, `<div style="font-size:10px;color:#777"><a href="/">Home</a> &#187; <a href="/calendar.php">Calendar</a> &#187; %s</div>`, d.esc(p.city.name))
	d.ln(1, `<h2 style="font-family:Georgia,serif;color:#5a1e12;margin:6px 0">%s Music Calendar</h2>`, d.esc(p.city.name))
	d.ln(1, `<!-- listings start -->`)
	var objs []concertObject
	if len(p.concerts) == 0 {
		d.ln(1, `<p style="padding:20px;background:#fff;border:1px solid #ddd">No shows listed for %s yet. Know of one? <a href="/submit-a-show.php">Submit a show</a>!</p>`, p.from.Format("January 2"))
	}
	var day string
	for i, c := range p.concerts {
		if h := c.when.Format("Monday, January 2"); h != day {
			if day != "" {
				d.ln(1, `</ul>`)
			}
			day = h
			d.ln(1, `<h3 style="margin:16px 0 4px;font-size:13px;border-bottom:1px solid #c9b99a;color:#8b3a1f">%s</h3>`, h)
			d.ln(1, `<ul style="list-style:none;margin:0;padding:0">`)
		}
		d.ln(1, `<li style="padding:6px 0;border-bottom:1px dotted #c9b99a">`)
		d.ln(1, `<dl style="margin:0">`)
		d.ln(2, `<dt style="font-weight:bold;font-size:14px"><a href="/event.php?id=%d" style="color:#5a1e12">%s</a></dt>`, c.id, d.esc(c.artist))
		date := c.when.Format("Jan 2, 2006")
		d.ln(2, `<dd style="margin:0">%s &#183; %s`, date, clock(c.when, false))
		addr := c.venue.address(false)
		d.ln(2, `<dd style="margin:0;color:#555">%s &#8212; %s`, d.esc(c.venue.name), d.esc(addr))
		feat := d.esc(strings.Join(c.performers, ", "))
		if r.IntN(3) == 0 {
			feat = strings.ReplaceAll(feat, "&amp; ", "& ") // hand-typed listings leave "&" bare
		}
		d.ln(2, `<dd style="margin:0;font-size:11px">Featuring: %s`, feat)
		if c.price != "" || c.soldOut {
			extra := []string{}
			if c.price != "" {
				extra = append(extra, "Cover: "+c.price)
			}
			if c.soldOut {
				extra = append(extra, "<b>SOLD OUT</b>")
			}
			if r.IntN(2) == 0 {
				extra = append(extra, "21+")
			}
			d.ln(2, `<dd style="margin:0;font-size:11px;color:#777">%s`, strings.Join(extra, " &#183; "))
		}
		d.ln(1, `</dl>`)
		d.ln(1, `</li>`)
		if i == len(p.concerts)-1 {
			d.ln(1, `</ul>`)
		}
		objs = append(objs, concertObject{Artist: c.artist, Date: date, Address: addr, Performer: c.performers})
	}
	d.ln(1, `<!-- listings end -->`)
	if p.total > 10 {
		pagination(d, 1, p.offset/10+1, (p.total+9)/10, "&#171; earlier", "later &#187;")
	}
	d.ln(0, `</td>`)
	d.ln(0, `</tr></table>`)
	d.ln(0, `<div style="text-align:center;font-size:10px;color:#777;padding:16px;border-top:1px solid #c9b99a">`)
	d.ln(1, `<a href="/about.php">about</a> | <a href="/advertise.php">advertise</a> | <a href="/contact.php">contact</a> | <a href="/links.php">links</a><br>`)
	d.ln(1, `%s<br>`, d.esc(pick(r, blurbs)))
	d.ln(1, `&#169; 1998&#8211;%d The Southern Stage. Listings are submitted by venues and readers; call ahead.`, p.from.Year())
	d.ln(0, `</div>`)
	d.ln(0, `</BODY>`)
	d.ln(0, `</HTML>`)
	return objs
}
