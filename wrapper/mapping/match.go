package mapping

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// Mrec is the data matched for one instance of the object scope or of a set
// iteration: slot values and nested set iterations.
type Mrec struct {
	Set  int // set ID, -1 for the root
	Vals []Sval
	Kids []*Mrec
}

// Sval is a slot value: tokens [a, b) of the page.
type Sval struct {
	Slot int
	A, B int
}

// gluedSlash reports whether token x is a run of "/" written against the
// word y next to it (both in [lo, hi)), with no space between: the slash
// then belongs to the value ("https://example.org/", "/path") and is kept
// at its edge, while a free-standing "/" between label and value is not.
func gluedSlash(toks []Token, x, y, lo, hi int) bool {
	if y < lo || y >= hi || x < lo || x >= hi {
		return false
	}
	t, u := &toks[x], &toks[y]
	if t.Kind != KindWord || strings.Trim(t.Text, "/") != "" || u.Kind != KindWord || u.Node != t.Node || exalg.EdgeToken(u) {
		return false
	}
	return u.End == t.Start || t.End == u.Start
}

// abbreviations are words written with a period that ends names and
// addresses (English; matched case-insensitively).
var abbreviations = map[string]bool{"jr": true, "sr": true, "co": true, "inc": true, "ltd": true, "corp": true,
	"bros": true, "esq": true, "st": true, "ave": true, "rd": true, "blvd": true, "dr": true, "ln": true,
	"pl": true, "mt": true, "ft": true, "no": true, "vol": true, "ed": true, "eds": true, "etc": true}

// abbreviation reports whether w is a known abbreviation or an initial
// (one capital letter).
func abbreviation(w string) bool {
	if len(w) == 1 {
		return w[0] >= 'A' && w[0] <= 'Z'
	}
	return abbreviations[strings.ToLower(w)]
}

// inlineTags are the elements that sit inside a line of text; the edges
// of any other element (div, p, li, td, …) break the line.
var inlineTags = map[string]bool{"a": true, "abbr": true, "b": true, "bdi": true, "cite": true, "code": true,
	"data": true, "em": true, "font": true, "i": true, "img": true, "kbd": true, "label": true, "mark": true, "q": true, "s": true,
	"small": true, "span": true, "strong": true, "sub": true, "sup": true, "time": true, "u": true, "var": true, "wbr": true}

// LineBreak reports whether tag token t ends a line: a <br>, or the start
// or end of a block element ("street</div><div>city").
func LineBreak(t *Token) bool {
	return (t.Kind == KindStart && t.Text == "br") || ((t.Kind == KindStart || t.Kind == KindEnd) && !inlineTags[t.Text])
}

// ValueText returns the page text of tokens [a, b) with the original
// spelling: per text node, the bytes from the first to the last word, nodes
// joined by one space, white space collapsed. Tags and punctuation-only
// tokens at both edges are dropped. It also returns the trimmed range.
func ValueText(toks []Token, a, b int) (string, int, int) {
	a, b = ValueBounds(toks, a, b)
	if a >= b {
		return "", a, a
	}
	// The text is built only once a second run comes: a value of one
	// run is a substring of its text node.
	one := "" // the text so far while it is one run
	var sb strings.Builder
	built := false // the text so far is sb's
	br := false    // a line break since the last run of words
	for x := a; x < b; {
		t := &toks[x]
		if t.Kind != KindWord {
			br = br || LineBreak(t)
			x++
			continue
		}
		y := x
		for y+1 < b && toks[y+1].Kind == KindWord && toks[y+1].Node == t.Node {
			y++
		}
		run := t.Node.Data[t.Start:toks[y].End]
		sofar := one
		if built {
			sofar = sb.String()
		}
		if len(sofar) > 0 {
			// Lines of one value are joined with ", " (an address
			// written "street<br>city" or in two <div>s); a run that starts with a comma
			// or closing punctuation is written against the text before.
			sep := " "
			switch {
			case br && !strings.HasSuffix(strings.TrimSpace(sofar), ",") && !strings.HasPrefix(run, ","):
				sep = ", "
			case strings.IndexByte(",.;:)!?", run[0]) >= 0:
				sep = ""
			}
			if !built {
				sb.Grow(len(one) + len(sep) + len(run))
				sb.WriteString(one)
				built = true
			}
			sb.WriteString(sep)
			sb.WriteString(run)
		} else {
			one = run
		}
		br = false
		x = y + 1
	}
	if built {
		return CollapseSpace(sb.String()), a, b
	}
	return CollapseSpace(one), a, b
}

// CollapseSpace is strings.Join(strings.Fields(s), " "), and s itself
// (no copy) when it is that already.
func CollapseSpace(s string) string {
	prev := true // the byte before is white space (or the start)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch c {
			case ' ':
				if prev {
					return strings.Join(strings.Fields(s), " ")
				}
				prev = true
			case '\t', '\n', '\v', '\f', '\r':
				return strings.Join(strings.Fields(s), " ")
			default:
				prev = false
			}
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			return strings.Join(strings.Fields(s), " ")
		}
		prev = false
		i += w
	}
	if prev && s != "" {
		return strings.Join(strings.Fields(s), " ") // a space at the end
	}
	return s
}

// ValueBounds returns the tokens of [a, b) valueText reads: edge
// punctuation and tags left out, an abbreviation's period taken in.
func ValueBounds(toks []Token, a, b int) (int, int) {
	for a < b && exalg.EdgeToken(&toks[a]) && !gluedSlash(toks, a, a+1, a, b) {
		a++
	}
	for b > a && exalg.EdgeToken(&toks[b-1]) && !gluedSlash(toks, b-1, b-2, a, b) {
		b--
	}
	if a >= b {
		return a, a
	}
	// An abbreviation's period is the value's ("Oliver Yarborough Sr.",
	// "Casa Bread Co."), a sentence's is not.
	if AbbrevDot(toks, b) != "" && abbreviation(toks[b-1].Text) {
		b++
	}
	return a, b
}

// Runs splits tokens [a, b) into maximal runs of words between tags.
func Runs(toks []Token, a, b int) [][2]int {
	return AppendRuns(nil, toks, a, b)
}

// AppendRuns appends the runs of words of tokens [a, b) to out.
func AppendRuns(out [][2]int, toks []Token, a, b int) [][2]int {
	for x := a; x < b; {
		if toks[x].Kind != KindWord {
			x++
			continue
		}
		y := x
		for y < b && toks[y].Kind == KindWord {
			y++
		}
		out = append(out, [2]int{x, y})
		x = y
	}
	return out
}

// ItemSeps are the punctuation tokens that always separate the items of a
// set written as plain text ("A, B; C").
const ItemSeps = ",;|\u00b7\u2022"

// WeakSeps are punctuation tokens that separate items only when the sample
// showed them between annotated items (SlotMap.SepWords): they also occur
// inside single values ("Grosset & Dunlap", "Author / Illustrator").
const WeakSeps = "&/+"

// SepToken reports whether a word is a short run of the characters of set.
func SepToken(t *Token, set string) bool {
	return t.Kind == KindWord && len(t.Text) <= 3 && strings.Trim(t.Text, set) == ""
}

// Items splits tokens [a, b) into the items of a set value: at tags, at
// the separator punctuation of itemSeps, and at the separators learned
// from the sample (words such as "and", or weakSeps punctuation).
func Items(toks []Token, a, b int, seps []string) [][2]int {
	return SplitItems(toks, a, b, seps, nil, false)
}

// SplitItems is items, with keep for itemsKeep and brackets cut when
// brackets is set.
func SplitItems(toks []Token, a, b int, seps, keep []string, brackets bool) [][2]int {
	var out [][2]int
	start := a
	cut := func(x int) {
		if x > start {
			out = append(out, [2]int{start, x})
		}
		start = x + 1
	}
	for x := a; x < b; x++ {
		t := &toks[x]
		switch {
		case t.Kind != KindWord:
			cut(x)
		case SepToken(t, ItemSeps):
			cut(x)
		case Contains(seps, t.Text) && !keptAt(toks, x, keep) && !(brackets && InLink(t)) && !nameGoesOn(toks, x):
			cut(x)
		case brackets && SepToken(t, "(["):
			cut(x)
			start = x // the bracket opens the next item
		case brackets && SepToken(t, ")]"):
			cut(x + 1)
			start = x + 1
		}
	}
	cut(b)
	return out
}
