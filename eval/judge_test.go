package eval

import (
	"strings"
	"testing"
)

// TestJudge checks the per-value verdict against the page's true values.
func TestJudge(t *testing.T) {
	tr := mustTruth(t, `{"page":"p1.html","records":[{"title":"  The  Road ","author":["A","B"]},{"title":"Other"}]}
{"page":"p2.html","records":[{"title":"X","where":{"name":"Hall"}}]}
{"page":"p3.html","records":[]}
{"page":"p5.html","records":[{"price":"MSRP: $61,550","title":"Foreign Influence: A Thriller, Vol. 2"}]}`)
	for _, tc := range []struct {
		page, field, value string
		want               Judgement
	}{
		{"p1.htm", "title", "The Road", ValueRight},
		{"p1.htm", "title", "The Road.", ValueRight}, // trimmed punctuation
		{"p1.htm", "title", "Other", ValueRight},     // another record of the page
		{"p1.htm", "title", "Road", ValueWrong},
		{"p1.htm", "author", "B", ValueRight},
		{"p1.htm", "author", "The Road", ValueWrong}, // another field's value
		{"p1.htm", "title", " - ", ValueWrong},       // normalises to nothing
		{"sub/p2.html", "where.name", "Hall", ValueRight},
		{"p2.htm", "name", "Hall", ValueWrong},
		{"p3.htm", "title", "X", ValueWrong}, // labelled page without objects
		{"p4.htm", "title", "X", ValueUnlabelled},
		{"p5.htm", "price", "$61,550", ValueRight},       // label-free text
		{"p5.htm", "price", "MSRP: $61,550", ValueRight}, // the whole text
		{"p5.htm", "price", "MSRP", ValueWrong},
		{"p5.htm", "title", "A Thriller, Vol. 2", ValueRight}, // a two-word "label": accepted (documented)
	} {
		if got := tr.Judge(tc.page, tc.field, tc.value); got != tc.want {
			t.Errorf("Judge(%q, %q, %q) = %v, want %v", tc.page, tc.field, tc.value, got, tc.want)
		}
	}
}

// TestOnly checks that restricting a truth to the pages present scores
// those pages alone.
func TestOnly(t *testing.T) {
	tr := mustTruth(t, `{"page":"0000","records":[{"a":"x"}]}
{"page":"0001","records":[{"a":"y"}]}
{"page":"0002","records":[{"a":"z"}]}`)
	res := mustResults(t, `{"page":"0000.htm","object":{"a":"x"}}
{"page":"0002.htm","object":{"a":"z"}}`)
	if r := attr(t, Score(tr, res, Options{}), "a"); near(r.Value.Recall, 1) {
		t.Fatalf("full truth: recall %v, want below 1 (page 0001 missed)", r.Value.Recall)
	}
	sub := tr.Only([]string{"0000.htm", "0002.htm", "0002.htm", "9999.htm"})
	if len(sub.Pages) != 2 || sub.Pages[0].Name != "0000" || sub.Pages[1].Name != "0002" {
		t.Fatalf("Only kept %d pages", len(sub.Pages))
	}
	if r := attr(t, Score(sub, res, Options{}), "a"); !near(r.Value.F1, 1) {
		t.Errorf("restricted truth: F1 %v, want 1", r.Value.F1)
	}
	if tr.Page("0001.htm") == nil {
		t.Error("Only changed the original truth")
	}
}

// TestReliability checks binning, precision and the edges.
func TestReliability(t *testing.T) {
	r := NewReliability()
	for _, v := range []struct {
		c     float64
		right bool
	}{{0, false}, {0.49, true}, {0.5, true}, {0.7, false}, {0.9, true}, {0.99, true}, {1, true}, {1.5, false}, {-1, false}} {
		r.Add(v.c, v.right)
	}
	want := [][2]int{{3, 1}, {1, 1}, {1, 0}, {1, 1}, {3, 2}} // values, right per bin
	for i, b := range r.Bins {
		if b.Values != want[i][0] || b.RightValues != want[i][1] {
			t.Errorf("bin %d [%v,%v]: %d values, %d right; want %v", i, b.Low, b.High, b.Values, b.RightValues, want[i])
		}
	}
	if n, ok := r.Total(0.9); n != 4 || ok != 3 {
		t.Errorf("Total(0.9) = %d, %d; want 4, 3", n, ok)
	}
	o := NewReliability()
	o.Add(0.95, false)
	r.Merge(o)
	if b := r.Bins[3]; b.Values != 2 || !near(b.Precision(), 0.5) || !near(b.MeanConfidence(), 0.925) {
		t.Errorf("after Merge: bin 3 %+v", b)
	}
	var sb strings.Builder
	r.WriteText(&sb)
	if got := strings.Count(sb.String(), "\n"); got != 7 {
		t.Errorf("WriteText: %d lines, want 7:\n%s", got, sb.String())
	}
	if !strings.Contains(sb.String(), "[0.99,1.00]") {
		t.Errorf("WriteText: last bin not closed:\n%s", sb.String())
	}
}

// TestLabelFree checks which leading labels are removed.
func TestLabelFree(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"MSRP: $61,550", "$61,550"},
		{"Date Posted: 05/20/2011", "05/20/2011"},
		{"Height: 6'10'", "6'10'"},
		{"Time: 8:00 pm", "8:00 pm"},
		{"Boston Celtics", ""},
		{"ISBN 13: 978", ""},          // a digit in the label
		{"One two three four: x", ""}, // too many words
		{": June 2010", ""},           // no label
		{"Price:", ""},                // nothing after it
	} {
		if got := labelFree(tc.in); got != tc.want {
			t.Errorf("labelFree(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestScoreLabelledTruth checks that SWDE-style truth written with its
// label scores the bare value as right, on values and records.
func TestScoreLabelledTruth(t *testing.T) {
	tr := mustTruth(t, `{"page":"p1","records":[{"price":"MSRP: $61,550","team":"Boston Celtics"}]}`)
	res := mustResults(t, `{"page":"p1.htm","object":{"price":"$61,550","team":"Boston Celtics"}}`)
	rep := Score(tr, res, Options{})
	if a := attr(t, rep, "price"); !near(a.Value.F1, 1) {
		t.Errorf("price F1 %v, want 1", a.Value.F1)
	}
	if !near(rep.Records.F1, 1) {
		t.Errorf("records F1 %v, want 1", rep.Records.F1)
	}
}
