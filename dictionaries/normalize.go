package dictionaries

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Normalize returns the canonical form under which entries are indexed and
// matched: compatibility decomposition (NFKD), diacritics (non-spacing marks)
// removed, case folded, every character that is not a letter, a number or a
// spacing mark turned into a separator, and the resulting tokens joined by
// single spaces. "  Émile  DURKHEIM!" and "emile-durkheim" both become
// "emile durkheim".
//
// Normalize is defined by the same tokenizer the Matcher runs over page text
// (scanTokens), so an entry and the text it is found in are always
// normalised identically; a match never depends on how a name was spelled
// around it.
func Normalize(s string) string {
	var ts tokenScan
	ts.scan(s)
	if len(ts.toks) == 0 {
		return ""
	}
	var b strings.Builder
	b.Grow(len(ts.buf) + len(ts.toks))
	for i, t := range ts.toks {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.Write(ts.buf[t.ns:t.ne])
	}
	return b.String()
}

// token is one normalised token of a text: text[start:end] in the original,
// buf[ns:ne] in the tokenScan's buffer.
type token struct {
	start, end int32
	ns, ne     int32
}

// tokenScan tokenizes a text into normalised tokens, reusing its buffers.
type tokenScan struct {
	buf  []byte
	toks []token
}

// scan replaces the scan's tokens with those of text. A token is a maximal
// run of characters whose normalised form is a letter, a number or a spacing
// mark; one original character may yield several tokens ("½" → "1", "2"),
// which then share its byte range.
func (ts *tokenScan) scan(text string) {
	ts.buf = ts.buf[:0]
	ts.toks = ts.toks[:0]
	in := false // inside a token
	var cur token
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			switch {
			case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
				ts.buf = append(ts.buf, c)
			case 'A' <= c && c <= 'Z':
				ts.buf = append(ts.buf, c+('a'-'A'))
			default:
				if in {
					cur.ne = int32(len(ts.buf))
					ts.toks = append(ts.toks, cur)
					in = false
				}
				i++
				continue
			}
			if !in {
				cur = token{start: int32(i), ns: int32(len(ts.buf) - 1)}
				in = true
			}
			i++
			cur.end = int32(i)
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		f := foldRune(r)
		for j := 0; j < len(f); j++ {
			if f[j] == ' ' {
				if in {
					cur.ne = int32(len(ts.buf))
					ts.toks = append(ts.toks, cur)
					in = false
				}
				continue
			}
			ts.buf = append(ts.buf, f[j])
			if !in {
				cur = token{start: int32(i), ns: int32(len(ts.buf) - 1)}
				in = true
			}
			cur.end = int32(i + size)
		}
		i += size
	}
	if in {
		cur.ne = int32(len(ts.buf))
		ts.toks = append(ts.toks, cur)
	}
}

// foldCache memoises foldRune for non-ASCII runes.
var foldCache sync.Map // rune → string

// foldRune returns the normalised form of one non-ASCII rune, in which every
// separator is a single ' ' (so it may be "", " ", "e", "ss", "1 2", …).
func foldRune(r rune) string {
	if v, ok := foldCache.Load(r); ok {
		return v.(string)
	}
	s := string(r)
	if r == utf8.RuneError {
		s = " "
	} else {
		s = norm.NFKD.String(s)
		// Full case folding (ß → ss), then lower case: folding maps some
		// scripts to upper case (Cherokee), and lowering after it makes the
		// result a fixed point, so Normalize is idempotent.
		s = strings.Map(unicode.ToLower, cases.Fold().String(s))
		s = norm.NFKD.String(s)
		var b strings.Builder
		for _, c := range s {
			switch {
			case unicode.Is(unicode.Mn, c):
				// diacritic: dropped
			case unicode.IsLetter(c), unicode.IsNumber(c), unicode.IsMark(c):
				b.WriteRune(c)
			default:
				b.WriteByte(' ')
			}
		}
		s = b.String()
	}
	foldCache.Store(r, s)
	return s
}
