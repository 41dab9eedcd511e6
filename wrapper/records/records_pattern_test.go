package records

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// recordUpdating reports whether the test binary runs with -update (the
// flag is declared once for the package's golden tests).
func recordUpdating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// recordLearnSynth learns the pattern of synthetic template i from its ten
// sample pages.
func recordLearnSynth(t testing.TB, i int) *RecordPattern {
	t.Helper()
	tc := recordSynthTemplates[i]
	var samples []*annotate.Page
	for j, n := range []int{0, 1, 3, 5, 2, 7, 4, 1, 6, 3} {
		evs := recordSynthEvents(j, n)
		samples = append(samples, pagetest.Marked(t, fmt.Sprint(j), recordSynthPage(j, tc.render(j, evs)), recordSynthMarks(evs)))
	}
	rp, err := FindRecordPattern(samples, recordTestSOD(t), RecordOptions{})
	if err != nil {
		t.Fatalf("%s: FindRecordPattern: %v", tc.name, err)
	}
	return rp
}

// TestRecordPatternGolden compares RecordPattern.String() of the synthetic
// layouts with testdata/records/*.golden (rewrite them with -update).
func TestRecordPatternGolden(t *testing.T) {
	for i, tc := range recordSynthTemplates {
		t.Run(tc.name, func(t *testing.T) {
			got := recordLearnSynth(t, i).String()
			file := filepath.Join("testdata", "records", strings.ReplaceAll(tc.name, " ", "-")+".golden")
			if recordUpdating() {
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Fatalf("String() differs from %s (run with -update after checking):\ngot:\n%s\nwant:\n%s", file, got, want)
			}
		})
	}
}

// TestRecordPatternJSON checks that a pattern read back from its JSON form
// segments pages like the original.
func TestRecordPatternJSON(t *testing.T) {
	for i, tc := range recordSynthTemplates {
		t.Run(tc.name, func(t *testing.T) {
			rp := recordLearnSynth(t, i)
			data, err := json.Marshal(rp)
			if err != nil {
				t.Fatal(err)
			}
			var back RecordPattern
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatalf("Unmarshal(%s): %v", data, err)
			}
			if back.String() != rp.String() {
				t.Fatalf("String() after round trip:\n%s\nwant:\n%s", back.String(), rp.String())
			}
			evs := recordSynthEvents(7, 6)
			p, err := annotate.ParsePage([]byte(recordSynthPage(7, tc.render(7, evs))), "p", annotate.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			a, b := rp.Records(p), back.Records(p)
			if len(a) != len(evs) || len(b) != len(a) {
				t.Fatalf("Records: %d before, %d after the round trip, want %d", len(a), len(b), len(evs))
			}
			for j := range a {
				if recordText(a[j]) != recordText(b[j]) {
					t.Fatalf("record %d: %q after the round trip, want %q", j, recordText(b[j]), recordText(a[j]))
				}
			}
		})
	}
}

func TestRecordPatternUnmarshalErrors(t *testing.T) {
	tests := []struct{ name, json, want string }{
		{"empty parent", `{"head":"li","exemplars":["li"],"threshold":0.5}`, "empty parent path"},
		{"bad index", `{"parent":"html/body/ul[x]","head":"li","exemplars":["li"],"threshold":0.5}`, `step 3 ("ul[x]") has a bad index`},
		{"zero index", `{"parent":"html/body/ul[0]","head":"li","exemplars":["li"],"threshold":0.5}`, "bad index"},
		{"empty step", `{"parent":"html//ul","head":"li","exemplars":["li"],"threshold":0.5}`, "step 2 is empty"},
		{"no head", `{"parent":"html/body/ul","exemplars":["li"],"threshold":0.5}`, "no head tag"},
		{"no exemplar", `{"parent":"html/body/ul","head":"li","threshold":0.5}`, "no exemplar"},
		{"bad exemplar", `{"parent":"html/body/ul","head":"li","exemplars":["li(a"],"threshold":0.5}`, "exemplar 1: skeleton"},
		{"threshold", `{"parent":"html/body/ul","head":"li","exemplars":["li"],"threshold":1.5}`, "threshold 1.5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var rp RecordPattern
			err := json.Unmarshal([]byte(tc.json), &rp)
			var re *RecordError
			if !errors.As(err, &re) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Unmarshal error = %v, want a *RecordError containing %q", err, tc.want)
			}
		})
	}
}

func TestFindRecordPatternErrors(t *testing.T) {
	s := recordTestSOD(t)
	plain := pagetest.Marked(t, "a", `<html><body><ul><li>x</li><li>y</li></ul></body></html>`, nil)
	bodyOnly := pagetest.Marked(t, "b", `<html><body>BandAa Ensemble 1/1/2010 1 Main St, Springfield</body></html>`,
		map[string][]string{"artist": {"BandAa Ensemble"}, "date": {"1/1/2010"}, "address": {"1 Main St, Springfield"}})
	tests := []struct {
		name  string
		pages []*annotate.Page
		want  string
	}{
		{"no pages", nil, "none of the 0 sample pages holds an annotation"},
		{"no annotations", []*annotate.Page{plain}, "none of the 1 sample pages holds an annotation of a mandatory type (artist, date, address, performer)"},
		{"no structure", []*annotate.Page{bodyOnly}, "no repeated sibling structure"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := FindRecordPattern(tc.pages, s, RecordOptions{})
			var re *RecordError
			if !errors.As(err, &re) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("FindRecordPattern error = %v, want a *RecordError containing %q", err, tc.want)
			}
		})
	}
	if _, err := FindRecordPattern(nil, nil, RecordOptions{}); err == nil {
		t.Fatal("FindRecordPattern(nil SOD) succeeded")
	}
}

// TestRecordsNilSafe: a zero or nil pattern and odd pages give no records.
func TestRecordsNilSafe(t *testing.T) {
	p, _ := annotate.ParsePage([]byte("<ul><li>a</li></ul>"), "p", annotate.LoadOptions{})
	var nilRP *RecordPattern
	if got := nilRP.Records(p); got != nil {
		t.Fatalf("nil pattern: %d records", len(got))
	}
	if got := (&RecordPattern{}).Records(p); got != nil {
		t.Fatalf("zero pattern: %d records", len(got))
	}
	if got := recordLearnSynth(t, 0).Records(&annotate.Page{}); got != nil {
		t.Fatalf("empty page: %d records", len(got))
	}
}

// TestRecordsConcurrent: one pattern (learned, or built as a literal and
// never initialised) serves concurrent Records calls with equal results.
func TestRecordsConcurrent(t *testing.T) {
	learned := recordLearnSynth(t, 0)
	literal := &RecordPattern{Parent: learned.Parent, Head: learned.Head, Members: learned.Members,
		Exemplars: learned.Exemplars, Threshold: learned.Threshold}
	evs := recordSynthEvents(5, 9)
	page, err := annotate.ParsePage([]byte(recordSynthPage(5, recordSynthTemplates[0].render(5, evs))), "p", annotate.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, rp := range []*RecordPattern{learned, literal} {
		done := make(chan int)
		for range 4 {
			go func() { done <- len(rp.Records(page)) }()
		}
		for range 4 {
			if got := <-done; got != len(evs) {
				t.Fatalf("Records() gave %d records, want %d", got, len(evs))
			}
		}
	}
}

func TestRecordSiblingsPath(t *testing.T) {
	tests := []struct{ in, want string }{
		{"html/body/div[2]/ul[3]", "html/body/div[2]/ul"},
		{"html/body/div[2]/ul", "html/body/div[2]/ul"},
		{"html/body/div[2]", "html/body/div"},
		{"", ""},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if got := recordSiblingsPath(tc.in); got != tc.want {
				t.Fatalf("recordSiblingsPath(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
