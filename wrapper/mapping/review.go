package mapping

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// Review points (issue 24: ask when unsure). After induction the
// wrapper knows where it was unsure; Questions lists those places, each
// a question a user answers by choosing among at most MaxCandidates
// candidate slots, shown with their values on a few sample pages and
// where they sit. The questions are read from the explanation of the
// mapping (fieldexplain.go): the same candidates and the same scores
// the mapping used, not a second model. An answer is a Pin (pins.go).
//
// A question is asked when
//
//   - a single field's chosen slot has a rival holding other values
//     whose score is at least AskRatio of it, on a slot no other field
//     has (or above it: a slot another field took) ("close");
//   - a field got no slot (abstained, its slots went to other fields, or
//     it had no candidate): the other slots holding varying values are
//     offered (FieldExplain.Others) ("no-slot");
//   - a single field's chosen slot is weighed on instances counted on
//     fewer than weakShare of the sample and it has other weighed
//     candidates ("weak");
//   - a single field's slot holds several values a page ("several");
//   - a single field carries one of the doubt notes AskDoubts ("doubt");
//   - a list source's record segmentation had a runner-up cutting the
//     sample differently that scores at least AskRatio of it ("records",
//     recordq.go: the candidates are the two segmentations, shown with
//     their record counts on the sample pages).
//
// Not asked: a set field, a field placed by a rule (a row, a part), a
// field with no candidate at all (the no-slot diagnostic says why).

// Thresholds of Questions.
const (
	// AskRatio: a rival scoring at least this share of the chosen
	// slot's score makes the choice close.
	AskRatio = 0.9
	// MaxCandidates bounds the candidates of a question.
	MaxCandidates = 5
	// MaxSamplePages bounds the sample pages shown per candidate;
	// maxPageVals the values kept per page.
	MaxSamplePages = 3
	MaxPageVals    = 3
	// severalPerPage: a single field's slot holding this many values a
	// page on average asks.
	SeveralPerPage = 1.5
	// weakShare: a single field whose chosen slot's evidence (its
	// Annotation factor: instances counted) is below this share of the
	// sample is weakly supported, and asks.
	weakShare = 0.5
)

// Kinds of Question.
const (
	QuestionClose   = "close"
	QuestionNoSlot  = "no-slot"
	QuestionSeveral = "several"
	QuestionWeak    = "weak"
	QuestionDoubt   = "doubt"
)

// AskDoubts are the doubt notes (doubt.go, trustnotes.go) that ask about
// a single field whose choice the score alone found sure ("doubt"): signs,
// measured on the sample, that the chosen slot holds something else than
// the field (a heading, another field's value, a link's words, a run of
// several values). The other doubt kinds (missed values, another field's
// type, items beside a set's) fire on right slots too often to ask.
var AskDoubts = []string{NoteWeakSlot, NoteSameAs, NoteLeadItem, NoteConstant, NoteRagged, NoteInLink, NoteNoLetter, NoteMerged, NoteCloseRival}

// CandidateSample is a candidate slot's values on one sample page.
type CandidateSample struct {
	// Page is the sample page's path; index its index in the sample.
	Page  string `json:"page,omitempty"`
	Index int    `json:"index"`
	// Values are the slot's first values on the page (at most 3), Count
	// how many it holds there.
	Values []string `json:"values"`
	Count  int      `json:"count"`
	// Nearby is the page's text right before the first value.
	Nearby string `json:"nearby,omitempty"`
	// Path is the DOM path of the first value's element, as in
	// Value.Path (for showing it on the page).
	Path string `json:"path,omitempty"`
}

// Question is one review point.
type Question struct {
	Field string `json:"field"`
	Kind  string `json:"kind"`
	// Why says, readably, why the wrapper asks.
	Why string `json:"why"`
	// Slots are the slots the field got (none for "no-slot").
	Slots []int `json:"slots,omitempty"`
	// Candidates are the choices, best score first; TakenBy names the
	// field that has a candidate's slot, when another.
	Candidates []QuestionCandidate `json:"candidates"`
}

// QuestionCandidate is one choice of a Question.
type QuestionCandidate struct {
	CandidateExplain
	TakenBy string `json:"taken_by,omitempty"`
	// Records is, for a question on the records of a list source, the
	// segmentation the candidate stands for (recordq.go).
	Records string `json:"records,omitempty"`
}

// Title is the headline of candidate c numbered k+1, as the terminal
// review and the review page show it: where the candidate sits (slot,
// text before it, label, the field that has it now) or the records it
// stands for, and its score.
func (c QuestionCandidate) Title(k int) string {
	chosen := ""
	if c.Chosen {
		chosen = ", chosen"
	}
	if c.Records != "" {
		return fmt.Sprintf("[%d] records at %s%s (score %s)", k+1, c.Records, chosen, FmtFactor(c.Total))
	}
	where := fmt.Sprintf("slot %d", c.Slot)
	if c.Context != "" {
		where += fmt.Sprintf(", after %q", c.Context)
	}
	if c.Label != "" {
		where += fmt.Sprintf(", label %q", c.Label)
	}
	if c.TakenBy != "" {
		where += ", now " + c.TakenBy
	}
	return fmt.Sprintf("[%d] %s%s (score %s)", k+1, where, chosen, FmtFactor(c.Total))
}

// Pin is the answer choosing candidate c for field.
func (c QuestionCandidate) Pin(field string) Pin {
	if c.Records != "" {
		return Pin{Records: c.Records}
	}
	return Pin{Field: field, Slot: c.Slot, Context: c.Context, Label: c.Label}
}

// Weak reports whether chosen, fe's chosen candidate, is weighed on
// instances counted on fewer than weakShare of the sample (a label naming
// the field is evidence enough).
func Weak(fe FieldExplain, chosen *CandidateExplain) bool {
	b := chosen.Score.Basis
	return (b == "annotations" || b == "lead") && chosen.Score.Annotation < weakShare*float64(fe.Sample)
}

// CloseRival returns the best candidate of fe, other than chosen and not
// chosen itself, scoring at least AskRatio of chosen and holding other
// values on the sample pages they share. A slot another field has
// (slotOf) is a rival only when it outscores chosen: the field lost it.
func CloseRival(fe FieldExplain, chosen *CandidateExplain, slotOf map[int]string) (CandidateExplain, bool) {
	for _, c := range fe.Candidates {
		if c.Chosen || c.Slot == chosen.Slot || c.Total < AskRatio*chosen.Total {
			continue
		}
		if o := slotOf[c.Slot]; o != "" && o != fe.Field && c.Total <= chosen.Total {
			continue
		}
		if SameValues(c.Samples, chosen.Samples) {
			continue
		}
		return c, true
	}
	return CandidateExplain{}, false
}

// SameValues reports whether two candidates show the same first value on
// every sample page they share (and share one at least).
func SameValues(a, b []CandidateSample) bool {
	common := 0
	for _, x := range a {
		for _, y := range b {
			if x.Index == y.Index {
				common++
				if len(x.Values) == 0 || len(y.Values) == 0 || x.Values[0] != y.Values[0] {
					return false
				}
			}
		}
	}
	return common > 0
}

// Short clips each value to 80 characters.
func Short(vs []string) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		if r := []rune(v); len(r) > 80 {
			v = string(r[:80]) + "…"
		}
		out[i] = v
	}
	return out
}

// PrevText is the page text right before node n in document order (its
// last max characters), "" when none.
func PrevText(n *html.Node, max int) string {
	var parts []string
	size := 0
	cur := n
	for cur != nil && size < max {
		if cur.PrevSibling == nil {
			cur = cur.Parent
			continue
		}
		cur = cur.PrevSibling
		var texts []string
		var walk func(x *html.Node)
		walk = func(x *html.Node) {
			if x.Type == html.TextNode {
				if t := NormSpace(x.Data); t != "" {
					texts = append(texts, t)
				}
			}
			if x.Type == html.ElementNode && (x.Data == "script" || x.Data == "style" || x.Data == "head") {
				return
			}
			for c := x.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(cur)
		for i := len(texts) - 1; i >= 0 && size < max; i-- {
			parts = append(parts, texts[i])
			size += len(texts[i]) + 1
		}
	}
	slices.Reverse(parts)
	s := strings.Join(parts, " ")
	if r := []rune(s); len(r) > max {
		s = "…" + string(r[len(r)-max:])
	}
	return s
}

func QuoteAll(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(q, ", ")
}
