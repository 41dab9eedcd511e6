package sod

import "fmt"

// Limits checked by checkShape before the TOML is decoded. An SOD needs a
// few levels of each (an array of type names, a field's inline table, a
// key such as tuple.book.author.type); a file beyond them is not an SOD, and
// decoding it would take time and memory growing with the square of its
// nesting (the TOML decoder and the position scanner both do).
const (
	// MaxNesting is the deepest nesting of arrays and inline tables accepted.
	MaxNesting = 32
	// MaxKeyParts is the most dotted parts a key or table header may have.
	MaxKeyParts = 32
	// MaxFileBytes is the largest SOD accepted. SODs are a few kilobytes;
	// one megabyte holds some 50,000 entity types and loads in about a
	// second, ten take fourteen seconds and a gigabyte of memory.
	MaxFileBytes = 1 << 20
)

// checkShape scans TOML source for arrays and inline tables nested deeper
// than MaxNesting and for keys of more than MaxKeyParts dotted parts, in one
// linear pass that skips strings and comments. It reports the first excess
// as a positioned error, or nil. It does not validate the TOML: whatever it
// cannot follow is left to the decoder, which reports it.
func checkShape(file string, data []byte) *Error {
	if len(data) > MaxFileBytes {
		return &Error{Pos: Pos{File: file}, Msg: fmt.Sprintf(
			"file larger than %d bytes (1 MiB), the most accepted for an SOD: is it an SOD? (long word lists belong in a dictionary)", MaxFileBytes)}
	}
	sc := shapeScanner{data: data, line: 1, col: 1, file: file}
	return sc.run()
}

type shapeScanner struct {
	data      []byte
	i         int
	line, col int
	file      string
	stack     []byte // open '[' and '{' of values
	keyCtx    bool   // reading a key (line start, inside an inline table)
	parts     int    // dotted parts of the key being read
	partsLine int    // line and column where that key started
	partsCol  int
	keyBegun  bool // the key's first character was seen
}

func (s *shapeScanner) pos() Pos { return Pos{File: s.file, Line: s.line, Col: s.col} }

// advance moves past one byte, keeping line and column.
func (s *shapeScanner) advance() {
	if s.data[s.i] == '\n' {
		s.line++
		s.col = 1
	} else if s.data[s.i]&0xC0 != 0x80 { // count runes, not continuation bytes
		s.col++
	}
	s.i++
}

func (s *shapeScanner) startKey() {
	s.keyCtx, s.parts, s.keyBegun = true, 1, false
}

func (s *shapeScanner) run() *Error {
	s.startKey()
	for s.i < len(s.data) {
		c := s.data[s.i]
		if s.keyCtx && !s.keyBegun && c != ' ' && c != '\t' {
			s.partsLine, s.partsCol, s.keyBegun = s.line, s.col, true
		}
		switch {
		case c == '#':
			for s.i < len(s.data) && s.data[s.i] != '\n' {
				s.advance()
			}
			continue
		case c == '"' || c == '\'':
			s.skipString()
			continue
		case c == '\n':
			s.advance()
			if len(s.stack) == 0 {
				s.startKey()
			}
			continue
		case s.keyCtx && c == '[' && len(s.stack) == 0:
			// A table header: its name is a key up to the closing bracket.
			s.parts = 1
			s.advance()
			s.keyCtx = true
			continue
		case s.keyCtx && c == ']' && len(s.stack) == 0:
			s.keyCtx = false // the rest of the header line
		case s.keyCtx && c == '.':
			s.parts++
			if s.parts > MaxKeyParts {
				return &Error{Pos: Pos{File: s.file, Line: s.partsLine, Col: s.partsCol},
					Msg: fmt.Sprintf("key with more than %d dotted parts; an SOD key has at most four (tuple.NAME.FIELD.type)", MaxKeyParts)}
			}
		case s.keyCtx && c == '=':
			s.keyCtx = false
		case !s.keyCtx && (c == '[' || c == '{'):
			s.stack = append(s.stack, c)
			if len(s.stack) > MaxNesting {
				return &Error{Pos: s.pos(), Msg: fmt.Sprintf(
					"arrays or inline tables nested more than %d deep; an SOD needs two or three levels", MaxNesting)}
			}
			if c == '{' {
				s.advance()
				s.startKey()
				continue
			}
		case !s.keyCtx && (c == ']' || c == '}'):
			if len(s.stack) > 0 {
				s.stack = s.stack[:len(s.stack)-1]
			}
		case c == ',' && len(s.stack) > 0 && s.stack[len(s.stack)-1] == '{':
			s.advance()
			s.startKey()
			continue
		case s.keyCtx && c == '}' && len(s.stack) > 0:
			s.stack = s.stack[:len(s.stack)-1] // an empty inline table
			s.keyCtx = false
		}
		s.advance()
	}
	return nil
}

// skipString moves past a basic ("…", with escapes), literal ('…') or
// multi-line ("""…""", ”'…”') string.
func (s *shapeScanner) skipString() {
	q := s.data[s.i]
	multi := s.i+2 < len(s.data) && s.data[s.i+1] == q && s.data[s.i+2] == q
	if multi {
		s.advance()
		s.advance()
		s.advance()
		for s.i < len(s.data) {
			if s.data[s.i] == '\\' && q == '"' && s.i+1 < len(s.data) {
				s.advance()
				s.advance()
				continue
			}
			if s.i+2 < len(s.data) && s.data[s.i] == q && s.data[s.i+1] == q && s.data[s.i+2] == q {
				s.advance()
				s.advance()
				s.advance()
				return
			}
			s.advance()
		}
		return
	}
	s.advance()
	for s.i < len(s.data) && s.data[s.i] != '\n' {
		c := s.data[s.i]
		if c == '\\' && q == '"' && s.i+1 < len(s.data) {
			s.advance()
			s.advance()
			continue
		}
		s.advance()
		if c == q {
			return
		}
	}
}
