package zoo

import (
	"strings"
)

// joinAnd joins xs as "A, B and C".
func joinAnd(xs []string, sep, last string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], sep) + last + xs[len(xs)-1]
}

// mergeText joins adjacent text nodes, so that "by " and "A and B" become
// the one text node a template engine writes.
func mergeText(ns []*node) []*node {
	var out []*node
	for _, n := range ns {
		if n == nil {
			continue
		}
		if k := len(out); k > 0 && n.tag == "" && !n.raw && out[k-1].tag == "" && !out[k-1].raw {
			out[k-1] = txt(out[k-1].text + n.text)
			continue
		}
		out = append(out, n)
	}
	return out
}

// wrapValue puts one value in the row's value element.
func (s *state) wrapValue(rw *row, key, v string) *node {
	switch rw.wrap {
	case "":
		return txt(v)
	case "a":
		return el("a", "href", "/"+slug(key)+"/"+slug(v)).addText(v)
	case "span":
		return el("span", "class", s.cls("value", "val", "data", "v")).addText(v)
	}
	return el(rw.wrap).addText(v)
}

// factNodes renders the values of one fact.
func (s *state) factNodes(rw *row, key string, vals []string) []*node {
	switch s.dom.fact(key).kind {
	case addr:
		return s.addrNodes(rw, vals)
	case multi:
		return s.multiNodes(rw, key, vals)
	}
	return []*node{s.wrapValue(rw, key, vals[0])}
}

// ambiguous reports whether joining vals with sep and last could not be
// split back by a reader (a value holds the separator).
func ambiguous(vals []string, sep, last string) bool {
	for _, v := range vals {
		for _, p := range []string{strings.TrimSpace(sep), strings.TrimSpace(last)} {
			if p == "," || p == ";" || p == "/" || p == "·" || p == "|" || p == "&" {
				if strings.Contains(v, p) {
					return true
				}
			} else if strings.Contains(" "+v+" ", " "+p+" ") {
				return true
			}
		}
	}
	return false
}

// multiNodes renders the values of a multi-valued fact.
func (s *state) multiNodes(rw *row, key string, vals []string) []*node {
	mode := rw.multi
	if mode == "text" && ambiguous(vals, rw.msep, rw.mlast) {
		mode = "links" // the template marks each name up when a name holds the separator
	}
	if mode == "links" && rw.wrap == "" && ambiguous(vals, rw.msep, rw.msep) {
		mode = "br"
	}
	var out []*node
	switch mode {
	case "text":
		j := txt(joinAnd(vals, rw.msep, rw.mlast))
		if rw.wrap == "span" || rw.wrap == "a" {
			j = el("span", "class", rw.cls).add(j)
		}
		return []*node{j}
	case "ul":
		ul := el("ul", "class", rw.cls+"-list")
		for _, v := range vals {
			ul.add(el("li").add(s.wrapValue(rw, key, v)))
		}
		return []*node{ul}
	case "br":
		for i, v := range vals {
			if i > 0 {
				out = append(out, el("br"))
			}
			out = append(out, s.wrapValue(rw, key, v))
		}
		return out
	}
	w := *rw
	if w.wrap == "" || w.wrap == "b" {
		w.wrap = "a"
	}
	for i, v := range vals {
		if i > 0 {
			out = append(out, txt(rw.msep))
		}
		out = append(out, s.wrapValue(&w, key, v))
	}
	return out
}

// splitCityLine splits "City, ST 12345" into its three parts.
func splitCityLine(cl string) (cityName, state, zip string) {
	i := strings.LastIndex(cl, " ")
	head, zip := cl[:i], cl[i+1:]
	j := strings.LastIndex(head, ", ")
	return head[:j], head[j+2:], zip
}

// addrNodes renders an address in the row's style; the truth value is
// always the two lines joined by ", ".
func (s *state) addrNodes(rw *row, vals []string) []*node {
	a := address{vals[0], vals[1]}
	switch rw.addr {
	case "line":
		w := &row{wrap: rw.wrap, cls: rw.cls}
		if w.wrap == "a" {
			w.wrap = "span"
		}
		return []*node{s.wrapValue(w, "", a.full())}
	case "br":
		return []*node{txt(a.street), el("br"), txt(a.cityLine)}
	case "spans":
		c, st, zip := splitCityLine(a.cityLine)
		return []*node{el("span", "class", "street-address").addText(a.street), el("br"),
			el("span", "class", "locality").addText(c), txt(", "), el("span", "class", "region").addText(st),
			txt(" "), el("span", "class", "postal-code").addText(zip)}
	case "tag":
		return []*node{el("address", "class", rw.cls).add(txt(a.street), el("br"), txt(a.cityLine))}
	}
	return []*node{el("div", "class", rw.cls).add(el("div").addText(a.street), el("div").addText(a.cityLine))}
}

// valueNodes renders the row's value for rec (both facts of a combined
// row), with its prefix; nil when the record shows none of them.
func (s *state) valueNodes(rw *row, rec record) []*node {
	var ns []*node
	a, okA := rec.values(rw.keys[0])
	if okA {
		ns = append(ns, s.factNodes(rw, rw.keys[0], a)...)
	}
	if len(rw.keys) == 2 {
		if b, ok := rec.values(rw.keys[1]); ok {
			mid, post := rw.mid, rw.post
			if !okA {
				// The template writes the second fact's punctuation
				// around it alone: "(June 1, 2010)".
				mid = strings.TrimLeft(mid, " ,;|·—–@")
				if mid == "at " || mid == "in " {
					mid = ""
				}
			}
			if mid == "<br>" {
				ns = append(ns, el("br"))
			} else {
				ns = append(ns, txt(mid))
			}
			ns = append(ns, s.factNodes(rw, rw.keys[1], b)...)
			ns = append(ns, txt(post))
		}
	}
	if len(ns) == 0 {
		if !s.t.chrome.na || !s.optional(rw) {
			return nil
		}
		ns = []*node{txt(pick(s.r, []string{"N/A", "—", "Not available", "-"}))}
	}
	if rw.prefix != "" {
		ns = append([]*node{txt(rw.prefix)}, ns...)
	}
	return mergeText(ns)
}

// optional reports whether a row's facts may be absent.
func (s *state) optional(rw *row) bool {
	for _, k := range rw.keys {
		if _, ok := s.presence[k]; ok {
			return true
		}
	}
	return false
}

func (b blockStyle) labelText(l string) string {
	if b.colon {
		return l + ":"
	}
	return l
}

// labelled puts a label before value nodes in the block's habit.
func (b blockStyle) labelled(label string, value []*node) []*node {
	if b.lblTag == "" {
		return mergeText(append([]*node{txt(b.labelText(label) + " ")}, value...))
	}
	return append([]*node{el(b.lblTag, "class", "label").addText(b.labelText(label)), txt(" ")}, value...)
}

// rowNodes renders one row in the block's layout; nil when absent.
func (s *state) rowNodes(b blockStyle, rw *row, rec record) []*node {
	v := s.valueNodes(rw, rec)
	if v == nil {
		return nil
	}
	rowCls := ""
	if rw.label == "" {
		rowCls = rw.cls
	}
	switch b.kind {
	case "table":
		if rw.label == "" {
			return []*node{el("tr", "class", rowCls).add(el("td", "colspan", "2").add(v...))}
		}
		return []*node{el("tr").add(el(b.lblTag, "class", "label").addText(b.labelText(rw.label)), el("td").add(v...))}
	case "dl":
		if rw.label == "" {
			return []*node{el("dd", "class", rowCls).add(v...)}
		}
		return []*node{el("dt").addText(b.labelText(rw.label)), el("dd").add(v...)}
	case "ul", "ddonly":
		tag := "li"
		if b.kind == "ddonly" {
			tag = "dd"
		}
		if rw.label == "" {
			return []*node{el(tag, "class", rowCls).add(v...)}
		}
		return []*node{el(tag).add(b.labelled(rw.label, v)...)}
	case "divs":
		if rw.label == "" {
			return []*node{el("div", "class", rowCls).add(v...)}
		}
		inner := b.inner
		if hasBlock(v) {
			inner = "div"
		}
		return []*node{el("div", "class", "row").add(el(b.lblTag, "class", "label").addText(b.labelText(rw.label)),
			txt(" "), el(inner, "class", "value").add(v...))}
	case "pbr":
		if rw.label == "" {
			return []*node{el("span", "class", rowCls).add(v...), el("br")}
		}
		return append(b.labelled(rw.label, v), el("br"))
	case "cells":
		return []*node{el("td", "class", rw.cls).add(v...)}
	}
	panic("zoo: unknown block kind " + b.kind)
}

// blockNode renders rows in the block's container.
func (s *state) blockNode(b blockStyle, rows []*row, rec record) *node {
	var kids []*node
	for _, rw := range rows {
		kids = append(kids, s.rowNodes(b, rw, rec)...)
	}
	if len(kids) == 0 {
		return nil
	}
	switch b.kind {
	case "table":
		t := el("table", "class", b.cls)
		if s.site.html5 || s.r.chance(0.5) {
			return t.add(el("tbody").add(kids...))
		}
		return t.add(kids...)
	case "dl":
		return el("dl", "class", b.cls).add(kids...)
	case "ul":
		return el("ul", "class", b.cls).add(kids...)
	case "divs":
		return el("div", "class", b.cls).add(kids...)
	case "pbr":
		if k := len(kids); kids[k-1].tag == "br" {
			kids = kids[:k-1]
		}
		return el("p", "class", b.cls).add(kids...)
	}
	panic("zoo: no block container for " + b.kind)
}

// hasBlock reports whether ns holds a block element.
func hasBlock(ns []*node) bool {
	for _, n := range ns {
		if !n.inline() {
			return true
		}
	}
	return false
}

// headRowNode renders a row shown under the heading: one element with the
// prefix and the value.
func (s *state) headRowNode(rw *row, rec record) *node {
	v := s.valueNodes(rw, rec)
	if v == nil {
		return nil
	}
	tag := s.t.headRowTag
	if tag == "p" && hasBlock(v) {
		tag = "div"
	}
	return el(tag, "class", rw.cls).add(v...)
}

// headingNode renders the record's heading.
func (s *state) headingNode(rec record, pageNo int) *node {
	t := s.t
	v := rec[s.dom.heading][0]
	var inner *node
	switch t.headWrap {
	case "a":
		inner = el("a", "href", "/"+s.dom.object+"/"+slug(v), "title", v).addText(v)
	case "span":
		inner = el("span", "id", s.cls("productTitle", "title", "name")).addText(v)
	case "":
		inner = txt(v)
	default:
		inner = el(t.headWrap).addText(v)
	}
	if t.headTag == "" {
		return inner
	}
	h := el(t.headTag, "class", s.cls("title", "name", "heading", s.dom.object+"-title")).add(inner)
	if t.headTag == "a" {
		h = el("a", "class", s.cls("title", "name", "heading", s.dom.object+"-title"), "href", "/"+s.dom.object+"/"+slug(v)).add(inner)
	}
	if t.headExtra && rec["note"] != nil {
		h.add(txt(" "), el("small", "class", "note").addText(rec["note"][0]))
	}
	return h
}
