package trust

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/eval"
	"github.com/objectrunner/objectrunner/wrapper"
)

func TestAutoAnswer(t *testing.T) {
	truth, err := eval.ReadJSONL(strings.NewReader(
		`{"page":"p1.html","index":0,"object":{"price":"$10","isbn":"123"}}
{"page":"p2.html","index":0,"object":{"price":"$12"}}
{"page":"p3.html","index":0,"object":{"price":"$14","date":"May 3"}}
`), "truth")
	if err != nil {
		t.Fatal(err)
	}
	cand := func(slot int, vals ...string) wrapper.QuestionCandidate {
		c := wrapper.QuestionCandidate{CandidateExplain: wrapper.CandidateExplain{Slot: slot}}
		for i, v := range vals {
			c.Samples = append(c.Samples, wrapper.CandidateSample{Page: fmt.Sprintf("p%d.html", i+1), Index: i, Values: []string{v}})
		}
		return c
	}
	drop := func(c wrapper.QuestionCandidate) wrapper.QuestionCandidate {
		c.Drop = true
		return c
	}
	tests := []struct {
		name string
		q    wrapper.Question
		want string
	}{
		{"the right candidate second", wrapper.Question{Field: "price", Candidates: []wrapper.QuestionCandidate{cand(3, "$40", "$12"), cand(5, "$10", "$12")}}, "[price: slot 5]"},
		{"right on one page only", wrapper.Question{Field: "price", Candidates: []wrapper.QuestionCandidate{cand(3, "$10", "$40")}}, "[]"},
		{"wrong values where the truth has one", wrapper.Question{Field: "isbn", Candidates: []wrapper.QuestionCandidate{cand(3, "", "May 2")}}, "[]"},
		{"labelled, no value on the sample pages", wrapper.Question{Field: "date", Candidates: []wrapper.QuestionCandidate{cand(3, "May 1", "May 2")}}, "[date: not on these pages]"},
		{"true values, no right candidate", wrapper.Question{Field: "isbn", Candidates: []wrapper.QuestionCandidate{cand(3, "999", "")}}, "[]"},
		{"unlabelled pages only", wrapper.Question{Field: "price", Candidates: []wrapper.QuestionCandidate{{CandidateExplain: wrapper.CandidateExplain{Slot: 1, Samples: []wrapper.CandidateSample{{Page: "p9.html", Values: []string{"$1"}}}}}}}, "[]"},
		{"no candidate", wrapper.Question{Field: "price"}, "[]"},
		{"a true value inside a candidate's text", wrapper.Question{Field: "price", Candidates: []wrapper.QuestionCandidate{cand(3, "$40", "$12"), cand(7, "Price $10 (new)", "from $12 on")}}, "[price: slot 7]"},
		{"a value alone before one inside a text", wrapper.Question{Field: "price", Candidates: []wrapper.QuestionCandidate{cand(3, "Price $10 (new)", "$12 on"), cand(5, "$10", "$12")}}, "[price: slot 5]"},
		{"a true value inside another field's text", wrapper.Question{Field: "price", Candidates: []wrapper.QuestionCandidate{func() wrapper.QuestionCandidate {
			c := cand(7, "Price $10 (new)", "from $12 on")
			c.TakenBy = "offer"
			return c
		}()}}, "[]"},
		{"a longer number is not the value", wrapper.Question{Field: "price", Candidates: []wrapper.QuestionCandidate{cand(3, "$10.50", "$12.50")}}, "[]"},
		{"drop: the slot holding no true value", wrapper.Question{Field: "price", Kind: wrapper.QuestionDrop, Candidates: []wrapper.QuestionCandidate{drop(cand(5, "$10", "$12")), drop(cand(9, "More", "$40"))}}, "[price: slot 9 does not hold it]"},
		{"drop: every slot holds a true value", wrapper.Question{Field: "price", Kind: wrapper.QuestionDrop, Candidates: []wrapper.QuestionCandidate{drop(cand(5, "$10", "$12")), drop(cand(9, "$40", "$12"))}}, "[]"},
		{"a field the truth does not label", wrapper.Question{Field: "pages", Candidates: []wrapper.QuestionCandidate{cand(3, "12", "14")}}, "[]"},
	}
	for _, tc := range tests {
		pins := AutoAnswer([]wrapper.Question{tc.q}, truth)
		got := make([]string, len(pins))
		for i, p := range pins {
			got[i] = p.String()
		}
		if s := "[" + strings.Join(got, " ") + "]"; s != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, s, tc.want)
		}
	}
}
