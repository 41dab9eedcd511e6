package main

import (
	"encoding/json"
	"strings"
)

// concertsB renders a modern "div soup" event site: HTML5, raw UTF-8, BEM
// class names and data-* attributes, a JSON-LD block repeating the events
// (invisible), cards with the date as "Tuesday, July 13, 2019" in a <time>,
// the venue name and the address in sibling elements, the lineup as a <ul>
// in which performers without a page are plain <span>s, optional tour
// subtitles, prices and sold-out badges, and promo cards that share the
// event cards' class.
func concertsB(d *doc, p concertPage, pageNo int, w *world) []concertObject {
	d.unit, d.ent, d.alt, d.sloppy = "  ", entRaw, entNamed, 3
	r := d.r
	cs := slug(p.city.name)
	d.ln(0, `<!doctype html>`)
	d.ln(0, `<html lang="en-US" class="no-js">`)
	d.ln(0, `<head>`)
	d.ln(1, `<meta charset="utf-8">`)
	d.ln(1, `<meta name="viewport" content="width=device-width, initial-scale=1">`)
	d.ln(1, `<title>Concerts in %s this week · Loudmouth</title>`, d.esc(p.city.name))
	d.ln(1, `<meta property="og:title" content="Live music in %s">`, d.esc(p.city.name))
	d.ln(1, `<meta property="og:type" content="website">`)
	d.ln(1, `<meta property="og:image" content="https://cdn.loudmouth.example/og/%s.jpg">`, cs)
	d.ln(1, `<link rel="preconnect" href="https://fonts.example.com">`)
	d.ln(1, `<link rel="stylesheet" href="/static/css/app.8f3c2a1e.css">`)
	d.ln(1, `<link rel="canonical" href="https://loudmouth.example/%s/concerts?page=%d">`, cs, p.offset/10+1)
	d.ln(1, `<script>document.documentElement.className=document.documentElement.className.replace('no-js','js');</script>`)
	d.ln(1, `<script async src="https://www.example-tagmanager.com/gtag/js?id=G-7XK2P"></script>`)
	d.ln(1, `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config','G-7XK2P',{page_type:'listing',city:'%s'});</script>`, cs)
	if len(p.concerts) > 0 {
		var ld []map[string]any
		for _, c := range p.concerts {
			ld = append(ld, map[string]any{
				"@type": "MusicEvent", "name": c.artist, "startDate": c.when.Format("2006-01-02T15:04"),
				"location": map[string]any{"@type": "Place", "name": c.venue.name,
					"address": c.venue.address(true)},
			})
		}
		b, _ := json.Marshal(map[string]any{"@context": "https://schema.org", "@graph": ld})
		d.ln(1, `<script type="application/ld+json">%s</script>`, b)
	}
	d.ln(0, `</head>`)
	d.ln(0, `<body class="page page--listing page--%s" data-page-id="%d">`, cs, 5000+pageNo)
	d.ln(1, `<a class="skip-link visually-hidden" href="#content">Skip to content</a>`)
	d.ln(1, `<header class="site-header" role="banner">`)
	d.ln(2, `<div class="site-header__inner container">`)
	d.ln(3, `<a class="site-header__logo" href="/"><svg class="icon icon--logo" aria-hidden="true" width="120" height="28"><use href="#logo"></use></svg><span class="visually-hidden">Loudmouth</span></a>`)
	d.ln(3, `<nav class="nav nav--primary" aria-label="Main">`)
	d.ln(4, `<ul class="nav__list">`)
	for _, s := range []string{"Concerts", "Festivals", "Clubs", "Comedy", "Venues", "News"} {
		cls := "nav__item"
		if s == "Concerts" {
			cls += " nav__item--active"
		}
		d.ln(5, `<li class="%s"><a class="nav__link" href="/%s/%s">%s</a></li>`, cls, cs, strings.ToLower(s), s)
	}
	d.ln(4, `</ul>`)
	d.ln(3, `</nav>`)
	d.ln(3, `<form class="search search--header" role="search" action="/search" method="get">`)
	d.ln(4, `<label class="visually-hidden" for="q">Search</label>`)
	d.ln(4, `<input id="q" class="search__input" type="search" name="q" placeholder="Search artists, venues…" autocomplete="off">`)
	d.ln(4, `<button class="search__button btn btn--icon" type="submit" aria-label="Search"><svg class="icon"><use href="#search"></use></svg></button>`)
	d.ln(3, `</form>`)
	d.ln(3, `<a class="btn btn--ghost site-header__login" href="/login">Log in</a>`)
	d.ln(2, `</div>`)
	d.ln(1, `</header>`)
	d.ln(1, `<main id="content" class="main" role="main">`)
	d.ln(2, `<div class="container">`)
	d.ln(3, `<nav aria-label="Breadcrumb"><ol class="breadcrumb"><li class="breadcrumb__item"><a href="/">Home</a></li><li class="breadcrumb__item"><a href="/%s">%s</a></li><li class="breadcrumb__item" aria-current="page">Concerts</li></ol></nav>`, cs, d.esc(p.city.name))
	d.ln(3, `<div class="row">`)
	d.ln(4, `<div class="col col--main">`)
	d.ln(5, `<h1 class="page-title">Concerts in %s</h1>`, d.esc(p.city.name))
	d.ln(5, `<div class="filters" data-component="filters"><button class="chip chip--active">All dates</button><button class="chip">This weekend</button><button class="chip">Free</button><button class="chip">21+</button></div>`)

	var objs []concertObject
	if len(p.concerts) == 0 {
		d.ln(5, `<div class="empty-state">`)
		d.ln(6, `<h2 class="empty-state__title">No results found</h2>`)
		d.ln(6, `<p class="empty-state__text">We couldn’t find any concerts matching your filters. Try removing a filter or <a href="/%s/concerts">see everything this week</a>.</p>`, cs)
		d.ln(5, `</div>`)
	} else {
		d.ln(5, `<p class="results-meta"><span class="results-meta__count">%d events</span> · sorted by date</p>`, p.total)
		d.ln(5, `<div class="event-list" data-page="%d" data-total="%d">`, p.offset/10+1, p.total)
		promoAt := -1
		if len(p.concerts) >= 7 && r.IntN(100) < 40 {
			promoAt = 2 + r.IntN(4)
		}
		for i, c := range p.concerts {
			if i == promoAt {
				a := pick(r, w.artists)
				d.ln(6, `<div class="event-card event-card--promo" data-track="promo">`)
				d.ln(7, `<span class="badge badge--sponsored">Sponsored</span>`)
				d.ln(7, `<div class="event-card__body"><h3 class="event-card__title">Stream the new %s album</h3><p class="event-card__subtitle">Three months of Premium for $%d.99</p></div>`, d.esc(a), r.IntN(10))
				d.ln(6, `</div>`)
			}
			d.ln(6, `<div class="event-card" data-event-id="%d" data-track="card" data-position="%d">`, c.id, i+1)
			d.ln(7, `<a class="event-card__media" href="/e/%d-%s" tabindex="-1"><img src="https://cdn.loudmouth.example/img/%d_320.jpg" alt="%s" loading="lazy" width="160" height="160"></a>`, c.id, slug(c.artist), c.id, d.esc(c.artist))
			d.ln(7, `<div class="event-card__body">`)
			d.ln(8, `<div class="event-card__when"><time class="event-card__date" datetime="%s">%s</time> <span class="event-card__time">%s</span></div>`,
				c.when.Format("2006-01-02T15:04"), c.when.Format("Monday, January 2, 2006"), clock(c.when, false))
			d.ln(8, `<h3 class="event-card__title">`)
			d.ln(9, `<a href="/e/%d-%s">`, c.id, slug(c.artist))
			d.ln(10, `%s`, d.esc(c.artist))
			d.ln(9, `</a>`)
			d.ln(8, `</h3>`)
			if c.tour != "" {
				d.ln(8, `<p class="event-card__subtitle">%s</p>`, d.esc(c.tour))
			}
			d.ln(8, `<div class="event-card__venue"><a class="venue-link" href="/v/%s">%s</a>`, slug(c.venue.name), d.esc(c.venue.name))
			addr := c.venue.address(true)
			d.ln(9, `<address class="event-card__address">%s</address>`, d.esc(addr))
			d.ln(8, `</div>`)
			d.ln(8, `<div class="event-card__lineup"><span class="event-card__label">Featuring</span>`)
			d.ln(9, `<ul class="lineup">`)
			for j, pf := range c.performers {
				if c.linked[j] {
					d.ln(10, `<li class="lineup__item"><a href="/a/%s">%s</a></li>`, slug(pf), d.esc(pf))
				} else {
					d.ln(10, `<li class="lineup__item"><span>%s</span></li>`, d.esc(pf))
				}
			}
			d.ln(9, `</ul>`)
			d.ln(8, `</div>`)
			d.ln(7, `</div>`)
			d.ln(7, `<div class="event-card__actions">`)
			switch {
			case c.soldOut:
				d.ln(8, `<span class="badge badge--soldout">Sold out</span>`)
			case c.price != "":
				d.ln(8, `<span class="event-card__price">From %s</span>`, c.price)
				d.ln(8, `<a class="btn btn--primary" href="/e/%d-%s#tickets">Tickets</a>`, c.id, slug(c.artist))
			default:
				d.ln(8, `<a class="btn btn--primary" href="/e/%d-%s#tickets">Tickets</a>`, c.id, slug(c.artist))
			}
			d.ln(8, `<button class="btn btn--icon save" data-event-id="%d" aria-label="Save">♥</button>`, c.id)
			d.ln(7, `</div>`)
			if r.IntN(100) < 15 {
				d.ln(6, `</div><!-- /.event-card -->`)
			} else {
				d.ln(6, `</div>`)
			}
			objs = append(objs, concertObject{Artist: c.artist, Date: c.when.Format("Monday, January 2, 2006"), Address: addr, Performer: c.performers})
		}
		d.ln(5, `</div>`)
		if p.total > p.offset+len(p.concerts) {
			d.ln(5, `<button class="btn btn--secondary load-more" data-next-page="%d">Load more events</button>`, p.offset/10+2)
		}
	}
	d.ln(4, `</div>`)

	// Sidebar: trending (artist + short date), newsletter, ad.
	d.ln(4, `<aside class="col col--side sidebar">`)
	d.ln(5, `<section class="widget widget--trending"><h2 class="widget__title">Trending this week</h2>`)
	d.ln(6, `<ol class="trending">`)
	for k, a := range pickN(r, w.popular, 5) {
		day := p.from.AddDate(0, 0, r.IntN(10))
		d.ln(7, `<li class="trending__item"><span class="trending__rank">%d</span> <a href="/a/%s">%s</a> <span class="trending__date">%s</span></li>`, k+1, slug(a), d.esc(a), day.Format("Jan 2"))
	}
	d.ln(6, `</ol>`)
	d.ln(5, `</section>`)
	d.ln(5, `<section class="widget widget--newsletter"><h2 class="widget__title">Get the weekly picks</h2><form action="/subscribe" method="post"><input type="email" name="email" placeholder="you@example.com" required><button class="btn btn--primary">Sign up</button></form></section>`)
	d.ln(5, `<div class="ad ad--mpu" data-ad-slot="sidebar-%d" data-ad-size="300x250">`, r.IntN(99))
	d.ln(6, `<a href="https://ads.example.net/click?c=%d" rel="sponsored nofollow"><img src="https://ads.example.net/creative/%d.png" alt="" width="300" height="250"></a>`, r.IntN(99999), r.IntN(99999))
	d.ln(6, `<p class="ad__caption">%s at %s — seats from $%d</p>`, d.esc(pick(r, w.artists)), d.esc(pick(r, w.venues[p.city.key]).name), 29+r.IntN(90))
	d.ln(5, `</div>`)
	d.ln(4, `</aside>`)
	d.ln(3, `</div>`)
	d.ln(2, `</div>`)
	d.ln(1, `</main>`)
	d.ln(1, `<footer class="site-footer">`)
	d.ln(2, `<div class="container site-footer__inner">`)
	for _, col := range [][]string{{"Company", "About", "Careers", "Press"}, {"Help", "FAQ", "Contact us", "Accessibility"}, {"Cities", "Chicago", "Austin", "Denver", "Seattle", "Los Angeles", "San Francisco"}} {
		d.ln(3, `<div class="site-footer__col"><h3>%s</h3><ul>`, col[0])
		for _, l := range col[1:] {
			d.ln(4, `<li><a href="/%s">%s</a></li>`, slug(l), l)
		}
		d.ln(3, `</ul></div>`)
	}
	d.ln(3, `<p class="site-footer__legal">© %d Loudmouth Media LLC · <a href="/privacy">Privacy</a> · <a href="/terms">Terms</a> · %s</p>`, p.from.Year(), d.esc(pick(r, blurbs)))
	d.ln(2, `</div>`)
	d.ln(1, `</footer>`)
	d.ln(1, `<div id="cookie-banner" class="cookie-banner" role="dialog" hidden>We use cookies to personalise content and ads. <button class="btn btn--small" data-action="accept">OK</button></div>`)
	d.ln(1, `<script src="/static/js/app.3b9d11f0.js" defer></script>`)
	d.ln(0, `</body>`)
	d.ln(0, `</html>`)
	return objs
}
