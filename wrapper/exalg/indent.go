package exalg

import "strings"

// voidTags are the HTML elements without an end tag: they open no level
// when a template is indented.
var voidTags = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true,
	"img": true, "input": true, "link": true, "meta": true, "param": true, "source": true, "track": true, "wbr": true}

// Indented prints the template one element per line, indented by nesting,
// for people to read (String is the one-line infix form). An element whose
// content is only words and slots stays on its line ("<h2> *:title </h2>");
// a set, optional part or disjunction that holds elements opens lines of
// its own ("{", "}_sep", "(", ")?", "|"), one that holds none stays inline.
// slot prints a slot (nil: SlotNode.String, "*:field").
func (t *Template) Indented(slot func(*SlotNode) string) string {
	if t == nil || t.Root == nil {
		return ""
	}
	if slot == nil {
		slot = func(n *SlotNode) string { return n.String() }
	}
	p := &indenter{slot: slot, openLine: -1}
	p.node(t.Root)
	return strings.Join(p.lines, "\n") + "\n"
}

// indenter holds the state of Indented: the lines so far, the depth, and
// the line of the last start tag while nothing but inline text followed it.
type indenter struct {
	slot     func(*SlotNode) string
	lines    []string
	depth    int
	base     int    // depth of the innermost construct's body: end tags do not go below it
	inline   bool   // the last line takes inline text
	openLine int    // line of the last start tag with only inline text since (-1: none)
	openTag  string // its tag
}

// newLine starts a line at the current depth.
func (p *indenter) newLine(text string) {
	p.lines = append(p.lines, strings.Repeat("  ", p.depth)+text)
	p.inline = true
	p.openLine = -1
}

// add appends inline text (a word, a slot) to the current line.
func (p *indenter) add(text string, space bool) {
	if !p.inline || len(p.lines) == 0 {
		p.newLine(text)
		return
	}
	last := &p.lines[len(p.lines)-1]
	if space && strings.TrimSpace(*last) != "" && !strings.HasSuffix(*last, " ") {
		*last += " "
	}
	*last += text
}

func (p *indenter) node(n Node) {
	switch n := n.(type) {
	case *TextNode:
		p.toks(n.Toks)
	case *SlotNode:
		p.add(p.slot(n), true)
	case *SeqNode:
		for _, c := range n.Nodes {
			p.node(c)
		}
	case *SetNode:
		if !hasElements(n) {
			p.add(p.inlineText(n), true)
			return
		}
		p.block("{", "}_"+toksText(n.Sep), []Node{n.Body})
	case *OptionalNode:
		if !hasElements(n) {
			p.add(p.inlineText(n), true)
			return
		}
		p.block("(", ")?", []Node{n.Body})
	case *DisjunctionNode:
		if !hasElements(n) {
			p.add(p.inlineText(n), true)
			return
		}
		p.block("(", ")", n.Alts)
	}
}

// block prints a construct holding elements: open on a line, each body
// (alternatives separated by "|") one level deeper, close on a line.
func (p *indenter) block(open, close string, bodies []Node) {
	p.newLine(open)
	p.inline = false
	depth, base := p.depth, p.base
	for i, b := range bodies {
		if i > 0 {
			p.depth = depth
			p.newLine("|")
			p.inline = false
		}
		p.depth, p.base = depth+1, depth+1
		p.node(b)
	}
	p.depth, p.base = depth, base
	p.newLine(close)
	p.inline = false
}

func (p *indenter) toks(toks []Tok) {
	for _, t := range toks {
		switch t.Kind {
		case KindSentinel:
		case KindStart:
			if voidTags[t.Text] {
				p.add(t.String(), false)
				continue
			}
			p.newLine(t.String())
			p.openLine, p.openTag = len(p.lines)-1, t.Text
			p.depth++
		case KindEnd:
			if p.depth > p.base {
				p.depth--
			}
			if p.openLine == len(p.lines)-1 && p.openTag == t.Text {
				p.lines[p.openLine] += t.String()
				p.openLine = -1
				p.inline = false
				continue
			}
			p.newLine(t.String())
			p.inline = false
		default:
			p.add(t.String(), true)
		}
	}
}

// inlineText prints a construct without elements in infix notation, its
// slots printed by p.slot.
func (p *indenter) inlineText(n Node) string {
	var sb strings.Builder
	var write func(n Node)
	write = func(n Node) {
		switch n := n.(type) {
		case *SlotNode:
			sb.WriteString(p.slot(n))
		case *SeqNode:
			for i, c := range n.Nodes {
				if i > 0 {
					sb.WriteByte(' ')
				}
				write(c)
			}
		case *SetNode:
			sb.WriteByte('{')
			write(n.Body)
			sb.WriteString("}_")
			writeToks(&sb, n.Sep)
		case *OptionalNode:
			sb.WriteByte('(')
			write(n.Body)
			sb.WriteString(")?")
		case *DisjunctionNode:
			sb.WriteByte('(')
			for i, a := range n.Alts {
				if i > 0 {
					sb.WriteByte('|')
				}
				write(a)
			}
			sb.WriteByte(')')
		default:
			n.writeTo(&sb)
		}
	}
	write(n)
	return sb.String()
}

// hasElements reports whether n holds a start tag of a non-void element.
func hasElements(n Node) bool {
	found := false
	Walk(n, func(c Node) {
		if t, ok := c.(*TextNode); ok {
			for _, tk := range t.Toks {
				if tk.Kind == KindStart && !voidTags[tk.Text] {
					found = true
				}
			}
		}
	})
	return found
}

func toksText(toks []Tok) string {
	var sb strings.Builder
	writeToks(&sb, toks)
	return sb.String()
}
