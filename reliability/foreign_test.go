//go:build linux

package reliability

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// viewSource returns a page that shows page's HTML source as text in a
// <pre>, the way a browser's "view source" saves it: every value of the
// page is there as text, in one text node, in none of the template's
// structure.
func viewSource(page []byte) []byte {
	return []byte("<html><head><title>view-source</title></head><body><pre>" + html.EscapeString(string(page)) + "</pre></body></html>")
}

// TestForeignPageInSmallSource (issue 27, case 6): one page that is not of
// the source's template (a view-source page, richly annotated since it holds
// every value as text) used to enter the sample of a small source and stop
// learning with "author has no consistent slot". It is now left out of the
// sample, named in the report, and the other pages are extracted.
func TestForeignPageInSmallSource(t *testing.T) {
	type source struct {
		name    string
		sod     string   // SOD file
		pages   []string // page files to copy
		foreign []byte   // the view-source page
		dicts   string   // word lists to import, if any
		// judged: the template has enough template texts (annotate's
		// MinTemplateTexts) for the page to be told apart and named.
		judged bool
	}
	var cases []source
	{ // the shop fixture: always there
		sodPath, _ := shopFixture(t)
		d := dir(t)
		src := shopSource(t, d, 40)
		pages, _ := filepath.Glob(filepath.Join(src, "*.html"))
		cases = append(cases, source{name: "shop", sod: sodPath, pages: pages, foreign: viewSource([]byte(shopPage(50)))})
		// The shop's template has three texts (two links and a footer):
		// too few to judge pages by, so the page is not named, but it must
		// not break learning either.
	}
	data := filepath.Join("..", "..", "shared", "data")
	books := filepath.Join(data, "swde", "book-booksamillion")
	if _, err := os.Stat(books); err != nil {
		t.Logf("SWDE case skipped: %s absent (../shared/data, see its README)", books)
	} else {
		var pages []string
		for i := range 40 {
			pages = append(pages, filepath.Join(books, fmt.Sprintf("%04d.htm", i)))
		}
		other, err := os.ReadFile(filepath.Join(books, "0050.htm"))
		if err != nil {
			t.Fatal(err)
		}
		sodPath, _ := filepath.Abs(filepath.Join("..", "examples", "real", "book-booksamillion", "sod.toml"))
		cases = append(cases, source{name: "booksamillion", sod: sodPath, pages: pages, foreign: viewSource(other),
			dicts: filepath.Join(data, "gazetteers", "book"), judged: true})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := dir(t)
			src := filepath.Join(d, "pages")
			ext := filepath.Ext(c.pages[0])
			for _, p := range c.pages {
				b, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				write(t, filepath.Join(src, filepath.Base(p)), b)
			}
			// Named to sort first: the sample order once decided whether it broke.
			foreign := "0000a" + ext
			write(t, filepath.Join(src, foreign), c.foreign)
			args := []string{"extract", "-q", "--sod", c.sod, "--dict-dir", filepath.Join(d, "dict"),
				"--report", filepath.Join(d, "report.json"), "-o", filepath.Join(d, "out.jsonl"), src}
			if c.dicts != "" {
				args = append(args, "--import", c.dicts)
			}
			r := run(t, runOpts{timeout: 120e9}, args...)
			expect(t, r, 0)
			var rep struct {
				Objects int `json:"objects"`
				Sample  struct {
					OffTemplate []string `json:"off_template"`
				} `json:"sample"`
			}
			if err := json.Unmarshal([]byte(readFile(t, filepath.Join(d, "report.json"))), &rep); err != nil {
				t.Fatal(err)
			}
			if rep.Objects < len(c.pages) {
				t.Errorf("%d objects from %d pages of the template", rep.Objects, len(c.pages))
			}
			if c.judged && strings.Join(rep.Sample.OffTemplate, ",") != foreign {
				t.Errorf("report's sample.off_template = %q, want [%s]", rep.Sample.OffTemplate, foreign)
			}
		})
	}
}
