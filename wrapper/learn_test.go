package wrapper

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// Tests of learning a template through the wrapper (tokenizer, Induce,
// slot statistics); the ExAlg stages alone are tested in package exalg.

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

// TestTemplateWithoutRoot: when no class is left to anchor the template
// (HANDINV can remove every class, as on badly cut records of a list), the
// template is one slot, indexed, and slot statistics can be gathered (the
// slot was not indexed and gather panicked).
func TestTemplateWithoutRoot(t *testing.T) {
	w := &mapping.State{Options: DefaultOptions(), Paths: mapping.NewPaths(), Scope: -1}
	var toks [][]mapping.Token
	for i, src := range []string{"<p>alpha one</p>", "<div>beta two</div>", "<span>gamma three</span>"} {
		p := testPage(t, fmt.Sprint(i), "<html><body>"+src+"</body></html>", nil)
		toks = append(toks, mapping.Tokenize(p, w.Paths))
	}
	// The template exalg builds when no class is left (exalg's
	// TestTemplateWithoutRoot): a tuple of one indexed slot.
	w.Template = &mapping.Template{Root: &mapping.SeqNode{NodeType: mapping.NodeSeq, Nodes: []mapping.Node{&SlotNode{NodeType: mapping.NodeSlot}}}}
	w.Template.Index()
	w.Freeze()
	stats := mapping.Gather(w, toks)
	if len(w.Template.Slots) != 1 || len(stats) != 1 || stats[0].Occ != 3 {
		t.Fatalf("template %s: %d slots, %d stats, want one slot holding the 3 pages", w.Template, len(w.Template.Slots), len(stats))
	}
}

// TestPlainListItems: the guests are a list of plain items,
// "<li>Name</li>", one to three per page. Their class holds two roles (the
// start and end tag of <li>), under SizeThres; repeatedPair keeps it, the
// list is a set and every item is a guest.
func TestPlainListItems(t *testing.T) {
	var src, known []string
	var wants [][]string
	for i := range 18 {
		var its []string
		for j := range 1 + i%3 {
			g := fmt.Sprintf("%c%s Orchestra", 'A'+i, strings.Repeat(string(rune('a'+j)), 2+j))
			if (i+j)%4 == 0 {
				known = append(known, g)
			}
			its = append(its, g)
		}
		wants = append(wants, its)
		src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><h1 data-or-type="name">Show %c%c</h1>`+
			`<div class="lineup"><ul><li>%s</li></ul></div><p>Doors open early</p></body></html>`, 'A'+i, 'a'+i, strings.Join(its, "</li><li>")))
	}
	pages := pagesOf(t, src, map[string][]string{"artist": known})
	s := testSOD([][3]string{{"name", "1", "name"}, {"guests", "*", "artist"}}, sod.One)
	dictionaryTypes(s, "artist", "name")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if tm := w.Template().String(); !strings.Contains(tm, "{<li>") {
		t.Fatalf("the list is no set: %s", tm)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		if got := fmt.Sprint(objs[0].Get("guests")); got != fmt.Sprint(wants[i]) {
			t.Fatalf("%s: guests %s, want %s; template %s", p.Path, got, wants[i], w.Template())
		}
	}
}

// TestHandinvA3 is Example A.3: with SIZETHRES 2 the running example forms
// the Type-B class {<b>,</b>} (vector ⟨5,8,5,2⟩); HANDINV must drop it so
// that the template is still T_e.
func TestHandinvA3(t *testing.T) {
	c := loadCase(t, filepath.Join("testdata", "induce", "exalg-book-reviews"))
	c.opt.SizeThres = 2
	w, err := Induce(c.pages, c.sod, c.opt)
	if err != nil {
		t.Fatal(err)
	}
	want := "<html><body><b>Book Name</b> *:title <b>Reviews</b><ol> {<li><b>Reviewer Name</b> * <b>Rating</b> * <b>Text</b> * </li>}_ </ol></body></html>"
	if got := w.Template().String(); got != want {
		t.Fatalf("Template()=%s\nwant        %s", got, want)
	}
}
