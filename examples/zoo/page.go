package zoo

import (
	"fmt"
	"strconv"
	"strings"
)

// drawSite draws the made-up site and its markup habits.
func (s *state) drawSite(heads, tails []string) {
	r := s.r
	name := pick(r, heads) + pick(r, tails)
	s.site = site{
		name:   name,
		host:   "www." + strings.ToLower(name) + ".example",
		prefix: pick(r, []string{"", "", "", "c-", "ps-", "a-", strings.ToLower(name[:2]) + "-"}),
		year:   r.between(2004, 2022),
	}
	s.site.html5 = s.site.year >= 2011 || r.chance(0.3)
}

// writer draws how the site's templates write HTML.
func (s *state) writer() *writer {
	r := s.r
	w := &writer{indent: pick(r, []string{"  ", "\t", " ", "", "    "})}
	w.ent = entStyle(r.weighted(5, 3, 2))
	if !s.site.html5 && r.chance(0.3) {
		w.omitEnd = map[string]bool{"li": true, "dd": true, "dt": true, "p": true, "td": true, "tr": true, "option": true}
		s.tag("omitted-end-tags")
	}
	w.single = r.chance(0.1)
	w.upper = !s.site.html5 && r.chance(0.15)
	if w.indent == "" {
		s.tag("minified")
	}
	s.tag("entities:" + w.ent.String())
	return w
}

// pageShell builds <html> with head, header, navigation, the main content,
// the sidebar boxes and the footer.
func (s *state) pageShell(title string, pageNo int, main *node, side []*node, extraHead *node) *node {
	r := s.r
	head := el("head")
	if s.site.html5 {
		head.add(el("meta", "charset", "utf-8"), el("meta", "name", "viewport", "content", "width=device-width, initial-scale=1"))
	} else {
		head.add(el("meta", "http-equiv", "Content-Type", "content", "text/html; charset=utf-8"))
	}
	head.add(el("title").addText(title),
		el("meta", "name", "description", "content", pick(r, s.dom.blurbs)),
		el("meta", "property", "og:title", "content", title),
		el("meta", "property", "og:site_name", "content", s.site.name),
		el("link", "rel", "canonical", "href", fmt.Sprintf("https://%s/p/%d", s.site.host, 1000+pageNo)))
	for i := range 1 + int(s.seed%3) {
		head.add(el("link", "rel", "stylesheet", "href", fmt.Sprintf("/static/css/%s.%x.css", []string{"site", "vendor", "print"}[i], s.seed%0xfffff+uint64(i))))
	}
	head.add(rawHTML(s.styleSheet()), rawHTML(s.configScript(pageNo)), extraHead)
	body := el("body", "class", s.cls("page", "layout", "site")+" "+s.dom.name)
	outer := el("div", "id", s.cls("wrapper", "page", "container", "outer"))
	body.add(outer)
	outer.add(s.header())
	content := el("div", "id", s.cls("content", "main-content", "body"))
	content.add(main)
	if len(side) > 0 {
		content.add(el("div", "id", s.site.prefix+"sidebar", "class", "sidebar").add(side...))
	}
	outer.add(content, s.footer())
	body.add(rawHTML(fmt.Sprintf("<script>window.dataLayer=window.dataLayer||[];dataLayer.push({'page':%d,'site':'%s','ts':%d});</script>", pageNo, s.site.name, 1300000000+int(s.seed%1000)*1000+pageNo)))
	return el("html", "lang", "en").add(head, body)
}

// styleSheet is the inline CSS of the page head.
func (s *state) styleSheet() string {
	p := s.site.prefix
	var b strings.Builder
	b.WriteString("<style type=\"text/css\">\n")
	for _, rule := range []string{"hidden{display:none}", "price{color:#b12704;font-weight:700}", "nav li{display:inline-block;margin:0 8px}",
		"footer-links{float:left;width:25%}", "box h3{font-size:14px;border-bottom:1px solid #ddd}", "label{color:#555;font-weight:600}",
		"ad{background:#fffbe6;border:1px dashed #e0c060;padding:6px}", "pagination a{padding:2px 6px}", "card{border:1px solid #eee;margin:8px 0;padding:8px}",
		"breadcrumbs a{color:#06c}", "rating .star{color:#f90}", "media img{max-width:100%}"} {
		fmt.Fprintf(&b, ".%s%s\n", p, rule)
	}
	b.WriteString("@media (max-width:640px){#" + p + "sidebar{display:none}}\n</style>")
	return b.String()
}

// configScript is the analytics and configuration script of the head.
func (s *state) configScript(pageNo int) string {
	return fmt.Sprintf(`<script type="text/javascript">
var _gaq=_gaq||[];_gaq.push(['_setAccount','UA-%d-1']);_gaq.push(['_trackPageview','/p/%d']);
(function(){var ga=document.createElement('script');ga.async=true;ga.src='//stats.%s/ga.js';document.getElementsByTagName('head')[0].appendChild(ga);})();
window.SITE_CONFIG={"locale":"en-US","currency":"USD","features":{"quickView":true,"wishlist":%t,"reviews":true},"cdn":"//cdn.%s/assets/","build":"%x"};
if(window.location.hash&&window.location.hash.length>1&&document.readyState!=="loading"){document.title+=" #";}
</script>`, 100000+int(s.seed%899999), pageNo, s.site.host, s.seed%2 == 0, s.site.host, s.seed*2654435761%0xffffffff)
}

// header is the site's logo, search form, account links and navigation
// with a drop-down menu per category.
func (s *state) header() *node {
	r := s.r
	h := el("div", "id", s.cls("header", "masthead", "top"))
	if s.site.html5 {
		h = el("header", "class", s.cls("header", "masthead", "site-header"))
	}
	h.add(el("div", "class", "promo-bar").addText(pick(r, s.dom.blurbs)))
	h.add(el("a", "href", "/", "class", "logo").add(el("img", "src", "/img/logo.png", "alt", s.site.name)))
	sel := el("select", "name", "cat")
	for _, w := range append([]string{"All"}, s.dom.nav...) {
		sel.add(el("option", "value", slug(w)).addText(w))
	}
	h.add(el("form", "action", "/search", "method", "get").add(sel,
		el("input", "type", "text", "name", "q", "placeholder", "Search "+s.site.name),
		el("button", "type", "submit").addText("Search")))
	acct := el("ul", "class", s.cls("account", "user-links"))
	for _, w := range s.pool("account-links", 3, func() string {
		return pick(r, []string{"Sign in", "Register", "My Account", "Help", "Cart (0)", "Wish List", "Track Order"})
	}) {
		acct.add(el("li").add(el("a", "href", "/"+slug(w)).addText(w)))
	}
	nav := el("ul", "class", s.cls("nav", "menu", "categories"))
	for _, w := range append([]string{"Home"}, s.dom.nav...) {
		li := el("li").add(el("a", "href", "/"+slug(w)+"/").addText(w))
		if w != "Home" {
			sub := el("ul", "class", "submenu")
			for _, x := range s.dom.submenu {
				sub.add(el("li").add(el("a", "href", "/"+slug(w)+"/"+slug(x)).addText(x)))
			}
			li.add(sub)
		}
		nav.add(li)
	}
	navWrap := el("div", "class", "navigation")
	if s.site.html5 {
		navWrap = el("nav")
	}
	h.add(acct, navWrap.add(nav))
	return h
}

// footer is the footer: link columns, a newsletter form, the company's
// address and phone (look-alikes of address and phone fields), the
// copyright line.
func (s *state) footer() *node {
	f := el("div", "id", s.cls("footer", "foot"))
	if s.site.html5 {
		f = el("footer", "class", s.cls("footer", "site-footer"))
	}
	cols := [][]string{{"About Us", "Careers", "Press", "Investor Relations", "Our Stores", "Affiliates"},
		{"Help", "Shipping", "Returns", "Contact Us", "Order Status", "Gift Cards"},
		{"Privacy Policy", "Terms of Use", "Accessibility", "Site Map", "Cookie Settings"},
		{"Facebook", "Twitter", "Instagram", "YouTube"}}
	for _, c := range cols {
		ul := el("ul", "class", s.cls("footer-links"))
		for _, w := range c {
			ul.add(el("li").add(el("a", "href", "/"+slug(w)).addText(w)))
		}
		f.add(ul)
	}
	f.add(el("form", "class", "newsletter", "action", "/subscribe").add(el("label").addText("Get our newsletter"),
		el("input", "type", "email", "name", "email", "placeholder", "Your e-mail address"), el("button").addText("Subscribe")))
	a := s.company()
	f.add(el("p", "class", "company").add(txt(s.site.name+" Inc., "+a[0]), el("br"), txt(a[1]+" · Customer service: "+a[2])))
	f.add(el("p", "class", "copyright").addText(fmt.Sprintf("© %d–%d %s. All rights reserved. All trademarks are property of their respective owners.", s.site.year-7, s.site.year, s.site.name)))
	return f
}

// company is the site owner's street line, city line and phone.
func (s *state) company() []string {
	p := s.pool("company", 1, func() string {
		a := drawAddress(s.r)
		return a.street + "\x00" + a.cityLine + "\x00" + s.f.fmtPhone(s.r)
	})
	return strings.Split(p[0], "\x00")
}

// sidebarBoxes are look-alike boxes: other records' headings and values
// ("customers also viewed"), and ads with names and prices.
func (s *state) sidebarBoxes(pageNo int) []*node {
	r := s.r
	var out []*node
	if s.t.chrome.sidebar {
		box := el("div", "class", s.cls("box", "widget", "related", "module"))
		box.add(el("h3").addText(pick(r, s.dom.related)))
		ul := el("ul")
		for _, o := range pickN(r, s.others, r.between(3, 6)) {
			li := el("li").add(el("a", "href", "/"+s.dom.object+"/"+slug(o[s.dom.heading][0])).addText(o[s.dom.heading][0]))
			for _, k := range s.dom.lookalike {
				if vs, ok := o.values(k); ok && s.dom.fact(k).kind != addr {
					li.add(el("br"), el("span", "class", slug(k)).addText(joinAnd(vs, ", ", " & ")))
				}
			}
			ul.add(li)
		}
		out = append(out, box.add(ul))
	}
	if s.list {
		out = append(out, s.facetBox())
	}
	if s.t.chrome.ads {
		o := pick(r, s.others)
		ad := el("div", "class", s.cls("ad", "sponsored", "promo", "advert"))
		ad.add(el("span", "class", "ad-label").addText("Advertisement"),
			el("p").add(el("a", "href", "/ad/"+strconv.Itoa(pageNo)).addText(o[s.dom.heading][0]),
				txt(" — "+pick(r, []string{"now only ", "from ", "save today: "})+s.f.fmtPrice(s.f.price(r, 5, 300)))))
		out = append(out, ad)
	}
	return out
}

// blurb draws a description paragraph.
func (s *state) blurb(n int) *node {
	p := el("div", "class", s.cls("description", "about", "summary"))
	for range n {
		p.add(el("p").addText(pick(s.r, s.dom.blurbs) + " " + pick(s.r, s.dom.blurbs)))
	}
	return p
}

// facetBox is a list page's "refine by" box: values of other records with
// counts, and price ranges.
func (s *state) facetBox() *node {
	r := s.r
	box := el("div", "class", s.cls("facets", "filters", "refine"))
	box.add(el("h3").addText(pick(r, []string{"Refine by", "Filter results", "Narrow your search"})))
	for _, k := range s.dom.facets {
		vals := distinctValues(s.others, []string{k})
		if len(vals) == 0 {
			continue
		}
		box.add(el("h4").addText(s.dom.fact(k).labels[0]))
		ul := el("ul")
		for _, v := range pickN(r, vals, min(len(vals), 6)) {
			ul.add(el("li").add(el("a", "href", "?"+k+"="+slug(v)).addText(v), txt(fmt.Sprintf(" (%d)", r.between(1, 140)))))
		}
		box.add(ul)
	}
	box.add(el("h4").addText("Price"))
	ul := el("ul")
	for _, b := range [][2]int{{0, 10}, {10, 25}, {25, 50}, {50, 100}} {
		ul.add(el("li").add(el("a", "href", fmt.Sprintf("?price=%d-%d", b[0], b[1])).addText(s.f.fmtPrice(b[0]*100) + " – " + s.f.fmtPrice(b[1]*100))))
	}
	return box.add(ul)
}
