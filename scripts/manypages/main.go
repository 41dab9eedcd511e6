package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

func main() {
	src := flag.String("src", "", "source directory of pages (.htm, .html)")
	n := flag.Int("n", 2000, "number of pages to write")
	per := flag.Int("per", 2000, "pages per subdirectory (0: all in -out)")
	out := flag.String("out", "", "directory to write (must not exist)")
	big := flag.Int("big", 0, "instead: write one page of about this many bytes (a shop page whose description holds repeated review blocks, as reliability's TestLargePages) in out/big, with 30 pages to learn from in out/learn and their SOD in out/shop.toml")
	flag.Parse()
	if *out == "" {
		log.Fatal("manypages: -out is required")
	}
	if _, err := os.Stat(*out); err == nil {
		log.Fatalf("manypages: %s exists", *out)
	}
	if *big > 0 {
		writeBig(*out, *big)
		return
	}
	if *src == "" {
		log.Fatal("manypages: -src is required")
	}
	entries, err := os.ReadDir(*src)
	if err != nil {
		log.Fatal(err)
	}
	var pages [][]byte
	var names []string
	for _, e := range entries {
		if ext := filepath.Ext(e.Name()); e.Type().IsRegular() && (ext == ".htm" || ext == ".html") {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join(*src, name))
		if err != nil {
			log.Fatal(err)
		}
		pages = append(pages, b)
	}
	if len(pages) == 0 {
		log.Fatalf("manypages: no pages in %s", *src)
	}
	for i := range *n {
		dir := *out
		if *per > 0 {
			dir = filepath.Join(*out, fmt.Sprintf("d%04d", i / *per))
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			log.Fatal(err)
		}
		k := i % len(pages)
		b := pages[k]
		if c := i / len(pages); c > 0 {
			b = append(slices.Clip(b), fmt.Sprintf("\n<!-- copy %d -->\n", c)...)
		}
		name := fmt.Sprintf("%07d%s", i, filepath.Ext(names[k]))
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// writeBig writes reliability's shop fixture: out/shop.toml (its SOD),
// out/learn (30 shop pages to learn a wrapper from) and out/big (page 0000
// holding about size bytes of review blocks, and 9 ordinary pages).
func writeBig(out string, size int) {
	write := func(path, text string) {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	write(filepath.Join(out, "shop.toml"), shopSOD)
	for i := range 30 {
		write(filepath.Join(out, "learn", fmt.Sprintf("%04d.html", i)), shopPage(i))
	}
	for i := range 10 {
		extra := ""
		if i == 0 {
			var b strings.Builder
			for n := 0; b.Len() < size; n++ {
				fmt.Fprintf(&b, `<div class="review"><p>review %d: a fine model, sturdy and cheap, would buy again</p><span>Posted on March %d, 2010</span></div>`+"\n", n, n%28+1)
			}
			extra = b.String()
		}
		write(filepath.Join(out, "big", fmt.Sprintf("%04d.html", i)), strings.Replace(shopPage(i), `<p class="desc">`, extra+`<p class="desc">`, 1))
	}
}

// shopSOD is reliability's shop SOD (reliability/main_test.go).
const shopSOD = `object = "item"
[tuple.item]
name = "1"
price = "1"
date = "?"
[entity.name]
regex = 'Model \p{L}+ \d+'
whole_node = true
[entity.price]
predefined = "price"
[entity.date]
predefined = "date"
`

var shopNames = []string{"Xylo", "Brava", "Cirro", "Delta", "Ember", "Fjord", "Gale", "Helix", "Iris", "Jade"}

// shopPage is reliability's shop page i (reliability/main_test.go).
func shopPage(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<html><head><title>Shop</title></head><body><div id="nav"><a href="/">Home</a> <a href="/c">Catalog</a></div>`)
	fmt.Fprintf(&b, `<div class="item"><h1>Model %s %d</h1><p class="price">Price: $%d.99</p>`, shopNames[i%len(shopNames)], i+2, 10+i%50)
	if i%4 != 3 {
		fmt.Fprintf(&b, `<p class="date">Released March %d, 2011</p>`, i%28+1)
	}
	fmt.Fprintf(&b, `<p class="desc">A fine model, number %d of the range, %s.</p></div>`, i, strings.Repeat("sturdy ", i%5+1))
	b.WriteString(`<div id="foot">Copyright Shop</div></body></html>`)
	return b.String()
}
