package mapping

// Markup: the template's own names for a slot, as evidence for a field
// (the score's Markup part).
//
// Templates often name the element that holds a value: <span
// class="venue">, <td itemprop="price">, <div id="author-name">. Those
// names are written for the site's style sheet or for microdata, not for
// us, but they are words like a label's: a field's name (or its type's,
// or its dictionary class) among them is evidence that the slot is the
// field's. The part is modest (at most markupBoost) and multiplies the
// other parts: it ranks candidates that already have evidence of their
// own (annotations, a label), and never makes one. A slot with no
// naming markup, or with names that mean nothing ("c1x9", "col-2"),
// weighs 1.
//
// Which elements name a slot: on each sample page, the element holding
// the slot's first value and up to markupDepth-1 of its ancestors, as
// long as they hold no other slot's value on that page: a row
// <div class="venue"> around a label and the venue's name names the
// venue, while a <div class="venue-info"> around the venue's name and its
// address names neither (it is the box of both). The names are the
// values of the attributes markupAttrs, split into words at every
// character that is not a letter and between a lower-case letter and an
// upper-case one ("venueName", "venue_name-2"), words of fewer than three
// letters dropped; each attribute token's words are compared with the
// field as a label's are (labelAffinity: the field's or its types' names,
// whole or by a word sharing a stem, plural "s" dropped; a word of its
// dictionary class counts for half; a recognizer's label words do not
// count: see classWord).
//
// The part is 1 + (markupBoost-1) × the share of the sample pages (with
// a value in the slot) where such a name is found, at half weight for
// the dictionary class's word only.

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"
)

// markupBoost is the Markup part of a slot whose own markup names the
// field on every sample page: enough to separate two candidates that are
// otherwise as good (closeScore), too little to outweigh a label naming
// another field (0.5) or a slot outside the object's region.
const markupBoost = 1.25

// markupDepth is the number of elements, from the one holding a value
// up, whose names are read.
const markupDepth = 3

// markupAttrs are the attributes that name an element.
var markupAttrs = []string{"class", "id", "itemprop", "property", "name"}

// markupIndex holds, per sample page, which slot owns each element near
// a slot's first value (-1: several slots' values lie under it), and the
// slots' naming runs per page, computed once per stats.
type markupIndex struct {
	stats []*slotStats
	owner map[int]map[*html.Node]int
	runs  map[int]map[int][][]string // slot -> page -> runs
}

func newMarkupIndex(stats []*slotStats) *markupIndex {
	mx := &markupIndex{stats: stats, owner: map[int]map[*html.Node]int{}, runs: map[int]map[int][][]string{}}
	for s, st := range stats {
		for pg, n := range st.Nodes {
			own := mx.owner[pg]
			if own == nil {
				own = map[*html.Node]int{}
				mx.owner[pg] = own
			}
			for e, d := holder(n), 0; e != nil && d < markupDepth; e, d = e.Parent, d+1 {
				if e.Type != html.ElementNode {
					break
				}
				if o, ok := own[e]; !ok {
					own[e] = s
				} else if o != s {
					own[e] = -1
				}
			}
		}
	}
	return mx
}

// holder returns the element holding a value whose first token is on
// node n: n itself for an element, its parent for a text.
func holder(n *html.Node) *html.Node {
	if n == nil {
		return nil
	}
	if n.Type == html.ElementNode {
		return n
	}
	return n.Parent
}

// slotRuns returns, per sample page, the naming runs of slot s's own
// elements (see above).
func (mx *markupIndex) slotRuns(s int) map[int][][]string {
	if r, ok := mx.runs[s]; ok {
		return r
	}
	r := map[int][][]string{}
	for pg, n := range mx.stats[s].Nodes {
		var runs [][]string
		own := mx.owner[pg]
		for e, d := holder(n), 0; e != nil && d < markupDepth && e.Type == html.ElementNode && own[e] == s; e, d = e.Parent, d+1 {
			runs = append(runs, markupRuns(e)...)
		}
		r[pg] = runs
	}
	mx.runs[s] = r
	return r
}

// markupRuns returns the words of element e's naming attributes, one run
// per attribute token ("venue-name" gives venue, name).
func markupRuns(e *html.Node) [][]string {
	var runs [][]string
	for _, a := range e.Attr {
		if a.Namespace != "" || !isMarkupAttr(a.Key) {
			continue
		}
		for _, tok := range strings.Fields(a.Val) {
			if ws := markupWords(tok); len(ws) > 0 {
				runs = append(runs, ws)
			}
		}
	}
	return runs
}

func isMarkupAttr(k string) bool {
	for _, m := range markupAttrs {
		if k == m {
			return true
		}
	}
	return false
}

// markupWords splits a class, id or itemprop token into lower-case words
// at non-letters and at lower-to-upper case changes; words of fewer than
// three letters are dropped ("c1x9" gives none).
func markupWords(tok string) []string {
	var words []string
	var b strings.Builder
	flush := func() {
		if b.Len() >= 3 {
			words = append(words, b.String())
		}
		b.Reset()
	}
	prevLower := false
	for _, r := range tok {
		switch {
		case !unicode.IsLetter(r) || r > unicode.MaxASCII:
			flush()
			prevLower = false
			continue
		case unicode.IsUpper(r) && prevLower:
			flush()
		}
		prevLower = unicode.IsLower(r)
		b.WriteRune(unicode.ToLower(r))
	}
	flush()
	return words
}

// markupFactor is the Markup part of slot s for field f.
func (mx *markupIndex) markupFactor(s int, f FieldSpec) float64 {
	if mx == nil || s < 0 || s >= len(mx.stats) {
		return 1
	}
	return markupPart(mx.slotRuns(s), f)
}

// markupPart weighs the naming runs of a slot's elements, per sample
// page, against field f.
func markupPart(pages map[int][][]string, f FieldSpec) float64 {
	if len(pages) == 0 {
		return 1
	}
	sum := 0.0
	for _, runs := range pages {
		best := 0.0
		for _, run := range runs {
			switch labelAffinity(run, f) {
			case affinityWhole, affinityName:
				best = 1
			case affinityKind:
				if classWord(run, f.Class) {
					best = max(best, 0.5)
				}
			}
			if best == 1 {
				break
			}
		}
		sum += best
	}
	return 1 + (markupBoost-1)*sum/float64(len(pages))
}

// classWord reports whether a word of run shares a stem with a word of
// the dictionary class class. A recognizer's label words ("doors" and
// "starts" for a time, "born" for a date) are a label's vocabulary, not
// names: on markup they name the near misses as often as the field (a
// <td class="doors"> beside the show's time), and count for nothing.
func classWord(run []string, class string) bool {
	for _, c := range strings.Fields(normName(class)) {
		for _, w := range run {
			if sameStem(c, singular(w)) {
				return true
			}
		}
	}
	return false
}
