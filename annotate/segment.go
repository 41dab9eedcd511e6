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
//     (noise of a type elsewhere on the page may be cut away, a type may not),
//     and of types that annotate the same spans (two fields over one
//     dictionary class) as many instances as they are types (segtwins.go), and
//   - holds at least share of the page's annotations, each weighed by the
//     inverse of the number of pages its value occurs on
//     (annotationRecurrence): a box beside the content that repeats items
//     from page to page (bestsellers, related items) counts for little
//     even when it holds more annotations than a short result list.
//
// This stands in for the VIPS-like segmentation of seed 003 §3, guided by the
// SOD's recognizers, and is deliberately conservative: it needs two pages
// with annotations, and answers false rather than return html or body. It is
// only used to restrict later annotation passes; pages where the path does
// not resolve are annotated whole.
func FindSegment(pages []*Page, share float64) (string, bool) {
	type pageInfo struct {
		p     *Page
		count map[*html.Node]float64
		types map[*html.Node]map[string]bool
		all   int     // number of types on the page
		total float64 // weight of the page's annotations
		twins []twinGroup
	}
	recur := annotationRecurrence(pages)
	var voters []pageInfo
	seen := map[string]bool{}
	var cands []string
	for _, p := range pages {
		if p == nil || len(p.Annotations) == 0 {
			continue
		}
		pi := pageInfo{p: p, count: map[*html.Node]float64{}, types: map[*html.Node]map[string]bool{}, twins: twinGroups(p)}
		present := map[string]bool{}
		for _, an := range p.Annotations {
			present[an.Type] = true
			w := 1 / float64(max(1, recur[segmentKey(an)]))
			pi.total += w
			for n := an.Node.Parent; n != nil && n.Type == html.ElementNode; n = n.Parent {
				pi.count[n] += w
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
			if len(ts) == pi.all && pi.count[n] >= share*pi.total && holdsTwins(pi.twins, n) {
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
			if n == nil || len(pi.types[n]) < pi.all || pi.count[n] < share*pi.total || !holdsTwins(pi.twins, n) {
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

// segmentKey is the value of an annotation FindSegment counts recurrence of:
// its type and its text.
func segmentKey(an *Annotation) string {
	return an.Type + "\x00" + strings.TrimSpace(an.Text())
}

// annotationRecurrence counts, for each annotation value (segmentKey), the
// pages with annotations it occurs on. FindSegment weighs an annotation by
// the inverse: a value repeated on other pages of a source is the
// template's or a box's beside the content (a bestseller list, a menu of
// categories), the content's values are new on each page.
func annotationRecurrence(pages []*Page) map[string]int {
	recur := map[string]int{}
	for _, p := range pages {
		if p == nil || len(p.Annotations) == 0 {
			continue
		}
		seen := map[string]bool{}
		for _, an := range p.Annotations {
			if k := segmentKey(an); !seen[k] {
				seen[k] = true
				recur[k]++
			}
		}
	}
	return recur
}
