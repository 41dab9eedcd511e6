package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
)

// rowsPages builds detail pages whose <ul> holds an ISBN row, a main row,
// then a varying number of further rows (extra[i] on page i), each
// "<li><b>•</b> value</li>": rows told apart by labels of their own
// ("<b>Pages</b>") would get roles of their own (list_class.go) before
// the rule tested here is needed. The first row's
// value is annotated with firstType; the values of the others with
// restType ("" for none).
func rowsPages(t *testing.T, extra []int, firstType, restType string) []*annotate.Page {
	var pages []*annotate.Page
	for i, k := range extra {
		marks := map[string][]string{}
		first := fmt.Sprintf("Value%d", 100+i)
		if firstType != "" {
			marks[firstType] = append(marks[firstType], first)
		}
		var rows strings.Builder
		for j := range k {
			v := fmt.Sprintf("Other%d", 10*i+j)
			fmt.Fprintf(&rows, "<li><b>•</b> %s</li>", v)
			if restType != "" {
				marks[restType] = append(marks[restType], v)
			}
		}
		src := fmt.Sprintf(`<html><body><h1 data-or-type="title">Title %d of the sample</h1><p>Details about this item.</p>`+
			`<ul><li><b>•</b> %d</li><li><b>•</b> %s</li>%s</ul><p>Copyright notice</p></body></html>`,
			i, 9780000+i, first, rows.String())
		pages = append(pages, testPage(t, fmt.Sprintf("p%d.html", i+1), src, marks))
	}
	return pages
}

// TestUnrollLeadingIterations checks the rule of ObjectRunner §3.3 for a
// varying number of consecutive occurrences: the first iteration of a set
// gets a slot of its own only when its values carry a type the other
// iterations do not.
func TestUnrollLeadingIterations(t *testing.T) {
	extra := []int{2, 0, 1, 3, 1, 2}
	for _, tc := range []struct {
		name         string
		first, rest  string
		annotations  bool
		field        string // SOD field on the first row's type
		mult         string
		wantUnrolled bool
		wantValue    string // field value on page 1 ("" when not checked)
	}{
		// The first row's type is no predefined recognizer's: "Value100"
		// is no date, and a date field never gets it (typed.go).
		{"distinct first role", "edition", "", true, "edition", "?", true, "Value100"},
		{"distinct first role, mandatory", "edition", "", true, "edition", "1", true, "Value100"},
		{"same type in every iteration stays a set", "author", "author", true, "author", "+", false, ""},
		{"plain ExAlg does not unroll", "edition", "", false, "edition", "?", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pages := rowsPages(t, extra, tc.first, tc.rest)
			s := testSOD([][3]string{{"title", "1", "title"}, {tc.field, tc.mult, tc.first}}, sod.One)
			opt := DefaultOptions()
			opt.Annotations = tc.annotations
			w, err := Induce(pages, s, opt)
			if err != nil {
				t.Fatal(err)
			}
			tmpl := w.Template().String()
			slot, set := strings.Index(tmpl, "*:"+tc.field), strings.Index(tmpl, "{")
			unrolled := slot >= 0 && set >= 0 && slot < set
			if unrolled != tc.wantUnrolled {
				t.Fatalf("unrolled=%v, want %v; template %s", unrolled, tc.wantUnrolled, tmpl)
			}
			if !strings.Contains(tmpl, "}_") {
				t.Fatalf("the remaining rows lost their set: %s", tmpl)
			}
			if tc.wantValue == "" {
				return
			}
			objs, err := w.Extract(pages[0])
			if err != nil || len(objs) != 1 {
				t.Fatalf("Extract: %v objects, err %v", len(objs), err)
			}
			if got := objs[0].Get(tc.field); len(got) != 1 || got[0] != tc.wantValue {
				t.Fatalf("%s = %q, want %q; template %s", tc.field, got, tc.wantValue, tmpl)
			}
		})
	}
}

func TestCloneNodeIsDeep(t *testing.T) {
	orig := &SeqNode{NodeType: NodeSeq, Nodes: []Node{
		&TextNode{NodeType: NodeText, Toks: []Tok{{Kind: KindWord, Text: "a"}}},
		&SetNode{NodeType: NodeSet, Body: &SeqNode{NodeType: NodeSeq, Nodes: []Node{&SlotNode{NodeType: NodeSlot}}}},
		&OptionalNode{NodeType: NodeOptional, Body: &DisjunctionNode{NodeType: NodeDisjunction, Alts: []Node{&SlotNode{NodeType: NodeSlot}}}},
	}}
	c := cloneNode(orig).(*SeqNode)
	if c.String() != orig.String() {
		t.Fatalf("clone prints %q, want %q", c.String(), orig.String())
	}
	c.Nodes[0].(*TextNode).Toks[0].Text = "b"
	c.Nodes[1].(*SetNode).Body.(*SeqNode).Nodes[0].(*SlotNode).Field = "x"
	if orig.String() != "a {*}_ ((*))?" {
		t.Fatalf("changing the clone changed the original: %q", orig.String())
	}
}

// TestTemplateWithoutRoot: when no class is left to anchor the template
// (HANDINV can remove every class, as on badly cut records of a list), the
// template is one slot, indexed, and slot statistics can be gathered (the
// slot was not indexed and gather panicked).
func TestTemplateWithoutRoot(t *testing.T) {
	w := &Wrapper{opt: DefaultOptions(), ps: newPaths(), scope: -1}
	var toks [][]token
	for i, src := range []string{"<p>alpha one</p>", "<div>beta two</div>", "<span>gamma three</span>"} {
		p := testPage(t, fmt.Sprint(i), "<html><body>"+src+"</body></html>", nil)
		toks = append(toks, tokenize(p, w.ps))
	}
	e := newECGM(toks, w.opt)
	e.classes = nil
	w.tmpl = buildTemplate(e, w.ps)
	w.freeze()
	stats := gather(w, toks)
	if len(w.tmpl.Slots) != 1 || len(stats) != 1 || stats[0].occ != 3 {
		t.Fatalf("template %s: %d slots, %d stats, want one slot holding the 3 pages", w.tmpl, len(w.tmpl.Slots), len(stats))
	}
}

// TestKidOrder: the classes nested at one position come in an order
// every occurrence agrees with, not in the order of first appearance: two
// optional rows B and A, the first page holding only A and a later one
// "B A", give "B A" (the order of first appearance, "A B", made the
// position one slot).
func TestKidOrder(t *testing.T) {
	occ := func(classes ...int) []item {
		var it []item
		for _, c := range classes {
			it = append(it, item{kid: &occNode{cls: c}}, item{x: 0})
		}
		return it
	}
	for _, tc := range []struct {
		name  string
		items [][]item
		first []int
		want  string
	}{
		{"agrees", [][]item{occ(1, 2), occ(2)}, []int{1, 2}, "[1 2]"},
		{"later occurrence orders", [][]item{occ(2), occ(1, 2), occ(1)}, []int{2, 1}, "[1 2]"},
		{"three", [][]item{occ(3), occ(2, 3), occ(1, 2)}, []int{3, 2, 1}, "[1 2 3]"},
		{"cycle keeps first appearance", [][]item{occ(1, 2), occ(2, 1)}, []int{1, 2}, "[1 2]"},
		{"repeats", [][]item{occ(2, 2, 3), occ(1, 2)}, []int{2, 3, 1}, "[1 2 3]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := fmt.Sprint(kidOrder(tc.items, tc.first)); got != tc.want {
				t.Fatalf("kidOrder = %s, want %s", got, tc.want)
			}
		})
	}
}
