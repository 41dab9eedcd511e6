package recognizers

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// predefined is a built-in recognizer: a name and a function that returns the
// candidate matches of a text, in any order and possibly overlapping. Find
// resolves the overlaps.
type predefined struct {
	name string
	find func(text string, add func(Match))
}

// Name implements Recognizer.
func (p *predefined) Name() string { return p.name }

// Find implements Recognizer. Predefined recognizers never fail.
func (p *predefined) Find(text string) ([]Match, error) {
	var cands []Match
	p.find(text, func(m Match) {
		if m.Start < 0 || m.End > len(text) || m.Start >= m.End {
			return
		}
		m.Recognizer = p.name
		cands = append(cands, m)
	})
	return resolve(cands), nil
}

// resolve keeps a non-overlapping subset of cands, sorted by Start.
// Rule: longer candidates win over the shorter ones they overlap, then the
// more confident, then the earlier. The rule is applied within each cluster
// of transitively overlapping candidates, so the cost stays linear when, as
// usual, clusters are small.
func resolve(cands []Match) []Match {
	if len(cands) <= 1 {
		return cands
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].Start < cands[j].Start })
	out := cands[:0:0]
	for i := 0; i < len(cands); {
		j, end := i+1, cands[i].End
		for j < len(cands) && cands[j].Start < end {
			end = max(end, cands[j].End)
			j++
		}
		if j == i+1 {
			out = append(out, cands[i])
		} else {
			out = append(out, resolveCluster(cands[i:j])...)
		}
		i = j
	}
	return out
}

// resolveCluster applies the rule of resolve to overlapping candidates.
func resolveCluster(cands []Match) []Match {
	c := append([]Match(nil), cands...)
	sort.SliceStable(c, func(i, j int) bool {
		a, b := c[i], c[j]
		if la, lb := a.End-a.Start, b.End-b.Start; la != lb {
			return la > lb
		}
		if a.Confidence != b.Confidence {
			return a.Confidence > b.Confidence
		}
		return a.Start < b.Start
	})
	// taken marks the bytes of the cluster's span covered by kept candidates.
	lo, hi := c[0].Start, c[0].End
	for _, m := range c {
		lo, hi = min(lo, m.Start), max(hi, m.End)
	}
	taken := make([]bool, hi-lo)
	var kept []Match
	for _, m := range c {
		if slices.Contains(taken[m.Start-lo:m.End-lo], true) {
			continue
		}
		for k := m.Start - lo; k < m.End-lo; k++ {
			taken[k] = true
		}
		kept = append(kept, m)
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].Start < kept[j].Start })
	return kept
}

// runeBefore returns the rune that ends just before byte offset i (utf8.RuneError
// and 0 at the start of the text).
func runeBefore(text string, i int) (rune, int) {
	if i <= 0 {
		return utf8.RuneError, 0
	}
	return utf8.DecodeLastRuneInString(text[:i])
}

// runeAt returns the rune that starts at byte offset i (utf8.RuneError and 0
// at the end of the text).
func runeAt(text string, i int) (rune, int) {
	if i >= len(text) {
		return utf8.RuneError, 0
	}
	return utf8.DecodeRuneInString(text[i:])
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

// wordBounded reports whether text[s:e] is not glued to a letter or digit on
// either side.
func wordBounded(text string, s, e int) bool {
	if r, n := runeBefore(text, s); n > 0 && isWordRune(r) {
		return false
	}
	if r, n := runeAt(text, e); n > 0 && isWordRune(r) {
		return false
	}
	return true
}

// wordEnds reports whether no letter or digit follows byte offset e.
func wordEnds(text string, e int) bool {
	r, n := runeAt(text, e)
	return n == 0 || !isWordRune(r)
}

// numberBounded reports whether text[s:e] stands alone as a numeric token: it
// is word-bounded and is not continued by a numeric separator and a digit
// ("1.2.3", "192.168.1.1", "978-0-316", "12:30") on either side.
func numberBounded(text string, s, e int) bool {
	return numberStarts(text, s) && numberEnds(text, e)
}

// numberStarts reports whether a numeric token may start at s: no letter,
// digit or "digit + separator" just before it.
func numberStarts(text string, s int) bool {
	if r, n := runeBefore(text, s); n > 0 && isWordRune(r) {
		return false
	}
	return !(s >= 2 && isNumSep(text[s-1]) && isDigit(text[s-2]))
}

// numberEnds reports whether a numeric token may end at e: no letter, digit
// or "separator + digit" just after it.
func numberEnds(text string, e int) bool {
	if r, n := runeAt(text, e); n > 0 && isWordRune(r) {
		return false
	}
	return !(e+1 < len(text) && isNumSep(text[e]) && isDigit(text[e+1]))
}

func isNumSep(b byte) bool {
	switch b {
	case '.', ',', '-', '/', ':':
		return true
	}
	return false
}

// matchAt matches the anchored regexp re (its source starts with "^") at byte
// i of text, looking at most maxLen bytes ahead, and returns the submatch
// indexes as offsets into text, or nil. Bounding the window keeps the cost of
// one call proportional to the match, not to the rest of the text.
func matchAt(re *regexp.Regexp, text string, i, maxLen int) []int {
	end := min(len(text), i+maxLen)
	idx := re.FindStringSubmatchIndex(text[i:end])
	if idx == nil {
		return nil
	}
	for k := range idx {
		if idx[k] >= 0 {
			idx[k] += i
		}
	}
	return idx
}

// letterRunEnd returns the end of the run of letters that starts at i.
func letterRunEnd(text string, i int) int {
	for i < len(text) {
		c := text[i]
		if c < utf8.RuneSelf {
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) {
			return i
		}
		i += n
	}
	return i
}

// digitRunEnd returns the end of the run of ASCII digits that starts at i.
func digitRunEnd(text string, i int) int {
	for i < len(text) && isDigit(text[i]) {
		i++
	}
	return i
}

// lookupWord looks w up in m case-insensitively (m's keys are lower case),
// without allocating for short ASCII words.
func lookupWord[V any](m map[string]V, w string) (V, bool) {
	var buf [12]byte
	if len(w) > len(buf) {
		var zero V
		return zero, false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= utf8.RuneSelf {
			v, ok := m[strings.ToLower(w)]
			return v, ok
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	v, ok := m[string(buf[:len(w)])]
	return v, ok
}

// group returns submatch g of idx in text, or "" when it did not take part.
func group(text string, idx []int, g int) string {
	if idx[2*g] < 0 {
		return ""
	}
	return text[idx[2*g]:idx[2*g+1]]
}
