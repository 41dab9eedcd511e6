package wrapper

import (
	"bytes"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/wrapper/records"
)

// TestRecordQuestions: a records question is asked when the runner-up
// segmentation scores close to the one chosen (AskRatio), not when it
// is far or the records are pinned; its candidates pin the
// segmentation, show the pages where the two count differently first,
// and print as records.
func TestRecordQuestions(t *testing.T) {
	page := func(i, n int) records.RecordAltPage {
		return records.RecordAltPage{Index: i, Path: "p" + string(rune('0'+i)) + ".html", Records: n, First: "first record", FirstPath: "html/body/ul/li[1]"}
	}
	alts := func(other float64) []records.RecordAlternative {
		return []records.RecordAlternative{
			{At: "html/body/ul > li", Score: 0.5, Chosen: true, Pages: []records.RecordAltPage{page(0, 3), page(1, 4), page(2, 5), page(3, 2)}},
			{At: "html/body > ul", Score: other, Pages: []records.RecordAltPage{page(0, 3), page(1, 1), page(3, 1)}},
		}
	}
	for _, tc := range []struct {
		name  string
		alts  []records.RecordAlternative
		pins  []Pin
		ask   bool
		pages []int // the sample pages shown
	}{
		{"close", alts(0.46), nil, true, []int{1, 2, 3}},
		{"above", alts(0.6), nil, true, []int{1, 2, 3}},
		{"far", alts(0.3), nil, false, nil},
		{"pinned", alts(0.46), []Pin{{Records: "html/body > ul"}}, false, nil},
		{"one alternative", alts(0.46)[:1], nil, false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := &mapping.State{Records: &RecordPattern{Alternatives: tc.alts}, Options: Options{Pins: tc.pins}}
			qs := w.Questions()
			if !tc.ask {
				if len(qs) != 0 {
					t.Fatalf("asked %+v", qs)
				}
				return
			}
			if len(qs) != 1 || qs[0].Kind != QuestionRecords || qs[0].Field != "" || len(qs[0].Candidates) != 2 {
				t.Fatalf("questions %+v, want one on the records with two candidates", qs)
			}
			q := qs[0]
			for k, c := range q.Candidates {
				if p := c.Pin(q.Field); !reflect.DeepEqual(p, Pin{Records: tc.alts[k].At}) || p.Check() != nil {
					t.Errorf("candidate %d pins %+v (check %v)", k+1, p, p.Check())
				}
				var got []int
				for _, s := range c.Samples {
					got = append(got, s.Index)
				}
				want := slices.DeleteFunc(slices.Clone(tc.pages), func(i int) bool {
					return !slices.ContainsFunc(tc.alts[k].Pages, func(p records.RecordAltPage) bool { return p.Index == i })
				})
				if !slices.Equal(got, want) {
					t.Errorf("candidate %d shows pages %v, want %v", k+1, got, want)
				}
			}
			var b bytes.Buffer
			WriteQuestions(&b, qs)
			for _, want := range []string{"Question 1 of 1: the records", "[1] records at html/body/ul > li, chosen", "p2.html: 5 record(s), the first \"first record\""} {
				if !strings.Contains(b.String(), want) {
					t.Errorf("printed question lacks %q:\n%s", want, b.String())
				}
			}
		})
	}
}

// TestRecordsPin: a records answer is read from an answers file alone;
// with a field or anything else it is an error, and twice is an error at
// Induce; on a list source it changes the records or, naming no
// segmentation, is reported (NotePin).
func TestRecordsPin(t *testing.T) {
	for _, tc := range []struct {
		json, err string
	}{
		{`{"answers":[{"records":"html/body/ul > li"}]}`, ""},
		{`{"answers":[{"records":"html/body/ul > li","field":"price"}]}`, "answers[0]: records \"html/body/ul > li\": a records answer names no field"},
		{`{"answers":[{"records":"html/body/ul > li","slot":3}]}`, "names no field and nothing else"},
	} {
		_, err := ReadAnswers(strings.NewReader(tc.json), "a.json")
		if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %q", tc.json, err, tc.err)
		}
	}
	c := loadCase(t, filepath.Join("testdata", "induce", "list-books"))
	twice := c.opt
	twice.Pins = []Pin{{Records: "a > b"}, {Records: "c > d"}}
	if _, err := Induce(c.pages, c.sod, twice); err == nil || !strings.Contains(err.Error(), "pinned twice") {
		t.Errorf("two records answers: error %v", err)
	}
	w, err := Induce(c.pages, c.sod, c.opt)
	if err != nil || w.Mode() != ModeRecords {
		t.Fatalf("mode %v, err %v", w.Mode(), err)
	}
	rp := w.RecordPattern()
	gone := c.opt
	gone.Pins = []Pin{{Records: "html/nowhere > li"}}
	g, err := Induce(c.pages, c.sod, gone)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(g.Notes(c.pages), func(n mapping.Note) bool {
		return n.Kind == mapping.NotePin && strings.Contains(n.Message, "html/nowhere > li")
	}) {
		t.Errorf("a records answer naming no segmentation is not reported: %+v", g.Notes(c.pages))
	}
	if g.RecordPattern().String() != rp.String() {
		t.Errorf("a records answer naming no segmentation changed the records:\n%s", g.RecordPattern())
	}
	if len(rp.Alternatives) < 2 {
		t.Skipf("list-books has no runner-up segmentation to pin")
	}
	to := c.opt
	to.Pins = []Pin{{Records: rp.Alternatives[1].At}}
	p, err := Induce(c.pages, c.sod, to)
	if err != nil {
		t.Logf("the runner-up segmentation does not meet the SOD: %v", err)
		return
	}
	if p.Mode() == ModeRecords && (p.RecordPattern().Pinned != rp.Alternatives[1].At || p.RecordPattern().String() == rp.String()) {
		t.Errorf("pinned to %s, the records are cut at:\n%s", rp.Alternatives[1].At, p.RecordPattern())
	}
	if slices.ContainsFunc(p.Notes(c.pages), func(n mapping.Note) bool { return n.Kind == mapping.NotePin }) != (p.Mode() != ModeRecords) {
		t.Errorf("mode %s, notes %+v", p.Mode(), p.Notes(c.pages))
	}
}
