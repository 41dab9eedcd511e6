package records

import (
	"math"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// recordMustTree parses a skeleton for a test, failing on error.
func recordMustTree(t testing.TB, s string) *recordTree {
	t.Helper()
	tr, err := recordParseTree(s)
	if err != nil {
		t.Fatalf("recordParseTree(%q): %v", s, err)
	}
	return tr
}

func TestRecordSimilarity(t *testing.T) {
	tests := []struct {
		name  string
		a, b  string
		match int     // W(A,B), STM's number of mapped pairs
		sim   float64 // 2W / (|A|+|B|)
		// unordered is recordSimilarity: the better of sim and the score
		// of the trees with sorted children (0: sim)
		unordered float64
	}{
		{"identical", "tr(td(#),td(a(#)))", "tr(td(#),td(a(#)))", 6, 1, 0},
		{"different roots", "tr(td(#))", "li(td(#))", 0, 0, 0},
		{"leaf against tree", "li", "li(a(#))", 1, 2.0 / 4, 0},
		{"optional child", "li(a(#),span(#))", "li(a(#))", 3, 6.0 / 8, 0},
		{"order preserved, no crossing", "r(a,b)", "r(b,a)", 2, 4.0 / 6, 1},
		{"rows in another order", "dl(dt(#),dd(b(#),a(#)),dd(b(#),span(#)),dd(b(#),ul(li(#))))", "dl(dt(#),dd(b(#),ul(li(#))),dd(b(#),a(#)),dd(b(#),span(#)))", 13, 26.0 / 38, 1},
		{"sorting merges no rows", "r(a(#),b,a(#))", "r(a(#),b)", 4, 8.0 / 10, 0},
		{"no level crossing", "r(a(b))", "r(b)", 1, 2.0 / 5, 0},
		{"best of two alignments", "r(a(#),b(#),a(i))", "r(a(i),c)", 3, 6.0 / 11, 0},
		{"nested list collapsed", "ul(li(#),li(#),li(#))", "ul(li(#))", 3, 1, 0},
		{"text is one label", "p(#)", "p(b)", 1, 2.0 / 4, 0},
		{"repeated siblings count once", "@(dt(a(#)),dd(#),dd(#))", "@(dt(a(#)),dd(#))", 6, 1, 0},
		{"group with optional member", "@(dt(a(#)),dd(#),dd(b(#)))", "@(dt(a(#)),dd(#))", 6, 12.0 / 15, 0},
		{"group against single", "@(dt(a(#)),dd(#))", "dt(a(#))", 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, b := recordMustTree(t, tc.a), recordMustTree(t, tc.b)
			if got := recordMatch(a, b); got != tc.match {
				t.Fatalf("recordMatch(%s, %s) = %d, want %d", a, b, got, tc.match)
			}
			if got := recordMatch(b, a); got != tc.match {
				t.Fatalf("recordMatch(%s, %s) = %d, want %d (symmetry)", b, a, got, tc.match)
			}
			if got := recordStm(a, b); math.Abs(got-tc.sim) > 1e-9 {
				t.Fatalf("recordStm(%s, %s) = %v, want %v", a, b, got, tc.sim)
			}
			want := tc.unordered
			if want == 0 {
				want = tc.sim
			}
			if got := recordSimilarity(a, b); math.Abs(got-want) > 1e-9 {
				t.Fatalf("recordSimilarity(%s, %s) = %v, want %v", a, b, got, want)
			}
			if got := recordSimilarity(b, a); math.Abs(got-want) > 1e-9 {
				t.Fatalf("recordSimilarity(%s, %s) = %v, want %v (symmetry)", b, a, got, want)
			}
		})
	}
}

func TestRecordSkeleton(t *testing.T) {
	tests := []struct {
		name    string
		html    string // the body's children are the nodes
		grouped bool
		want    string
	}{
		{"one element", `<li><a href=x>A</a> and <b>B</b></li>`, false, "li(a(#),#,b(#))"},
		{"list collapsed", `<ul><li>a</li><li>b</li><li><i>c</i></li><li>d</li></ul>`, false, "ul(li(#),li(i(#)),li(#))"},
		{"list of period 2", `<span>By <a>A</a>, <a>B</a>, <a>C</a></span>`, false, "span(#,a(#))"},
		{"group", `<dt>A</dt><dd>1</dd><dd>2</dd>`, true, "@(dt(#),dd(#))"},
		{"group of one", `<dt>A</dt>`, true, "@(dt(#))"},
		{"odd tag names are escaped", `<a(b>x</a(b>`, false, "_a_b(#)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := annotate.ParsePage([]byte("<html><body>"+tc.html+"</body></html>"), "t", annotate.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			body := annotate.FindPath(p.Doc, "html/body")
			var nodes []*html.Node
			for c := body.FirstChild; c != nil; c = c.NextSibling {
				nodes = append(nodes, c)
			}
			got := recordSkeleton(nodes, tc.grouped)
			if got.String() != tc.want {
				t.Fatalf("recordSkeleton() = %s, want %s", got, tc.want)
			}
			back := recordMustTree(t, got.String())
			if back.String() != got.String() || back.size != got.size {
				t.Fatalf("round trip: %s (size %d), want %s (size %d)", back, back.size, got, got.size)
			}
		})
	}
}

func TestRecordParseTreeErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "missing label"},
		{"a(", "missing label"},
		{"a(b", "unclosed"},
		{"a(b))", "unexpected"},
		{"(a)", "missing label"},
		{strings.Repeat("a(", 600) + "b" + strings.Repeat(")", 600), "nested deeper"},
	}
	for _, tc := range tests {
		t.Run(tc.in[:min(len(tc.in), 10)], func(t *testing.T) {
			_, err := recordParseTree(tc.in)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("recordParseTree(%q) error = %v, want one containing %q", tc.in, err, tc.want)
			}
		})
	}
}
