package recognizers_test

import (
	"fmt"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

func Example() {
	text := "Publication date: July 13, 2010 — ISBN-13: 978-0-316-12558-1 — Our Price: $12.99"
	for _, name := range []string{"date", "isbn13", "price"} {
		r, err := recognizers.New(&sod.Recognizer{Kind: sod.Predefined, Name: name}, nil)
		if err != nil {
			fmt.Println(err)
			return
		}
		ms, _ := r.Find(text)
		for _, m := range ms {
			fmt.Printf("%s %q -> %s (%.2f)\n", m.Recognizer, text[m.Start:m.End], m.Normalized, m.Confidence)
		}
	}
	// Output:
	// predefined:date "July 13, 2010" -> 2010-07-13 (0.95)
	// predefined:isbn13 "978-0-316-12558-1" -> 9780316125581 (1.00)
	// predefined:price "$12.99" -> 12.99 USD (0.95)
}

func ExampleNewRegex() {
	r, err := recognizers.NewRegex(`Pages:\s*(?<value>\d+)`, false, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	text := "Format: Paperback, Pages: 352"
	ms, _ := r.Find(text)
	for _, m := range ms {
		fmt.Println(text[m.Start:m.End])
	}
	// Output: 352
}

func ExampleNewMemoryDictionaries() {
	dicts := recognizers.NewMemoryDictionaries(map[string][]string{
		"author": {"Stephen King", "King"},
	})
	r, _ := dicts.Recognizer("author")
	text := "The Stand by STEPHEN KING, The Shining by King"
	ms, _ := r.Find(text)
	for _, m := range ms {
		fmt.Printf("%q -> %s\n", text[m.Start:m.End], m.Normalized)
	}
	// Output:
	// "STEPHEN KING" -> Stephen King
	// "King" -> King
}

func ExampleNew_unknownName() {
	_, err := recognizers.New(&sod.Recognizer{
		Kind: sod.Predefined, Name: "dte", Pos: sod.Pos{File: "book.toml", Line: 4, Col: 14},
	}, nil)
	fmt.Println(err)
	// Output:
	// book.toml:4:14: unknown predefined recognizer "dte" (did you mean "date"?); valid names: address, date, email, isbn, isbn10, isbn13, number, percent, phone, price, time, url, year
}
