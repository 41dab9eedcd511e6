package preview

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// bookPage is detail page i of a shop: the book's title and its price
// after "Price:", and, when offer, another offer's price after "Price:"
// in the same block (the wrapper cannot tell the two apart and asks).
func bookPage(i int, offer bool) string {
	o := ""
	if offer {
		o = fmt.Sprintf(`<div class="offer"><span>Price:</span> $%d.%02d</div>`, 40+i, (3*i)%100)
	}
	return fmt.Sprintf(`<html><head><title>Shop</title></head><body><div class="book"><h1>Book Title %d</h1><p><b>Price:</b> $%d.%02d</p>%s<p>In stock</p></div></body></html>`,
		100+i, 10+i, (7*i)%100, o)
}

// learnBooks learns a wrapper on 12 book pages and returns it with fresh
// (unannotated) copies of the pages.
func learnBooks(t *testing.T, offer bool, pins []wrapper.Pin) (*wrapper.Wrapper, []*annotate.Page) {
	t.Helper()
	s, err := sod.Parse("s.toml", []byte(`object = "book"
objects = "1"
[tuple.book]
title = "1"
price = "1"
[entity.title]
regex = 'Book Title \d+'
whole_node = true
[entity.price]
predefined = "price"
`))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := annotate.NewAnnotator(s, recs, annotate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var sample, fresh []*annotate.Page
	for i := range 12 {
		for _, list := range []*[]*annotate.Page{&sample, &fresh} {
			pg, err := annotate.ParsePage([]byte(bookPage(i, offer)), fmt.Sprintf("%04d.html", i), annotate.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			*list = append(*list, pg)
		}
		if err := a.Annotate(sample[i]); err != nil {
			t.Fatal(err)
		}
	}
	opt := wrapper.DefaultOptions()
	opt.Pins = pins
	w, err := wrapper.Induce(sample, s, opt)
	if err != nil {
		t.Fatal(err)
	}
	return w, fresh
}

// TestWriteReview: a wrapper unsure of a field gets review.html, linked
// from the index, with each candidate's pin on its radio button, "none
// of these" and "skip", the pins it was learned with, and the sample
// pages with every candidate's values highlighted in a mark of its own;
// a sure wrapper gets no review page.
func TestWriteReview(t *testing.T) {
	for _, tc := range []struct {
		name  string
		offer bool
		pins  []wrapper.Pin
		ask   bool
	}{
		{"two prices", true, nil, true},
		{"two prices, title pinned", true, []wrapper.Pin{{Field: "title", Example: "Book Title 103", Page: "0003.html"}}, true},
		{"one price", false, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, pages := learnBooks(t, tc.offer, tc.pins)
			dir := t.TempDir()
			res, err := Write(dir, w, pages)
			if err != nil {
				t.Fatal(err)
			}
			index, err := os.ReadFile(res.Index)
			if err != nil {
				t.Fatal(err)
			}
			_, statErr := os.Stat(filepath.Join(dir, ReviewFile))
			if !tc.ask {
				if res.Review != nil || statErr == nil || strings.Contains(string(index), ReviewFile) {
					t.Fatalf("a sure wrapper got a review page (questions %v)", w.Questions())
				}
				return
			}
			if res.Review == nil || statErr != nil {
				t.Fatalf("no review page: questions %v, err %v", w.Questions(), statErr)
			}
			if !strings.Contains(string(index), `href="`+ReviewFile+`"`) {
				t.Error("the index does not link the review page")
			}
			b, err := os.ReadFile(res.Review.Page)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := html.Parse(strings.NewReader(string(b)))
			if err != nil {
				t.Fatal(err)
			}
			qs := res.Review.Questions
			if len(qs) == 0 || qs[0].Field != "price" || len(qs[0].Candidates) < 2 {
				t.Fatalf("questions %+v, want one on price with two candidates at least", qs)
			}
			for qi, q := range qs {
				for k, c := range q.Candidates {
					in := byID(doc, fmt.Sprintf("q%d-c%d", qi+1, k+1), "input")
					if in == nil {
						t.Fatalf("question %d: no radio button for candidate %d", qi+1, k+1)
					}
					var got wrapper.Pin
					if err := json.Unmarshal([]byte(attr(in, "data-pin")), &got); err != nil || !reflect.DeepEqual(got, c.Pin(q.Field)) {
						t.Errorf("question %d candidate %d: pin %q, want %+v", qi+1, k+1, attr(in, "data-pin"), c.Pin(q.Field))
					}
				}
				if in := byID(doc, fmt.Sprintf("q%d-none", qi+1), "input"); in == nil || !strings.Contains(attr(in, "data-pin"), `"absent":true`) {
					t.Errorf("question %d: no \"none of these\" answer", qi+1)
				}
				if in := byID(doc, fmt.Sprintf("q%d-skip", qi+1), "input"); in == nil || attr(in, "data-pin") != "" {
					t.Errorf("question %d: no \"skip\" without answer", qi+1)
				}
				checkHighlights(t, dir, res.Review, qi)
			}
			given := byID(doc, "given", "")
			want, _ := json.Marshal(w.Pins())
			if len(w.Pins()) == 0 {
				want = []byte("[]")
			}
			if given == nil || given.FirstChild == nil || given.FirstChild.Data != string(want) {
				t.Errorf("the pins given are not embedded as %s", want)
			}
			if byID(doc, "download", "") == nil || byID(doc, "answers", "") == nil {
				t.Error("no download button or answers shown")
			}
		})
	}
}

// checkHighlights checks that every candidate value of question qi on
// each highlighted sample page is in a mark of its candidate.
func checkHighlights(t *testing.T, dir string, rv *Review, qi int) {
	t.Helper()
	q := rv.Questions[qi]
	if len(rv.Files[qi]) == 0 {
		t.Fatalf("question %d: no highlighted page", qi+1)
	}
	for i, f := range rv.Files[qi] {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for k, c := range q.Candidates {
			for _, s := range c.Samples {
				if s.Page != rv.Shown[qi][i] {
					continue
				}
				for _, v := range s.Values {
					n++
					if want := fmt.Sprintf(">%s<sup>%s</sup></mark>", html.EscapeString(v), candidateType(k, c)); !strings.Contains(string(b), want) {
						t.Errorf("%s lacks %q", f, want)
					}
				}
			}
		}
		if n < 2 {
			t.Errorf("%s: %d candidate value(s), want one per candidate", f, n)
		}
	}
}

// byID finds the element with id (or, when tag is set, its first
// descendant element tag).
func byID(doc *html.Node, id, tag string) *html.Node {
	var found *html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if found != nil {
			return
		}
		if n.Type == html.ElementNode && attr(n, "id") == id {
			found = n
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if found == nil || tag == "" {
		return found
	}
	el := found
	found = nil
	var sub func(n *html.Node)
	sub = func(n *html.Node) {
		for c := n.FirstChild; c != nil && found == nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Data == tag {
				found = c
				return
			}
			sub(c)
		}
	}
	sub(el)
	return found
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// TestReviewRecordsQuestion: a question on a list page's records shows
// each segmentation with its record counts, pins the segmentation,
// offers no "none of these", and highlights each one's first record.
func TestReviewRecordsQuestion(t *testing.T) {
	p, err := annotate.ParsePage([]byte(`<html><body><ul><li><b>Alpha</b> one</li><li><b>Beta</b> two</li></ul></body></html>`), "p0.html", annotate.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cand := func(at, path, first string, n int, chosen bool) wrapper.QuestionCandidate {
		c := wrapper.QuestionCandidate{Records: at}
		c.Chosen, c.Total = chosen, 0.5
		c.Samples = []wrapper.CandidateSample{{Page: "p0.html", Values: []string{first}, Count: n, Path: path}}
		return c
	}
	q := wrapper.Question{Kind: wrapper.QuestionRecords, Why: "close", Candidates: []wrapper.QuestionCandidate{
		cand("html/body/ul > li", "html/body/ul/li[1]", "Alpha one", 2, true),
		cand("html/body > ul", "html/body/ul", "Alpha one Beta two", 1, false),
	}}
	dir := t.TempDir()
	rv, err := writeReview(dir, &wrapper.Wrapper{}, []wrapper.Question{q}, []*annotate.Page{p})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(rv.Page)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	for k, c := range q.Candidates {
		in := byID(doc, fmt.Sprintf("q1-c%d", k+1), "input")
		var got wrapper.Pin
		if in == nil || json.Unmarshal([]byte(attr(in, "data-pin")), &got) != nil || !reflect.DeepEqual(got, wrapper.Pin{Records: c.Records}) {
			t.Errorf("candidate %d: no button pinning the records at %s", k+1, c.Records)
		}
	}
	for _, want := range []string{"where are the records (how many does a page hold)?", "[1] records at html/body/ul &gt; li, chosen", "2 record(s)"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("review.html lacks %q", want)
		}
	}
	if byID(doc, "q1-none", "") != nil {
		t.Error("a records question offers \"none of these\"")
	}
	hl, err := os.ReadFile(filepath.Join(dir, rv.Files[0][0]))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"candidate value(s) of the records,", ">Alpha<sup>[1] first record</sup></mark>", ">one<sup>[1] first record</sup></mark>", ">Beta<sup>[2] first record</sup></mark>"} {
		if !strings.Contains(string(hl), want) {
			t.Errorf("%s lacks %q:\n%s", rv.Files[0][0], want, hl)
		}
	}
}
