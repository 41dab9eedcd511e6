package dictionaries_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/objectrunner/objectrunner/dictionaries"
)

func Example() {
	dir, _ := os.MkdirTemp("", "dict-example-")
	defer os.RemoveAll(dir)

	s, err := dictionaries.Open(dir, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()

	// Seed a class from a word list, then grow it from extracted values.
	rep, _ := s.Import(context.Background(), "author", strings.NewReader("Émile Durkheim\nJane Austen\n"), dictionaries.ImportOptions{Source: "authors.txt"})
	fmt.Println("imported:", rep.New, "new")
	grown, _ := s.Grow("author", []dictionaries.Observation{
		{Value: "Toni Morrison", Confidence: 0.9, Source: "pages/", Page: "0001.htm"},
		{Value: "1999", Confidence: 0.9, Source: "pages/", Page: "0001.htm"},
	})
	fmt.Println("grown:", grown.New, "new;", grown.Refused[0].Value, "refused:", grown.Refused[0].Reason)

	// Find the entries in page text: byte offsets into the original text.
	r, _ := s.Recognizer("author")
	text := "Novels by JANE AUSTEN, essays by Emile Durkheim and Toni Morrison."
	ms, _ := r.Find(text)
	for _, m := range ms {
		fmt.Printf("%d-%d %q %s %.1f\n", m.Start, m.End, text[m.Start:m.End], m.Recognizer, m.Confidence)
	}
	// Output:
	// imported: 2 new
	// grown: 1 new; 1999 refused: only digits, and the class holds names
	// 10-21 "JANE AUSTEN" dictionary:author 0.8
	// 33-47 "Emile Durkheim" dictionary:author 0.8
	// 52-65 "Toni Morrison" dictionary:author 0.9
}

func ExampleNormalize() {
	fmt.Println(dictionaries.Normalize("  The Lord of the RINGS: Tolkien's  Épopée "))
	// Output: the lord of the rings tolkien s epopee
}
