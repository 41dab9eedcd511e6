package repository_test

import (
	"context"
	"fmt"
	"os"

	"github.com/objectrunner/objectrunner/repository"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

const sodText = `object = "book"
[tuple.book]
title = "1"
price = "1"
[entity.title]
regex = '[A-Z][a-z]+( [A-Z][a-z]+)*'
[entity.price]
predefined = "price"
`

// Index three books of a source, then ask for the books under $20 whose
// title has "window", and for every book under $20.
func Example() {
	dir, _ := os.MkdirTemp("", "repo")
	defer os.RemoveAll(dir)
	s, _ := sod.Parse("book.toml", []byte(sodText))
	w, _ := repository.NewWriter(dir, s, "shop", dir, repository.WriterOptions{SODText: sodText,
		PageText: func(page string) (string, error) { return "books " + page, nil }})
	for i, b := range [][3]any{{"The Overton Window", "$12.99", 1.0}, {"A Garden Window", "$15.00", 0.75}, {"Twilight", "$24.50", 0.9}} {
		w.Add(&wrapper.Object{Page: fmt.Sprintf("p%d.html", i), Fields: []wrapper.Field{
			{Name: "title", Values: []wrapper.Value{{Text: b[0].(string), Confidence: b[2].(float64)}}},
			{Name: "price", Values: []wrapper.Value{{Text: b[1].(string), Confidence: b[2].(float64)}}},
		}})
	}
	w.Commit(3)

	r, _ := repository.OpenReader(dir)
	defer r.Close()
	for _, where := range [][]string{{"price<20", "title~window"}, {"price<20"}} {
		q := &repository.Query{}
		for _, x := range where {
			rs, _ := repository.ParseRestriction(x)
			q.Where = append(q.Where, rs)
		}
		res, err := r.Search(context.Background(), q)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(where, res.Total, "match")
		for _, h := range res.Hits {
			fmt.Printf("  %s score %.2f = relevance %.2f × confidence %.2f\n", h.Page, h.Score, h.Relevance, h.Confidence)
		}
	}
	// Output:
	// [price<20 title~window] 2 match
	//   p0.html score 1.00 = relevance 1.00 × confidence 1.00
	//   p1.html score 0.75 = relevance 1.00 × confidence 0.75
	// [price<20] 2 match
	//   p0.html score 1.00 = relevance 1.00 × confidence 1.00
	//   p1.html score 0.75 = relevance 1.00 × confidence 0.75
}
