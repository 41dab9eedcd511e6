package records

import (
	"encoding/json"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// FuzzRecords applies learned patterns to arbitrary bytes parsed as a
// page: Records must not panic, and every record must be a non-empty run
// of consecutive siblings.
func FuzzRecords(f *testing.F) {
	var patterns []*RecordPattern
	for i, tc := range recordSynthTemplates {
		patterns = append(patterns, recordLearnSynth(f, i))
		evs := recordSynthEvents(i, 3)
		f.Add([]byte(recordSynthPage(i, tc.render(i, evs))))
	}
	f.Add([]byte(""))
	f.Add([]byte("<table><tr><td><tr><td></table><dl><dt>a<dd>b<dt>c"))
	f.Add([]byte("<html><body><div><div><div><dl><dt><a>x</a><dd>y</dd></dl>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := annotate.ParsePage(data, "fuzz", annotate.LoadOptions{})
		if err != nil {
			return
		}
		for _, rp := range patterns {
			for _, r := range rp.Records(p) {
				if len(r) == 0 {
					t.Fatal("empty record")
				}
				for i := 1; i < len(r); i++ {
					if r[i-1].NextSibling != r[i] {
						t.Fatalf("record nodes %d and %d are not consecutive siblings", i-1, i)
					}
				}
			}
		}
	})
}

// FuzzRecordPatternJSON reads arbitrary bytes as a saved pattern: reading
// must not panic, and a pattern that reads must apply without panicking.
func FuzzRecordPatternJSON(f *testing.F) {
	page, err := annotate.ParsePage([]byte(recordSynthPage(1, recordSynthTemplates[0].render(1, recordSynthEvents(1, 4)))), "p", annotate.LoadOptions{})
	if err != nil {
		f.Fatal(err)
	}
	for i := range recordSynthTemplates {
		data, err := json.Marshal(recordLearnSynth(f, i))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"parent":"html/body/ul[2]","head":"li","members":["#"],"exemplars":["li(a(#),@(b))"],"threshold":0.5}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var rp RecordPattern
		if json.Unmarshal(data, &rp) != nil {
			return
		}
		_ = rp.String()
		for _, r := range rp.Records(page) {
			if len(r) == 0 || r[0].Type == html.DocumentNode {
				t.Fatal("bad record")
			}
		}
	})
}
