package repository

import (
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// The fixture repository: books from two shops and concerts from one
// listing, written by hand so that every query's answer can be worked out.

const bookSOD = `name = "book"
object = "book"
objects = "*"

[tuple.book]
title = "1"
author = "+"
price = "1"
date = "?"
isbn = "?"

[entity.title]
dictionary = "title"
[entity.author]
dictionary = "author"
[entity.price]
predefined = "price"
[entity.date]
predefined = "date"
[entity.isbn]
predefined = "isbn13"
`

const concertSOD = `name = "concert"
object = "concert"
objects = "*"

[tuple.concert]
artist = "1"
date = "1"
address = "1"
price = "?"

[entity.artist]
dictionary = "artist"
[entity.date]
predefined = "date"
[entity.address]
predefined = "address"
[entity.price]
predefined = "price"
`

func mustSOD(t testing.TB, name, text string) *sod.SOD {
	t.Helper()
	s, err := sod.Parse(name+".toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// obj builds an object whose every value has confidence conf (dyadic
// fractions in the fixture, so that equal scores are exactly equal); kv pairs a
// field name with a string (single field) or a []string (set field).
func obj(page string, index int, conf float64, kv ...any) *wrapper.Object {
	o := &wrapper.Object{Page: page, Index: index}
	for i := 0; i < len(kv); i += 2 {
		f := wrapper.Field{Name: kv[i].(string)}
		switch v := kv[i+1].(type) {
		case string:
			f.Values = []wrapper.Value{{Text: v, Confidence: conf}}
		case []string:
			f.Many = true
			for _, s := range v {
				f.Values = append(f.Values, wrapper.Value{Text: s, Confidence: conf})
			}
		}
		o.Fields = append(o.Fields, f)
	}
	return o
}

type fixtureSource struct {
	sod, name string
	// pages maps a page to its visible text: eight words each, none of
	// them an English stop word, so that within a source full-text
	// relevance depends only on how often the query's words occur.
	pages   map[string]string
	objects []*wrapper.Object
}

func fixtureSources() []fixtureSource {
	return []fixtureSource{
		{sod: "book", name: "shop-a",
			pages: map[string]string{
				"a1.html": "Bestsellers: politics, thrillers. Free shipping, orders exceeding twenty.",
				"a2.html": "Music books: singers' biographies. Concert tickets sold separately.",
				"a3.html": "Gardening: home, window boxes. Free shipping, orders today.",
			},
			objects: []*wrapper.Object{
				obj("a1.html", 0, 1.0, "title", "The Overton Window", "author", []string{"Glenn Beck"}, "price", "$12.99", "date", "June 15, 2010", "isbn", "978-1-4391-8430-1"),
				obj("a1.html", 1, 0.75, "title", "Arguing with Idiots", "author", []string{"Glenn Beck", "Kevin Balfe"}, "price", "$27.00", "date", "September 29, 2009"),
				obj("a2.html", 0, 0.875, "title", "Sting: Lyrics", "author", []string{"Sting"}, "price", "$24.50", "date", "2007-10-30"),
				obj("a2.html", 1, 0.25, "title", "Broadway Voices", "author", []string{"Kristin Chenoweth", "Ann Meyer"}, "price", "$8.00", "date", "March 2009"),
				obj("a3.html", 0, 0.625, "title", "A Garden Window", "author", []string{"Ann Meyer"}, "price", "€15,00"),
			}},
		{sod: "book", name: "shop-b",
			pages: map[string]string{
				"b1.html": "Young adult fiction: vampire window seat. Free shipping.",
			},
			objects: []*wrapper.Object{
				obj("b1.html", 0, 0.9375, "title", "Twilight", "author", []string{"Stephenie Meyer"}, "price", "$10.99", "date", "October 5, 2005"),
				obj("b1.html", 1, 0.375, "title", "New Moon", "author", []string{"Stephenie Meyer"}, "price", "$19.99", "date", "August 21, 2006"),
			}},
		{sod: "concert", name: "events",
			pages: map[string]string{
				"e1.html": "Concert tickets: summer season. Buy tickets now! Tickets…",
				"e2.html": "Stadium shows: tickets sale, Coldplay world tour dates.",
			},
			objects: []*wrapper.Object{
				obj("e1.html", 0, 0.875, "artist", "Sting", "date", "Tuesday, July 13 2010 8:00p", "address", "Metropolitan Opera House, New York, NY 10023", "price", "$85.00"),
				obj("e1.html", 1, 1.0, "artist", "Kristin Chenoweth", "date", "May 29, 2010", "address", "131 W 55th St, New York, NY 10019"),
				obj("e2.html", 0, 0.75, "artist", "Coldplay", "date", "August 8, 2009", "address", "4 Penn Plaza, New York, NY 10001", "price", "$120.00"),
			}},
	}
}

// buildFixture writes the fixture repository into a new directory.
func buildFixture(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	for _, fs := range fixtureSources() {
		indexSource(t, dir, fs)
	}
	return dir
}

var fixtureSODs = map[string]string{"book": bookSOD, "concert": concertSOD}

func indexSource(t testing.TB, dir string, fs fixtureSource) *SourceEntry {
	t.Helper()
	pages := fs.pages
	text := fixtureSODs[fs.sod]
	w, err := NewWriter(dir, mustSOD(t, fs.sod, text), fs.name, t.TempDir(), WriterOptions{
		SODText:  text,
		PageText: func(p string) (string, error) { return pages[p], nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range fs.objects {
		if err := w.Add(o); err != nil {
			t.Fatal(err)
		}
	}
	e, err := w.Commit(len(fs.pages))
	if err != nil {
		t.Fatal(err)
	}
	return e
}
