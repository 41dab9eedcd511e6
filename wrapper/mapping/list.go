package mapping

// List pages: induction and extraction record by record.
//
// When the SOD wants several objects per page, Induce first looks for the
// page's records (FindRecordPattern). Each sample record — a run of sibling
// nodes — is then a pseudo-page of its own: it is tokenized with occurrence
// paths relative to the record's parent, and the ExAlg machinery (ECGM,
// CONSTTEMP, slot mapping) runs over the records as over the pages of a
// detail source, one object per record. Set fields inside a record
// (several performers, several authors) are nested sets of that template.
// Extract cuts a page into records with the same pattern and matches the
// record template once per record.

import (
	"strings"
	"unicode"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"golang.org/x/net/html"
)

// MaxSampleRecords bounds the records induction learns from: enough for
// ExAlg's frequency statistics, few enough to keep induction fast.
const MaxSampleRecords = 200

// MinSampleRecords is the least number of sample records for record-mode
// induction: ExAlg needs a class to occur on two (pseudo-)pages at least.
const MinSampleRecords = 2

// sampleRecord is one record of a sample page.
type sampleRecord struct {
	Nodes     []*html.Node
	Page      *annotate.Page
	PageIndex int
}

// SampleRecords cuts the sample pages into records and keeps at most limit
// of them, spread over the pages: the first record of every page, then the
// second, and so on, in page order.
func SampleRecords(pages []*annotate.Page, rp *RecordPattern, limit int) []sampleRecord {
	per := make([][][]*html.Node, len(pages))
	most := 0
	for i, p := range pages {
		per[i] = rp.Records(p)
		most = max(most, len(per[i]))
	}
	var out []sampleRecord
	for k := 0; k < most && len(out) < limit; k++ {
		for i, recs := range per {
			if k < len(recs) && len(out) < limit {
				out = append(out, sampleRecord{Nodes: recs[k], Page: pages[i], PageIndex: i})
			}
		}
	}
	return out
}

// A slot's value shapes are kept when at most maxShapes of them cover
// shapeCover of the sample's instances.
const (
	MaxShapes  = 4
	ShapeCover = 0.9
)

// Shape is the character-class form of a value: runs of digits, of upper-
// and of lower-case letters become "9", "A" and "a"; other characters
// stay ("$38.00" and "$7.99" both give "$9.9").
func Shape(s string) string {
	var b strings.Builder
	last := rune(0)
	for _, r := range s {
		c := r
		switch {
		case unicode.IsDigit(r):
			c = '9'
		case unicode.IsUpper(r):
			c = 'A'
		case unicode.IsLetter(r):
			c = 'a'
		case unicode.IsSpace(r):
			c = ' '
		}
		if c == last && (c == '9' || c == 'A' || c == 'a' || c == ' ') {
			continue
		}
		b.WriteRune(c)
		last = c
	}
	return b.String()
}

// Presence thresholds of mapSegments: a mandatory field's slot that holds
// its type in fewer than mandatoryPresence of the sample records gives way
// to one that holds it in at least fullPresence of them.
const (
	MandatoryPresence = 0.8
	FullPresence      = 0.95
)

// OthersIn counts the values of a slot annotated with types other than
// types.
func OthersIn(st *SlotStats, types []string) int {
	n := 0
	for t, c := range st.Some {
		if !Contains(types, t) {
			n += c
		}
	}
	return n
}

// HalfSep reports whether word x of a set value [a, b) may separate two
// items of which only one is annotated: a short lower-case word, or one of
// weakSeps ("&"), of one text node between an annotated word and a
// capitalised one, with no separator punctuation between it and either
// ("Maya Okafor and Hunter Prescott" where the dictionary knows one
// name). The annotated word is x's neighbour: in "Ann Lee & Greta V. De
// la Cruz", "la" is no separator.
func HalfSep(tk []Token, x, a, b int) bool {
	t := &tk[x]
	weak := SepToken(t, WeakSeps)
	if t.Kind != KindWord || len(t.Ann) > 0 || exalg.EdgeToken(t) || (!weak && !LowerInitial(t.Text)) || len(t.Text) > 4 {
		return false
	}
	// neighbour says whether the nearest word on one side is annotated,
	// and whether separator punctuation stands between.
	neighbour := func(step int) (ann, split bool) {
		for y := x + step; y >= a && y < b && tk[y].Node == t.Node; y += step {
			if SepToken(&tk[y], ItemSeps+WeakSeps) {
				return false, true
			}
			if tk[y].Kind == KindWord && !exalg.EdgeToken(&tk[y]) {
				return len(tk[y].Ann) > 0, false
			}
		}
		return false, false
	}
	before, splitL := neighbour(-1)
	after, splitR := neighbour(1)
	return before != after && !splitL && !splitR && CapitalNeighbour(tk, x, a, b, t.Node, before)
}

// Attached reports whether word x touches the word before or after it in
// its text node ("!" in "Pilots!,"): punctuation of a value, not a
// separator word.
func Attached(toks []Token, x int) bool {
	t := &toks[x]
	if x > 0 && toks[x-1].Kind == KindWord && toks[x-1].Node == t.Node && toks[x-1].End == t.Start {
		return true
	}
	return x+1 < len(toks) && toks[x+1].Kind == KindWord && toks[x+1].Node == t.Node && toks[x+1].Start == t.End && !SepToken(&toks[x+1], ItemSeps)
}

// sepMaxPathAnn: runs at a DOM path where at least this share of the runs
// are annotated with the field's types are items, never separators.
const SepMaxPathAnn = 0.2

// HasType reports whether an annotation of one of types is in anns.
func HasType(anns []*annotate.Annotation, types []string) bool {
	for _, a := range anns {
		if Contains(types, a.Type) {
			return true
		}
	}
	return false
}

// ContainEnd returns where the value [a, b) leaves the element that holds
// its first token (b when it never does): the end tag of that element or
// the first token outside it.
func ContainEnd(toks []Token, a, b int) int {
	if a >= b || toks[a].Node == nil {
		return b
	}
	c := toks[a].Node.Parent
	if c == nil {
		return b
	}
	for x := a; x < b; x++ {
		n := toks[x].Node
		if n == nil {
			return x
		}
		in := false
		for u := n.Parent; u != nil; u = u.Parent {
			if u == c {
				in = true
				break
			}
		}
		if !in {
			return x
		}
	}
	return b
}

// SepMinShare is the least share of a set slot's sample values a run of
// words must occur in to be learned as a separator of its items.
const SepMinShare = 0.03
