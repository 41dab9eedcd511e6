package annotate

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The insertion modes of html.Parse (x/net/html parse.go, section numbers
// of the HTML standard), as the stream follows them. Each returns whether
// the token was consumed; a token that is not is processed again in the
// new mode. Modes the stream does not follow (frameset, template) stop it.

type imode uint8

const (
	imInitial imode = iota
	imBeforeHTML
	imBeforeHead
	imInHead
	imAfterHead
	imInBody
	imText
	imInTable
	imInCaption
	imInColumnGroup
	imInTableBody
	imInRow
	imInCell
	imAfterBody
	imAfterAfterBody
)

const whitespace = " \t\r\n\f"

func (sp *sparser) mode() bool {
	switch sp.im {
	case imInitial:
		return sp.initialIM()
	case imBeforeHTML:
		return sp.beforeHTMLIM()
	case imBeforeHead:
		return sp.beforeHeadIM()
	case imInHead:
		return sp.inHeadIM()
	case imAfterHead:
		return sp.afterHeadIM()
	case imInBody:
		return sp.inBodyIM()
	case imText:
		return sp.textIM()
	case imInTable:
		return sp.inTableIM()
	case imInCaption:
		return sp.inCaptionIM()
	case imInColumnGroup:
		return sp.inColumnGroupIM()
	case imInTableBody:
		return sp.inTableBodyIM()
	case imInRow:
		return sp.inRowIM()
	case imInCell:
		return sp.inCellIM()
	case imAfterBody:
		return sp.afterBodyIM()
	case imAfterAfterBody:
		return sp.afterAfterBodyIM()
	}
	sp.stop("unknown insertion mode")
	return true
}

// 12.2.6.4.1. The doctype is kept for quirks (see quirks).
func (sp *sparser) initialIM() bool {
	switch sp.tok.tt {
	case html.TextToken:
		sp.setText(strings.TrimLeft(sp.text(), whitespace))
		if sp.text() == "" {
			return true
		}
	case html.CommentToken:
		return true
	case html.DoctypeToken:
		sp.doctype = sp.text()
		sp.im = imBeforeHTML
		return true
	}
	sp.im = imBeforeHTML
	return false
}

// quirks reports whether html.Parse parses the page in quirks mode, whose
// only effect on the tree is that a <table> does not close an open <p>.
// Quirks mode follows from the doctype alone (none: quirks): html.Parse
// tells it from the doctype followed by "<p><table>".
func (sp *sparser) quirks() bool {
	if sp.doctype == "" {
		return true
	}
	doc, err := html.Parse(strings.NewReader(sp.doctype + "<p><table>"))
	if err != nil {
		return true
	}
	var table *html.Node
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for c := n.FirstChild; c != nil && table == nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.DataAtom == atom.Table {
				table = c
			}
			find(c)
		}
	}
	find(doc)
	return table != nil && table.Parent != nil && table.Parent.DataAtom == atom.P
}

// 12.2.6.4.2.
func (sp *sparser) beforeHTMLIM() bool {
	switch sp.tok.tt {
	case html.DoctypeToken, html.CommentToken:
		return true
	case html.TextToken:
		sp.setText(strings.TrimLeft(sp.text(), whitespace))
		if sp.text() == "" {
			return true
		}
	case html.StartTagToken:
		if sp.tok.a == atom.Html {
			sp.addElement()
			sp.checkRoot()
			sp.im = imBeforeHead
			return true
		}
	case html.EndTagToken:
		switch sp.tok.a {
		case atom.Head, atom.Body, atom.Html, atom.Br:
			sp.implied(html.StartTagToken, atom.Html)
			return false
		}
		return true
	}
	sp.implied(html.StartTagToken, atom.Html)
	return false
}

// checkRoot stops when Clean would remove the html or body element just
// inserted (a hidden page).
func (sp *sparser) checkRoot() {
	if sp.top().drop {
		sp.stop("hidden html or body element")
	}
}

// 12.2.6.4.3.
func (sp *sparser) beforeHeadIM() bool {
	switch sp.tok.tt {
	case html.TextToken:
		sp.setText(strings.TrimLeft(sp.text(), whitespace))
		if sp.text() == "" {
			return true
		}
	case html.StartTagToken:
		switch sp.tok.a {
		case atom.Head:
			sp.addElement()
			sp.head = true
			sp.im = imInHead
			return true
		case atom.Html:
			return sp.inBodyIM()
		}
	case html.EndTagToken:
		switch sp.tok.a {
		case atom.Head, atom.Body, atom.Html, atom.Br:
			sp.implied(html.StartTagToken, atom.Head)
			return false
		}
		return true
	case html.CommentToken:
		sp.comment()
		return true
	case html.DoctypeToken:
		return true
	}
	sp.implied(html.StartTagToken, atom.Head)
	return false
}

// comment inserts a comment at the current node: nothing in the cleaned
// tree, but the element has a child (which matters to <pre>'s newline).
func (sp *sparser) comment() {
	if t := sp.top(); t != nil {
		t.kids = true
	}
}

// 12.2.6.4.4.
func (sp *sparser) inHeadIM() bool {
	switch sp.tok.tt {
	case html.TextToken:
		s := strings.TrimLeft(sp.text(), whitespace)
		if len(s) < len(sp.text()) {
			sp.addText(sp.text()[:len(sp.text())-len(s)])
			if s == "" {
				return true
			}
			sp.setText(s)
		}
	case html.StartTagToken:
		switch sp.tok.a {
		case atom.Html:
			return sp.inBodyIM()
		case atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta:
			if sp.tok.a == atom.Base {
				sp.takeBase()
			}
			sp.addVoid()
			return true
		case atom.Noscript, atom.Noframes, atom.Style, atom.Script, atom.Title:
			// Scripting is enabled (html.Parse's default): <noscript>
			// holds raw text too.
			sp.addElement()
			sp.origIM = sp.im
			sp.im = imText
			return true
		case atom.Head:
			return true
		case atom.Template:
			sp.stop("template")
		}
	case html.EndTagToken:
		switch sp.tok.a {
		case atom.Head:
			sp.pop()
			sp.im = imAfterHead
			return true
		case atom.Body, atom.Html, atom.Br:
			sp.implied(html.EndTagToken, atom.Head)
			return false
		case atom.Template:
			return true // no template is open: the stream stops at one
		}
		return true
	case html.CommentToken:
		sp.comment()
		return true
	case html.DoctypeToken:
		return true
	}
	sp.implied(html.EndTagToken, atom.Head)
	return false
}

// 12.2.6.4.6.
func (sp *sparser) afterHeadIM() bool {
	switch sp.tok.tt {
	case html.TextToken:
		s := strings.TrimLeft(sp.text(), whitespace)
		if len(s) < len(sp.text()) {
			sp.addText(sp.text()[:len(sp.text())-len(s)])
			if s == "" {
				return true
			}
			sp.setText(s)
		}
	case html.StartTagToken:
		switch sp.tok.a {
		case atom.Html:
			return sp.inBodyIM()
		case atom.Body:
			sp.addElement()
			sp.checkRoot()
			sp.body = true
			sp.im = imInBody
			return true
		case atom.Frameset:
			sp.stop("frameset")
		case atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta, atom.Script, atom.Style:
			// Inserted into the head, which html.Parse puts back on the
			// stack for the time of the token: all of these are dropped or
			// empty in the cleaned tree, wherever they sit, but for a
			// <meta> Clean keeps in the head.
			if sp.tok.a == atom.Meta && sp.head {
				if ok, _ := sp.keptMeta(); ok {
					sp.stop("a kept <meta> after </head>")
				}
			}
			return sp.inHeadIM()
		case atom.Noframes, atom.Template, atom.Title:
			sp.stop("head content after </head>")
		case atom.Head:
			return true
		}
	case html.EndTagToken:
		switch sp.tok.a {
		case atom.Body, atom.Html, atom.Br:
		case atom.Template:
			return sp.inHeadIM()
		default:
			return true
		}
	case html.CommentToken:
		sp.comment()
		return true
	case html.DoctypeToken:
		return true
	}
	sp.implied(html.StartTagToken, atom.Body)
	return sp.tok.tt == html.ErrorToken
}

// 12.2.6.4.7.
func (sp *sparser) inBodyIM() bool {
	switch sp.tok.tt {
	case html.TextToken:
		d := sp.text()
		if t := sp.top(); t != nil && (t.a == atom.Pre || t.a == atom.Listing) && t.ns == nsHTML && !t.kids {
			// A newline at the start of a <pre> block is ignored.
			d = strings.TrimPrefix(d, "\r")
			d = strings.TrimPrefix(d, "\n")
		}
		if strings.IndexByte(d, 0) >= 0 {
			d = strings.ReplaceAll(d, "\x00", "")
		}
		if d == "" {
			return true
		}
		sp.reconstruct()
		sp.addText(d)
	case html.StartTagToken:
		return sp.inBodyStart()
	case html.EndTagToken:
		return sp.inBodyEnd()
	case html.CommentToken:
		sp.comment()
	}
	return true
}

// inBodyStart is the start tag part of 12.2.6.4.7.
func (sp *sparser) inBodyStart() bool {
	switch a := sp.tok.a; a {
	case atom.Html, atom.Body:
		// html.Parse merges the attributes into the element already
		// there: those Clean looks at would change the cleaned tree.
		for _, at := range sp.attrs() {
			if string(at.key) != "type" {
				sp.stop("attributes on a repeated <html> or <body>")
			}
		}
	case atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta, atom.Noframes, atom.Script, atom.Style, atom.Template, atom.Title:
		return sp.inHeadIM()
	case atom.Frameset:
		sp.stop("frameset")
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center, atom.Details, atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Header, atom.Hgroup, atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.P, atom.Search, atom.Section, atom.Summary, atom.Ul:
		sp.popUntil(buttonScope, atom.P)
		sp.addElement()
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		sp.popUntil(buttonScope, atom.P)
		switch sp.top().a {
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			sp.pop()
		}
		sp.addElement()
	case atom.Pre, atom.Listing:
		sp.popUntil(buttonScope, atom.P)
		sp.addElement()
	case atom.Form:
		if sp.form != 0 {
			return true
		}
		sp.popUntil(buttonScope, atom.P)
		sp.form = sp.addElement().id
	case atom.Li:
		sp.closeListItem(atom.Li, 0)
		sp.popUntil(buttonScope, atom.P)
		sp.addElement()
	case atom.Dd, atom.Dt:
		sp.closeListItem(atom.Dd, atom.Dt)
		sp.popUntil(buttonScope, atom.P)
		sp.addElement()
	case atom.Plaintext:
		sp.stop("plaintext")
	case atom.Button:
		if sp.inScope(defaultScope, atom.Button) {
			sp.generateImpliedEndTags(0)
			sp.popUntil(defaultScope, atom.Button)
		}
		sp.reconstruct()
		sp.addElement()
	case atom.A:
		for i := len(sp.afe) - 1; i >= 0 && sp.afe[i].id != 0; i-- {
			if sp.afe[i].a == atom.A {
				sp.stop("<a> inside an open <a>")
			}
		}
		sp.reconstruct()
		sp.addFormattingElement()
	case atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.S, atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
		sp.reconstruct()
		sp.addFormattingElement()
	case atom.Nobr:
		sp.reconstruct()
		if sp.inScope(defaultScope, atom.Nobr) {
			sp.stop("<nobr> inside an open <nobr>")
		}
		sp.addFormattingElement()
	case atom.Applet, atom.Marquee, atom.Object:
		sp.reconstruct()
		sp.addElement()
		sp.pushMarker()
	case atom.Table:
		if !sp.quirks() {
			sp.popUntil(buttonScope, atom.P)
		}
		sp.addElement()
		sp.im = imInTable
	default:
		return sp.inBodyStartMore()
	}
	return true
}

// inBodyStartMore is the rest of inBodyStart.
func (sp *sparser) inBodyStartMore() bool {
	switch a := sp.tok.a; a {
	case atom.Area, atom.Br, atom.Embed, atom.Img, atom.Keygen, atom.Wbr:
		sp.reconstruct()
		sp.addVoid()
	case atom.Input:
		sp.popUntil(defaultScope, atom.Select)
		sp.reconstruct()
		sp.addVoid()
	case atom.Param, atom.Source, atom.Track:
		sp.addVoid()
	case atom.Hr:
		if sp.inScope(buttonScope, atom.P) {
			sp.generateImpliedEndTags(atom.P)
			sp.popUntil(defaultScope, atom.P)
		}
		if sp.inScope(defaultScope, atom.Select) {
			sp.generateImpliedEndTags(0)
		}
		sp.addVoid()
	case atom.Image:
		sp.tok.a, sp.tok.name = atom.Img, atom.Img.String()
		return false
	case atom.Textarea:
		sp.addElement()
		sp.origIM = sp.im
		sp.im = imText
	case atom.Xmp:
		sp.popUntil(buttonScope, atom.P)
		sp.reconstruct()
		sp.rawText()
	case atom.Iframe, atom.Noembed, atom.Noscript:
		sp.rawText()
	case atom.Select:
		if sp.popUntil(defaultScope, atom.Select) {
			return true
		}
		sp.reconstruct()
		sp.addElement()
	case atom.Option, atom.Optgroup:
		if sp.inScope(defaultScope, atom.Select) {
			except := atom.Optgroup
			if a == atom.Optgroup {
				except = 0
			}
			sp.generateImpliedEndTags(except)
		} else if sp.top().a == atom.Option {
			sp.pop()
		}
		sp.reconstruct()
		sp.addElement()
	case atom.Rb, atom.Rtc, atom.Rp, atom.Rt:
		if sp.inScope(defaultScope, atom.Ruby) {
			except := atom.Atom(0)
			if a == atom.Rp || a == atom.Rt {
				except = atom.Rtc
			}
			sp.generateImpliedEndTags(except)
		}
		sp.addElement()
	case atom.Math, atom.Svg:
		sp.reconstruct()
		ns := nsMath
		if a == atom.Svg {
			ns = nsSVG
		}
		sp.push(a, sp.tok.name, ns, true, nil)
		if sp.tok.self {
			sp.pop()
		}
	case atom.Caption, atom.Col, atom.Colgroup, atom.Frame, atom.Head, atom.Tbody, atom.Td, atom.Tfoot, atom.Th, atom.Thead, atom.Tr:
		// Ignored.
	default:
		sp.reconstruct()
		sp.addElement()
	}
	return true
}

// rawText inserts a raw text element (parseGenericRawTextElement).
func (sp *sparser) rawText() {
	sp.addElement()
	sp.origIM = sp.im
	sp.im = imText
}

// closeListItem closes an open li (or dd/dt) before a new one: html.Parse's
// loop over the stack of open elements.
func (sp *sparser) closeListItem(a1, a2 atom.Atom) {
	for i := len(sp.oe) - 1; i >= 0; i-- {
		e := &sp.oe[i]
		if e.a == a1 || (a2 != 0 && e.a == a2) {
			sp.popTo(i)
			return
		}
		switch e.a {
		case atom.Address, atom.Div, atom.P:
			continue
		}
		if isSpecial(e) {
			return
		}
	}
}

// inBodyEnd is the end tag part of 12.2.6.4.7.
func (sp *sparser) inBodyEnd() bool {
	switch a := sp.tok.a; a {
	case atom.Body:
		if sp.inScope(defaultScope, atom.Body) {
			sp.im = imAfterBody
		}
	case atom.Html:
		if sp.inScope(defaultScope, atom.Body) {
			sp.implied(html.EndTagToken, atom.Body)
			return false
		}
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Button, atom.Center, atom.Details, atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Header, atom.Hgroup, atom.Listing, atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.Pre, atom.Search, atom.Section, atom.Select, atom.Summary, atom.Ul:
		if !sp.inScope(defaultScope, a) {
			return true
		}
		sp.generateImpliedEndTags(0)
		sp.popUntil(defaultScope, a)
	case atom.Form:
		node := sp.form
		sp.form = 0
		i := sp.indexInScope(defaultScope, atom.Form)
		if node == 0 || i == -1 || sp.oe[i].id != node {
			return true
		}
		sp.generateImpliedEndTags(0)
		if sp.top().id != node {
			sp.stop("</form> with open elements inside the form")
		}
		sp.pop()
	case atom.P:
		if !sp.inScope(buttonScope, atom.P) {
			sp.implied(html.StartTagToken, atom.P)
		}
		sp.popUntil(buttonScope, atom.P)
	case atom.Li:
		sp.popUntil(listItemScope, atom.Li)
	case atom.Dd, atom.Dt:
		sp.popUntil(defaultScope, a)
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		sp.popUntil(defaultScope, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6)
	case atom.A, atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.Nobr, atom.S, atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
		sp.endTagFormatting(a)
	case atom.Applet, atom.Marquee, atom.Object:
		if sp.popUntil(defaultScope, a) {
			sp.clearActiveFormattingElements()
		}
	case atom.Br:
		sp.tok.tt = html.StartTagToken
		return false
	case atom.Template:
		return sp.inHeadIM()
	default:
		sp.endTagOther(a, sp.tok.name)
	}
	return true
}

// endTagFormatting is the adoption agency algorithm where it only pops
// elements; where it would move them (a furthest block) the stream stops.
func (sp *sparser) endTagFormatting(a atom.Atom) {
	if t := sp.top(); t.name == sp.tok.name && sp.afeIndex(t.id) == -1 {
		sp.pop()
		return
	}
	fe := -1
	for j := len(sp.afe) - 1; j >= 0 && sp.afe[j].id != 0; j-- {
		if sp.afe[j].a == a {
			fe = j
			break
		}
	}
	if fe < 0 {
		sp.endTagOther(a, sp.tok.name)
		return
	}
	id := sp.afe[fe].id
	i := sp.onStack(id)
	if i < 0 {
		sp.afeRemove(id)
		return
	}
	if !sp.inScope(defaultScope, a) {
		return
	}
	for k := i; k < len(sp.oe); k++ {
		if isSpecial(&sp.oe[k]) {
			sp.stop("misnested formatting element (adoption agency)")
		}
	}
	sp.popTo(i)
	sp.afeRemove(id)
}

// endTagOther is "any other end tag" (inBodyEndTagOther).
func (sp *sparser) endTagOther(a atom.Atom, name string) {
	for i := len(sp.oe) - 1; i >= 0; i-- {
		e := &sp.oe[i]
		if e.ns == nsHTML && e.a == a && (a != 0 || e.name == name) {
			sp.popTo(i)
			return
		}
		if isSpecial(e) {
			return
		}
	}
}

// 12.2.6.4.8.
func (sp *sparser) textIM() bool {
	switch sp.tok.tt {
	case html.ErrorToken:
		sp.pop()
	case html.TextToken:
		if t := sp.top(); t.drop {
			t.kids = true // raw text of a dropped element: not decoded
			return true
		}
		d := sp.text()
		if t := sp.top(); t.a == atom.Textarea && !t.kids {
			d = strings.TrimPrefix(d, "\r")
			d = strings.TrimPrefix(d, "\n")
		}
		sp.addText(d)
		return true
	case html.EndTagToken:
		sp.pop()
	}
	sp.im, sp.origIM = sp.origIM, imInitial
	return sp.tok.tt == html.EndTagToken
}

// 12.2.6.4.9.
func (sp *sparser) inTableIM() bool {
	switch sp.tok.tt {
	case html.TextToken:
		if strings.IndexByte(sp.text(), 0) >= 0 {
			sp.setText(strings.ReplaceAll(sp.text(), "\x00", ""))
		}
		if sp.tableTop() && strings.Trim(sp.text(), whitespace) == "" {
			sp.addText(sp.text())
			return true
		}
	case html.StartTagToken:
		switch sp.tok.a {
		case atom.Caption:
			sp.clearStackToContext(tableContext...)
			sp.pushMarker()
			sp.addElement()
			sp.im = imInCaption
			return true
		case atom.Colgroup:
			sp.clearStackToContext(tableContext...)
			sp.addElement()
			sp.im = imInColumnGroup
			return true
		case atom.Col:
			sp.implied(html.StartTagToken, atom.Colgroup)
			return false
		case atom.Tbody, atom.Tfoot, atom.Thead:
			sp.clearStackToContext(tableContext...)
			sp.addElement()
			sp.im = imInTableBody
			return true
		case atom.Td, atom.Th, atom.Tr:
			sp.implied(html.StartTagToken, atom.Tbody)
			return false
		case atom.Table:
			if sp.popUntil(tableScope, atom.Table) {
				sp.resetInsertionMode()
				return false
			}
			return true
		case atom.Style, atom.Script, atom.Template:
			return sp.inHeadIM()
		case atom.Input:
			for _, at := range sp.attrs() {
				if string(at.key) == "type" && strings.EqualFold(at.val, "hidden") {
					sp.addVoid()
					return true
				}
			}
		case atom.Form:
			if sp.form != 0 {
				return true
			}
			sp.form = sp.addElement().id
			sp.pop()
			return true
		}
	case html.EndTagToken:
		switch sp.tok.a {
		case atom.Table:
			if sp.popUntil(tableScope, atom.Table) {
				sp.resetInsertionMode()
			}
			return true
		case atom.Body, atom.Caption, atom.Col, atom.Colgroup, atom.Html, atom.Tbody, atom.Td, atom.Tfoot, atom.Th, atom.Thead, atom.Tr:
			return true
		case atom.Template:
			return sp.inHeadIM()
		}
	case html.CommentToken:
		sp.comment()
		return true
	case html.DoctypeToken:
		return true
	case html.ErrorToken:
		return sp.inBodyIM()
	}
	sp.foster = true
	defer func() { sp.foster = false }()
	return sp.inBodyIM()
}

// 12.2.6.4.11.
func (sp *sparser) inCaptionIM() bool {
	switch sp.tok.tt {
	case html.StartTagToken:
		switch sp.tok.a {
		case atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Td, atom.Tfoot, atom.Thead, atom.Tr:
			if !sp.popUntil(tableScope, atom.Caption) {
				return true
			}
			sp.clearActiveFormattingElements()
			sp.im = imInTable
			return false
		}
	case html.EndTagToken:
		switch sp.tok.a {
		case atom.Caption:
			if sp.popUntil(tableScope, atom.Caption) {
				sp.clearActiveFormattingElements()
				sp.im = imInTable
			}
			return true
		case atom.Table:
			if !sp.popUntil(tableScope, atom.Caption) {
				return true
			}
			sp.clearActiveFormattingElements()
			sp.im = imInTable
			return false
		case atom.Body, atom.Col, atom.Colgroup, atom.Html, atom.Tbody, atom.Td, atom.Tfoot, atom.Th, atom.Thead, atom.Tr:
			return true
		}
	}
	return sp.inBodyIM()
}

// 12.2.6.4.12.
func (sp *sparser) inColumnGroupIM() bool {
	switch sp.tok.tt {
	case html.TextToken:
		s := strings.TrimLeft(sp.text(), whitespace)
		if len(s) < len(sp.text()) {
			sp.addText(sp.text()[:len(sp.text())-len(s)])
			if s == "" {
				return true
			}
			sp.setText(s)
		}
	case html.CommentToken:
		sp.comment()
		return true
	case html.DoctypeToken:
		return true
	case html.StartTagToken:
		switch sp.tok.a {
		case atom.Html:
			return sp.inBodyIM()
		case atom.Col:
			sp.addVoid()
			return true
		case atom.Template:
			return sp.inHeadIM()
		}
	case html.EndTagToken:
		switch sp.tok.a {
		case atom.Colgroup:
			if sp.top().a == atom.Colgroup {
				sp.pop()
				sp.im = imInTable
			}
			return true
		case atom.Col:
			return true
		case atom.Template:
			return sp.inHeadIM()
		}
	case html.ErrorToken:
		return sp.inBodyIM()
	}
	if sp.top().a != atom.Colgroup {
		return true
	}
	sp.pop()
	sp.im = imInTable
	return false
}

// 12.2.6.4.13.
func (sp *sparser) inTableBodyIM() bool {
	switch sp.tok.tt {
	case html.StartTagToken:
		switch sp.tok.a {
		case atom.Tr:
			sp.clearStackToContext(bodyContext...)
			sp.addElement()
			sp.im = imInRow
			return true
		case atom.Td, atom.Th:
			sp.implied(html.StartTagToken, atom.Tr)
			return false
		case atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Tfoot, atom.Thead:
			if sp.popUntil(tableScope, atom.Tbody, atom.Thead, atom.Tfoot) {
				sp.im = imInTable
				return false
			}
			return true
		}
	case html.EndTagToken:
		switch sp.tok.a {
		case atom.Tbody, atom.Tfoot, atom.Thead:
			if sp.inScope(tableScope, sp.tok.a) {
				sp.clearStackToContext(bodyContext...)
				sp.pop()
				sp.im = imInTable
			}
			return true
		case atom.Table:
			if sp.popUntil(tableScope, atom.Tbody, atom.Thead, atom.Tfoot) {
				sp.im = imInTable
				return false
			}
			return true
		case atom.Body, atom.Caption, atom.Col, atom.Colgroup, atom.Html, atom.Td, atom.Th, atom.Tr:
			return true
		}
	case html.CommentToken:
		sp.comment()
		return true
	}
	return sp.inTableIM()
}

// 12.2.6.4.14.
func (sp *sparser) inRowIM() bool {
	switch sp.tok.tt {
	case html.StartTagToken:
		switch sp.tok.a {
		case atom.Td, atom.Th:
			sp.clearStackToContext(rowContext...)
			sp.addElement()
			sp.pushMarker()
			sp.im = imInCell
			return true
		case atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Tfoot, atom.Thead, atom.Tr:
			if sp.inScope(tableScope, atom.Tr) {
				sp.clearStackToContext(rowContext...)
				sp.pop()
				sp.im = imInTableBody
				return false
			}
			return true
		}
	case html.EndTagToken:
		switch sp.tok.a {
		case atom.Tr, atom.Table:
			if sp.inScope(tableScope, atom.Tr) {
				sp.clearStackToContext(rowContext...)
				sp.pop()
				sp.im = imInTableBody
				return sp.tok.a == atom.Tr
			}
			return true
		case atom.Tbody, atom.Tfoot, atom.Thead:
			if sp.inScope(tableScope, sp.tok.a) && sp.inScope(tableScope, atom.Tr) {
				sp.clearStackToContext(rowContext...)
				sp.pop()
				sp.im = imInTableBody
				return false
			}
			return true
		case atom.Body, atom.Caption, atom.Col, atom.Colgroup, atom.Html, atom.Td, atom.Th:
			return true
		}
	}
	return sp.inTableIM()
}

// 12.2.6.4.15.
func (sp *sparser) inCellIM() bool {
	switch sp.tok.tt {
	case html.StartTagToken:
		switch sp.tok.a {
		case atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Td, atom.Tfoot, atom.Th, atom.Thead, atom.Tr:
			if sp.popUntil(tableScope, atom.Td, atom.Th) {
				sp.clearActiveFormattingElements()
				sp.im = imInRow
				return false
			}
			return true
		}
	case html.EndTagToken:
		switch sp.tok.a {
		case atom.Td, atom.Th:
			if !sp.popUntil(tableScope, sp.tok.a) {
				return true
			}
			sp.clearActiveFormattingElements()
			sp.im = imInRow
			return true
		case atom.Body, atom.Caption, atom.Col, atom.Colgroup, atom.Html:
			return true
		case atom.Table, atom.Tbody, atom.Tfoot, atom.Thead, atom.Tr:
			if !sp.inScope(tableScope, sp.tok.a) {
				return true
			}
			if sp.popUntil(tableScope, atom.Td, atom.Th) {
				sp.clearActiveFormattingElements()
			}
			sp.im = imInRow
			return false
		}
	}
	return sp.inBodyIM()
}

// 12.2.6.4.19.
func (sp *sparser) afterBodyIM() bool {
	switch sp.tok.tt {
	case html.ErrorToken:
		return true
	case html.TextToken:
		if strings.TrimLeft(sp.text(), whitespace) == "" {
			return sp.inBodyIM()
		}
	case html.StartTagToken:
		if sp.tok.a == atom.Html {
			return sp.inBodyIM()
		}
	case html.EndTagToken:
		if sp.tok.a == atom.Html {
			sp.im = imAfterAfterBody
			return true
		}
	case html.CommentToken:
		return true // attached to <html>: nothing in the cleaned tree
	}
	sp.im = imInBody
	return false
}

// 12.2.6.4.22.
func (sp *sparser) afterAfterBodyIM() bool {
	switch sp.tok.tt {
	case html.ErrorToken:
		return true
	case html.TextToken:
		if strings.TrimLeft(sp.text(), whitespace) == "" {
			return sp.inBodyIM()
		}
	case html.StartTagToken:
		if sp.tok.a == atom.Html {
			return sp.inBodyIM()
		}
	case html.CommentToken:
		return true
	case html.DoctypeToken:
		return sp.inBodyIM()
	}
	sp.im = imInBody
	return false
}

// resetInsertionMode (section 12.2.4.1).
func (sp *sparser) resetInsertionMode() {
	for i := len(sp.oe) - 1; i >= 0; i-- {
		switch sp.oe[i].a {
		case atom.Td, atom.Th:
			sp.im = imInCell
		case atom.Tr:
			sp.im = imInRow
		case atom.Tbody, atom.Thead, atom.Tfoot:
			sp.im = imInTableBody
		case atom.Caption:
			sp.im = imInCaption
		case atom.Colgroup:
			sp.im = imInColumnGroup
		case atom.Table:
			sp.im = imInTable
		case atom.Template:
			if sp.oe[i].ns != nsHTML {
				continue
			}
			sp.stop("template")
		case atom.Head:
			sp.im = imInHead
		case atom.Body:
			sp.im = imInBody
		case atom.Frameset:
			sp.stop("frameset")
		case atom.Html:
			if sp.head {
				sp.im = imAfterHead
			} else {
				sp.im = imBeforeHead
			}
		default:
			if i == 0 {
				sp.im = imInBody
				return
			}
			continue
		}
		return
	}
}

// inForeign reports whether the token is processed by the rules for
// foreign content (html.Parse's inForeignContent). Integration points make
// the stream stop as they are opened, so only their absence is handled.
func (sp *sparser) inForeign() bool {
	t := sp.top()
	if t == nil || t.ns == nsHTML {
		return false
	}
	return sp.tok.tt != html.ErrorToken
}

// foreign is 13.2.6.5, the rules for parsing tokens in foreign content.
// Everything inside svg and math is dropped by Clean: the stream only
// keeps the stack of open elements as html.Parse does.
func (sp *sparser) foreign() bool {
	switch sp.tok.tt {
	case html.TextToken:
		sp.top().kids = true
	case html.StartTagToken:
		if foreignBreakout(sp.tok.name) || sp.tok.a == atom.Font {
			sp.stop("HTML inside svg or math")
		}
		ns := sp.top().ns
		switch {
		case ns == nsSVG && (sp.tok.name == "foreignobject" || sp.tok.name == "desc" || sp.tok.name == "title"),
			ns == nsMath && (sp.tok.name == "annotation-xml" || sp.tok.name == "mi" || sp.tok.name == "mo" || sp.tok.name == "mn" || sp.tok.name == "ms" || sp.tok.name == "mtext"):
			sp.stop("integration point in svg or math")
		}
		sp.push(sp.tok.a, sp.tok.name, ns, true, nil)
		sp.z.NextIsNotRawText()
		if sp.tok.self {
			sp.pop()
		}
	case html.EndTagToken:
		for i := len(sp.oe) - 1; i >= 0; i-- {
			if strings.EqualFold(sp.oe[i].name, sp.tok.name) {
				sp.popTo(i)
				return true
			}
			if i > 0 && sp.oe[i-1].ns == nsHTML {
				break
			}
		}
		sp.stop("HTML end tag inside svg or math")
	}
	return true
}

// foreignBreakout lists the start tags that leave foreign content.
func foreignBreakout(name string) bool {
	switch name {
	case "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed",
		"h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta",
		"nobr", "ol", "p", "pre", "ruby", "s", "small", "span", "strong", "strike", "sub", "sup",
		"table", "tt", "u", "ul", "var":
		return true
	}
	return false
}
