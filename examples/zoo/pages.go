package zoo

import (
	"fmt"
	"slices"
	"strconv"
)

// splitRows separates the rows shown under the heading from the block
// rows, the latter in this page's order (shuffled when the template
// shuffles labelled rows).
func (s *state) splitRows() (head, block []*row) {
	for _, rw := range s.t.rows {
		if s.t.chrome.groups && rw.keys[0] == s.t.chrome.groupFact {
			continue
		}
		if rw.head {
			head = append(head, rw)
		} else {
			block = append(block, rw)
		}
	}
	if s.t.shuffle {
		s.r.Shuffle(len(block), func(i, j int) { block[i], block[j] = block[j], block[i] })
	}
	return head, block
}

// nest wraps n in the template's extra containers.
func (s *state) nest(n *node) *node {
	for i := len(s.t.wraps) - 1; i >= 0; i-- {
		n = el(s.t.wraps[i], "class", s.cls("wrap", "inner", "col", "region", "container-fluid", "row")).add(n)
	}
	return n
}

// headRows renders the rows under the heading; inline ones are separated
// by the template's meta separator.
func (s *state) headRows(rows []*row, rec record) []*node {
	var out []*node
	for _, rw := range rows {
		n := s.headRowNode(rw, rec)
		if n == nil {
			continue
		}
		if len(out) > 0 && n.inline() {
			out = append(out, txt(s.t.metaSep))
		}
		out = append(out, n)
	}
	return out
}

// detailPage builds the page of one record.
func (s *state) detailPage(rec record, pageNo int) *node {
	r := s.r
	t := s.t
	head, block := s.splitRows()
	title := rec[s.dom.heading][0]
	main := el("div", "class", s.cls("product", "item", "detail", "profile", "entry"))
	if t.chrome.breadcrumbs {
		bc := el("div", "class", s.cls("breadcrumbs", "crumbs", "breadcrumb"))
		bc.add(el("a", "href", "/").addText("Home"), txt(" › "), el("a", "href", "/"+slug(s.dom.nav[0])+"/").addText(s.dom.nav[0]), txt(" › "), el("span").addText(title))
		main.add(bc)
	}
	main.add(el("div", "class", "media").add(el("img", "src", fmt.Sprintf("/img/%d.jpg", 1000+pageNo), "alt", title)))
	main.add(s.headingNode(rec, pageNo))
	main.add(s.headRows(head, rec)...)
	if t.twoBlocks {
		cut := len(block) / 2
		main.add(s.blockNode(t.block, block[:cut], rec))
		main.add(s.blurb(r.between(1, 2)))
		main.add(el("h2").addText(pick(r, []string{"Product details", "Details", "More information", "Specifications", "Information"})))
		main.add(s.blockNode(t.block2, block[cut:], rec))
	} else {
		if r.chance(0.5) {
			main.add(el("h2").addText(pick(r, []string{"Details", "Information", "About", "Overview"})))
		}
		main.add(s.blockNode(t.block, block, rec))
		main.add(s.blurb(r.between(1, 3)))
	}
	if t.chrome.reviews {
		main.add(s.reviews(pageNo))
	}
	info := pickN(r, s.dom.info, 2)
	main.add(el("div", "class", s.cls("info", "policies", "notice")).add(el("h3").addText(s.dom.infoTitle),
		el("p").addText(info[0]), el("p").addText(info[1])))
	return s.pageShell(title+" | "+s.site.name, pageNo, s.nest(main), s.sidebarBoxes(pageNo), nil)
}

// reviews are customer reviews: names and dates that look like field
// values of other roles.
func (s *state) reviews(pageNo int) *node {
	r := s.r
	box := el("div", "class", s.cls("reviews", "comments", "customer-reviews")).add(el("h2").addText(s.dom.reviewTitle))
	for range r.between(1, 4) {
		d := dateIn(r, s.site.year-3, s.site.year)
		box.add(el("div", "class", "review").add(
			el("span", "class", "reviewer").addText(r.person()), txt(" "),
			el("span", "class", "review-date").addText(pick(r, []string{"", "Reviewed on ", "Posted "})+s.f.fmtDate(d)),
			el("p").addText(pick(r, s.dom.reviewLines))))
	}
	return box
}

var shopInfo = []string{
	"Most orders ship within 1–2 business days. Expedited shipping is available at checkout.",
	"Returns are accepted within 30 days of delivery for a full refund. See our return policy for details.",
	"Orders placed before 2 p.m. ship the same day. Delivery times vary by destination.",
	"Some items cannot be shipped outside the continental United States.",
}

var shopReviews = []string{
	"Exactly as described. Would buy again.", "Not what I expected, but it grew on me.",
	"Five stars — arrived two days early!", "Good value for the price.", "The photos don't do it justice.",
	"My second one; the first was a gift.", "Customer service was helpful when I had a question.",
}

// recordNode builds one record of a list page (not in a table).
func (s *state) recordNode(rec record, idx int, cls string) *node {
	t := s.t
	head, block := s.splitRows()
	var tag string
	switch t.container {
	case "cards":
		tag = "div"
	case "ul", "ol":
		tag = "li"
	case "dl":
		tag = "dl"
	case "articles":
		tag = "article"
	}
	n := el(tag, "class", cls, "data-id", strconv.Itoa(10000+idx*7))
	if t.container == "dl" {
		n.add(el("dt").add(s.headingNode(rec, idx)))
		for _, rw := range append(head, block...) {
			n.add(s.rowNodes(t.block, rw, rec)...)
		}
		return n
	}
	n.add(s.headingNode(rec, idx))
	n.add(s.headRows(head, rec)...)
	n.add(s.blockNode(t.block, block, rec))
	return n
}

// tableRow builds one record as a table row: a cell per column.
func (s *state) tableRow(rec record, idx int, cls string) *node {
	tr := el("tr", "class", cls)
	_, block := s.splitRows()
	for i := 0; i <= len(block); i++ {
		if i == s.t.headCol {
			tr.add(el("td", "class", s.cls("title", "name")).add(s.headingNode(rec, idx)))
		}
		if i < len(block) {
			td := s.rowNodes(s.t.block, block[i], rec)
			if td == nil {
				td = []*node{el("td", "class", block[i].cls)}
			}
			tr.add(td...)
		}
	}
	return tr
}

// listPage builds a page of records.
func (s *state) listPage(recs []record, pageNo int) *node {
	r := s.r
	t := s.t
	main := el("div", "class", s.cls("results", "listing", "search-results", "list-page"))
	q := pick(r, s.dom.nav)
	main.add(el("h1").addText(pick(r, []string{"Search results", q, "Results for “" + q + "”", s.dom.listTitle})))
	if len(recs) == 0 {
		main.add(el("p", "class", "no-results").addText(fmt.Sprintf("No results found for “%s”. Try a different search.", q)))
	} else {
		total := len(recs) + r.IntN(200)
		main.add(el("p", "class", "count").addText(fmt.Sprintf("Showing 1–%d of %d results", len(recs), total)))
	}
	main.add(s.pageScopeNodes(recs)...)
	if t.chrome.promo && len(s.others) > 1 {
		promo := el("div", "class", s.cls("featured", "promoted", "spotlight")).add(el("h2").addText("Featured"))
		promo.add(s.listContainer(pickN(r, s.others, 2), pageNo*100+90, false))
		main.add(promo)
	}
	if len(recs) > 0 {
		if t.chrome.groups {
			for _, g := range groupRuns(recs, t.chrome.groupFact) {
				main.add(el("h3", "class", s.cls("group", "day", "date-heading")).addText(g[0][t.chrome.groupFact][0]))
				main.add(s.listContainer(g, pageNo*100, t.chrome.adRows))
			}
		} else {
			main.add(s.listContainer(recs, pageNo*100, t.chrome.adRows))
		}
		main.add(s.pagination(pageNo))
	}
	return s.pageShell(s.dom.listTitle+" – "+s.site.name, pageNo, s.nest(main), s.sidebarBoxes(pageNo), nil)
}

// groupRuns splits records into runs sharing the value of key.
func groupRuns(recs []record, key string) [][]record {
	var out [][]record
	for _, rec := range recs {
		if k := len(out); k > 0 && slices.Equal(out[k-1][0][key], rec[key]) {
			out[k-1] = append(out[k-1], rec)
			continue
		}
		out = append(out, []record{rec})
	}
	return out
}

// listContainer renders records in the template's container, with an ad
// in the records' markup when adRow is set.
func (s *state) listContainer(recs []record, base int, adRow bool) *node {
	r := s.r
	t := s.t
	adAt := -1
	if adRow {
		adAt = r.IntN(len(recs) + 1)
	}
	var box *node
	switch t.container {
	case "table":
		box = el("table", "class", s.cls("results", "list", "schedule", "roster", "grid"))
		if t.thead {
			hr := el("tr")
			_, block := s.splitRows()
			for i := 0; i <= len(block); i++ {
				if i == t.headCol {
					hr.add(el("th").addText(s.dom.fact(s.dom.heading).labels[0]))
				}
				if i < len(block) {
					hr.add(el("th").addText(block[i].label))
				}
			}
			box.add(el("thead").add(hr))
		}
	case "cards", "dl":
		box = el("div", "class", s.cls("results", "cards", "grid", "list"))
	case "ul":
		box = el("ul", "class", s.cls("results", "items", "list"))
	case "ol":
		box = el("ol", "class", s.cls("results", "items", "list"))
	case "articles":
		box = el("section", "class", s.cls("results", "items", "feed"))
	}
	body := box
	if t.container == "table" {
		body = el("tbody")
		box.add(body)
	}
	cls := s.cls("item", "result", "card", "event", "listing", "entry")
	for i, rec := range recs {
		if i == adAt {
			body.add(s.adRow(cls))
		}
		if t.container == "table" {
			body.add(s.tableRow(rec, base+i, cls))
		} else {
			body.add(s.recordNode(rec, base+i, cls))
		}
	}
	if adAt == len(recs) {
		body.add(s.adRow(cls))
	}
	return box
}

// adRow is an ad in the records' own markup, holding a look-alike name
// and price.
func (s *state) adRow(cls string) *node {
	r := s.r
	o := pick(r, s.others)
	detail := s.f.fmtPrice(s.f.price(r, 5, 300))
	if vs, ok := o.values(s.dom.lookalike[0]); ok {
		detail = joinAnd(vs, ", ", " & ")
	}
	content := []*node{el("span", "class", "sponsored").addText("Sponsored"), txt(" "),
		el("a", "href", "/ad/"+slug(o[s.dom.heading][0])).addText(o[s.dom.heading][0]),
		txt(" — " + detail)}
	switch s.t.container {
	case "table":
		return el("tr", "class", cls+" ad").add(el("td", "colspan", strconv.Itoa(len(s.t.rows)+1)).add(content...))
	case "ul", "ol":
		return el("li", "class", cls+" ad").add(content...)
	case "dl":
		return el("dl", "class", cls+" ad").add(el("dt").add(content...))
	case "articles":
		return el("article", "class", cls+" ad").add(content...)
	}
	return el("div", "class", cls+" ad").add(content...)
}

// pagination is the "1 2 3 Next" line of a list page.
func (s *state) pagination(pageNo int) *node {
	p := el("div", "class", s.cls("pagination", "pager", "pages"))
	for i := 1; i <= 5; i++ {
		p.add(el("a", "href", fmt.Sprintf("?page=%d", i)).addText(strconv.Itoa(i)), txt(" "))
	}
	return p.add(el("a", "href", fmt.Sprintf("?page=%d", pageNo%5+2), "rel", "next").addText("Next »"))
}

// pageScopeNodes shows the page's shared fact (a roster's team) once, above
// the records.
func (s *state) pageScopeNodes(recs []record) []*node {
	k := s.dom.pageFact
	vs, ok := s.page.values(k)
	if k == "" || !ok {
		return nil
	}
	v := vs[0]
	switch s.t.pageStyle {
	case 0:
		return []*node{el("h2", "class", s.cls(k, k+"-name", "page-"+k)).addText(v)}
	case 1:
		return []*node{el("div", "class", s.cls(k, "meta")).add(el("span", "class", "label").addText(s.dom.fact(k).labels[0]+":"), txt(" "), el("a", "href", "/"+k+"/"+slug(v)).addText(v))}
	}
	return []*node{el("h2", "class", s.cls("page-title", "heading")).add(el("span", "class", k).addText(v), txt(" "+s.dom.listTitle))}
}

// sortForGroups orders a page's records by the order of their group
// values on the page (s.page holds it under "order:"+fact), so that the
// records sharing a value are contiguous.
func (s *state) sortForGroups(recs []record) {
	k := s.t.chrome.groupFact
	order := s.page["order:"+k]
	slices.SortStableFunc(recs, func(a, b record) int {
		return slices.Index(order, a[k][0]) - slices.Index(order, b[k][0])
	})
}
