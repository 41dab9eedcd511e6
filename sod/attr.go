package sod

import (
	"fmt"
	"slices"
	"strings"
)

// Attributes are the HTML attributes an entity can take its value from
// (key attr): link targets (href), image and frame sources (src), image
// descriptions (alt), tooltips (title), <meta> contents (content) and
// machine-readable times (datetime). They are the attributes page cleaning
// keeps; href and src values are URLs, resolved against the page's
// <base href> (or a base URL given to the loader) before they are
// recognised and extracted.
var Attributes = []string{"href", "src", "alt", "title", "content", "datetime"}

// URLAttribute reports whether values of the attribute key are URLs
// (resolved against the page's base).
func URLAttribute(key string) bool { return key == "href" || key == "src" }

// attr reads an entity's attr key: its value is then taken from that
// attribute of the elements that carry it rather than from page text.
func (l *loader) attr(t *Type, body map[string]any) {
	v, ok := body["attr"]
	if !ok {
		return
	}
	path := []string{"entity", t.Name, "attr"}
	s, ok := l.str(v, path...)
	if !ok {
		return
	}
	key := strings.ToLower(strings.TrimSpace(s))
	if !slices.Contains(Attributes, key) {
		l.errorf(l.pos.at(path...), "[entity.%s]: attr %q is not an attribute ObjectRunner reads%s (expected one of %s)",
			t.Name, s, didYouMean(key, Attributes), strings.Join(Attributes, ", "))
		return
	}
	t.Attr = key
}

// attrString is the attribute part of an entity's description in Format.
func attrString(t *Type) string {
	if t.Attr == "" {
		return ""
	}
	return fmt.Sprintf("attr %s", t.Attr)
}
