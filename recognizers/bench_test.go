package recognizers

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/html"
)

// sharedPages is where the shared SWDE book pages sit, beside the repository.
var sharedPages = filepath.Join("..", "..", "shared", "data", "swde", "book-booksamillion")

// visibleText returns the text nodes of an HTML page outside script and
// style, whitespace-collapsed, one per line.
func visibleText(data []byte) string {
	var b strings.Builder
	z := html.NewTokenizer(bytes.NewReader(data))
	skip := 0
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		switch tt {
		case html.StartTagToken, html.EndTagToken:
			if n, _ := z.TagName(); string(n) == "script" || string(n) == "style" {
				if tt == html.StartTagToken {
					skip++
				} else if skip > 0 {
					skip--
				}
			}
		case html.TextToken:
			if skip == 0 {
				if t := strings.Join(strings.Fields(string(z.Text())), " "); t != "" {
					b.WriteString(t)
					b.WriteByte('\n')
				}
			}
		}
	}
	return b.String()
}

// pageText returns about 50 KB of visible text from the shared SWDE book
// pages.
var pageText = sync.OnceValues(func() (string, error) {
	names, err := filepath.Glob(filepath.Join(sharedPages, "*.htm"))
	if err != nil || len(names) == 0 {
		return "", os.ErrNotExist
	}
	sort.Strings(names)
	var b strings.Builder
	for _, name := range names {
		if b.Len() >= 50_000 {
			break
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return "", err
		}
		b.WriteString(visibleText(data))
	}
	return b.String(), nil
})

func benchText(b *testing.B) string {
	text, err := pageText()
	if err != nil {
		b.Skip("benchmark text: ../shared not found (the shared data sits beside the repository)")
	}
	return text
}

func BenchmarkPredefined(b *testing.B) {
	text := benchText(b)
	for _, in := range Predefined() {
		b.Run(in.Name, func(b *testing.B) {
			r := in.New()
			b.SetBytes(int64(len(text)))
			var n int
			for b.Loop() {
				ms, err := r.Find(text)
				if err != nil {
					b.Fatal(err)
				}
				n = len(ms)
			}
			b.ReportMetric(float64(n), "matches")
		})
	}
}

func BenchmarkRegex(b *testing.B) {
	text := benchText(b)
	r, err := NewRegex(`\b97[89]\d{10}\b`, false, 0)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	var n int
	for b.Loop() {
		ms, err := r.Find(text)
		if err != nil {
			b.Fatal(err)
		}
		n = len(ms)
	}
	if n == 0 {
		b.Fatal("no ISBN found in the page text")
	}
}

// BenchmarkHTMLParse is the parse floor of TARGETS.md: x/net/html Parse over
// the raw pages the benchmark text comes from, for ratios measured in the same
// run.
func BenchmarkHTMLParse(b *testing.B) {
	benchText(b)
	names, _ := filepath.Glob(filepath.Join(sharedPages, "*.htm"))
	sort.Strings(names)
	var pages [][]byte
	size := 0
	for _, name := range names[:min(len(names), 20)] {
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, data)
		size += len(data)
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, p := range pages {
			if _, err := html.Parse(bytes.NewReader(p)); err != nil {
				b.Fatal(err)
			}
		}
	}
}
