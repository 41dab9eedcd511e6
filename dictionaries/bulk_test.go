package dictionaries

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// bulkScenario runs the same imports and growth on s: word lists with
// duplicates and TSV counts, re-imports, growth of imported and new names,
// and an import under another source after growth.
func bulkScenario(t *testing.T, s *Store, names []string) []ImportReport {
	t.Helper()
	var reps []ImportReport
	ctx := context.Background()
	half := len(names) / 2
	first := strings.Join(names[:half], "\n") + "\n" + strings.Join(names[:half/10], "\n") + "\n"
	imp := func(r string, o ImportOptions) {
		t.Helper()
		rep, err := s.Import(ctx, "c", strings.NewReader(r), o)
		if err != nil {
			t.Fatal(err)
		}
		rep.Batches = 0 // the Bleve-only layout writes no segment
		reps = append(reps, rep)
	}
	imp(first, ImportOptions{Source: "a.txt"})
	var tsv strings.Builder
	for i, n := range names[half/2:] {
		fmt.Fprintf(&tsv, "%s\t%d\t%.2f\n", n, 1+i%3, 0.5+float64(i%5)/10)
		if i%7 == 0 { // the same name again, another count
			fmt.Fprintf(&tsv, "%s\t%d\n", n, 2+i%4)
		}
	}
	imp(tsv.String(), ImportOptions{Source: "b.tsv", Format: FormatTSV})
	// The same source again (records observed through their own
	// provenance): the same counts (unchanged), a name whose count changes
	// and changes back in one batch, a higher confidence.
	tsv.Reset()
	for i, n := range names[half/2 : half/2+half] {
		c := 1 + i%3
		if i%7 == 0 {
			c = 2 + i%4
		}
		if i%5 == 0 {
			fmt.Fprintf(&tsv, "%s\t9\n", n)
		}
		conf := 0.5
		if i%11 == 0 {
			conf = 0.95
		}
		fmt.Fprintf(&tsv, "%s\t%d\t%.2f\n", n, c, conf)
	}
	imp(tsv.String(), ImportOptions{Source: "b.tsv", Format: FormatTSV})
	var obs []Observation
	for i := 0; i < len(names); i += 13 {
		obs = append(obs, Observation{Value: names[i], Confidence: 0.9, Source: "src", Page: fmt.Sprint(i % 5)})
	}
	obs = append(obs, Observation{Value: "A Grown Name Only", Confidence: 0.7, Source: "src", Page: "p"})
	if _, err := s.Grow("c", obs); err != nil {
		t.Fatal(err)
	}
	imp(first, ImportOptions{Source: "a.txt"})
	imp(strings.Join(names[len(names)-50:], "\n"), ImportOptions{Source: "c.txt"})
	return reps
}

// TestBulkSameAsBleve checks that a class imported into bulk segments
// holds exactly what the same imports and growth gave with one Bleve
// document per name: every entry (counts, confidences, provenance, times),
// the reports, the statistics, look-ups, the export and the matches.
func TestBulkSameAsBleve(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 25))
	names := syntheticNames(3000)
	for _, batch := range []int{0, 700} {
		t.Run(fmt.Sprint("batch-", batch), func(t *testing.T) {
			stores := map[bool]*Store{}
			dirs := map[bool]string{}
			reps := map[bool][]ImportReport{}
			for _, noBulk := range []bool{true, false} {
				dirs[noBulk] = t.TempDir()
				s, err := Open(dirs[noBulk], &Options{BatchSize: batch, Now: fixedNow})
				if err != nil {
					t.Fatal(err)
				}
				s.noBulk = noBulk
				reps[noBulk] = bulkScenario(t, s, names)
				if err := s.Close(); err != nil {
					t.Fatal(err)
				}
				if s, err = Open(dirs[noBulk], &Options{ReadOnly: true}); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { s.Close() })
				stores[noBulk] = s
			}
			if ps, _ := bulkSegPaths(filepath.Join(dirs[false], "c")); len(ps) == 0 {
				t.Fatal("no bulk segment written: the comparison proves nothing")
			}
			if ps, _ := bulkSegPaths(filepath.Join(dirs[true], "c")); len(ps) != 0 {
				t.Fatal("bulk segments in the Bleve-only store")
			}
			if !reflect.DeepEqual(reps[true], reps[false]) {
				t.Fatalf("import reports: bulk %+v, Bleve %+v", reps[false], reps[true])
			}
			bl, bu := stores[true], stores[false]
			all := func(s *Store) []*Entry {
				var es []*Entry
				if err := s.Entries("c", func(e *Entry) error { es = append(es, e); return nil }); err != nil {
					t.Fatal(err)
				}
				return es
			}
			want, got := all(bl), all(bu)
			if len(want) < len(names) {
				t.Fatalf("%d entries", len(want))
			}
			if !reflect.DeepEqual(want, got) {
				for i := range min(len(want), len(got)) {
					if !reflect.DeepEqual(want[i], got[i]) {
						t.Fatalf("entry %d: bulk %+v, Bleve %+v", i, got[i], want[i])
					}
				}
				t.Fatalf("%d entries from bulk, %d from Bleve", len(got), len(want))
			}
			sw, err1 := bl.Selectivity("c")
			sg, err2 := bu.Selectivity("c")
			if err1 != nil || err2 != nil || sw != sg {
				t.Fatalf("Selectivity: bulk %+v %v, Bleve %+v %v", sg, err2, sw, err1)
			}
			var ew, eg strings.Builder
			bl.Export("c", &ew, FormatTSV)
			bu.Export("c", &eg, FormatTSV)
			if ew.String() != eg.String() {
				t.Fatal("exports differ")
			}
			for _, n := range append(names[:40], "nobody here", "A Grown Name Only") {
				w, err1 := bl.Lookup("c", n)
				g, err2 := bu.Lookup("c", n)
				if err1 != nil || err2 != nil || !reflect.DeepEqual(w, g) {
					t.Fatalf("Lookup(%q): bulk %+v %v, Bleve %+v %v", n, g, err2, w, err1)
				}
			}
			mw, err1 := bl.Matcher("c")
			mg, err2 := bu.Matcher("c")
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			var texts []string
			for range 20 {
				texts = append(texts, namesText(rng, names, 100))
			}
			if hits := sameMatches(t, mw, mg, texts); hits < 100 {
				t.Fatalf("%d matches", hits)
			}
		})
	}
}

// TestBulkSearch checks near-miss look-ups in a class held in bulk
// segments: exact, typos, prefixes and words, and a grown entry
// superseding its segment record.
func TestBulkSearch(t *testing.T) {
	s := openTemp(t, &Options{Now: fixedNow})
	ctx := context.Background()
	list := "Jane Austen\nJane Eyre Society\nCharles Dickens\nCharlotte Bronte\nEmily Bronte\nMary Shelley\nPercy Bysshe Shelley\n"
	if _, err := s.Import(ctx, "author", strings.NewReader(list), ImportOptions{Source: "a.txt"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Grow("author", []Observation{{Value: "Mary Shelley", Confidence: 0.95, Source: "s", Page: "p"}}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		query, wantFirst string
		wantExact        bool
	}{
		{"jane austen", "jane austen", true},
		{"Jane Austin", "jane austen", false},        // a typo
		{"charles dikens", "charles dickens", false}, // a typo, 2 edits allowed
		{"percy bys", "percy bysshe shelley", false}, // a prefix
		{"shelley percy", "percy bysshe shelley", false},
		{"Mary Shelley", "mary shelley", true},
	}
	for _, tc := range cases {
		hits, err := s.Search("author", tc.query, 5)
		if err != nil || len(hits) == 0 {
			t.Fatalf("Search(%q): %v, %v", tc.query, hits, err)
		}
		if hits[0].Entry.Norm != tc.wantFirst || hits[0].Exact != tc.wantExact {
			t.Errorf("Search(%q) first = %q exact %v, want %q exact %v", tc.query, hits[0].Entry.Norm, hits[0].Exact, tc.wantFirst, tc.wantExact)
		}
	}
	hits, _ := s.Search("author", "mary shelley", 1)
	if len(hits) != 1 || hits[0].Entry.Confidence != 0.95 || hits[0].Entry.Count != 2 {
		t.Errorf("grown entry: %+v, want the Bleve document (confidence 0.95, count 2)", hits[0].Entry)
	}
}

// TestBulkSegmentErrors checks that a damaged segment is an error naming
// it, not a silent loss of names.
func TestBulkSegmentErrors(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Import(context.Background(), "author", strings.NewReader("Jane Austen\nEmile Durkheim\n"), ImportOptions{Source: "a"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	ps, _ := bulkSegPaths(filepath.Join(dir, "author"))
	if len(ps) != 1 {
		t.Fatalf("%d segments", len(ps))
	}
	b, _ := os.ReadFile(ps[0])
	b[len(b)-3] ^= 0xff
	os.WriteFile(ps[0], b, 0o644)
	s, err = Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Lookup("author", "jane austen"); err == nil || !strings.Contains(err.Error(), "bulk-000001.orb") {
		t.Fatalf("Lookup on a corrupt segment: %v", err)
	}
}
