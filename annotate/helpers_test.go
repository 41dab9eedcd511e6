package annotate

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

// Test-only recognizers: the recognizers package is written concurrently, so
// these keep annotate's tests independent of its progress.

// phraseRec is a case-insensitive dictionary recognizer: it finds entries at
// word boundaries, longest first, without overlaps.
type phraseRec struct {
	name    string
	entries map[string]bool // lower-cased
	maxLen  int             // in words
}

func newPhraseRec(name string, entries ...string) *phraseRec {
	r := &phraseRec{name: name, entries: map[string]bool{}}
	for _, e := range entries {
		e = strings.Join(strings.FieldsFunc(strings.ToLower(e), isSep), " ")
		if e == "" {
			continue
		}
		r.entries[e] = true
		r.maxLen = max(r.maxLen, len(strings.Fields(e)))
	}
	return r
}

func isSep(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '&' }

func (r *phraseRec) Name() string { return r.name }

func (r *phraseRec) Find(text string) ([]recognizers.Match, error) {
	type word struct{ s, e int }
	var words []word
	for i := 0; i < len(text); {
		c, size := utf8.DecodeRuneInString(text[i:])
		if isSep(c) {
			i += size
			continue
		}
		j := i
		for j < len(text) {
			c, size := utf8.DecodeRuneInString(text[j:])
			if isSep(c) {
				break
			}
			j += size
		}
		words = append(words, word{i, j})
		i = j
	}
	var out []recognizers.Match
	for i := 0; i < len(words); {
		found := 0
		for n := min(r.maxLen, len(words)-i); n >= 1; n-- {
			var b strings.Builder
			for k := i; k < i+n; k++ {
				if k > i {
					b.WriteByte(' ')
				}
				b.WriteString(strings.ToLower(text[words[k].s:words[k].e]))
			}
			if r.entries[b.String()] {
				found = n
				break
			}
		}
		if found == 0 {
			i++
			continue
		}
		out = append(out, recognizers.Match{Start: words[i].s, End: words[i+found-1].e, Recognizer: r.name, Confidence: 0.8})
		i += found
	}
	return out, nil
}

// regexRec is a regular-expression recognizer.
type regexRec struct {
	name string
	re   *regexp.Regexp
	err  error // returned by Find when set (simulates a timeout)
}

func (r *regexRec) Name() string { return r.name }

func (r *regexRec) Find(text string) ([]recognizers.Match, error) {
	if r.err != nil {
		return nil, r.err
	}
	var out []recognizers.Match
	for _, m := range r.re.FindAllStringIndex(text, -1) {
		out = append(out, recognizers.Match{Start: m[0], End: m[1], Recognizer: r.name, Confidence: 1})
	}
	return out, nil
}

// entity returns an entity type.
func entity(name string, whole bool) *sod.Type {
	return &sod.Type{Name: name, Kind: sod.Entity, WholeNode: whole, Recognizer: &sod.Recognizer{Kind: sod.Regex}}
}

// tupleSOD builds an SOD whose root tuple has the given fields.
func tupleSOD(name string, fields ...*sod.Field) *sod.SOD {
	root := &sod.Type{Name: name, Kind: sod.Tuple, Fields: fields}
	s := &sod.SOD{Name: name, Root: root, Mult: sod.One, Types: map[string]*sod.Type{name: root}}
	for _, f := range fields {
		s.Types[f.Type.Name] = f.Type
	}
	return s
}

func field(t *sod.Type, m sod.Multiplicity) *sod.Field {
	return &sod.Field{Name: t.Name, Type: t, Mult: m}
}

// bookSOD is the SOD of the golden tests and examples.
func bookSOD() (*sod.SOD, map[string]recognizers.Recognizer) {
	s := tupleSOD("book",
		field(entity("title", false), sod.One),
		field(entity("author", false), sod.Multiplicity{Min: 1, Max: sod.Unbounded}),
		field(entity("isbn", false), sod.One),
		field(entity("publisher", true), sod.Multiplicity{Min: 0, Max: 1}),
		field(entity("date", false), sod.Multiplicity{Min: 0, Max: 1}),
	)
	recs := map[string]recognizers.Recognizer{
		"title":     newPhraseRec("dictionary:title", "The Hobbit", "Dune", "Emma", "The Lord of the Rings"),
		"author":    newPhraseRec("dictionary:author", "J. R. R. Tolkien", "Frank Herbert", "Jane Austen", "Tolkien"),
		"isbn":      &regexRec{name: "regex:isbn", re: regexp.MustCompile(`\b97[89][0-9]{10}\b`)},
		"publisher": newPhraseRec("dictionary:publisher", "Allen & Unwin", "Chilton Books", "Penguin"),
		"date": &regexRec{name: "predefined:date", re: regexp.MustCompile(
			`\b(January|February|March|April|May|June|July|August|September|October|November|December) [0-9]{4}\b`)},
	}
	return s, recs
}

// dump prints a page's annotations one per line: type, path, value,
// recognizer, whole, and the propagated paths.
func dump(p *Page) string {
	var b strings.Builder
	for _, an := range p.Annotations {
		var ups []string
		for _, u := range an.Up {
			ups = append(ups, NodePath(u))
		}
		whole := ""
		if an.Whole {
			whole = " whole"
		}
		b.WriteString(an.Type + "\t" + NodePath(an.Node) + "\t" + strconvQuote(an.Text()) + "\t" + an.Recognizer + whole)
		if len(ups) > 0 {
			b.WriteString("\tup=" + strings.Join(ups, ","))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func strconvQuote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }
