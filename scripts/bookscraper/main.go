// Command bookscraper is the yardstick of the README's performance
// section: the scraper a user would write by hand, without ObjectRunner,
// for one site — the SWDE booksamillion book pages (../shared/data/swde/
// book-booksamillion). It parses every page with goquery (x/net/html) and
// reads the five fields of examples/swde-book with CSS selectors written
// for that site's template, one JSON line per page:
//
//	go run ./scripts/bookscraper ../shared/data/swde/book-booksamillion > books.jsonl
//
// It is benchmark tooling, not part of ObjectRunner: its selectors are
// specific to the one site it was written for, which is the point of the
// comparison (scripts/bench.sh times it against `objectrunner extract
// --wrapper` on the same pages).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/PuerkitoBio/goquery"
)

// book is one page's record.
type book struct {
	Page            string   `json:"page"`
	Title           string   `json:"title,omitempty"`
	Author          []string `json:"author,omitempty"`
	ISBN13          string   `json:"isbn_13,omitempty"`
	Publisher       string   `json:"publisher,omitempty"`
	PublicationDate string   `json:"publication_date,omitempty"`
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: bookscraper DIR  (a directory of booksamillion .htm pages)")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "bookscraper:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	pages, err := filepath.Glob(filepath.Join(dir, "*.htm"))
	if err != nil {
		return err
	}
	if len(pages) == 0 {
		return fmt.Errorf("%s: no .htm pages", dir)
	}
	sort.Strings(pages)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	for _, p := range pages {
		b, err := scrape(p)
		if err != nil {
			return err
		}
		if err := enc.Encode(b); err != nil {
			return err
		}
	}
	return out.Flush()
}

// scrape reads one page.
func scrape(path string) (*book, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := goquery.NewDocumentFromReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	b := &book{Page: filepath.Base(path)}
	// <h2>Title<span class="subtitle"> (Hardcover)</span></h2>
	h2 := doc.Find("h2").First().Clone()
	h2.Find(".subtitle").Remove()
	b.Title = clean(h2.Text())
	// <h3 class="author">by <a>Name</a>, <a>Name</a></h3>
	doc.Find("h3.author a").Each(func(_ int, a *goquery.Selection) {
		if s := clean(a.Text()); s != "" {
			b.Author = append(b.Author, s)
		}
	})
	// <ul class="overview-details"><li><strong>Label</strong>: value</li>
	doc.Find("ul.overview-details li").Each(func(_ int, li *goquery.Selection) {
		label := clean(li.Find("strong").Text())
		value := clean(strings.TrimPrefix(strings.TrimSpace(strings.TrimPrefix(li.Text(), li.Find("strong").Text())), ":"))
		switch label {
		case "ISBN-13":
			b.ISBN13 = value
		case "Publisher":
			b.Publisher = value
		case "Date":
			b.PublicationDate = value
		}
	})
	return b, nil
}

// clean collapses white space.
func clean(s string) string { return strings.Join(strings.Fields(s), " ") }
