package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// entStyle is how a site's template engine writes characters outside ASCII.
type entStyle int

const (
	entNamed   entStyle = iota // &eacute; &rsquo; (numeric where no name is known)
	entNumeric                 // &#233; &#8217;
	entRaw                     // UTF-8 bytes, only & < > escaped
)

var namedEntities = map[rune]string{
	'é': "eacute", 'è': "egrave", 'á': "aacute", 'à': "agrave", 'í': "iacute", 'ó': "oacute", 'ú': "uacute",
	'ñ': "ntilde", 'ü': "uuml", 'ö': "ouml", 'ä': "auml", 'ç': "ccedil", 'ë': "euml", 'ï': "iuml", 'ô': "ocirc",
	'ê': "ecirc", 'â': "acirc", 'É': "Eacute", 'ø': "oslash", '’': "rsquo", '‘': "lsquo", '“': "ldquo",
	'”': "rdquo", '–': "ndash", '—': "mdash", '…': "hellip", '·': "middot", '©': "copy", '»': "raquo",
	'«': "laquo",
}

// doc accumulates one HTML page, with the whitespace habits of its template.
type doc struct {
	b      strings.Builder
	r      *rand.Rand
	unit   string   // one level of indentation
	ent    entStyle // main way of writing non-ASCII text
	alt    entStyle // occasional other way (text pasted from elsewhere)
	sloppy int      // percent of lines with odd whitespace
}

// ln writes one line at depth, occasionally with the inconsistent
// indentation and trailing blanks of hand-edited templates.
func (d *doc) ln(depth int, format string, args ...any) {
	if d.sloppy > 0 && d.r.IntN(100) < d.sloppy {
		switch d.r.IntN(4) {
		case 0:
			depth++
		case 1:
			if depth > 0 {
				depth--
			}
		case 2:
			d.b.WriteString(" ")
		}
	}
	d.b.WriteString(strings.Repeat(d.unit, depth))
	fmt.Fprintf(&d.b, format, args...)
	if d.sloppy > 0 && d.r.IntN(100) < d.sloppy/2 {
		d.b.WriteString(strings.Repeat(" ", 1+d.r.IntN(3)))
	}
	d.b.WriteString("\n")
}

// raw writes s as is.
func (d *doc) raw(s string) { d.b.WriteString(s) }

// esc escapes text for an HTML text node or attribute value, writing
// non-ASCII characters in the template's entity style (sometimes the other one).
func (d *doc) esc(s string) string {
	style := d.ent
	if d.alt != d.ent && d.r.IntN(100) < 15 {
		style = d.alt
	}
	var b strings.Builder
	for _, c := range s {
		switch {
		case c == '&':
			b.WriteString("&amp;")
		case c == '<':
			b.WriteString("&lt;")
		case c == '>':
			b.WriteString("&gt;")
		case c == '"':
			b.WriteString("&quot;")
		case c <= 0x9f || style == entRaw: // &#128;–&#159; would mean Windows-1252
			b.WriteRune(c)
		case style == entNamed && namedEntities[c] != "":
			b.WriteString("&" + namedEntities[c] + ";")
		default:
			fmt.Fprintf(&b, "&#%d;", c)
		}
	}
	return b.String()
}

// slug makes a URL path segment from a name.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(s) {
		switch {
		case c == '\'' || c == '’':
			// dropped: "O’Connell" -> "oconnell"
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			b.WriteRune(c)
			dash = false
		case c > 127 && fold(c) != 0:
			b.WriteRune(fold(c))
			dash = false
		default:
			if !dash && b.Len() > 0 {
				b.WriteByte('-')
				dash = true
			}
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

func fold(c rune) rune {
	switch c {
	case 'é', 'è', 'ê', 'ë':
		return 'e'
	case 'á', 'à', 'â', 'ä':
		return 'a'
	case 'í', 'ï':
		return 'i'
	case 'ó', 'ô', 'ö', 'ø':
		return 'o'
	case 'ú', 'ü':
		return 'u'
	case 'ñ':
		return 'n'
	case 'ç', 'ć':
		return 'c'
	}
	return 0
}

// joinAnd joins names as "A, B and C" (last is the final separator).
func joinAnd(xs []string, sep, last string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], sep) + last + xs[len(xs)-1]
}

// loremWords is filler for blurbs, footers and ads: ordinary site copy.
var blurbs = []string{
	"Find tickets, times and venue information for live music near you.",
	"Sign up for our weekly newsletter and never miss a show again.",
	"Prices and availability are subject to change without notice.",
	"All sales are final. Service fees may apply at checkout.",
	"Doors usually open one hour before the show. Check the venue’s website for age restrictions.",
	"Our editors pick the best shows in town every week — don’t miss out!",
	"Free shipping on orders over $25. Some restrictions apply.",
	"Members save an extra 10% on every order. Join today.",
}

// scriptBlock is the analytics and ad-loader boilerplate of a page head;
// seed varies the ids so that pages differ as real ones do.
func scriptBlock(d *doc, depth int, site string, pageID int) {
	d.ln(depth, `<script type="text/javascript">`)
	d.ln(depth+1, `var _gaq = _gaq || [];`)
	d.ln(depth+1, `_gaq.push(['_setAccount', 'UA-%d-1']);`, 1000000+len(site)*7919)
	d.ln(depth+1, `_gaq.push(['_trackPageview', '/list/%d']);`, pageID)
	d.ln(depth+1, `(function() { var ga = document.createElement('script'); ga.async = true;`)
	d.ln(depth+2, `ga.src = ('https:' == document.location.protocol ? 'https://ssl' : 'http://www') + '.example-analytics.com/ga.js';`)
	d.ln(depth+2, `var s = document.getElementsByTagName('script')[0]; s.parentNode.insertBefore(ga, s); })();`)
	d.ln(depth+1, `if (window.location.hash && window.location.hash.length > 1 && a < b) { document.title += " #"; }`)
	d.ln(depth, `</script>`)
}
