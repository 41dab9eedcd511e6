// Copyright 2010 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package htmllex is the tokenizer of golang.org/x/net/html (token.go, at
// the version in go.mod) over a page held in memory: the same algorithm,
// function for function, reading a string instead of an io.Reader. It
// returns offsets into the page instead of copies, reads attributes once
// without allocating, and jumps to the next '<' of text with
// strings.IndexByte. TestLexerMatchesTokenizer checks it against
// html.Tokenizer token for token.
//
// Changes from x/net/html's Tokenizer, all of them without effect on the
// tokens: readByte reads the string (end of input is io.EOF; there is no
// buffer limit); repeated attribute keys are found by comparing spans
// instead of a map of copies; text, raw text, script data and quoted
// attribute values are scanned to the next '<' or quote at once; Text and
// AttrVal decode into new strings and never modify the input.
//
// Files:
//
//	lex.go       the Lexer: Next and the reading functions of token.go
//	             (readTag, readScript, readComment, …), Text, Attr, AttrVal
//	lex_test.go  the Lexer against html.Tokenizer on real pages, html5lib
//	             inputs and random markup; AttrVal against TagAttr
//	LICENSE      x/net's license, which covers this derived code
package htmllex
