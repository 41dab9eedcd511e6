package mapping

import (
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/recognizers"
)

// Fields read by the label that names them.
//
// A detail page often lists its attributes as label-value rows ("<li>
// <b>Publisher</b>: Jove Books</li>", "<tr><th>Page Count</th><td>352")
// some of which are missing on some pages. ExAlg cannot align such rows
// when the rows present vary: a row's label and value fall inside slots
// that hold other rows on other pages, and the field whose values they
// are finds no slot that holds them consistently (no-slot). What the rows
// keep from page to page is their label. When a field has no slot and,
// on most sample pages, the text node right before its instances is a
// label that is the field's own name ("Page Count" for page_count, as
// LabelAffinity's AffinityWhole; a label sharing only a word is too weak
// a key), written at one DOM path, the field is read by that label: on
// every page, the value is the row after the label (RowEnd), when the
// label stands exactly once at that path.
//
// This is a rule, not a part of the score: it places a field the score
// left without any slot, from evidence (a label naming the field before
// its instances) that is not a slot's. Only the field's name is trusted,
// not a word it shares with the label, and only where the sample's
// values after the label are the field's instances.

// LabelKey is a field read by the label that names it (see above).
type LabelKey struct {
	Field string `json:"field"`
	// Label is the label's words (PageLabel) and Path the DOM path of its
	// text (Paths.String).
	Label []string `json:"label"`
	Path  string   `json:"path"`
	// Pages is the number of the Sample pages where the label stood at
	// Path (once, or with the same row after each copy), and Hits of
	// those the pages whose row holds an instance of the field's types
	// (annotated, or found by its pattern's recognizer).
	Pages  int `json:"pages"`
	Hits   int `json:"hits"`
	Sample int `json:"sample"`
}

// labelKeyMinShare is the least share of the sample pages on which the
// label must precede an instance of the field (as NamedLabel asks of a
// page label: a quarter of the sample).
const labelKeyMinShare = 0.25

// labelKeyMaxSame is the largest share of a label key's rows that may be
// one text: a label before the same text on (nearly) every page is a
// menu's or the template's ("Venues" before "This Weekend" in a search
// form's choices), not a row of the page's object.
const labelKeyMaxSame = 0.8

// maxCount returns the largest count of m.
func maxCount(m map[string]int) int {
	n := 0
	for _, c := range m {
		n = max(n, c)
	}
	return n
}

// inControl reports whether a label's DOM path ends in a link or a form
// control: a menu entry or a choice, not a row's label.
func inControl(path string) bool {
	last := path[strings.LastIndex(path, "/")+1:]
	if i := strings.IndexByte(last, '.'); i >= 0 {
		last = last[:i]
	}
	switch last {
	case "a", "option", "button", "select", "label", "input":
		return true
	}
	return false
}

// keyedRows calls f for every row of toks whose label (the text node right
// before the row's first text node, PageLabel) is no farther than
// LabelNearTags tags and is one that want wants: the label, its last
// word's token y and the row [x, end). f returns false to stop.
func keyedRows(toks []Token, want func(label []string, y int) bool, f func(label []string, y, x, end int) bool) {
	for x := range toks {
		if toks[x].Kind != KindWord || (x > 0 && toks[x-1].Kind == KindWord && toks[x-1].Node == toks[x].Node) {
			continue // not the first word of a text node
		}
		label, y := RowLabelAt(toks, 0, x)
		if y < 0 || !want(label, y) || LabelGap(toks, x) > LabelNearTags {
			continue
		}
		if !f(label, y, x, RowEnd(toks, y, x, len(toks))) {
			return
		}
	}
}

// LearnLabelKey returns the label key of field f (see above) on the
// sample pages' tokens, when one holds: the label naming f by its whole
// name, at one DOM path, before a row annotated with f's types on at
// least two pages and labelKeyMinShare of the sample, and on thres of the
// pages where it stands once at that path.
func LearnLabelKey(pages [][]Token, ps *Paths, f FieldSpec, thres float64) (LabelKey, bool) {
	type key struct {
		label string
		path  int32
	}
	r := patternRecognizer(f)
	occ := map[key]int{}              // pages where the key stands once
	hits := map[key]int{}             // of those, pages whose row holds an instance
	texts := map[key]map[string]int{} // the hit rows' texts
	for _, toks := range pages {
		text := map[key]string{}
		hit := map[key]bool{}
		twice := map[key]bool{}
		whole := func(label []string, _ int) bool { return LabelAffinity(label, f) == AffinityWhole }
		keyedRows(toks, whole, func(label []string, y, x, end int) bool {
			k := key{strings.Join(label, " "), toks[y].Path}
			txt, _, _ := ValueText(toks, x, end)
			if t, ok := text[k]; ok {
				twice[k] = twice[k] || t != txt
				return true
			}
			text[k] = txt
			hit[k] = rowInstance(toks, x, end, txt, f, r)
			return true
		})
		for k := range text {
			if twice[k] {
				continue
			}
			occ[k]++
			if hit[k] {
				hits[k]++
				if texts[k] == nil {
					texts[k] = map[string]int{}
				}
				texts[k][text[k]]++
			}
		}
	}
	var best key
	bestN := 0
	for k, h := range hits {
		if inControl(ps.String(k.path)) || float64(maxCount(texts[k])) > labelKeyMaxSame*float64(h) {
			continue
		}
		if h > bestN || (h == bestN && (k.label < best.label || (k.label == best.label && k.path < best.path))) {
			best, bestN = k, h
		}
	}
	if bestN < 2 || float64(bestN) < labelKeyMinShare*float64(len(pages)) || float64(bestN) < thres*float64(occ[best]) {
		return LabelKey{}, false
	}
	return LabelKey{Field: f.Path, Label: strings.Fields(best.label), Path: ps.String(best.path), Pages: occ[best], Hits: bestN, Sample: len(pages)}, true
}

// rowInstance reports whether the row [x, end) of toks, of text txt, is
// mostly an instance of f's types: annotated words make at least half of
// its words, or the longest instance of f's pattern (r, when f has one)
// at least half of its text. A row that merely holds an instance is not
// enough: "Team: Scores, Schedule, Standings" in a menu holds a word a
// team dictionary knows.
func rowInstance(toks []Token, x, end int, txt string, f FieldSpec, r recognizers.Recognizer) bool {
	words, ann := 0, 0
	for z := x; z < end; z++ {
		if toks[z].Kind != KindWord || alnum(toks[z].Text) == "" {
			continue
		}
		words++
		if AnyOf(toks[z].AnnTypes(), f.Types) {
			ann++
		}
	}
	if words > 0 && 2*ann >= words {
		return true
	}
	if r == nil || txt == "" {
		return false
	}
	m, ok := LongestMatch(r, txt)
	return ok && 2*(m[1]-m[0]) >= len(txt)
}

// KeyedRow returns the row [a, b) of toks after the label of k, whose text
// is at path (k.Path interned), when it stands there once, or more often
// with the same text after it (a copy of the rows, as a printable tab
// has); ok is false otherwise.
func KeyedRow(toks []Token, k LabelKey, path int32) (a, b int, ok bool) {
	a = -1
	first := ""
	ok = true
	want := func(label []string, y int) bool { return toks[y].Path == path && slices.Equal(label, k.Label) }
	keyedRows(toks, want, func(_ []string, _, x, end int) bool {
		txt, _, _ := ValueText(toks, x, end)
		if a < 0 {
			a, b, first = x, end, txt
			return true
		}
		ok = txt == first
		return ok
	})
	return a, b, ok && a >= 0
}

// NoteReadByLabel: a single field of a detail page is read after a
// label that is its whole name (LearnLabelKey) rather than from the slot
// the score chose, whose sample values differed from the labelled rows'
// on most pages: "Publisher: Jove Books" on every page while the slot held
// the author after "by". Not a doubt: the note says where the values come
// from and why.
const NoteReadByLabel = "read-by-label"
