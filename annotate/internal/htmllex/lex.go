// Copyright 2010 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package htmllex

import (
	"io"
	"strings"
	"unsafe"

	"golang.org/x/net/html"
)

type span struct {
	start, end int
}

// Lexer splits a page into tokens as html.Tokenizer does.
type Lexer struct {
	buf string
	err error
	tt  html.TokenType
	// buf[raw.start:raw.end] holds the raw bytes of the current token.
	raw span
	// buf[data.start:data.end] holds the raw bytes of the current token's
	// data: a text token's text, a tag token's tag name, etc.
	data span
	// pendingAttr is the attribute key and value being tokenized.
	pendingAttr [2]span
	attr        [][2]span
	// keys holds the lower-cased keys of attr once a tag has more than
	// fewAttrs attributes, so that de-duplicating them stays linear; nil
	// otherwise (and dropped at the next tag, whatever its size).
	keys       map[string]struct{}
	rawTag     string
	textIsRaw  bool
	convertNUL bool
	allowCDATA bool
}

// Reset starts tokenizing s.
func (z *Lexer) Reset(s string) {
	*z = Lexer{buf: s, attr: z.attr[:0]}
}

// AllowCDATA is html.Tokenizer's AllowCDATA.
func (z *Lexer) AllowCDATA(allowCDATA bool) { z.allowCDATA = allowCDATA }

// NextIsNotRawText is html.Tokenizer's NextIsNotRawText.
func (z *Lexer) NextIsNotRawText() { z.rawTag = "" }

// Err returns the error of the last ErrorToken: io.EOF.
func (z *Lexer) Err() error {
	if z.tt != html.ErrorToken {
		return nil
	}
	return z.err
}

func (z *Lexer) readByte() byte {
	if z.raw.end >= len(z.buf) {
		z.err = io.EOF
		return 0
	}
	x := z.buf[z.raw.end]
	z.raw.end++
	return x
}

func (z *Lexer) skipWhiteSpace() {
	if z.err != nil {
		return
	}
	for {
		c := z.readByte()
		if z.err != nil {
			return
		}
		switch c {
		case ' ', '\n', '\r', '\t', '\f':
		default:
			z.raw.end--
			return
		}
	}
}

// readRawOrRCDATA reads until the next "</foo>", where "foo" is z.rawTag.
func (z *Lexer) readRawOrRCDATA() {
	if z.rawTag == "script" {
		z.readScript()
		z.textIsRaw = true
		z.rawTag = ""
		return
	}
loop:
	for {
		if i := strings.IndexByte(z.buf[z.raw.end:], '<'); i >= 0 {
			z.raw.end += i
		} else {
			z.raw.end = len(z.buf)
		}
		c := z.readByte()
		if z.err != nil {
			break loop
		}
		if c != '<' {
			continue loop
		}
		c = z.readByte()
		if z.err != nil {
			break loop
		}
		if c != '/' {
			z.raw.end--
			continue loop
		}
		if z.readRawEndTag() || z.err != nil {
			break loop
		}
	}
	z.data.end = z.raw.end
	z.textIsRaw = z.rawTag != "textarea" && z.rawTag != "title"
	z.rawTag = ""
}

// readRawEndTag attempts to read a tag like "</foo>", where "foo" is
// z.rawTag; the opening "</" has been consumed.
func (z *Lexer) readRawEndTag() bool {
	for i := 0; i < len(z.rawTag); i++ {
		c := z.readByte()
		if z.err != nil {
			return false
		}
		if c != z.rawTag[i] && c != z.rawTag[i]-('a'-'A') {
			z.raw.end--
			return false
		}
	}
	c := z.readByte()
	if z.err != nil {
		return false
	}
	switch c {
	case ' ', '\n', '\r', '\t', '\f', '/', '>':
		z.raw.end -= 3 + len(z.rawTag)
		return true
	}
	z.raw.end--
	return false
}

// readComment reads a comment; "<!--" has been consumed.
func (z *Lexer) readComment() {
	z.data.start = z.raw.end
	defer func() {
		if z.data.end < z.data.start {
			z.data.end = z.data.start
		}
	}()
	var dashCount int
	beginning := true
	for {
		c := z.readByte()
		if z.err != nil {
			z.data.end = z.calculateAbruptCommentDataEnd()
			return
		}
		switch c {
		case '-':
			dashCount++
			continue
		case '>':
			if dashCount >= 2 || beginning {
				z.data.end = z.raw.end - len("-->")
				return
			}
		case '!':
			if dashCount >= 2 {
				c = z.readByte()
				if z.err != nil {
					z.data.end = z.calculateAbruptCommentDataEnd()
					return
				} else if c == '>' {
					z.data.end = z.raw.end - len("--!>")
					return
				} else if c == '-' {
					dashCount = 1
					beginning = false
					continue
				}
			}
		}
		dashCount = 0
		beginning = false
	}
}

func (z *Lexer) calculateAbruptCommentDataEnd() int {
	raw := z.buf[z.raw.start:z.raw.end]
	const prefixLen = len("<!--")
	if len(raw) >= prefixLen {
		raw = raw[prefixLen:]
		if strings.HasSuffix(raw, "--!") {
			return z.raw.end - 3
		} else if strings.HasSuffix(raw, "--") {
			return z.raw.end - 2
		} else if strings.HasSuffix(raw, "-") {
			return z.raw.end - 1
		}
	}
	return z.raw.end
}

// readUntilCloseAngle reads until the next ">".
func (z *Lexer) readUntilCloseAngle() {
	z.data.start = z.raw.end
	for {
		c := z.readByte()
		if z.err != nil {
			z.data.end = z.raw.end
			return
		}
		if c == '>' {
			z.data.end = z.raw.end - len(">")
			return
		}
	}
}

// readMarkupDeclaration reads a token starting with "<!", which has been
// consumed.
func (z *Lexer) readMarkupDeclaration() html.TokenType {
	z.data.start = z.raw.end
	var c [2]byte
	for i := 0; i < 2; i++ {
		c[i] = z.readByte()
		if z.err != nil {
			z.data.end = z.raw.end
			if i == 1 && c[0] == '>' {
				z.data.end--
			}
			return html.CommentToken
		}
	}
	if c[0] == '-' && c[1] == '-' {
		z.readComment()
		return html.CommentToken
	}
	z.raw.end -= 2
	if z.readDoctype() {
		return html.DoctypeToken
	}
	if z.allowCDATA && z.readCDATA() {
		z.convertNUL = true
		return html.TextToken
	}
	z.readUntilCloseAngle()
	return html.CommentToken
}

// readDoctype attempts to read a doctype declaration; "<!" has been
// consumed.
func (z *Lexer) readDoctype() bool {
	const s = "DOCTYPE"
	for i := 0; i < len(s); i++ {
		c := z.readByte()
		if z.err != nil {
			if z.err == io.EOF {
				z.raw.end = z.data.start
				z.err = nil
				return false
			}
			z.data.end = z.raw.end
			return false
		}
		if c != s[i] && c != s[i]+('a'-'A') {
			z.raw.end = z.data.start
			return false
		}
	}
	if z.skipWhiteSpace(); z.err != nil {
		z.data.start = z.raw.end
		z.data.end = z.raw.end
		return true
	}
	z.readUntilCloseAngle()
	return true
}

// readCDATA attempts to read a CDATA section; "<!" has been consumed.
func (z *Lexer) readCDATA() bool {
	const s = "[CDATA["
	for i := 0; i < len(s); i++ {
		c := z.readByte()
		if z.err != nil {
			if z.err == io.EOF {
				z.raw.end = z.data.start
				z.err = nil
				return false
			}
			z.data.end = z.raw.end
			return false
		}
		if c != s[i] {
			z.raw.end = z.data.start
			return false
		}
	}
	z.data.start = z.raw.end
	brackets := 0
	for {
		c := z.readByte()
		if z.err != nil {
			z.data.end = z.raw.end
			return true
		}
		switch c {
		case ']':
			brackets++
		case '>':
			if brackets >= 2 {
				z.data.end = z.raw.end - len("]]>")
				return true
			}
			brackets = 0
		default:
			brackets = 0
		}
	}
}

// startTagIn reports whether the start tag in buf[data] case-insensitively
// matches one of ss.
func (z *Lexer) startTagIn(ss ...string) bool {
loop:
	for _, s := range ss {
		if z.data.end-z.data.start != len(s) {
			continue loop
		}
		for i := 0; i < len(s); i++ {
			c := z.buf[z.data.start+i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != s[i] {
				continue loop
			}
		}
		return true
	}
	return false
}

// readStartTag reads a start tag; "<a" has been consumed.
func (z *Lexer) readStartTag() html.TokenType {
	z.readTag(true)
	if z.err != nil {
		return html.ErrorToken
	}
	c, raw := z.buf[z.data.start], false
	if 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
	}
	switch c {
	case 'i':
		raw = z.startTagIn("iframe")
	case 'n':
		raw = z.startTagIn("noembed", "noframes", "noscript")
	case 'p':
		raw = z.startTagIn("plaintext")
	case 's':
		raw = z.startTagIn("script", "style")
	case 't':
		raw = z.startTagIn("textarea", "title")
	case 'x':
		raw = z.startTagIn("xmp")
	}
	if raw {
		z.rawTag = strings.ToLower(z.buf[z.data.start:z.data.end])
	}
	nAttrs := len(z.attr)
	if z.err == nil && z.buf[z.raw.end-2] == '/' && (nAttrs == 0 || z.raw.end-2 != z.attr[nAttrs-1][1].end-1) {
		return html.SelfClosingTagToken
	}
	return html.StartTagToken
}

// readTag reads a tag and, if saveAttr, its attributes; "<a" or "</a" has
// been consumed.
func (z *Lexer) readTag(saveAttr bool) {
	z.attr = z.attr[:0]
	z.keys = nil
	z.readTagName()
	if z.skipWhiteSpace(); z.err != nil {
		return
	}
	for {
		c := z.readByte()
		if z.err != nil || c == '>' {
			break
		}
		z.raw.end--
		z.readTagAttrKey()
		z.readTagAttrVal()
		// Keep the attribute when its key is not empty and was not seen
		// before (compared lower-cased, as html.Tokenizer does).
		if saveAttr && z.pendingAttr[0].start != z.pendingAttr[0].end && !z.seenKey(z.pendingAttr[0]) {
			z.attr = append(z.attr, z.pendingAttr)
		}
		if z.skipWhiteSpace(); z.err != nil {
			break
		}
	}
}

// fewAttrs is the number of attributes up to which keys are compared one
// by one: no map for ordinary tags.
const fewAttrs = 16

// seenKey reports whether an attribute already kept has key k, ignoring
// ASCII case; when it has not, the caller keeps it. Beyond fewAttrs
// attributes the keys are looked up in a map: a tag with 200,000 distinct
// attributes costs 200,000 look-ups, not 2×10¹⁰ comparisons.
func (z *Lexer) seenKey(k span) bool {
	key := z.buf[k.start:k.end]
	if len(z.attr) < fewAttrs {
		for _, a := range z.attr {
			if a[0].end-a[0].start == len(key) && equalLower(z.buf[a[0].start:a[0].end], key) {
				return true
			}
		}
		return false
	}
	if z.keys == nil {
		z.keys = make(map[string]struct{}, 2*len(z.attr))
		for _, a := range z.attr {
			z.keys[lowerKey(z.buf[a[0].start:a[0].end])] = struct{}{}
		}
	}
	lk := lowerKey(key)
	if _, ok := z.keys[lk]; ok {
		return true
	}
	z.keys[lk] = struct{}{}
	return false
}

// lowerKey lower-cases the ASCII letters of s (s itself when it has no
// upper-case letter).
func lowerKey(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func equalLower(a, b string) bool {
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// readTagName sets z.data to the "div" in "<div k=v>".
func (z *Lexer) readTagName() {
	z.data.start = z.raw.end - 1
	for {
		c := z.readByte()
		if z.err != nil {
			z.data.end = z.raw.end
			return
		}
		switch c {
		case ' ', '\n', '\r', '\t', '\f':
			z.data.end = z.raw.end - 1
			return
		case '/', '>':
			z.raw.end--
			z.data.end = z.raw.end
			return
		}
	}
}

// readTagAttrKey sets z.pendingAttr[0] to the "k" in "<div k=v>".
func (z *Lexer) readTagAttrKey() {
	z.pendingAttr[0].start = z.raw.end
	for {
		c := z.readByte()
		if z.err != nil {
			z.pendingAttr[0].end = z.raw.end
			return
		}
		switch c {
		case '=':
			if z.pendingAttr[0].start+1 == z.raw.end {
				continue
			}
			fallthrough
		case ' ', '\n', '\r', '\t', '\f', '/', '>':
			z.raw.end--
			z.pendingAttr[0].end = z.raw.end
			return
		}
	}
}

// readTagAttrVal sets z.pendingAttr[1] to the "v" in "<div k=v>".
func (z *Lexer) readTagAttrVal() {
	z.pendingAttr[1].start = z.raw.end
	z.pendingAttr[1].end = z.raw.end
	if z.skipWhiteSpace(); z.err != nil {
		return
	}
	c := z.readByte()
	if z.err != nil {
		return
	}
	if c == '/' {
		return
	}
	if c != '=' {
		z.raw.end--
		return
	}
	if z.skipWhiteSpace(); z.err != nil {
		return
	}
	quote := z.readByte()
	if z.err != nil {
		return
	}
	switch quote {
	case '>':
		z.raw.end--
		return
	case '\'', '"':
		z.pendingAttr[1].start = z.raw.end
		// Up to the closing quote (html.Tokenizer reads byte by byte).
		i := strings.IndexByte(z.buf[z.raw.end:], quote)
		if i < 0 {
			z.raw.end = len(z.buf)
			z.err = io.EOF
			z.pendingAttr[1].end = z.raw.end
			return
		}
		z.raw.end += i + 1
		z.pendingAttr[1].end = z.raw.end - 1
		return
	default:
		z.pendingAttr[1].start = z.raw.end - 1
		for {
			c := z.readByte()
			if z.err != nil {
				z.pendingAttr[1].end = z.raw.end
				return
			}
			switch c {
			case ' ', '\n', '\r', '\t', '\f':
				z.pendingAttr[1].end = z.raw.end - 1
				return
			case '>':
				z.raw.end--
				z.pendingAttr[1].end = z.raw.end
				return
			}
		}
	}
}

// Next scans the next token and returns its type.
func (z *Lexer) Next() html.TokenType {
	z.raw.start = z.raw.end
	z.data.start = z.raw.end
	z.data.end = z.raw.end
	z.attr = z.attr[:0]
	if z.err != nil {
		z.tt = html.ErrorToken
		return z.tt
	}
	if z.rawTag != "" {
		if z.rawTag == "plaintext" {
			z.raw.end = len(z.buf)
			z.err = io.EOF
			z.data.end = z.raw.end
			z.textIsRaw = true
		} else {
			z.readRawOrRCDATA()
		}
		if z.data.end > z.data.start {
			z.tt = html.TextToken
			z.convertNUL = true
			return z.tt
		}
	}
	z.textIsRaw = false
	z.convertNUL = false

loop:
	for {
		// Text up to the next '<' (html.Tokenizer reads it byte by byte).
		if i := strings.IndexByte(z.buf[z.raw.end:], '<'); i >= 0 {
			z.raw.end += i
		} else {
			z.raw.end = len(z.buf)
		}
		c := z.readByte()
		if z.err != nil {
			break loop
		}
		if c != '<' {
			continue loop
		}
		c = z.readByte()
		if z.err != nil {
			break loop
		}
		var tokenType html.TokenType
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			tokenType = html.StartTagToken
		case c == '/':
			tokenType = html.EndTagToken
		case c == '!' || c == '?':
			tokenType = html.CommentToken
		default:
			z.raw.end--
			continue
		}
		if x := z.raw.end - len("<a"); z.raw.start < x {
			z.raw.end = x
			z.data.end = x
			z.tt = html.TextToken
			return z.tt
		}
		switch tokenType {
		case html.StartTagToken:
			z.tt = z.readStartTag()
			return z.tt
		case html.EndTagToken:
			c = z.readByte()
			if z.err != nil {
				break loop
			}
			if c == '>' {
				z.tt = html.CommentToken
				return z.tt
			}
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
				z.readTag(false)
				if z.err != nil {
					z.tt = html.ErrorToken
				} else {
					z.tt = html.EndTagToken
				}
				return z.tt
			}
			z.raw.end--
			z.readUntilCloseAngle()
			z.tt = html.CommentToken
			return z.tt
		case html.CommentToken:
			if c == '!' {
				z.tt = z.readMarkupDeclaration()
				return z.tt
			}
			z.raw.end--
			z.readUntilCloseAngle()
			z.tt = html.CommentToken
			return z.tt
		}
	}
	if z.raw.start < z.raw.end {
		z.data.end = z.raw.end
		z.tt = html.TextToken
		return z.tt
	}
	z.tt = html.ErrorToken
	return z.tt
}

// Raw returns the span of the current token in the input.
func (z *Lexer) Raw() (start, end int) { return z.raw.start, z.raw.end }

// Data returns the span of the current token's data: the text of a text
// token, the name of a tag as written, a comment's or doctype's content.
func (z *Lexer) Data() (start, end int) { return z.data.start, z.data.end }

// Text returns the decoded text of a text, comment or doctype token, as
// html.Tokenizer's Text does: newlines normalised, NUL replaced where it
// replaces it, entities unescaped unless the text is raw. It is a
// substring of the input when nothing needs decoding.
func (z *Lexer) Text() string {
	switch z.tt {
	case html.TextToken, html.CommentToken, html.DoctypeToken:
	default:
		return ""
	}
	s := z.buf[z.data.start:z.data.end]
	if i := strings.IndexByte(s, '\r'); i >= 0 {
		s = newlines(s, i)
	}
	if (z.convertNUL || z.tt == html.CommentToken) && strings.IndexByte(s, 0) >= 0 {
		s = strings.ReplaceAll(s, "\x00", "\ufffd")
	}
	if !z.textIsRaw && strings.IndexByte(s, '&') >= 0 {
		s = html.UnescapeString(s)
	}
	return s
}

// TextKeepCR is Text without its conversion of line ends ("\r\n" and
// "\r" to "\n") in a text token: for a caller to whom '\r' and '\n' are
// the same white space (annotate's stream collapses every run of white
// space in text), it saves a copy of every text of a page saved with CRLF
// line ends. Other tokens are as Text gives them.
func (z *Lexer) TextKeepCR() string {
	if z.tt != html.TextToken {
		return z.Text()
	}
	s := z.buf[z.data.start:z.data.end]
	if z.convertNUL && strings.IndexByte(s, 0) >= 0 {
		s = strings.ReplaceAll(s, "\x00", "\ufffd")
	}
	if !z.textIsRaw && strings.IndexByte(s, '&') >= 0 {
		s = html.UnescapeString(s)
	}
	return s
}

// NumAttr returns the number of attributes of the current start tag.
func (z *Lexer) NumAttr() int {
	if z.tt != html.StartTagToken && z.tt != html.SelfClosingTagToken {
		return 0
	}
	return len(z.attr)
}

// Attr returns the spans of the i-th attribute's key and value as written.
func (z *Lexer) Attr(i int) (k0, k1, v0, v1 int) {
	a := z.attr[i]
	return a[0].start, a[0].end, a[1].start, a[1].end
}

// Plain reports whether the i-th attribute's key and value need no
// decoding (no NUL in either, no '&' or carriage return in the value):
// the key lower-cased and the value as written are then what TagAttr
// gives.
func (z *Lexer) Plain(i int) bool {
	a := z.attr[i]
	k, v := z.buf[a[0].start:a[0].end], z.buf[a[1].start:a[1].end]
	return strings.IndexByte(k, 0) < 0 && !hasAttrEscape(v)
}

// AttrVal returns the i-th attribute's value decoded as TagAttr decodes
// it, and false when it cannot tell without TagAttrs: a character
// reference whose meaning in an attribute depends on html's table of
// entities (a name without ';' not followed by '=', or a name with ';'
// outside a few well-known ones).
func (z *Lexer) AttrVal(i int) (string, bool) {
	a := z.attr[i]
	v := z.buf[a[1].start:a[1].end]
	if !hasAttrEscape(v) {
		return v, true
	}
	if strings.IndexByte(v, 0) >= 0 {
		v = strings.ReplaceAll(v, "\x00", "\ufffd")
	}
	if strings.IndexByte(v, '\r') >= 0 {
		v = strings.ReplaceAll(strings.ReplaceAll(v, "\r\n", "\n"), "\r", "\n")
	}
	return unescapeAttr(v)
}

// newlines is strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"),
// "\r", "\n") in one pass, for s whose first '\r' is at i (pages saved
// with CRLF line ends have one in most texts).
func newlines(s string, i int) string {
	b := make([]byte, i, len(s))
	copy(b, s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if c == '\r' {
			if i+1 < len(s) && s[i+1] == '\n' {
				continue
			}
			c = '\n'
		}
		b = append(b, c)
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// hasAttrEscape reports whether v holds a byte AttrVal decodes: '&',
// '\r' or NUL (strings.IndexAny(v, "&\r\x00") >= 0, without building
// its byte set on every call).
func hasAttrEscape(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; c <= '&' && (c == '&' || c == '\r' || c == 0) {
			return true
		}
	}
	return false
}

// unescapeAttr unescapes an attribute value where html's attribute rules
// give what html.UnescapeString gives: numeric references, "&" followed by
// no name, names followed by "=" (left as written in attributes) and the
// well-known names with ';' (found in both modes). Anything else reports
// false.
func unescapeAttr(v string) (string, bool) {
	var b strings.Builder
	last := 0
	for i := 0; i < len(v); i++ {
		if v[i] != '&' {
			continue
		}
		j := i + 1
		if j < len(v) && v[j] == '#' {
			k := j + 1
			hex := k < len(v) && (v[k] == 'x' || v[k] == 'X')
			if hex {
				k++
			}
			k0 := k
			for k < len(v) && (isDigit(v[k]) || hex && isHexLetter(v[k])) {
				k++
			}
			if k == k0 {
				continue // not a reference: "&" as written
			}
			if k < len(v) && v[k] == ';' {
				k++
			}
			b.WriteString(v[last:i])
			b.WriteString(html.UnescapeString(v[i:k]))
			last, i = k, k-1
			continue
		}
		k := j
		for k < len(v) && (isDigit(v[k]) || isHexLetter(v[k]) || 'g' <= v[k]|0x20 && v[k]|0x20 <= 'z') {
			k++
		}
		switch {
		case k == j:
			continue // no name: "&" as written
		case k < len(v) && v[k] == ';' && wellKnown[v[j:k]]:
			b.WriteString(v[last:i])
			b.WriteString(html.UnescapeString(v[i : k+1]))
			last, i = k+1, k
		case k < len(v) && v[k] == '=':
			continue // a name before "=" stays as written in attributes
		default:
			return "", false
		}
	}
	if last == 0 {
		return v, true
	}
	b.WriteString(v[last:])
	return b.String(), true
}

func isDigit(c byte) bool     { return '0' <= c && c <= '9' }
func isHexLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'f' }

// wellKnown are character references (without "&" and ";") of HTML's table.
var wellKnown = map[string]bool{
	"amp": true, "lt": true, "gt": true, "quot": true, "apos": true, "nbsp": true, "copy": true, "reg": true,
	"trade": true, "hellip": true, "mdash": true, "ndash": true, "laquo": true, "raquo": true, "middot": true,
	"bull": true, "eacute": true, "rsquo": true, "lsquo": true, "rdquo": true, "ldquo": true,
}

// TagAttrs returns the key and value of every attribute of the current
// start tag exactly as html.Tokenizer's TagAttr gives them (keys lower
// case, values decoded). It allocates: use Attr and Plain where possible.
func (z *Lexer) TagAttrs() (keys, vals []string) {
	n := z.NumAttr()
	if n == 0 {
		return nil, nil
	}
	// Attribute values are unescaped by rules html exports no function
	// for: the tag is read again by html.Tokenizer.
	t := html.NewTokenizer(strings.NewReader(z.buf[z.raw.start:z.raw.end]))
	t.Next()
	for {
		k, v, more := t.TagAttr()
		if k == nil {
			break
		}
		keys = append(keys, string(k))
		vals = append(vals, string(v))
		if !more {
			break
		}
	}
	return keys, vals
}

// readScript reads until the next </script> tag, following the rules for
// escaping and hiding the closing tag.
func (z *Lexer) readScript() {
	defer func() {
		z.data.end = z.raw.end
	}()
	var c byte

scriptData:
	// Up to the next '<' (html.Tokenizer reads byte by byte).
	if i := strings.IndexByte(z.buf[z.raw.end:], '<'); i >= 0 {
		z.raw.end += i
	} else {
		z.raw.end = len(z.buf)
	}
	c = z.readByte()
	if z.err != nil {
		return
	}
	if c == '<' {
		goto scriptDataLessThanSign
	}
	goto scriptData

scriptDataLessThanSign:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '/':
		goto scriptDataEndTagOpen
	case '!':
		goto scriptDataEscapeStart
	}
	z.raw.end--
	goto scriptData

scriptDataEndTagOpen:
	if z.readRawEndTag() || z.err != nil {
		return
	}
	goto scriptData

scriptDataEscapeStart:
	c = z.readByte()
	if z.err != nil {
		return
	}
	if c == '-' {
		goto scriptDataEscapeStartDash
	}
	z.raw.end--
	goto scriptData

scriptDataEscapeStartDash:
	c = z.readByte()
	if z.err != nil {
		return
	}
	if c == '-' {
		goto scriptDataEscapedDashDash
	}
	z.raw.end--
	goto scriptData

scriptDataEscaped:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataEscapedDash
	case '<':
		goto scriptDataEscapedLessThanSign
	}
	goto scriptDataEscaped

scriptDataEscapedDash:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataEscapedDashDash
	case '<':
		goto scriptDataEscapedLessThanSign
	}
	goto scriptDataEscaped

scriptDataEscapedDashDash:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataEscapedDashDash
	case '<':
		goto scriptDataEscapedLessThanSign
	case '>':
		goto scriptData
	}
	goto scriptDataEscaped

scriptDataEscapedLessThanSign:
	c = z.readByte()
	if z.err != nil {
		return
	}
	if c == '/' {
		goto scriptDataEscapedEndTagOpen
	}
	if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
		goto scriptDataDoubleEscapeStart
	}
	z.raw.end--
	goto scriptData

scriptDataEscapedEndTagOpen:
	if z.readRawEndTag() || z.err != nil {
		return
	}
	goto scriptDataEscaped

scriptDataDoubleEscapeStart:
	z.raw.end--
	for i := 0; i < len("script"); i++ {
		c = z.readByte()
		if z.err != nil {
			return
		}
		if c != "script"[i] && c != "SCRIPT"[i] {
			z.raw.end--
			goto scriptDataEscaped
		}
	}
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case ' ', '\n', '\r', '\t', '\f', '/', '>':
		goto scriptDataDoubleEscaped
	}
	z.raw.end--
	goto scriptDataEscaped

scriptDataDoubleEscaped:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataDoubleEscapedDash
	case '<':
		goto scriptDataDoubleEscapedLessThanSign
	}
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapedDash:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataDoubleEscapedDashDash
	case '<':
		goto scriptDataDoubleEscapedLessThanSign
	}
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapedDashDash:
	c = z.readByte()
	if z.err != nil {
		return
	}
	switch c {
	case '-':
		goto scriptDataDoubleEscapedDashDash
	case '<':
		goto scriptDataDoubleEscapedLessThanSign
	case '>':
		goto scriptData
	}
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapedLessThanSign:
	c = z.readByte()
	if z.err != nil {
		return
	}
	if c == '/' {
		goto scriptDataDoubleEscapeEnd
	}
	z.raw.end--
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapeEnd:
	if z.readRawEndTag() {
		z.raw.end += len("</script>")
		goto scriptDataEscaped
	}
	if z.err != nil {
		return
	}
	goto scriptDataDoubleEscaped
}
