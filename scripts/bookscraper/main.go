package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/PuerkitoBio/goquery"
)

// selectors is a site's template as CSS selectors.
type selectors struct {
	// Title selects the title element (the first match); TitleDrop the
	// parts of it that are not the title (a format note).
	Title     string `json:"title"`
	TitleDrop string `json:"title_drop"`
	// Author selects each author's element.
	Author string `json:"author"`
	// Rows selects the label/value rows, RowLabel the label inside a row;
	// Labels maps a label's text to the field its value fills
	// (isbn_13, publisher or publication_date).
	Rows     string            `json:"rows"`
	RowLabel string            `json:"row_label"`
	Labels   map[string]string `json:"labels"`
}

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
	file := flag.String("selectors", "", "JSON file of the site's CSS selectors (see scripts/bookscraper/swde-book.json)")
	flag.Parse()
	if *file == "" || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: bookscraper -selectors FILE DIR  (a directory of .htm pages)")
		os.Exit(2)
	}
	sel, err := loadSelectors(*file)
	if err == nil {
		err = run(flag.Arg(0), sel)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bookscraper:", err)
		os.Exit(1)
	}
}

// loadSelectors reads a selectors file.
func loadSelectors(path string) (*selectors, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s selectors
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for field, v := range map[string]string{"title": s.Title, "author": s.Author, "rows": s.Rows, "row_label": s.RowLabel} {
		if v == "" {
			return nil, fmt.Errorf("%s: %q is empty", path, field)
		}
	}
	return &s, nil
}

func run(dir string, sel *selectors) error {
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
		b, err := scrape(p, sel)
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
func scrape(path string, sel *selectors) (*book, error) {
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
	title := doc.Find(sel.Title).First().Clone()
	if sel.TitleDrop != "" {
		title.Find(sel.TitleDrop).Remove()
	}
	b.Title = clean(title.Text())
	doc.Find(sel.Author).Each(func(_ int, a *goquery.Selection) {
		if s := clean(a.Text()); s != "" {
			b.Author = append(b.Author, s)
		}
	})
	doc.Find(sel.Rows).Each(func(_ int, row *goquery.Selection) {
		raw := row.Find(sel.RowLabel).Text()
		value := clean(strings.TrimPrefix(strings.TrimSpace(strings.TrimPrefix(row.Text(), raw)), ":"))
		switch sel.Labels[clean(raw)] {
		case "isbn_13":
			b.ISBN13 = value
		case "publisher":
			b.Publisher = value
		case "publication_date":
			b.PublicationDate = value
		}
	})
	return b, nil
}

// clean collapses white space.
func clean(s string) string { return strings.Join(strings.Fields(s), " ") }
