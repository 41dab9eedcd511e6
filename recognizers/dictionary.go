package recognizers

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

// NewMemoryDictionaries returns a small in-memory Dictionaries holding the
// entries of each class, for tests and examples. Matching is case-insensitive
// and on whole tokens (runs of letters and digits): an entry never matches
// inside a word, and the punctuation and spacing between its tokens is
// ignored ("J.K. Rowling" matches "j. k. rowling"). At each position the
// longest entry wins; matches do not overlap. Normalized is the entry as
// given. The real, Bleve-backed store lives in package dictionaries.
func NewMemoryDictionaries(classes map[string][]string) Dictionaries {
	d := memoryDictionaries{}
	for class, entries := range classes {
		d[class] = newMemoryDictionary(class, entries)
	}
	return d
}

type memoryDictionaries map[string]*memoryDictionary

// Recognizer implements Dictionaries. An unknown class is an error.
func (d memoryDictionaries) Recognizer(class string) (Recognizer, error) {
	r, ok := d[class]
	if !ok {
		names := make([]string, 0, len(d))
		for c := range d {
			names = append(names, c)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("no dictionary class %q (classes: %s)", class, strings.Join(names, ", "))
	}
	return r, nil
}

type memoryEntry struct {
	tokens []string
	value  string
}

// memoryDictionary indexes entries by their first token, longest first.
type memoryDictionary struct {
	name    string
	byFirst map[string][]memoryEntry
}

func newMemoryDictionary(class string, entries []string) *memoryDictionary {
	d := &memoryDictionary{name: "dictionary:" + class, byFirst: map[string][]memoryEntry{}}
	for _, v := range entries {
		var toks []string
		for _, t := range tokenize(v) {
			toks = append(toks, t.text)
		}
		if len(toks) == 0 {
			continue
		}
		d.byFirst[toks[0]] = append(d.byFirst[toks[0]], memoryEntry{tokens: toks, value: v})
	}
	for _, es := range d.byFirst {
		sort.SliceStable(es, func(i, j int) bool { return len(es[i].tokens) > len(es[j].tokens) })
	}
	return d
}

// Name implements Recognizer: "dictionary:<class>".
func (d *memoryDictionary) Name() string { return d.name }

// Find implements Recognizer.
func (d *memoryDictionary) Find(text string) ([]Match, error) {
	toks := tokenize(text)
	var out []Match
	for i := 0; i < len(toks); i++ {
		for _, e := range d.byFirst[toks[i].text] {
			if i+len(e.tokens) > len(toks) {
				continue
			}
			ok := true
			for k := 1; k < len(e.tokens); k++ {
				if toks[i+k].text != e.tokens[k] {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			last := toks[i+len(e.tokens)-1]
			out = append(out, Match{Start: toks[i].start, End: last.end, Recognizer: d.name, Confidence: 1, Normalized: e.value})
			i += len(e.tokens) - 1
			break
		}
	}
	return out, nil
}

type token struct {
	text       string // lower-cased
	start, end int    // byte offsets
}

// tokenize splits s into runs of letters and digits, lower-cased.
func tokenize(s string) []token {
	var toks []token
	start := -1
	for i, r := range s {
		word := unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
		switch {
		case word && start < 0:
			start = i
		case !word && start >= 0:
			toks = append(toks, token{strings.ToLower(s[start:i]), start, i})
			start = -1
		}
	}
	if start >= 0 {
		toks = append(toks, token{strings.ToLower(s[start:]), start, len(s)})
	}
	return toks
}
