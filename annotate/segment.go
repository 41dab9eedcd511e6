package annotate

import (
	"strings"

	"golang.org/x/net/html"
)

// DefaultSegmentShare is the share of a page's annotations its main content
// segment must hold.
const DefaultSegmentShare = 0.5

// FindSegment finds the main content segment of a source from some of its
// pages, already annotated with every entity type: the NodePath of the
// deepest element that, on every page with annotations,
//
//   - resolves (FindPath) to an element,
//   - holds at least one annotation of every entity type found on the page
//     (noise of a type elsewhere on the page may be cut away, a type may not), and
//   - holds at least share of the page's annotations.
//
// This stands in for the VIPS-like segmentation of seed 003 §3, guided by the
// SOD's recognizers, and is deliberately conservative: it needs two pages
// with annotations, and answers false rather than return html or body. It is
// only used to restrict later annotation passes; pages where the path does
// not resolve are annotated whole.
func FindSegment(pages []*Page, share float64) (string, bool) {
	type pageInfo struct {
		p     *Page
		count map[*html.Node]int
		types map[*html.Node]map[string]bool
		all   int // number of types on the page
	}
	var voters []pageInfo
	seen := map[string]bool{}
	var cands []string
	for _, p := range pages {
		if p == nil || len(p.Annotations) == 0 {
			continue
		}
		pi := pageInfo{p: p, count: map[*html.Node]int{}, types: map[*html.Node]map[string]bool{}}
		present := map[string]bool{}
		for _, an := range p.Annotations {
			present[an.Type] = true
			for n := an.Node.Parent; n != nil && n.Type == html.ElementNode; n = n.Parent {
				pi.count[n]++
				ts := pi.types[n]
				if ts == nil {
					ts = map[string]bool{}
					pi.types[n] = ts
				}
				ts[an.Type] = true
			}
		}
		pi.all = len(present)
		for n, ts := range pi.types {
			if len(ts) == pi.all && float64(pi.count[n]) >= share*float64(len(p.Annotations)) {
				if path := NodePath(n); !seen[path] {
					seen[path] = true
					cands = append(cands, path)
				}
			}
		}
		voters = append(voters, pi)
	}
	if len(voters) < 2 {
		return "", false
	}
	best, bestDepth := "", 0
	for _, path := range cands {
		depth := strings.Count(path, "/")
		if path == "html" || path == "html/body" || depth < bestDepth || (depth == bestDepth && path >= best) {
			continue
		}
		ok := true
		for _, pi := range voters {
			n := FindPath(pi.p.Doc, path)
			if n == nil || len(pi.types[n]) < pi.all || float64(pi.count[n]) < share*float64(len(pi.p.Annotations)) {
				ok = false
				break
			}
		}
		if ok {
			best, bestDepth = path, depth
		}
	}
	return best, best != ""
}
