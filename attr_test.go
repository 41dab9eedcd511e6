package objectrunner_test

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// attrBook is one generated book with its true attribute values.
type attrBook struct {
	title, link, cover, price, image, date, isoDate string
}

var attrWords = strings.Fields("silent river winter garden hidden empire broken crown last letter golden hour distant shore secret house " +
	"long night paper moon iron bridge quiet storm northern light lost city wild heart glass tower summer rain")

// attrBooks makes n books with distinct titles and ids.
func attrBooks(r *rand.Rand, n int) []attrBook {
	out := make([]attrBook, n)
	seen := map[string]bool{}
	months := []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
	for i := range out {
		var title string
		for title == "" || seen[title] {
			w := attrWords[r.Intn(len(attrWords))]
			x := attrWords[r.Intn(len(attrWords))]
			title = []string{"The ", "A ", "", "", "Of "}[r.Intn(5)] + strings.ToUpper(w[:1]) + w[1:] + " " + strings.ToUpper(x[:1]) + x[1:]
			if r.Intn(2) == 0 {
				title += fmt.Sprintf(" %d", 2+r.Intn(8))
			}
		}
		seen[title] = true
		id := 1000 + i*7
		m, d, y := 1+r.Intn(12), 1+r.Intn(28), 1990+r.Intn(30)
		out[i] = attrBook{title: title,
			link:    fmt.Sprintf("/book/%d.html", id),
			price:   fmt.Sprintf("$%d.%02d", 5+r.Intn(40), r.Intn(100)),
			date:    fmt.Sprintf("%s %d, %d", months[m-1], d, y),
			isoDate: fmt.Sprintf("%d-%02d-%02d", y, m, d)}
		if r.Intn(5) > 0 {
			out[i].cover = fmt.Sprintf("covers/%d.jpg", id)
		}
		out[i].image = fmt.Sprintf("http://img.example.com/large/%d.jpg", id)
	}
	return out
}

// writeAttrSource writes list pages of books (links and cover images with
// relative URLs, a <base href> on most pages, navigation and ad links and
// images that are not books) and detail pages (<meta property="og:image"
// content>, <time datetime>). It returns the books of each list page and
// of each detail page, in page order.
func writeAttrSource(t *testing.T, dir string) (lists [][]attrBook, details []attrBook, titles []string) {
	r := rand.New(rand.NewSource(7))
	books := attrBooks(r, 260)
	for _, b := range books {
		titles = append(titles, b.title)
	}
	os.MkdirAll(filepath.Join(dir, "list"), 0o755)
	os.MkdirAll(filepath.Join(dir, "detail"), 0o755)
	next := 0
	for p := 0; p < 24; p++ {
		var b strings.Builder
		b.WriteString("<!DOCTYPE html><html><head>")
		if p%6 != 5 {
			fmt.Fprintf(&b, `<base href="http://shop.example.com/search/page%d.html">`, p)
		}
		fmt.Fprintf(&b, `<title>Search results, page %d</title></head><body>`, p+1)
		b.WriteString(`<div class="nav"><a href="/">Home</a> | <a href="/help.html">Help</a> | <a href="/cart.html"><img src="/img/cart.png" alt="cart"> Cart</a></div>`)
		b.WriteString(`<h1>Books</h1><ul class="results">`)
		n := 4 + r.Intn(7)
		var page []attrBook
		for i := 0; i < n; i++ {
			bk := books[next]
			next++
			page = append(page, bk)
			b.WriteString(`<li class="book">`)
			if bk.cover != "" {
				fmt.Fprintf(&b, `<a href="%s"><img src="%s" alt="Cover of %s"></a>`, bk.link, bk.cover, bk.title)
			}
			fmt.Fprintf(&b, `<h3><a href="%s">%s</a></h3><p>Price: <span class="price">%s</span></p></li>`, bk.link, bk.title, bk.price)
		}
		lists = append(lists, page)
		b.WriteString(`</ul><div class="ad"><a href="http://ads.example.net/click?id=9"><img src="http://ads.example.net/banner.gif" alt="ad"></a> Sponsored</div>`)
		b.WriteString(`<div class="footer"><a href="/about.html">About us</a></div></body></html>`)
		if err := os.WriteFile(filepath.Join(dir, "list", fmt.Sprintf("%02d.html", p)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for p := 0; p < 30; p++ {
		bk := books[next]
		next++
		details = append(details, bk)
		var b strings.Builder
		fmt.Fprintf(&b, `<html><head><base href="http://shop.example.com%s"><title>%s</title>`, bk.link, bk.title)
		fmt.Fprintf(&b, `<meta property="og:title" content="%s"><meta property="og:image" content="%s"><meta http-equiv="refresh" content="600">`, bk.title, bk.image)
		fmt.Fprintf(&b, `</head><body><div class="nav"><a href="/">Home</a></div><h1>%s</h1>`, bk.title)
		fmt.Fprintf(&b, `<p>Published <time datetime="%s">%s</time></p><p>Price: %s</p>`, bk.isoDate, bk.date, bk.price)
		b.WriteString(`<div class="related"><h2>Related</h2><a href="/book/1.html">Another book</a></div></body></html>`)
		if err := os.WriteFile(filepath.Join(dir, "detail", fmt.Sprintf("%02d.html", p)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return lists, details, titles
}

// TestAttributeValues extracts link targets, image sources (relative URLs
// resolved against the page's <base href>, or --base-url for pages without
// one), <meta> contents and <time datetime> from generated sources, and
// checks every value against the generator's truth.
func TestAttributeValues(t *testing.T) {
	dir := t.TempDir()
	lists, details, titles := writeAttrSource(t, dir)
	store, err := dictionaries.Open(filepath.Join(dir, "dicts"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	seed := filepath.Join(dir, "title.txt")
	var half []string
	for i, ti := range titles {
		if i%2 == 0 {
			half = append(half, ti)
		}
	}
	os.WriteFile(seed, []byte(strings.Join(half, "\n")+"\n"), 0o644)
	if _, err := store.ImportFile(context.Background(), "title", seed, dictionaries.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	run := func(t *testing.T, sodText, source string, cfg objectrunner.Config) []*wrapper.Object {
		t.Helper()
		s, err := sod.Parse("attr.toml", []byte(sodText))
		if err != nil {
			t.Fatal(err)
		}
		recs, err := recognizers.ForSOD(s, store)
		if err != nil {
			t.Fatal(err)
		}
		cfg.SOD, cfg.Recognizers = s, recs
		var objs []*wrapper.Object
		rep, err := objectrunner.Run(context.Background(), source, cfg, func(o *wrapper.Object) error {
			objs = append(objs, o)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if rep.UnfitPages() > 0 {
			t.Errorf("unfit pages: %v", rep.Unfit)
		}
		return objs
	}
	get := func(o *wrapper.Object, f string) string { return strings.Join(o.Get(f), "|") }

	t.Run("list pages: href and src", func(t *testing.T) {
		objs := run(t, `object = "book"
objects = "+"
[tuple.book]
title = "1"
link = "1"
cover = "?"
price = "1"
[entity.title]
dictionary = "title"
whole_node = true
[entity.link]
attr = "href"
regex = '/book/\d+\.html$'
[entity.cover]
attr = "src"
regex = '/covers/\d+\.jpg$'
[entity.price]
predefined = "price"
`, filepath.Join(dir, "list"), objectrunner.Config{Load: objectrunnerLoad("http://mirror.example.org/shop/")})
		i := 0
		for p, page := range lists {
			base := fmt.Sprintf("http://shop.example.com/search/page%d.html", p)
			host := "http://shop.example.com"
			if p%6 == 5 { // no <base href>: --base-url, and no page URL
				base, host = "", "http://mirror.example.org"
			}
			for _, bk := range page {
				if i >= len(objs) {
					t.Fatalf("%d objects, want more", len(objs))
				}
				o := objs[i]
				i++
				wantCover := ""
				if bk.cover != "" {
					wantCover = "http://shop.example.com/search/" + bk.cover
					if base == "" {
						wantCover = "http://mirror.example.org/shop/" + bk.cover
					}
				}
				got := []string{get(o, "title"), get(o, "link"), get(o, "cover"), get(o, "price"), o.URL}
				want := []string{bk.title, host + bk.link, wantCover, bk.price, base}
				if strings.Join(got, " ; ") != strings.Join(want, " ; ") {
					t.Errorf("page %02d.html record %d:\n got  %q\n want %q", p, o.Index, got, want)
				}
			}
		}
		if i != len(objs) {
			t.Errorf("%d objects, want %d", len(objs), i)
		}
		if len(objs) > 0 {
			if path := objs[0].Fields[1].Values[0].Path; !strings.HasSuffix(path, "/a/@href") {
				t.Errorf("the link's path %q should end in /a/@href", path)
			}
		}
	})

	t.Run("detail pages: meta content and time datetime", func(t *testing.T) {
		objs := run(t, `object = "book"
[tuple.book]
title = "1"
image = "1"
published = "?"
[entity.title]
dictionary = "title"
whole_node = true
[entity.image]
attr = "content"
regex = '^https?://\S+\.jpg$'
[entity.published]
attr = "datetime"
predefined = "date"
`, filepath.Join(dir, "detail"), objectrunner.Config{})
		if len(objs) != len(details) {
			t.Fatalf("%d objects, want %d", len(objs), len(details))
		}
		for i, bk := range details {
			o := objs[i]
			got := []string{get(o, "title"), get(o, "image"), get(o, "published"), o.URL}
			want := []string{bk.title, bk.image, bk.isoDate, "http://shop.example.com" + bk.link}
			if strings.Join(got, " ; ") != strings.Join(want, " ; ") {
				t.Errorf("%s:\n got  %q\n want %q", o.Page, got, want)
			}
		}
	})
}

func objectrunnerLoad(base string) annotate.LoadOptions { return annotate.LoadOptions{BaseURL: base} }
