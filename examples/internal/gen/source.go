package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// source is one generated example source: a site template and its pages.
type source struct {
	name  string
	sod   string
	pages []string   // HTML of pages/0000.html, pages/0001.html, …
	lines [][]byte   // expected.jsonl lines, in page order
	dicts []dictSpec // dictionary classes and the values they seed
}

// dictSpec is one dictionary class: the record values of that class that
// appear on the pages, plus noise drawn from elsewhere.
type dictSpec struct {
	class    string
	values   []string // distinct record values of the class, in first-seen order
	unused   []string // plausible names that appear on no page
	wrong    []string // entries that belong to another class; wrong[0] is always used
	coverage int      // percent of values to include
}

// pageName is the file name of page i.
func pageName(i int) string { return fmt.Sprintf("%04d.html", i) }

// addRecord appends one expected line for the page being built.
func (s *source) addRecord(page, index int, object any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	line := struct {
		Page   string `json:"page"`
		Index  int    `json:"index"`
		Object any    `json:"object"`
	}{pageName(page), index, object}
	if err := enc.Encode(line); err != nil {
		panic(err) // only strings and slices of strings: cannot fail
	}
	s.lines = append(s.lines, b.Bytes())
}

// note records value v of dictionary class for the coverage computation.
func (s *source) note(class string, vs ...string) {
	for i := range s.dicts {
		if s.dicts[i].class == class {
			for _, v := range vs {
				if !slices.Contains(s.dicts[i].values, v) {
					s.dicts[i].values = append(s.dicts[i].values, v)
				}
			}
			return
		}
	}
	panic("unknown dictionary class " + class)
}

// dictionary returns the seed list of class d: a sample of the names that
// appear on the pages, plus never-seen and wrong-class entries, sorted
// (as the shared gazetteers are).
func (d dictSpec) dictionary(r *rand.Rand) []string {
	vals := slices.Clone(d.values)
	slices.Sort(vals) // independent of page order
	var out []string
	for _, v := range vals {
		if r.IntN(100) < d.coverage {
			out = append(out, v)
		}
	}
	n := len(out)
	noise := max(2, n/10)
	wrong := min(len(d.wrong), max(1, noise/3))
	out = append(out, d.wrong[0]) // the first wrong entry always gets in
	out = append(out, pickN(r, d.wrong[1:], wrong-1)...)
	out = append(out, pickN(r, d.unused, min(len(d.unused), noise-wrong))...)
	slices.Sort(out)
	return slices.Compact(out)
}

// write stores the source under dir, replacing what a previous run wrote.
func (s *source) write(dir string, r *rand.Rand) error {
	for _, sub := range []string{"pages", "dictionaries"} {
		if err := os.RemoveAll(filepath.Join(dir, sub)); err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "sod.toml"), []byte(s.sod), 0o644); err != nil {
		return err
	}
	for i, p := range s.pages {
		if err := os.WriteFile(filepath.Join(dir, "pages", pageName(i)), []byte(p), 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "expected.jsonl"), bytes.Join(s.lines, nil), 0o644); err != nil {
		return err
	}
	for _, d := range s.dicts {
		text := strings.Join(d.dictionary(r), "\n") + "\n"
		if err := os.WriteFile(filepath.Join(dir, "dictionaries", d.class+".txt"), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// recordCounts plans how many records each of n pages lists: two empty
// result pages, two with a single record, the rest 3–most.
func recordCounts(r *rand.Rand, n, most int) []int {
	counts := make([]int, n)
	for i := range counts {
		switch i {
		case 0, 1:
			counts[i] = 0
		case 2, 3:
			counts[i] = 1
		default:
			counts[i] = 3 + r.IntN(most-2)
		}
	}
	r.Shuffle(n, func(i, j int) { counts[i], counts[j] = counts[j], counts[i] })
	return counts
}

const concertSOD = `name = "concert"
object = "concert"
objects = "*"            # many objects per page (list pages); pages may have none

[entity.artist]
dictionary = "artist"

[entity.date]
predefined = "date"

[entity.address]
predefined = "address"

[entity.performer]
dictionary = "artist"

[tuple.concert]
artist = "1"
date = "1"
address = "1"
performer = "+"
`

const bookSOD = `name = "book"
object = "book"
objects = "*"            # many objects per page (search results); pages may have none

[entity.title]
dictionary = "title"

[entity.author]
dictionary = "author"

[entity.price]
predefined = "price"

[entity.date]
predefined = "date"

[tuple.book]
title = "1"
author = "+"
price = "1"
date = "?"
`
