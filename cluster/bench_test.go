package cluster

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/net/html"
)

// BenchmarkSign measures signing a page against the project's floor,
// html.Parse of the same page, measured in the same run:
//
//	go test -run '^$' -bench Sign -count 6 ./cluster | benchstat -
//
// Signing reads the page with the tokenizer alone (no tree), so it should
// cost well under the parse floor: clustering 100,000 pages costs less
// than parsing them once.
func BenchmarkSign(b *testing.B) {
	page, err := os.ReadFile(filepath.Join("..", "examples", "bookdetail-a", "pages", "0000.html"))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("sign", func(b *testing.B) {
		b.SetBytes(int64(len(page)))
		for range b.N {
			if _, err := Sign(bytes.NewReader(page), 0); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("parse-floor", func(b *testing.B) {
		b.SetBytes(int64(len(page)))
		for range b.N {
			if _, err := html.Parse(bytes.NewReader(page)); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// FuzzSign checks that any input signs without error or panic and is
// similar to itself.
func FuzzSign(f *testing.F) {
	f.Add("<html><body><div class='a b1'><p>x</p></div></body></html>")
	f.Add("<ul><li><li></ul></ol><<")
	f.Fuzz(func(t *testing.T, page string) {
		s, err := Sign(bytes.NewReader([]byte(page)), 1<<16)
		if err != nil {
			t.Fatal(err)
		}
		if Similarity(s, s) != 1 {
			t.Fatal("not similar to itself")
		}
	})
}
