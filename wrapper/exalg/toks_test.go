package exalg

import (
	"strings"
	"testing"
)

// pageToks tokenizes a page written as space-separated tokens ("<ul>",
// "</ul>", words) between the two page sentinels, with interned
// occurrence paths (the open elements' tag names): a stand-in for the
// wrapper's HTML tokenizer in tests of the ExAlg stages.
func pageToks(t *testing.T, src string, paths map[string]int32) []Token {
	t.Helper()
	toks := []Token{Sentinel(false)}
	var open []string
	path := func() int32 {
		k := strings.Join(open, "/")
		id, ok := paths[k]
		if !ok {
			id = int32(len(paths))
			paths[k] = id
		}
		return id
	}
	for _, w := range strings.Fields(src) {
		switch {
		case strings.HasPrefix(w, "</"):
			tag := strings.Trim(w, "</>")
			if len(open) == 0 || open[len(open)-1] != tag {
				t.Fatalf("%q: unbalanced %s", src, w)
			}
			toks = append(toks, pathTok(KindEnd, tag, path()))
			open = open[:len(open)-1]
		case strings.HasPrefix(w, "<"):
			tag := strings.Trim(w, "<>")
			open = append(open, tag)
			toks = append(toks, pathTok(KindStart, tag, path()))
		default:
			toks = append(toks, pathTok(KindWord, w, path()))
		}
	}
	return append(toks, Sentinel(true))
}

// pathTok is NewToken at path.
func pathTok(k Kind, text string, path int32) Token {
	t := NewToken(k, text)
	t.Path = path
	return t
}

// TestTemplateWithoutRoot: when no class is left to anchor the template
// (HANDINV can remove every class, as on badly cut records of a list), the
// template is a tuple of one slot, indexed (the wrapper's slot statistics panicked on
// an unindexed slot).
func TestTemplateWithoutRoot(t *testing.T) {
	paths := map[string]int32{}
	var pages [][]Token
	for _, src := range []string{"<p> alpha one </p>", "<div> beta two </div>", "<span> gamma three </span>"} {
		pages = append(pages, pageToks(t, "<html> <body> "+src+" </body> </html>", paths))
	}
	e := newECGM(pages, DefaultOptions())
	e.classes = nil
	tmpl := buildTemplate(e, func(int32) string { return "" })
	seq, ok := tmpl.Root.(*SeqNode)
	if !ok || len(seq.Nodes) != 1 || len(tmpl.Slots) != 1 || seq.Nodes[0] != Node(tmpl.Slots[0]) || tmpl.Slots[0].ID != 0 {
		t.Fatalf("template %s: %d slots, want the root tuple of one indexed slot", tmpl, len(tmpl.Slots))
	}
}
