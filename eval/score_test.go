package eval

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

// mustTruth and mustResults build inputs from JSON Lines text.
func mustTruth(t *testing.T, s string) *Truth {
	t.Helper()
	tr, err := ReadJSONL(strings.NewReader(s), "truth.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func mustResults(t *testing.T, s string) *Results {
	t.Helper()
	r, err := ReadResults(strings.NewReader(s), "results.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func attr(t *testing.T, rep *Report, name string) *AttributeReport {
	t.Helper()
	for _, a := range rep.Attributes {
		if a.Name == name {
			return a
		}
	}
	t.Fatalf("no attribute %q in report", name)
	return nil
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestScoreAttribute checks value-level and page-hit scores, the class
// and the page outcomes of one attribute against hand-computed numbers.
func TestScoreAttribute(t *testing.T) {
	for _, tc := range []struct {
		name, truth, results, attr string
		opts                       Options
		value, pageHit             [3]float64 // precision, recall, F1
		class                      Class
		outcomes                   map[Outcome]int
		with                       []string // With of the first wrong page
	}{{
		// p1: {A,B} vs {A}: TP 1, FN 1; p2: {C} vs {C,D}: TP 1, FP 1.
		// Values: P = 2/3, R = 2/3. Pages: both hit.
		name: "multi-valued authors",
		truth: `{"page":"p1","records":[{"author":["A","B"]}]}
{"page":"p2","records":[{"author":"C"}]}`,
		results: `{"page":"p1.htm","object":{"author":["A"]}}
{"page":"p2.htm","object":{"author":["C","D"]}}`,
		attr:     "author",
		value:    [3]float64{2.0 / 3, 2.0 / 3, 2.0 / 3},
		pageHit:  [3]float64{1, 1, 1},
		class:    Incorrect,
		outcomes: map[Outcome]int{Incomplete: 1, Extra: 1},
	}, {
		// p1 right; p2 has no results line (missing); p3 has no true
		// title (NULL) but one is extracted (spurious); p4 wrong; zz is
		// not labelled and ignored. Values: 3 predicted, 3 true, TP 1.
		// Pages: predicted p1,p3,p4; true p1,p2,p4; hit p1.
		name: "missing pages, NULL truth, extra predictions",
		truth: `{"page":"p1","records":[{"title":"T1"}]}
{"page":"p2","records":[{"title":"T2"}]}
{"page":"p3","records":[{"isbn":"1"}]}
{"page":"p4","records":[{"title":"T4"}]}`,
		results: `{"page":"p1.htm","object":{"title":"T1"}}
{"page":"p3.htm","object":{"title":"X"}}
{"page":"p4.htm","object":{"title":"Q"}}
{"page":"zz.htm","object":{"title":"T1"}}`,
		attr:     "title",
		value:    [3]float64{1.0 / 3, 1.0 / 3, 1.0 / 3},
		pageHit:  [3]float64{1.0 / 3, 1.0 / 3, 1.0 / 3},
		class:    Incorrect,
		outcomes: map[Outcome]int{Missing: 1, Spurious: 1, Wrong: 1},
	}, {
		name:    "normalisation",
		truth:   `{"page":"p1","records":[{"isbn":": 9780000000017","title":"Night  Trains"}]}`,
		results: `{"page":"p1.htm","object":{"isbn":"9780000000017 ","title":"Night Trains."}}`,
		attr:    "isbn",
		value:   [3]float64{1, 1, 1},
		pageHit: [3]float64{1, 1, 1},
		class:   Correct,
	}, {
		// "Title by Author": 4 of 5 words are true values of the page.
		name: "merged with a neighbour",
		truth: `{"page":"p1","records":[{"title":"Night Trains","author":"Jon Ashby"}]}
{"page":"p2","records":[{"title":"Gardens of Glass","author":"Mara Quill"}]}`,
		results: `{"page":"p1","object":{"title":"Night Trains by Jon Ashby"}}
{"page":"p2","object":{"title":"Gardens of Glass by Mara Quill"}}`,
		attr:     "title",
		value:    [3]float64{0, 0, 0},
		pageHit:  [3]float64{0, 0, 0},
		class:    PartiallyCorrect,
		outcomes: map[Outcome]int{Merged: 2},
		with:     []string{"author"},
	}, {
		// The title is inside, but 2 of 11 words are true values: not a
		// merge with a neighbour, just wrong.
		name:     "contained in unrelated text",
		truth:    `{"page":"p1","records":[{"title":"Night Trains","author":"Jon Ashby"}]}`,
		results:  `{"page":"p1","object":{"title":"Night Trains is a novel about many things that run on rails"}}`,
		attr:     "title",
		value:    [3]float64{0, 0, 0},
		pageHit:  [3]float64{0, 0, 0},
		class:    Incorrect,
		outcomes: map[Outcome]int{Wrong: 1},
	}, {
		name:     "split",
		truth:    `{"page":"p1","records":[{"title":"A Map of Rivers and Seas"}]}`,
		results:  `{"page":"p1","object":{"title":["A Map of Rivers","and Seas"]}}`,
		attr:     "title",
		value:    [3]float64{0, 0, 0},
		pageHit:  [3]float64{0, 0, 0},
		class:    PartiallyCorrect,
		outcomes: map[Outcome]int{Split: 1},
	}, {
		// One small fragment: not enough of the value to be "split".
		name:     "small fragment",
		truth:    `{"page":"p1","records":[{"title":"A Map of Rivers and Seas"}]}`,
		results:  `{"page":"p1","object":{"title":"Seas"}}`,
		attr:     "title",
		value:    [3]float64{0, 0, 0},
		pageHit:  [3]float64{0, 0, 0},
		class:    Incorrect,
		outcomes: map[Outcome]int{Split: 1},
	}, {
		name:     "format",
		truth:    `{"page":"p1","records":[{"author":"Ashby, Jon"}]}`,
		results:  `{"page":"p1","object":{"author":"Ashby Jon"}}`,
		attr:     "author",
		value:    [3]float64{0, 0, 0},
		pageHit:  [3]float64{0, 0, 0},
		class:    PartiallyCorrect,
		outcomes: map[Outcome]int{Format: 1},
	}, {
		name: "another attribute's values",
		truth: `{"page":"p1","records":[{"title":"Night Trains","author":"Jon Ashby"}]}
{"page":"p2","records":[{"title":"Gardens of Glass","author":"Mara Quill"}]}`,
		results: `{"page":"p1","object":{"title":"Jon Ashby"}}
{"page":"p2","object":{"title":"Gardens of Glass"}}`,
		attr:     "title",
		value:    [3]float64{0.5, 0.5, 0.5},
		pageHit:  [3]float64{0.5, 0.5, 0.5},
		class:    Incorrect,
		outcomes: map[Outcome]int{Other: 1},
		with:     []string{"author"},
	}, {
		name:    "field map",
		truth:   `{"page":"p1","records":[{"title":"Night Trains"}]}`,
		results: `{"page":"p1","object":{"name":"Night Trains"}}`,
		attr:    "title",
		opts:    Options{Map: map[string]string{"name": "title"}},
		value:   [3]float64{1, 1, 1},
		pageHit: [3]float64{1, 1, 1},
		class:   Correct,
	}, {
		name:    "nothing to find, nothing found",
		truth:   `{"page":"p1","records":[{"title":"Night Trains"}]}`,
		results: `{"page":"p1","object":{"title":"Night Trains"}}`,
		attr:    "title",
		value:   [3]float64{1, 1, 1},
		pageHit: [3]float64{1, 1, 1},
		class:   Correct,
	}, {
		name:     "nothing found",
		truth:    `{"page":"p1","records":[{"title":"Night Trains"}]}`,
		results:  ``,
		attr:     "title",
		value:    [3]float64{0, 0, 0},
		pageHit:  [3]float64{0, 0, 0},
		class:    Incorrect,
		outcomes: map[Outcome]int{Missing: 1},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			rep := Score(mustTruth(t, tc.truth), mustResults(t, tc.results), tc.opts)
			a := attr(t, rep, tc.attr)
			for _, s := range []struct {
				name string
				got  Scores
				want [3]float64
			}{{"value", a.Value, tc.value}, {"page-hit", a.PageHit, tc.pageHit}} {
				if !near(s.got.Precision, s.want[0]) || !near(s.got.Recall, s.want[1]) || !near(s.got.F1, s.want[2]) {
					t.Errorf("%s P/R/F1 = %.4f/%.4f/%.4f, want %.4f/%.4f/%.4f", s.name,
						s.got.Precision, s.got.Recall, s.got.F1, s.want[0], s.want[1], s.want[2])
				}
			}
			if a.Class != tc.class {
				t.Errorf("class %q, want %q (relaxed F1 %.3f, reason %q)", a.Class, tc.class, a.Relaxed.F1, a.Reason)
			}
			if tc.outcomes == nil {
				tc.outcomes = map[Outcome]int{}
			}
			if !reflect.DeepEqual(a.Outcomes, tc.outcomes) {
				t.Errorf("outcomes %v, want %v", a.Outcomes, tc.outcomes)
			}
			if tc.with != nil && (len(a.Wrong) == 0 || !reflect.DeepEqual(a.Wrong[0].With, tc.with)) {
				t.Errorf("wrong pages %+v, want the first with %v", a.Wrong, tc.with)
			}
		})
	}
}

// TestScoreCorrectThreshold: 19 of 20 pages right and one missing is
// value F1 = 2·0.95/1.95 ≈ 0.974 ≥ 0.95: correct; 18 of 20 (F1 ≈ 0.947)
// is not.
func TestScoreCorrectThreshold(t *testing.T) {
	for _, tc := range []struct {
		right int
		class Class
	}{{19, Correct}, {18, Incorrect}} {
		t.Run(fmt.Sprint(tc.right), func(t *testing.T) {
			var tr, rs strings.Builder
			for i := range 20 {
				fmt.Fprintf(&tr, `{"page":"p%d","records":[{"title":"T%d"}]}`+"\n", i, i)
				if i < tc.right {
					fmt.Fprintf(&rs, `{"page":"p%d.htm","object":{"title":"T%d"}}`+"\n", i, i)
				}
			}
			a := attr(t, Score(mustTruth(t, tr.String()), mustResults(t, rs.String()), Options{}), "title")
			if a.Class != tc.class {
				t.Fatalf("%d/20 right: class %q (F1 %.3f), want %q", tc.right, a.Class, a.Value.F1, tc.class)
			}
		})
	}
}

func TestScoreRecords(t *testing.T) {
	for _, tc := range []struct {
		name, truth, results string
		p, r                 float64
		wrong                []RecordPage
	}{{
		// B's price is wrong and D is not a true record: 2 of 4
		// predicted records match, 2 of 3 true ones are found. The
		// "extra" field is not in the truth and does not matter.
		name:  "list page",
		truth: `{"page":"l1","records":[{"name":"A","price":"1"},{"name":"B","price":"2"},{"name":"C","price":"3"}]}`,
		results: `{"page":"l1.htm","index":0,"object":{"name":"A","price":"1","extra":"z"}}
{"page":"l1.htm","index":1,"object":{"name":"B","price":"3"}}
{"page":"l1.htm","index":2,"object":{"name":"C","price":"3"}}
{"page":"l1.htm","index":3,"object":{"name":"D","price":"4"}}`,
		p: 0.5, r: 2.0 / 3,
		wrong: []RecordPage{{Page: "l1.htm", Expected: 3, Predicted: 4, Matched: 2}},
	}, {
		// Greedy pairing would give the first prediction to the first
		// true record (it only asks for a=x) and then fail; the optimal
		// pairing matches both.
		name:    "optimal pairing",
		truth:   `{"page":"l1","records":[{"a":"x"},{"a":"x","b":"y"}]}`,
		results: `{"page":"l1","index":0,"object":{"a":"x","b":"y"}}` + "\n" + `{"page":"l1","index":1,"object":{"a":"x"}}`,
		p:       1, r: 1,
	}, {
		name: "truth in results shape; a page with no objects",
		truth: `{"page":"a.html","index":0,"object":{"t":"1"}}
{"page":"a.html","index":1,"object":{"t":"2"}}
{"page":"b.html","object":null}`,
		results: `{"page":"a.html","index":0,"object":{"t":"1"}}
{"page":"a.html","index":1,"object":{"t":"2"}}
{"page":"b.html","index":0,"object":{"t":"3"}}`,
		p: 2.0 / 3, r: 1,
		wrong: []RecordPage{{Page: "b.html", Expected: 0, Predicted: 1, Matched: 0}},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			rep := Score(mustTruth(t, tc.truth), mustResults(t, tc.results), Options{})
			if !near(rep.Records.Precision, tc.p) || !near(rep.Records.Recall, tc.r) {
				t.Errorf("records P/R %.4f/%.4f, want %.4f/%.4f", rep.Records.Precision, rep.Records.Recall, tc.p, tc.r)
			}
			if !reflect.DeepEqual(rep.Records.Wrong, tc.wrong) {
				t.Errorf("wrong %+v, want %+v", rep.Records.Wrong, tc.wrong)
			}
		})
	}
}

func TestScoreAttributesOption(t *testing.T) {
	tr := mustTruth(t, `{"page":"p1","records":[{"title":"T","date":"2001"}]}
{"page":"p2","records":[{"title":"U","date":"2002"}]}`)
	rs := mustResults(t, `{"page":"p1","object":{"title":"T"}}
{"page":"p2","object":{"title":"U"}}`)
	for _, tc := range []struct {
		name     string
		attrs    []string
		rows     int
		recordF1 float64
	}{
		{"all attributes", nil, 2, 0},
		{"title only", []string{"title", "nosuch"}, 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := Score(tr, rs, Options{Attributes: tc.attrs})
			if len(rep.Attributes) != tc.rows || !near(rep.Records.F1, tc.recordF1) {
				t.Fatalf("%d rows, record F1 %.3f; want %d, %.3f", len(rep.Attributes), rep.Records.F1, tc.rows, tc.recordF1)
			}
		})
	}
}

func TestScoreReportFields(t *testing.T) {
	tr := mustTruth(t, `{"page":"p1","records":[{"title":"T"}]}
{"page":"p2","records":[{"title":"U"}]}`)
	rs := mustResults(t, `{"page":"p1.htm","object":{"title":"T","price":"3"}}
{"page":"q.htm","object":{"title":"T"}}`)
	rep := Score(tr, rs, Options{})
	if rep.Pages != 2 || rep.PagesWithResults != 1 {
		t.Errorf("pages %d with results %d, want 2, 1", rep.Pages, rep.PagesWithResults)
	}
	if !reflect.DeepEqual(rep.UnknownPages, []string{"q.htm"}) || !reflect.DeepEqual(rep.UnscoredFields, []string{"price"}) {
		t.Errorf("unknown pages %v, unscored fields %v; want [q.htm], [price]", rep.UnknownPages, rep.UnscoredFields)
	}
	a := attr(t, rep, "title")
	want := []WrongPage{{Page: "p2", Outcome: Missing, Expected: []string{"U"}, Got: []string{}}}
	if !reflect.DeepEqual(a.Wrong, want) {
		t.Errorf("wrong pages %+v, want %+v", a.Wrong, want)
	}
}
