package annotate

import (
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

func mustPage(t *testing.T, src string) *Page {
	t.Helper()
	p, err := ParsePage([]byte(src), "t.html", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestNewAnnotator(t *testing.T) {
	s, recs := bookSOD()
	a, err := NewAnnotator(s, recs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, et := range a.Types() {
		m := ""
		if et.Mandatory {
			m = "!"
		}
		got = append(got, et.Name+m)
	}
	if g, want := strings.Join(got, " "), "title! author! isbn! publisher date"; g != want {
		t.Fatalf("Types=%s, want %s", g, want)
	}
	delete(recs, "isbn")
	if _, err := NewAnnotator(s, recs, Options{}); err == nil || !strings.Contains(err.Error(), "isbn") {
		t.Fatalf("missing recognizer: err=%v, want one naming isbn", err)
	}
	if _, err := NewAnnotator(&sod.SOD{}, recs, Options{}); err == nil {
		t.Fatal("SOD without root: no error")
	}
}

func TestMandatory(t *testing.T) {
	x, y, z := entity("x", false), entity("y", false), entity("z", false)
	inner := &sod.Type{Name: "inner", Kind: sod.Tuple, Fields: []*sod.Field{field(x, sod.One)}}
	alt := &sod.Type{Name: "alt", Kind: sod.Disjunction, Alternatives: []*sod.Type{y}}
	s := tupleSOD("root",
		&sod.Field{Name: "inner", Type: inner, Mult: sod.Multiplicity{Min: 0, Max: 1}},
		&sod.Field{Name: "alt", Type: alt, Mult: sod.One},
		field(z, sod.Multiplicity{Min: 2, Max: 5}),
	)
	recs := map[string]recognizers.Recognizer{"x": newPhraseRec("x"), "y": newPhraseRec("y"), "z": newPhraseRec("z")}
	a, err := NewAnnotator(s, recs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{"x": false, "y": false, "z": true} {
		if got := a.Type(name).Mandatory; got != want {
			t.Errorf("%s.Mandatory=%v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]int{"x": 1, "y": 1, "z": 5} {
		if got := a.Type(name).MaxPerPage; got != want {
			t.Errorf("%s.MaxPerPage=%d, want %d", name, got, want)
		}
	}
	s.Mult = sod.Multiplicity{Min: 0, Max: sod.Unbounded} // a list page
	a, _ = NewAnnotator(s, recs, Options{})
	if got := a.Type("z").MaxPerPage; got != sod.Unbounded || !a.Type("z").Mandatory {
		t.Errorf("list page: z.MaxPerPage=%d Mandatory=%v, want unbounded, true", got, a.Type("z").Mandatory)
	}
}

func TestAnnotate(t *testing.T) {
	s, recs := bookSOD()
	a, err := NewAnnotator(s, recs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		html  string
		types []string
		want  string // dump
	}{
		{"whole node ignores punctuation", `<p><b>Publisher</b>: Penguin.</p>`, []string{"publisher"},
			"publisher\thtml/body/p/text()\t\"Penguin\"\tdictionary:publisher whole\n"},
		{"whole node rejects partial", `<p>Penguin Random House</p>`, []string{"publisher"}, ""},
		{"partial kept for other types", `<p>by Jane Austen, 1815</p>`, []string{"author"},
			"author\thtml/body/p/text()\t\"Jane Austen\"\tdictionary:author\tup=html/body/p\n"},
		{"propagation stops at siblings", `<div><span><a>Dune</a></span><i>x</i></div>`, []string{"title"},
			"title\thtml/body/div/span/a/text()\t\"Dune\"\tdictionary:title whole\tup=html/body/div/span/a,html/body/div/span\n"},
		{"several annotations on one node", `<p>Emma by Jane Austen</p>`, nil,
			"title\thtml/body/p/text()\t\"Emma\"\tdictionary:title\tup=html/body/p\n" +
				"author\thtml/body/p/text()\t\"Jane Austen\"\tdictionary:author\tup=html/body/p\n"},
		// Clean keeps one space at inline boundaries: " Penguin " in <a>
		// is still a whole-node match, and the span excludes the spaces.
		{"spaces kept by Clean ignored", "<p>Publisher: <a> Penguin </a> today</p>", []string{"publisher"},
			"publisher\thtml/body/p/a/text()\t\"Penguin\"\tdictionary:publisher whole\tup=html/body/p/a\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPage(t, tc.html)
			if err := a.Annotate(p, tc.types...); err != nil {
				t.Fatal(err)
			}
			if got := dump(p); got != tc.want {
				t.Fatalf("annotations\n got %q\nwant %q", got, tc.want)
			}
			for _, an := range p.Annotations {
				if !containsAnn(p.ByNode[an.Node], an) {
					t.Fatalf("ByNode misses %v on its node", an.Type)
				}
				for _, u := range an.Up {
					if !containsAnn(p.ByNode[u], an) {
						t.Fatalf("ByNode misses %v on %s", an.Type, NodePath(u))
					}
				}
			}
		})
	}
}

func containsAnn(s []*Annotation, a *Annotation) bool {
	for _, x := range s {
		if x == a {
			return true
		}
	}
	return false
}

// Annotating type by type gives the same result, in document order, as
// annotating all at once, and annotating again does not duplicate.
func TestAnnotateIncremental(t *testing.T) {
	s, recs := bookSOD()
	a, _ := NewAnnotator(s, recs, Options{})
	src, _ := readTestdata(t, "book.html")
	all := mustPage(t, src)
	if err := a.Annotate(all); err != nil {
		t.Fatal(err)
	}
	inc := mustPage(t, src)
	for _, typ := range []string{"date", "author", "isbn", "title", "publisher", "author"} {
		if err := a.Annotate(inc, typ); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := dump(inc), dump(all); got != want {
		t.Fatalf("incremental\n%s\nall at once\n%s", got, want)
	}
	if err := a.Annotate(inc, "nope"); err == nil {
		t.Fatal("unknown type: no error")
	}
}

func TestAnnotateIn(t *testing.T) {
	s, recs := bookSOD()
	a, _ := NewAnnotator(s, recs, Options{})
	p := mustPage(t, `<div>Dune</div><div>Emma</div>`)
	if err := a.AnnotateIn(p, FindPath(p.Doc, "html/body/div[2]"), "title"); err != nil {
		t.Fatal(err)
	}
	if got, want := dump(p), "title\thtml/body/div[2]/text()\t\"Emma\"\tdictionary:title whole\tup=html/body/div[2]\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestAnnotateRecognizerError(t *testing.T) {
	s, recs := bookSOD()
	timeout := errors.New("match timeout")
	recs["isbn"] = &regexRec{name: "regex", re: regexp.MustCompile("x"), err: timeout}
	a, _ := NewAnnotator(s, recs, Options{})
	p := mustPage(t, `<p>Dune 9780441172719</p>`)
	err := a.Annotate(p)
	var te *TypeError
	if !errors.As(err, &te) || te.Type != "isbn" || te.Page != "t.html" || !errors.Is(err, timeout) {
		t.Fatalf("err=%v, want a *TypeError for t.html and isbn wrapping the timeout", err)
	}
	if len(p.Annotations) != 0 {
		t.Fatalf("page changed by a failed Annotate: %s", dump(p))
	}
}

func TestMinConfidence(t *testing.T) {
	s, recs := bookSOD()
	a, _ := NewAnnotator(s, recs, Options{MinConfidence: 0.9}) // phraseRec says 0.8
	p := mustPage(t, `<p>Dune</p><p>9780441172719</p>`)
	if err := a.Annotate(p); err != nil {
		t.Fatal(err)
	}
	if got, want := dump(p), "isbn\thtml/body/p[2]/text()\t\"9780441172719\"\tregex:isbn whole\tup=html/body/p[2]\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestCoversWhole(t *testing.T) {
	tests := []struct {
		s          string
		start, end int
		want       bool
	}{
		{"abc", 0, 3, true},
		{": abc.", 2, 5, true},
		{"(abc)", 1, 4, true},
		{"x abc", 2, 5, false},
		{"abc d", 0, 3, false},
		{"::", 0, 2, true},
		{"::", 0, 1, false},
	}
	for _, tc := range tests {
		if got := coversWhole(tc.s, tc.start, tc.end); got != tc.want {
			t.Errorf("coversWhole(%q,%d,%d)=%v, want %v", tc.s, tc.start, tc.end, got, tc.want)
		}
	}
}

func readTestdata(t *testing.T, name string) (string, error) {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), nil
}

func TestAnnotateTrimsSpans(t *testing.T) {
	s, recs := bookSOD()
	recs["title"] = &regexRec{name: "regex:title", re: regexp.MustCompile(`\s*Dune\s*`)}
	a, err := NewAnnotator(s, recs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := mustPage(t, `<p>Read <i> Dune </i> now</p>`)
	if err := a.Annotate(p, "title"); err != nil {
		t.Fatal(err)
	}
	if len(p.Annotations) != 1 {
		t.Fatalf("%d annotations, want 1:\n%s", len(p.Annotations), dump(p))
	}
	an := p.Annotations[0]
	if got, want := an.Node.Data, " Dune "; got != want {
		t.Fatalf("node text %q, want %q (Clean keeps the spaces at inline boundaries)", got, want)
	}
	if got := an.Text(); got != "Dune" || !an.Whole {
		t.Fatalf("annotation %q whole=%v, want \"Dune\" whole", got, an.Whole)
	}
}

// TestAnnotateMemo checks that the memo of results by text changes nothing
// (same annotations with it, without it, and when it is full), and that it
// holds at most CacheEntries texts.
func TestAnnotateMemo(t *testing.T) {
	s, recs := bookSOD()
	src := `<div><p>Dune</p><p>Emma by Jane Austen, 9780441172719</p><p>Dune</p><p>Penguin</p></div>`
	var want string
	for _, tc := range []struct {
		name    string
		entries int
	}{{"off", -1}, {"default", 0}, {"full after one", 1}} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := NewAnnotator(s, recs, Options{CacheEntries: tc.entries})
			if err != nil {
				t.Fatal(err)
			}
			for range 2 { // the second page reads the memo
				p := mustPage(t, src)
				if err := a.Annotate(p); err != nil {
					t.Fatal(err)
				}
				got := dump(p)
				if want == "" {
					want = got
				}
				if got != want || got == "" {
					t.Fatalf("annotations\n got %q\nwant %q", got, want)
				}
			}
			if tc.entries > 0 && len(a.memo.m) != tc.entries {
				t.Fatalf("memo holds %d texts, want %d", len(a.memo.m), tc.entries)
			}
			if tc.entries < 0 && a.memo != nil {
				t.Fatal("memo enabled with CacheEntries < 0")
			}
		})
	}
}
