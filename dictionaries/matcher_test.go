package dictionaries

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func testMatcher() *Matcher {
	m := NewMatcher()
	for _, e := range []struct {
		class, entry string
		conf         float64
	}{
		{"author", "Émile Durkheim", 0.9},
		{"author", "Jane Austen", 0.8},
		{"author", "Austen", 0.8},
		{"author", "Ed", 0.8},
		{"title", "Pride and Prejudice", 0.8},
		{"title", "Pride", 0.8},
		{"title", "The Lord of the Rings", 0.8},
		{"publisher", "Gyldendal", 0.8},
		{"author", "村上 春樹", 0.8},
		{"title", "1 2", 0.8},
	} {
		m.Add(e.class, e.entry, e.conf)
	}
	return m
}

func TestMatcherFind(t *testing.T) {
	m := testMatcher()
	cases := []struct {
		name, text string
		want       []string // "class:matched text"
	}{
		{"longest wins", "Pride and Prejudice by Jane Austen", []string{"title:Pride and Prejudice", "author:Jane Austen"}},
		{"shorter when longer absent", "Pride, by Austen.", []string{"title:Pride", "author:Austen"}},
		{"diacritics and case", "EMILE DURKHEIM wrote", []string{"author:EMILE DURKHEIM"}},
		{"accented text", "de Émile  Durkheim (1858)", []string{"author:Émile  Durkheim"}},
		{"punctuation between words", "Jane-Austen", []string{"author:Jane-Austen"}},
		{"stop words in names", "read the lord of the rings now", []string{"title:the lord of the rings"}},
		{"never inside a word", "Edward Prideful Austenite Gyldendals", nil},
		{"short entry", "Ed Smith", []string{"author:Ed"}},
		{"cjk", "作者：村上 春樹。", []string{"author:村上 春樹"}},
		{"one rune two tokens", "½ cup", []string{"title:½"}},
		{"html-ish text", "<b>Gyldendal</b>", []string{"publisher:Gyldendal"}},
		{"empty", "", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, mt := range m.Find(tc.text) {
				got = append(got, strings.TrimPrefix(mt.Recognizer, "dictionary:")+":"+tc.text[mt.Start:mt.End])
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Fatalf("Find(%q)=%q, want %q", tc.text, got, tc.want)
			}
		})
	}
}

func TestRecognizer(t *testing.T) {
	m := testMatcher()
	r, err := m.Recognizer("author")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.Name(), "dictionary:author"; got != want {
		t.Fatalf("Name()=%q, want %q", got, want)
	}
	text := "Pride and Prejudice by Jane Austen; Ed"
	ms, err := r.Find(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 2 {
		t.Fatalf("Find=%+v, want Jane Austen and Ed", ms)
	}
	cases := []struct {
		text, norm string
		conf       float64
	}{
		{"Jane Austen", "jane austen", 0.8},
		{"Ed", "ed", 0.4}, // short: halved
	}
	for i, tc := range cases {
		t.Run(tc.text, func(t *testing.T) {
			mt := ms[i]
			if text[mt.Start:mt.End] != tc.text || mt.Normalized != tc.norm || fmt.Sprintf("%.2f", mt.Confidence) != fmt.Sprintf("%.2f", tc.conf) {
				t.Fatalf("match %+v, want %q norm %q conf %g", mt, tc.text, tc.norm, tc.conf)
			}
		})
	}
	if _, err := m.Recognizer("nosuch"); err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Fatalf("Recognizer(nosuch) error %v", err)
	}
}

// FuzzMatcher checks that Normalize is idempotent and that matches lie in
// the text, on rune and token boundaries, in order and without overlap per
// class, and are the normalised entries.
func FuzzMatcher(f *testing.F) {
	for _, tc := range normalizeCases {
		f.Add(tc.in)
	}
	for _, s := range []string{"Pride and Prejudice by Jane Austen", "½½ 1 2", "村上 春樹", "É\u0301mile Durkheim", "\xff\xfe Ed"} {
		f.Add(s)
	}
	m := testMatcher()
	f.Fuzz(func(t *testing.T, text string) {
		n := Normalize(text)
		if Normalize(n) != n {
			t.Fatalf("Normalize not idempotent: %q → %q → %q", text, n, Normalize(n))
		}
		m.Add("fuzz", text, 0.5) // the text itself is found in itself
		free := map[string]int{}
		found := false
		for _, mt := range m.Find(text) {
			if mt.Start < 0 || mt.End > len(text) || mt.Start >= mt.End {
				t.Fatalf("match %+v out of bounds of %d bytes", mt, len(text))
			}
			if utf8.ValidString(text) && (!utf8.RuneStart(text[mt.Start]) || (mt.End < len(text) && !utf8.RuneStart(text[mt.End]))) {
				t.Fatalf("match %+v splits a rune", mt) // (invalid bytes are separators of their own)
			}
			if mt.Start < free[mt.Recognizer] {
				t.Fatalf("match %+v overlaps the previous one of its class", mt)
			}
			free[mt.Recognizer] = mt.End
			if got := Normalize(text[mt.Start:mt.End]); got != mt.Normalized {
				t.Fatalf("match %q normalises to %q, entry is %q", text[mt.Start:mt.End], got, mt.Normalized)
			}
			if mt.Recognizer == "dictionary:fuzz" && mt.Normalized == n {
				found = true
			}
		}
		// The whole text is an entry of class fuzz, and the longest one
		// starting at its first token: it must be found.
		if n != "" && !found {
			t.Fatalf("text %q (normalised %q) not found in itself", text, n)
		}
	})
}
