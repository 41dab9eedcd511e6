package sod

import "strings"

// Group names of a regex entity: Python's "(?P<name>…)" is accepted as
// regexp2's "(?<name>…)" (regexp2 alone rejects it).

// ValueGroup is the name of the group whose text is an entity's value when
// its regex has one: `(?<value>\d+) pages` finds "320 pages" and gives
// "320".
const ValueGroup = "value"

// CanonicalPattern rewrites the Python-style named groups "(?P<name>" of a
// regular expression as "(?<name>", the syntax regexp2 compiles; the rest
// of the pattern is unchanged. Escaped parentheses and character classes
// are left alone.
func CanonicalPattern(p string) string {
	if !strings.Contains(p, "(?P<") {
		return p
	}
	var b strings.Builder
	scanPattern(p, func(i int, inClass bool) int {
		if !inClass && strings.HasPrefix(p[i:], "(?P<") {
			b.WriteString("(?<")
			return 4
		}
		b.WriteByte(p[i])
		return 1
	})
	return b.String()
}

// ValueSubpattern returns the sub-pattern of the group named "value" in a
// canonical pattern (CanonicalPattern): `\d+` for `(?<value>\d+) pages`.
// ok is false when the pattern has no such group.
func ValueSubpattern(p string) (sub string, ok bool) {
	start := -1
	for _, open := range []string{"(?<" + ValueGroup + ">", "(?'" + ValueGroup + "'"} {
		scanPattern(p, func(i int, inClass bool) int {
			if start < 0 && !inClass && strings.HasPrefix(p[i:], open) {
				start = i + len(open)
			}
			return 1
		})
		if start >= 0 {
			break
		}
	}
	if start < 0 {
		return "", false
	}
	depth, end := 1, -1
	rest := p[start:]
	scanPattern(rest, func(i int, inClass bool) int {
		if end >= 0 || inClass {
			return 1
		}
		switch rest[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				end = i
			}
		}
		return 1
	})
	if end < 0 {
		return "", false
	}
	return rest[:end], true
}

// scanPattern walks the bytes of a regular expression, calling at for each
// byte that is not escaped, with whether it lies inside a character class
// ("[…]"); at returns how many bytes it consumed (at least 1). An escaped
// byte ("\(", "\]") is passed over together with its backslash.
func scanPattern(p string, at func(i int, inClass bool) int) {
	inClass := false
	for i := 0; i < len(p); {
		c := p[i]
		if c == '\\' && i+1 < len(p) {
			// Hand both bytes on so that a rewriting caller copies them.
			at(i, true)
			at(i+1, true)
			i += 2
			continue
		}
		n := at(i, inClass)
		switch {
		case c == '[' && !inClass:
			inClass = true
			if i+1 < len(p) && p[i+1] == ']' { // "[]a]": a literal ']' first
				at(i+1, true)
				n++
			}
		case c == ']' && inClass:
			inClass = false
		}
		i += max(n, 1)
	}
}
