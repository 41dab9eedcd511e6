package cluster

import (
	"net/url"
	"strings"
)

// Pattern generalises page names (file paths or URLs) into one pattern:
// the path segments all names share stay, a segment whose names differ
// only in their digit runs keeps its text with "{n}" for the runs, any
// other varying segment is "*", and names of different depths end in
// "**". Of URLs, the scheme and host are kept when shared and the query
// is dropped ("?…" when some names have one).
func Pattern(names []string) string {
	if len(names) == 0 {
		return ""
	}
	var prefix string
	paths := make([][]string, len(names))
	query := false
	for i, n := range names {
		p := n
		if u, err := url.Parse(n); err == nil && u.Scheme != "" && u.Host != "" {
			pre := u.Scheme + "://" + u.Host
			if i == 0 {
				prefix = pre
			} else if prefix != pre {
				prefix = "*://*"
			}
			p = strings.TrimPrefix(u.Path, "/")
			if u.RawQuery != "" {
				query = true
			}
		} else if i > 0 && prefix != "" {
			prefix = "*://*"
		}
		paths[i] = strings.Split(p, "/")
	}
	depth, same := len(paths[0]), true
	for _, p := range paths {
		if len(p) != depth {
			same = false
			depth = min(depth, len(p))
		}
	}
	var segs []string
	for k := range depth {
		if !same && k == depth-1 {
			break
		}
		segs = append(segs, segment(paths, k))
	}
	if !same {
		segs = append(segs, "**")
	}
	out := strings.Join(segs, "/")
	if prefix != "" {
		out = prefix + "/" + out
	}
	if query {
		out += "?…"
	}
	return out
}

// segment generalises the k-th segments of paths.
func segment(paths [][]string, k int) string {
	first := paths[0][k]
	shape := digitShape(first)
	literal, shaped := true, true
	for _, p := range paths[1:] {
		if p[k] != first {
			literal = false
		}
		if digitShape(p[k]) != shape {
			shaped = false
			break
		}
	}
	switch {
	case literal:
		return first
	case shaped:
		return shape
	}
	// Same extension at least: "*.html".
	if i := strings.LastIndexByte(first, '.'); i > 0 {
		ext := first[i:]
		for _, p := range paths {
			if !strings.HasSuffix(p[k], ext) {
				return "*"
			}
		}
		return "*" + ext
	}
	return "*"
}

// digitShape replaces every run of digits in s by "{n}".
func digitShape(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		if r >= '0' && r <= '9' {
			if !in {
				b.WriteString("{n}")
				in = true
			}
			continue
		}
		in = false
		b.WriteRune(r)
	}
	return b.String()
}
