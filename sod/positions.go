package sod

import (
	"strconv"
	"strings"
)

// positions maps TOML keys to where they are written. The toml package does
// not expose key positions, so a small scanner walks the source (already
// known to be valid TOML) and records the position of every table header,
// key and array element. The scanner is best-effort: on anything it does not
// understand it stops, and lookups fall back to the nearest enclosing key
// that was recorded, then to the file alone.
type positions struct {
	file string
	keys map[string]Pos
}

// pathKey joins a key path. Elements of arrays (including arrays of tables)
// are written "#0", "#1", ….
func pathKey(path []string) string { return strings.Join(path, "\x00") }

// index returns the element segment for array index i.
func index(i int) string { return "#" + strconv.Itoa(i) }

// at returns the position of path, or of its longest recorded prefix.
func (p *positions) at(path ...string) Pos {
	for n := len(path); n > 0; n-- {
		if pos, ok := p.keys[pathKey(path[:n])]; ok {
			return pos
		}
	}
	return Pos{File: p.file}
}

// has reports whether the exact path was recorded.
func (p *positions) has(path ...string) bool {
	_, ok := p.keys[pathKey(path)]
	return ok
}

// scanPositions records the positions of the keys of a TOML document.
func scanPositions(file string, data []byte) *positions {
	s := &scanner{data: data, line: 1, col: 1, arrays: map[string]int{},
		out: &positions{file: file, keys: map[string]Pos{}}}
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		s.i = 3 // a byte order mark is not a column
	}
	s.document()
	return s.out
}

type scanner struct {
	data      []byte
	i         int
	line, col int
	bad       bool           // gave up: the rest is not scanned
	arrays    map[string]int // array-of-tables header path → elements seen
	out       *positions
}

func (s *scanner) eof() bool { return s.bad || s.i >= len(s.data) }

func (s *scanner) peek(k int) byte {
	if s.i+k < len(s.data) {
		return s.data[s.i+k]
	}
	return 0
}

// advance consumes one byte, counting columns in runes.
func (s *scanner) advance() {
	if s.i >= len(s.data) {
		return
	}
	b := s.data[s.i]
	s.i++
	switch {
	case b == '\n':
		s.line++
		s.col = 1
	case s.i < len(s.data) && s.data[s.i]&0xC0 == 0x80:
		// The next byte continues this rune.
	default:
		s.col++
	}
}

func (s *scanner) pos() Pos { return Pos{File: s.out.file, Line: s.line, Col: s.col} }

// record notes that path is written at p, unless it was seen before. Its
// prefixes that were never written on their own (implicit tables, as in
// [a.b] or a.b = 1) are placed at their first mention.
func (s *scanner) record(path []string, p Pos) {
	for n := 1; n <= len(path); n++ {
		k := pathKey(path[:n])
		if _, ok := s.out.keys[k]; !ok {
			s.out.keys[k] = p
		}
	}
}

// skipSpace skips blanks, and newlines and comments when lines is set.
func (s *scanner) skipSpace(lines bool) {
	for !s.eof() {
		switch c := s.peek(0); {
		case c == ' ' || c == '\t':
			s.advance()
		case lines && (c == '\n' || c == '\r'):
			s.advance()
		case lines && c == '#':
			for !s.eof() && s.peek(0) != '\n' {
				s.advance()
			}
		default:
			return
		}
	}
}

// document := { header | keyval } with comments and blank lines between.
func (s *scanner) document() {
	var context []string
	for {
		s.skipSpace(true)
		if s.eof() {
			return
		}
		if s.peek(0) != '[' {
			s.keyval(context)
			continue
		}
		p := s.pos()
		array := s.peek(1) == '['
		s.advance()
		if array {
			s.advance()
		}
		key := s.key()
		s.skipSpace(false)
		if s.eof() || s.peek(0) != ']' || (array && s.peek(1) != ']') {
			s.bad = true
			return
		}
		s.advance()
		if array {
			s.advance()
		}
		context = s.resolve(key, array)
		s.record(context, p)
	}
}

// resolve turns a header's key into a path, inserting the element index after
// every prefix that names an array of tables (TOML: a sub-table belongs to the
// last element).
func (s *scanner) resolve(key []string, array bool) []string {
	var path []string
	for i, k := range key {
		path = append(path, k)
		name := pathKey(key[:i+1])
		if array && i == len(key)-1 {
			n := s.arrays[name]
			s.arrays[name] = n + 1
			path = append(path, index(n))
		} else if n, ok := s.arrays[name]; ok {
			path = append(path, index(n-1))
		}
	}
	return path
}

// keyval := key "=" value, recorded under context.
func (s *scanner) keyval(context []string) {
	p := s.pos()
	key := s.key()
	if s.bad {
		return
	}
	s.skipSpace(false)
	if s.peek(0) != '=' {
		s.bad = true
		return
	}
	s.advance()
	s.skipSpace(false)
	path := append(append([]string(nil), context...), key...)
	s.record(path, p)
	s.value(path)
}

// key := simple { "." simple }.
func (s *scanner) key() []string {
	var parts []string
	for {
		s.skipSpace(false)
		if s.eof() {
			s.bad = true
			return nil
		}
		var part string
		switch s.peek(0) {
		case '"':
			raw := s.quoted('"', true)
			if u, err := strconv.Unquote(raw); err == nil {
				part = u
			} else {
				part = strings.Trim(raw, `"`)
			}
		case '\'':
			part = strings.Trim(s.quoted('\'', false), "'")
		default:
			start := s.i
			for !s.eof() && !strings.ContainsRune(" \t\r\n=.[]{}#,\"'", rune(s.peek(0))) {
				s.advance()
			}
			if s.i == start {
				s.bad = true
				return nil
			}
			part = string(s.data[start:s.i])
		}
		if s.bad {
			return nil
		}
		parts = append(parts, part)
		s.skipSpace(false)
		if s.peek(0) != '.' {
			return parts
		}
		s.advance()
	}
}

// quoted consumes a one-line string delimited by q and returns it with its
// quotes. Backslash escapes apply when escapes is set.
func (s *scanner) quoted(q byte, escapes bool) string {
	start := s.i
	s.advance()
	for !s.eof() {
		c := s.peek(0)
		switch {
		case c == '\n':
			s.bad = true
			return ""
		case escapes && c == '\\':
			s.advance()
		case c == q:
			s.advance()
			return string(s.data[start:s.i])
		}
		s.advance()
	}
	s.bad = true
	return ""
}

// multiline consumes a string delimited by three q's.
func (s *scanner) multiline(q byte, escapes bool) {
	for range 3 {
		s.advance()
	}
	for !s.eof() {
		c := s.peek(0)
		if escapes && c == '\\' {
			s.advance()
			s.advance()
			continue
		}
		if c == q && s.peek(1) == q && s.peek(2) == q {
			for range 3 {
				s.advance()
			}
			// Up to two more quotes belong to the content.
			for n := 0; n < 2 && s.peek(0) == q; n++ {
				s.advance()
			}
			return
		}
		s.advance()
	}
	s.bad = true
}

// value consumes one value; inline tables and arrays record their members
// under path.
func (s *scanner) value(path []string) {
	if s.eof() {
		s.bad = true
		return
	}
	switch c := s.peek(0); {
	case c == '"' || c == '\'':
		if s.peek(1) == c && s.peek(2) == c {
			s.multiline(c, c == '"')
		} else {
			s.quoted(c, c == '"')
		}
	case c == '[':
		s.advance()
		for n := 0; ; n++ {
			s.skipSpace(true)
			if s.eof() {
				s.bad = true
				return
			}
			if s.peek(0) == ']' {
				s.advance()
				return
			}
			elem := append(append([]string(nil), path...), index(n))
			s.record(elem, s.pos())
			s.value(elem)
			s.skipSpace(true)
			if s.peek(0) == ',' {
				s.advance()
			}
		}
	case c == '{':
		s.advance()
		for {
			s.skipSpace(true)
			if s.eof() {
				s.bad = true
				return
			}
			if s.peek(0) == '}' {
				s.advance()
				return
			}
			before := s.i
			s.keyval(path)
			s.skipSpace(true)
			if s.peek(0) == ',' {
				s.advance()
			}
			if s.i == before {
				s.bad = true
				return
			}
		}
	default:
		start := s.i
		for !s.eof() && !strings.ContainsRune(",]}#\r\n", rune(s.peek(0))) {
			s.advance()
		}
		if s.i == start {
			s.bad = true
		}
	}
}
