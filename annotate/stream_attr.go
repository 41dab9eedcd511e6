package annotate

import (
	"bytes"
	"cmp"
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/objectrunner/objectrunner/annotate/internal/htmllex"
)

// Attributes of the stream's start tags, as the lexer found them: keys
// lower-cased into one buffer, values substrings of the page. A tag with a
// value to decode (an entity, a carriage return, a NUL) is read through
// TagAttrs, which decodes as html.Tokenizer's TagAttr does.

// sattr is an attribute of the current start tag.
type sattr struct {
	key []byte // lower case
	val string
}

// attrs returns the attributes of the current start tag that Clean looks
// at (hidden, style, type, and the kept href, src, alt, title, content,
// datetime, class), in order; nil for implied tokens.
func (sp *sparser) attrs() []sattr {
	if !sp.tok.raw || sp.tok.implied {
		return nil
	}
	if !sp.attrRead {
		sp.attrRead = true
		sp.abuf = readAttrs(&sp.z, sp.src, sp.abuf[:0], &sp.keyBuf, true)
	}
	return sp.abuf
}

// allAttrs returns all the attributes of the current start tag, in order,
// without repeated keys (as TagAttr gives them).
func (sp *sparser) allAttrs() []sattr {
	if !sp.tok.raw || sp.tok.implied {
		return nil
	}
	if !sp.allRead {
		sp.allRead = true
		sp.allBuf = readAttrs(&sp.z, sp.src, sp.allBuf[:0], &sp.allKeys, false)
	}
	return sp.allBuf
}

// cleanKey reports whether an attribute key as written is one Clean looks
// at, ignoring case.
func cleanKey(k string) bool {
	switch len(k) {
	case 3:
		return strings.EqualFold(k, "src") || strings.EqualFold(k, "alt")
	case 4:
		return strings.EqualFold(k, "href") || strings.EqualFold(k, "type")
	case 5:
		return strings.EqualFold(k, "style") || strings.EqualFold(k, "title") || strings.EqualFold(k, "class")
	case 6:
		return strings.EqualFold(k, "hidden")
	case 7:
		return strings.EqualFold(k, "content")
	case 8:
		return strings.EqualFold(k, "datetime")
	}
	return false
}

// readAttrs appends the attributes of z's current start tag to out, only
// those Clean looks at when clean is set.
func readAttrs(z *htmllex.Lexer, src string, out []sattr, keyBuf *[]byte, clean bool) []sattr {
	n := z.NumAttr()
	if n == 0 {
		return out
	}
	start, end := z.Raw()
	kb := slices.Grow((*keyBuf)[:0], end-start)
	from := len(out)
	for i := range n {
		k0, k1, _, _ := z.Attr(i)
		if clean && !cleanKey(src[k0:k1]) {
			continue
		}
		val, ok := z.AttrVal(i)
		if !ok || strings.IndexByte(src[k0:k1], 0) >= 0 {
			return slowAttrs(z, out[:from], clean)
		}
		kf := len(kb)
		for j := k0; j < k1; j++ {
			c := src[j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			kb = append(kb, c)
		}
		out = append(out, sattr{key: kb[kf:len(kb):len(kb)], val: val})
	}
	*keyBuf = kb
	return out
}

// slowAttrs is readAttrs decoding by html.Tokenizer.
func slowAttrs(z *htmllex.Lexer, out []sattr, clean bool) []sattr {
	keys, vals := z.TagAttrs()
	for i := range keys {
		if !clean || cleanKey(keys[i]) {
			out = append(out, sattr{key: []byte(keys[i]), val: vals[i]})
		}
	}
	return out
}

// dropTag reports whether Clean removes an element of the current token
// for its own sake (dropElement: its tag or its attributes).
func (sp *sparser) dropTag(a atom.Atom) bool {
	switch a {
	case atom.Script, atom.Style, atom.Noscript, atom.Template,
		atom.Meta, atom.Link, atom.Base,
		atom.Iframe, atom.Object, atom.Embed, atom.Applet, atom.Param,
		atom.Svg, atom.Math, atom.Canvas, atom.Audio, atom.Video, atom.Source, atom.Track:
		return true
	}
	for _, at := range sp.attrs() {
		switch string(at.key) {
		case "hidden":
			return true
		case "style":
			if hiddenStyle(at.val) {
				return true
			}
		case "type":
			if a == atom.Input && strings.EqualFold(strings.TrimSpace(at.val), "hidden") {
				return true
			}
		}
	}
	return false
}

// keptAttrs returns the attributes Clean keeps on an element of the
// current token (filterAttrs).
func (sp *sparser) keptAttrs() []html.Attribute {
	var out []html.Attribute
	for _, at := range sp.attrs() {
		key := keptKey(at.key)
		if key == "" {
			continue
		}
		if out == nil {
			out = sp.ar.attrs(len(sp.abuf))
		}
		out = append(out, html.Attribute{Key: key, Val: at.val})
	}
	return out
}

// keptKey returns the attribute key k as filterAttrs keeps it ("" when
// Clean drops the attribute).
func keptKey(k []byte) string {
	switch string(k) {
	case "href":
		return "href"
	case "src":
		return "src"
	case "alt":
		return "alt"
	case "title":
		return "title"
	case "content":
		return "content"
	case "datetime":
		return "datetime"
	case "class":
		return "class"
	}
	return ""
}

// sharedAttrs is keptAttrs for an element whose attribute list is never
// reordered (not a formatting element, whose list is sorted): when the
// attributes Clean keeps are those of the last element it was asked for
// (the class="review" of each of a long page's repeated blocks), that
// element's list is returned again, shared, instead of a copy. Nothing
// writes into a node's attribute list once the stream has built it
// (filterAttrs, run again on a cleaned tree, writes back what is there).
func (sp *sparser) sharedAttrs() []html.Attribute {
	if last := sp.lastAttrs; len(last) > 0 {
		i := 0
		for _, at := range sp.attrs() {
			key := keptKey(at.key)
			if key == "" {
				continue
			}
			if i == len(last) || last[i].Key != key || last[i].Val != at.val {
				i = -1
				break
			}
			i++
		}
		if i == len(last) {
			return last
		}
	}
	out := sp.keptAttrs()
	if len(out) > 0 {
		sp.lastAttrs = out[:len(out):len(out)]
		return sp.lastAttrs
	}
	return out
}

// keptMeta reports whether Clean keeps a <meta> of the current token
// inserted into <head> (keptMeta: a name, property or itemprop and a
// content), and returns the attributes it keeps.
func (sp *sparser) keptMeta() (bool, []html.Attribute) {
	var content, named bool
	n := 0
	for _, at := range sp.allAttrs() {
		switch string(at.key) {
		case "content":
			content = strings.TrimSpace(at.val) != ""
		case "name", "property", "itemprop":
			named = true
		default:
			continue
		}
		n++
	}
	if !content || !named {
		return false, nil
	}
	kept := sp.ar.attrs(n)
	for _, at := range sp.allAttrs() {
		switch k := string(at.key); k {
		case "content", "name", "property", "itemprop":
			kept = append(kept, html.Attribute{Key: k, Val: at.val})
		}
	}
	return true, kept
}

// takeBase records the href of the first <base> of the head (findBase),
// and sets the page's URLs from it.
func (sp *sparser) takeBase() {
	if sp.baseSet || sp.body {
		return
	}
	for _, at := range sp.attrs() {
		if string(at.key) == "href" {
			sp.base, sp.baseSet = strings.TrimSpace(at.val), true
			if sp.page != nil {
				sp.page.URL, sp.page.BaseURL = pageBase(sp.base, sp.fallback)
			}
			return
		}
	}
}

// addFormattingElement inserts a formatting element and adds it to the
// list, applying the Noah's Ark clause: at most three entries with the
// same tag and attributes after the last marker.
func (sp *sparser) addFormattingElement() {
	drop := sp.dropTag(sp.tok.a)
	attrs := sp.keptAttrs()
	// html.Parse sorts a formatting element's attributes (by namespace,
	// key, value): so does the stream, for the ones Clean keeps.
	slices.SortFunc(attrs, func(a, b html.Attribute) int {
		return cmp.Or(cmp.Compare(a.Key, b.Key), cmp.Compare(a.Val, b.Val))
	})
	e := sp.push(sp.tok.a, sp.tok.name, nsHTML, drop, attrs)
	en := afEntry{id: e.id, a: e.a, drop: drop, attrs: attrs}
	if sp.tok.raw && !sp.tok.implied && sp.z.NumAttr() > 0 { // len(sp.allAttrs()) > 0, without reading them
		en.raw = sp.src[sp.tokStart:sp.pos]
	}
	identical := 0
	for i := len(sp.afe) - 1; i >= 0 && sp.afe[i].id != 0; i-- {
		if sp.afe[i].a != en.a || !sp.sameAttrs(sp.afe[i].raw) {
			continue
		}
		identical++
		if identical >= 3 {
			sp.afe = append(sp.afe[:i], sp.afe[i+1:]...)
		}
	}
	sp.afe = append(sp.afe, en)
}

// sameAttrs reports whether the start tag written raw ("" for one without
// attributes) has the current start tag's attributes, in any order.
func (sp *sparser) sameAttrs(raw string) bool {
	cur := sp.allAttrs()
	if raw == "" || len(cur) == 0 {
		return raw == "" && len(cur) == 0
	}
	sp.other.Reset(raw)
	sp.other.Next()
	var kb []byte
	other := readAttrs(&sp.other, raw, nil, &kb, false)
	if len(other) != len(cur) {
		return false
	}
	for _, at := range cur {
		if !slices.ContainsFunc(other, func(o sattr) bool { return bytes.Equal(o.key, at.key) && o.val == at.val }) {
			return false
		}
	}
	return true
}
