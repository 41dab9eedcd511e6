package mapping

import (
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/recognizers"
	"golang.org/x/net/html"
)

func TestForeignInstance(t *testing.T) {
	phone, err := recognizers.NewPredefined("phone")
	if err != nil {
		t.Fatal(err)
	}
	addr, err := recognizers.NewPredefined("address")
	if err != nil {
		t.Fatal(err)
	}
	tel := FieldSpec{Name: "tel", Path: "tel", Types: []string{"tel"}, Predefined: "phone"}
	w := &State{Valid: map[string]recognizers.Recognizer{"address": addr, "tel": phone}}
	tests := []struct {
		name, field, txt, want string
	}{
		{"an address ending at its instance", "address", "4537 Martin Luther King Jr., San Francisco, CA 94178", ""},
		{"an address running into the reservations line", "address", "4537 Martin Luther King Jr., San Francisco, CA 94178, Reservations: 755.463.0163", "tel"},
		{"a name without a number", "name", "Golden Anchor", ""},
		{"the field's own recognizer is not another's", "tel", "755.463.0163", ""},
	}
	for _, tc := range tests {
		if got := w.foreignInstance(tc.field, tc.txt, []FieldSpec{tel}); got != tc.want {
			t.Errorf("%s: foreignInstance(%q) = %q, want %q", tc.name, tc.txt, got, tc.want)
		}
	}
}

func TestOtherNamed(t *testing.T) {
	fields := []FieldSpec{
		{Name: "author", Path: "author", Types: []string{"author"}, Many: true, Dictionary: true, Class: "author"},
		{Name: "imprint", Path: "imprint", Types: []string{"imprint"}, Dictionary: true, Class: "publisher"},
		{Name: "show_date", Path: "show_date", Types: []string{"show_date"}, Predefined: "date"},
		{Name: "team", Path: "team", Types: []string{"team"}, Dictionary: true, Class: "team"},
	}
	w := &State{FieldSpecs: fields}
	tests := []struct {
		name  string
		html  string
		value string // the value's first word
		field string
		want  string // the field the label names, "" for none
	}{
		{"another field's row label", `<dl><dt>Author</dt><dd><a href="/a">Marcus Mercer</a></dd></dl>`, "Marcus", "imprint", "author"},
		{"the field's own label", `<dl><dt>Published by</dt><dd><a href="/p">Quillon Group</a></dd></dl>`, "Quillon", "imprint", ""},
		{"a label in a link (a breadcrumb)", `<div><a href="/teams">Teams</a> <span>Nadia Stavros</span></div>`, "Nadia", "imprint", ""},
		{"a value inside the label's node", `<ul><li>Author: Marcus Mercer</li></ul>`, "Marcus", "imprint", ""},
		{"no label, another value before", `<p><b>Quillon Group</b> <i>Marcus Mercer</i></p>`, "Marcus", "imprint", ""},
	}
	for _, tc := range tests {
		p := testPage(t, "p.html", "<html><body>"+tc.html+"</body></html>", nil)
		toks := Tokenize(p, NewPaths())
		x := -1
		for i, tk := range toks {
			if tk.Kind == KindWord && strings.HasPrefix(tk.Text(), tc.value) {
				x = i
				break
			}
		}
		if x < 0 {
			t.Fatalf("%s: no token %q", tc.name, tc.value)
		}
		var f FieldSpec
		for _, g := range fields {
			if g.Path == tc.field {
				f = g
			}
		}
		if got, _ := w.otherNamed(toks, x, f); got != tc.want {
			t.Errorf("%s: otherNamed = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestOutside(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<html><body><div id="obj"><p>a</p><p>b</p></div><div id="ad"><p>c</p></div></body></html>`))
	if err != nil {
		t.Fatal(err)
	}
	var obj *html.Node
	texts := map[string]*html.Node{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "div" && len(n.Attr) > 0 && n.Attr[0].Val == "obj" {
			obj = n
		}
		if n.Type == html.TextNode {
			texts[n.Data] = n
		}
		for k := n.FirstChild; k != nil; k = k.NextSibling {
			walk(k)
		}
	}
	walk(doc)
	tests := []struct {
		name string
		ns   []string
		want bool
	}{
		{"all inside", []string{"a", "b"}, false},
		{"all outside", []string{"c"}, true},
		{"half outside is not most", []string{"a", "c"}, false},
	}
	for _, tc := range tests {
		var ns []*html.Node
		for _, s := range tc.ns {
			ns = append(ns, texts[s])
		}
		if got := outside(ns, obj); got != tc.want {
			t.Errorf("%s: outside = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestClassNamed(t *testing.T) {
	fields := []FieldSpec{
		{Name: "college", Path: "college", Types: []string{"college"}, Dictionary: true, Class: "college"},
		{Name: "club", Path: "club", Types: []string{"club"}, Dictionary: true, Class: "team"},
		{Name: "make", Path: "make", Types: []string{"make"}, Dictionary: true, Class: "brand"},
		{Name: "performers", Path: "performers", Types: []string{"artist"}, Dictionary: true, Class: "artist", Many: true},
		{Name: "location", Path: "location", Tuple: true},
		{Name: "name", Path: "location.name", Parent: "location", Types: []string{"name"}, Dictionary: true, Class: "venue"},
	}
	w := &State{FieldSpecs: fields}
	tests := []struct {
		name, html, value, field, want string
	}{
		{"another field's kind in the class", `<div class="field-team"><a href="/t">Boston Foxes</a></div>`, "Boston Foxes", "college", "club"},
		{"the field's own kind", `<span class="ps-field-brand">Jovian</span>`, "Jovian", "make", ""},
		{"a class naming both", `<div class="team college"><a href="/t">Boston Foxes</a></div>`, "Boston Foxes", "college", ""},
		{"no class", `<div><a href="/t">Boston Foxes</a></div>`, "Boston Foxes", "college", ""},
		{"a nested field's type", `<div class="ps-venue-value">Sunset Ballroom</div>`, "Sunset Ballroom", "performers", "location.name"},
		{"a nested field's generic name", `<div class="item-name">Sunset Ballroom</div>`, "Sunset Ballroom", "club", ""},
		{"a nested field's type named after it", `<td class="name">Bitter Wolves</td>`, "Bitter Wolves", "performers", ""},
		{"a class three levels up is the container's", `<div class="team"><p><b><a href="/t">Boston Foxes</a></b></p></div>`, "Boston Foxes", "college", ""},
	}
	for _, tc := range tests {
		doc, err := html.Parse(strings.NewReader("<html><body>" + tc.html + "</body></html>"))
		if err != nil {
			t.Fatal(err)
		}
		var n *html.Node
		var walk func(x *html.Node)
		walk = func(x *html.Node) {
			if x.Type == html.TextNode && x.Data == tc.value {
				n = x
			}
			for k := x.FirstChild; k != nil; k = k.NextSibling {
				walk(k)
			}
		}
		walk(doc)
		var f FieldSpec
		for _, g := range fields {
			if g.Path == tc.field {
				f = g
			}
		}
		if got, _, _ := w.classNamed(n, f); got != tc.want {
			t.Errorf("%s: classNamed = %q, want %q", tc.name, got, tc.want)
		}
	}
}
