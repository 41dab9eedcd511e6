package records

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"golang.org/x/net/html"
)

// recordSource is one generated list-page source of examples/, loaded once.
type recordSource struct {
	name     string
	sod      *sod.SOD
	pages    []*annotate.Page // every page, sorted by name
	expected map[string][]recordExpected
	samples  []*annotate.Page // annotated sample pages (recordSample offset 0)

	annotator *annotate.Annotator
	mu        sync.Mutex
}

// recordSample returns recordSampleSize pages of src spread evenly over the
// sorted page list, starting at offset, annotated (the choice never looks
// at the answers; offsets give other, equally blind, samples).
func recordSample(t testing.TB, src *recordSource, offset int) []*annotate.Page {
	t.Helper()
	src.mu.Lock()
	defer src.mu.Unlock()
	var out []*annotate.Page
	for i := 0; i < recordSampleSize && len(src.pages) > 0; i++ {
		p := src.pages[(i*len(src.pages)/recordSampleSize+offset)%len(src.pages)]
		if p.ByNode == nil {
			if err := src.annotator.Annotate(p); err != nil {
				t.Fatal(err)
			}
		}
		out = append(out, p)
	}
	return out
}

// recordExpected is one line of expected.jsonl.
type recordExpected struct {
	Page   string         `json:"page"`
	Index  int            `json:"index"`
	Object map[string]any `json:"object"`
}

var recordSources sync.Map // name -> *recordSource

// recordSampleSize is the number of pages FindRecordPattern learns from.
const recordSampleSize = 10

// recordLoadSource loads examples/<name>, annotates recordSampleSize pages
// spread evenly over the sorted page list (no look at the answers) and
// caches the result for the test binary's lifetime.
func recordLoadSource(t testing.TB, name string) *recordSource {
	t.Helper()
	if v, ok := recordSources.Load(name); ok {
		return v.(*recordSource)
	}
	dir := filepath.Join("..", "examples", name)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("%s: example source not found: %v", dir, err)
	}
	s, err := sod.Load(filepath.Join(dir, "sod.toml"))
	if err != nil {
		t.Fatal(err)
	}
	src := &recordSource{name: name, sod: s, expected: map[string][]recordExpected{}}
	src.annotator = recordAnnotator(t, src)
	files, _ := filepath.Glob(filepath.Join(dir, "pages", "*.html"))
	sort.Strings(files)
	for _, f := range files {
		p, err := annotate.ReadPage(f, filepath.Base(f), annotate.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		src.pages = append(src.pages, p)
	}
	src.samples = recordSample(t, src, 0)
	f, err := os.Open(filepath.Join(dir, "expected.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e recordExpected
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("%s/expected.jsonl: %v", dir, err)
		}
		src.expected[e.Page] = append(src.expected[e.Page], e)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	recordSources.Store(name, src)
	return src
}

// recordText is the visible text of a record's nodes.
func recordText(nodes []*html.Node) string {
	parts := make([]string, 0, len(nodes))
	for _, n := range nodes {
		if s := annotate.Text(n); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " ")
}

// recordHolds reports whether text holds every value of e: each
// single value somewhere, the values of a list in order.
func recordHolds(text string, e recordExpected) bool {
	for _, v := range e.Object {
		switch v := v.(type) {
		case string:
			if !strings.Contains(text, v) {
				return false
			}
		case []any:
			rest := text
			for _, x := range v {
				s, _ := x.(string)
				i := strings.Index(rest, s)
				if i < 0 {
					return false
				}
				rest = rest[i+len(s):]
			}
		}
	}
	return true
}

// recordAlign counts the predicted records that match an expected record,
// in a monotone (order-preserving) one-to-one alignment.
func recordAlign(texts []string, exp []recordExpected) int {
	m := make([][]int, len(texts)+1)
	for i := range m {
		m[i] = make([]int, len(exp)+1)
	}
	for i := 1; i <= len(texts); i++ {
		for j := 1; j <= len(exp); j++ {
			best := max(m[i-1][j], m[i][j-1])
			if recordHolds(texts[i-1], exp[j-1]) {
				best = max(best, m[i-1][j-1]+1)
			}
			m[i][j] = best
		}
	}
	return m[len(texts)][len(exp)]
}

// TestRecordsExamples learns a pattern on ten annotated pages of each
// generated list source — three different samples per source — and checks
// the records of every page against expected.jsonl: a record is right when
// it holds every value of the expected record at its place (lists in
// order), in a one-to-one, order-preserving alignment. The floors are what
// the current code reaches (a ratchet; the target is 1.0).
func TestRecordsExamples(t *testing.T) {
	tests := []struct {
		source            string
		precision, recall float64
	}{
		{"concerts-a", 1, 1},
		{"concerts-b", 1, 1},
		{"concerts-c", 1, 1},
		{"books-a", 1, 1},
		{"books-b", 1, 1},
		{"books-c", 1, 1},
	}
	for _, tc := range tests {
		for offset := range 3 {
			t.Run(fmt.Sprintf("%s/sample%d", tc.source, offset), func(t *testing.T) {
				src := recordLoadSource(t, tc.source)
				rp, err := FindRecordPattern(recordSample(t, src, offset), src.sod, RecordOptions{})
				if err != nil {
					t.Fatalf("FindRecordPattern: %v", err)
				}
				t.Logf("pattern:\n%s", rp)
				predicted, expected, correct, pagesOK := 0, 0, 0, 0
				for _, p := range src.pages {
					recs := rp.Records(p)
					exp := src.expected[p.Path]
					texts := make([]string, len(recs))
					for i, r := range recs {
						texts[i] = recordText(r)
					}
					ok := recordAlign(texts, exp)
					predicted += len(recs)
					expected += len(exp)
					correct += ok
					if len(recs) == len(exp) && ok == len(exp) {
						pagesOK++
					} else {
						t.Logf("%s: %d records, want %d (%d match)", p.Path, len(recs), len(exp), ok)
					}
				}
				prec, rec := 1.0, 1.0
				if predicted > 0 {
					prec = float64(correct) / float64(predicted)
				}
				if expected > 0 {
					rec = float64(correct) / float64(expected)
				}
				t.Logf("%s: precision %.3f (%d/%d), recall %.3f (%d/%d), pages exact %d/%d",
					tc.source, prec, correct, predicted, rec, correct, expected, pagesOK, len(src.pages))
				if prec < tc.precision || rec < tc.recall {
					t.Errorf("precision %.3f, recall %.3f; want at least %.3f, %.3f", prec, rec, tc.precision, tc.recall)
				}
			})
		}
	}
}

// recordAnnotator builds an annotator for src (dictionaries of the source).
func recordAnnotator(t testing.TB, src *recordSource) *annotate.Annotator {
	t.Helper()
	dir := filepath.Join("..", "examples", src.name)
	classes := map[string][]string{}
	dicts, _ := filepath.Glob(filepath.Join(dir, "dictionaries", "*.txt"))
	for _, f := range dicts {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var entries []string
		for _, l := range strings.Split(string(data), "\n") {
			if l = strings.TrimSpace(l); l != "" {
				entries = append(entries, l)
			}
		}
		classes[strings.TrimSuffix(filepath.Base(f), ".txt")] = entries
	}
	recs, err := recognizers.ForSOD(src.sod, recognizers.NewMemoryDictionaries(classes))
	if err != nil {
		t.Fatal(err)
	}
	ann, err := annotate.NewAnnotator(src.sod, recs, annotate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return ann
}
