package wrapper

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// labelBookPage renders a detail page of a book whose rows are all
// <div class="row"><strong>Label:</strong> <span>value</span></div>, told
// apart only by their label; the illustrator and imprint rows are
// optional. A sidebar box is headed by one of several titles, one of
// them ("Trending") seen only on new pages. It returns the page and the
// title, authors, publisher ("" when absent) and ISBN.
func labelBookPage(k int) (string, [4]string) {
	var b strings.Builder
	title := fmt.Sprintf("Book %c%c", 'A'+rune(k%26), 'a'+rune(k/26%26))
	author := fmt.Sprintf("Author %c%c", 'A'+rune((k*7)%26), 'a'+rune(k%13))
	pub := ""
	isbn := fmt.Sprintf("978-%010d", 1000003*k%9999999999)
	fmt.Fprintf(&b, `<html><body><div class="nav"><a href="/">Home</a> <a href="/b">Books</a></div>`)
	b.WriteString(`<ul class="menu"><li><a href="/f">Fiction</a><ul><li><a href="/f/n">New</a></li><li><a href="/f/t">Top</a></li></ul></li>`)
	b.WriteString(`<li><a href="/p">Poetry</a><ul><li><a href="/p/n">New</a></li><li><a href="/p/t">Top</a></li></ul></li></ul>`)
	fmt.Fprintf(&b, `<h1>%s</h1><div class="specs">`, title)
	by := "By"
	if k%3 == 2 {
		by = "Authors" // a variant of the byline's label
	}
	fmt.Fprintf(&b, `<div class="row"><strong>%s:</strong> <span>%s</span></div>`, by, author)
	if k%3 == 1 {
		fmt.Fprintf(&b, `<div class="row"><strong>Illustrated by:</strong> <span>Artist %c%c</span></div>`, 'A'+rune(k%7), 'a'+rune(k%5))
	}
	if k%4 != 0 {
		pub = fmt.Sprintf("Press %c%c", 'A'+rune((k*3)%26), 'a'+rune(k%11))
		fmt.Fprintf(&b, `<div class="row"><strong>Imprint:</strong> <span>%s</span></div>`, pub)
	}
	fmt.Fprintf(&b, `<div class="row"><strong>ISBN:</strong> <span>%s</span></div></div>`, isbn)
	heads := []string{"Most viewed", "Teammates", "Top rated"}
	head := heads[k%3]
	if k >= 40 && k%2 == 0 {
		head = "Trending"
	}
	fmt.Fprintf(&b, `<div class="side"><div class="box"><h3>%s</h3><ul>`, head)
	for j := range 2 + k%3 {
		fmt.Fprintf(&b, `<li><a href="/x">Other %d</a></li>`, (k+j)%9)
	}
	b.WriteString(`</ul></div><div class="box"><h3>Advertisement</h3><p>Buy now</p></div></div><div>About</div></body></html>`)
	return b.String(), [4]string{title, author, pub, isbn}
}

// TestPageLabelRoles: on detail pages, rows of one tag and class told
// apart only by the label they open with, some optional, get roles of
// their own in page mode too, so that the imprint row is not folded with
// the rows around it: the publisher, annotated on a third of the sample
// only, gets its slot. Menu entries with the same submenu on every page
// are no rows (what follows their label never varies). The byline's
// label has a variant on some pages ("Authors:"), never beside the
// usual one: both are one role (mergeVariants). A sidebar box whose heading varies from page to
// page does not stop a page whose heading the sample never showed. The
// same holds after Save/Load and when extracting while the page is read.
func TestPageLabelRoles(t *testing.T) {
	s, err := sod.Parse("book.toml", []byte(`
object = "book"
[tuple.book]
title = "1"
author = "+"
publisher = "?"
isbn = "1"
[entity.title]
regex = 'Book \w+'
[entity.author]
regex = 'Author \w+'
[entity.publisher]
dictionary = "publisher"
[entity.isbn]
regex = '978-\d{10}'
`))
	if err != nil {
		t.Fatal(err)
	}
	var sample []*annotate.Page
	for k := range 16 {
		src, want := labelBookPage(k)
		m := map[string][]string{"title": {want[0]}, "author": {want[1]}, "isbn": {want[3]}}
		if want[2] != "" && k%3 == 0 {
			m["publisher"] = []string{want[2]}
		}
		sample = append(sample, pagetest.Marked(t, fmt.Sprint(k), src, m))
	}
	w, err := Induce(sample, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(w.Paths.Cls.File()); !strings.Contains(got, "@imprint") || strings.Contains(got, "@fiction") {
		t.Errorf("class rules %s: want the imprint row's label, not the menu's entries", got)
	}
	var buf bytes.Buffer
	if err := w.Save(&buf); err != nil {
		t.Fatal(err)
	}
	l, err := Load(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{40, 41, 42, 43, 45, 46, 49} {
		src, want := labelBookPage(k)
		for i, wr := range []*Wrapper{w, l, w} {
			var objs []*Object
			if i < 2 {
				p, err := annotate.ParsePage([]byte(src), "p", annotate.LoadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				objs, err = wr.Extract(p)
			} else {
				objs, err = wr.ExtractBytes([]byte(src), "p", annotate.LoadOptions{})
			}
			if err != nil || len(objs) != 1 {
				t.Fatalf("page %d (wrapper %d): %d objects, %v", k, i, len(objs), err)
			}
			o := objs[0]
			g := [4]string{strings.Join(o.Get("title"), "|"), strings.Join(o.Get("author"), "|"), strings.Join(o.Get("publisher"), "|"), strings.Join(o.Get("isbn"), "|")}
			if g != want {
				t.Errorf("page %d (wrapper %d): %q, want %q; %s", k, i, g, want, w.Template())
			}
		}
	}
}

// forewordPage renders a detail page of a book whose authors are in a
// "Written by" row and, on some pages, a "Foreword by" row follows with
// a name the author dictionary knows too; the authors of a byline are
// written "A and B". It returns the page, the title and the authors.
func forewordPage(k int) (string, string, []string) {
	var b strings.Builder
	title := fmt.Sprintf("Book %c%c", 'A'+rune(k%26), 'a'+rune(k/26%26))
	authors := []string{fmt.Sprintf("Author %c%c", 'A'+rune((k*7)%26), 'a'+rune(k%13))}
	if k%3 == 2 {
		authors = append(authors, fmt.Sprintf("Author %c%c", 'A'+rune((k*5)%26), 'a'+rune(k%7)))
	}
	fmt.Fprintf(&b, `<html><body><div class="nav"><a href="/">Home</a></div><h1>%s</h1><div class="specs">`, title)
	fmt.Fprintf(&b, `<div class="row"><b>Written by:</b> <span><a href="/a">%s</a>`, authors[0])
	if len(authors) > 1 {
		fmt.Fprintf(&b, ` and <a href="/a">%s</a>`, authors[1])
	}
	b.WriteString(`</span></div>`)
	if k%2 == 1 {
		fmt.Fprintf(&b, `<div class="row"><b>Foreword by:</b> <span><a href="/a">Author %c%c</a></span></div>`, 'A'+rune((k*11)%26), 'a'+rune(k%3))
	}
	fmt.Fprintf(&b, `<div class="row"><b>Pages:</b> <span>%d pages</span></div></div><div>About</div></body></html>`, 100+k)
	return b.String(), title, authors
}

// TestForewordRowIsNoAuthor: a set field's place is the "Written by" row;
// the "Foreword by" row next to it, whose names the author dictionary
// knows as well, is a row of its own under a label of its own, so its
// names are not the field's, while the second name of the byline ("A and
// B", one row) is.
func TestForewordRowIsNoAuthor(t *testing.T) {
	s, err := sod.Parse("book.toml", []byte(`
object = "book"
[tuple.book]
title = "1"
author = "+"
[entity.title]
regex = 'Book \w+'
[entity.author]
regex = 'Author \w+'
`))
	if err != nil {
		t.Fatal(err)
	}
	var sample []*annotate.Page
	for k := range 16 {
		src, title, _ := forewordPage(k)
		sample = append(sample, pagetest.Marked(t, fmt.Sprint(k), src, map[string][]string{"title": {title}}))
	}
	// The author regex annotates every "Author …" name, foreword or not.
	for i, p := range sample {
		src, title, _ := forewordPage(i)
		var names []string
		for _, f := range strings.Split(src, "Author ")[1:] {
			names = append(names, "Author "+f[:2])
		}
		sample[i] = pagetest.Marked(t, p.Path, src, map[string][]string{"title": {title}, "author": names})
	}
	w, err := Induce(sample, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{41, 43, 44, 47} {
		src, title, authors := forewordPage(k)
		objs, err := w.ExtractBytes([]byte(src), "p", annotate.LoadOptions{})
		if err != nil || len(objs) != 1 {
			t.Fatalf("page %d: %d objects, %v", k, len(objs), err)
		}
		if got := objs[0].Get("author"); strings.Join(got, "|") != strings.Join(authors, "|") || strings.Join(objs[0].Get("title"), "") != title {
			t.Errorf("page %d: authors %q (title %q), want %q", k, got, objs[0].Get("title"), authors)
		}
	}
}
