package mapping

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The text of a value: what a slot's tokens read as.

// ValueText returns the page text of tokens [a, b) with the original
// spelling: per text node, the bytes from the first to the last word, nodes
// joined by one space, white space collapsed. Tags and punctuation-only
// tokens at both edges are dropped. It also returns the trimmed range.
func ValueText(toks []Token, a, b int) (string, int, int) {
	a, b = valueBounds(toks, a, b)
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
			br = br || lineBreak(t)
			x++
			continue
		}
		y := x
		for y+1 < b && toks[y+1].Kind == KindWord && toks[y+1].Node() == t.Node() {
			y++
		}
		run := t.Node().Data[t.Start:toks[y].End]
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
		return collapseSpace(sb.String()), a, b
	}
	return collapseSpace(one), a, b
}

// Truncate returns s cut to at most n bytes at a rune boundary, with
// "…" appended when it was cut.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// HasValueText reports whether valueText(toks, a, b) is not empty,
// without building the text: some run of words it joins holds a
// character that is not white space, or a line break puts ", " between
// two runs.
func HasValueText(toks []Token, a, b int) bool {
	a, b = valueBounds(toks, a, b)
	some := false // valueText's builder holds something
	br := false
	for x := a; x < b; {
		t := &toks[x]
		if t.Kind != KindWord {
			br = br || lineBreak(t)
			x++
			continue
		}
		y := x
		for y+1 < b && toks[y+1].Kind == KindWord && toks[y+1].Node() == t.Node() {
			y++
		}
		run := t.Node().Data[t.Start:toks[y].End]
		if some && br && !strings.HasPrefix(run, ",") {
			// The builder holds only white space (else this returned
			// already): ", " is written.
			return true
		}
		if strings.IndexFunc(run, func(r rune) bool { return !unicode.IsSpace(r) }) >= 0 {
			return true
		}
		some = some || run != ""
		br = false
		x = y + 1
	}
	return false
}
