package dictionaries

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var normalizeCases = []struct {
	name, in, want string
}{
	{"empty", "", ""},
	{"spaces", "   \t\n ", ""},
	{"punctuation only", "--!?..", ""},
	{"case", "J.R.R. TOLKIEN", "j r r tolkien"},
	{"diacritics", "Émile Durkheim", "emile durkheim"},
	{"decomposed input", "E\u0301mile", "emile"},
	{"stop words kept", "The Lord of the Rings", "the lord of the rings"},
	{"apostrophe", "O'Brien", "o brien"},
	{"whitespace collapse", "  Harry \t Potter\n", "harry potter"},
	{"ligature", "ﬁnal", "final"},
	{"sharp s", "Straße", "strasse"},
	{"fullwidth", "ＡＢＣ", "abc"},
	{"fraction", "½", "1 2"},
	{"cjk kept", "村上 春樹", "村上 春樹"},
	{"digits", "ISBN 978-0-316", "isbn 978 0 316"},
	{"greek case", "ΟΔΥΣΣΕΙΑ", "οδυσσεια"},
	{"cherokee folds to lower case", "Ꮂ", "ꮂ"},
	{"invalid utf8", "ab\xffcd", "ab cd"},
}

func TestNormalize(t *testing.T) {
	for _, tc := range normalizeCases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Normalize(tc.in); got != tc.want {
				t.Fatalf("Normalize(%q)=%q, want %q", tc.in, got, tc.want)
			}
			if got := Normalize(Normalize(tc.in)); got != tc.want {
				t.Fatalf("Normalize is not idempotent on %q: %q", tc.in, got)
			}
		})
	}
}

// openTemp opens a writable store in a fresh temporary directory.
func openTemp(t *testing.T, opts *Options) *Store {
	t.Helper()
	s, err := Open(t.TempDir(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func fixedNow() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }

func TestImportIdempotent(t *testing.T) {
	s := openTemp(t, &Options{BatchSize: 2, Now: fixedNow})
	list := "Jane Austen\n\nJANE AUSTEN\nCharles Dickens\n...\nMary Shelley\n"
	cases := []struct {
		name                    string
		source                  string
		new, updated, unchanged int
	}{
		{"first import", "a.txt", 3, 0, 1}, // the second "Jane Austen" is a duplicate
		{"same file again", "a.txt", 0, 0, 4},
		{"another file", "b.txt", 0, 3, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := s.Import(context.Background(), "author", strings.NewReader(list), ImportOptions{Source: tc.source})
			if err != nil {
				t.Fatal(err)
			}
			if rep.New != tc.new || rep.Updated != tc.updated || rep.Unchanged != tc.unchanged {
				t.Fatalf("Import()=%+v, want new %d updated %d unchanged %d", rep, tc.new, tc.updated, tc.unchanged)
			}
			if got, want := rep.Skipped, 2; got != want {
				t.Fatalf("Skipped=%d, want %d", got, want)
			}
		})
	}
	e, err := s.Lookup("author", "jane   austen")
	if err != nil || e == nil {
		t.Fatalf("Lookup: %v, %v", e, err)
	}
	if e.Original != "Jane Austen" || e.Count != 2 || len(e.Sources) != 2 || !e.FirstSeen.Equal(fixedNow()) {
		t.Fatalf("entry = %+v, want original %q, count 2 from 2 sources", e, "Jane Austen")
	}
}

func TestImportTSV(t *testing.T) {
	s := openTemp(t, nil)
	tsv := "entry\tcount\nNew York Knicks\t12\t0.9\nBoston Celtics\t3\n"
	rep, err := s.Import(context.Background(), "team", strings.NewReader(tsv), ImportOptions{Format: FormatTSV, Source: "t.tsv"})
	if err != nil || rep.New != 2 {
		t.Fatalf("Import()=%+v, %v; want 2 new", rep, err)
	}
	for _, tc := range []struct {
		text  string
		count int
		conf  float64
	}{
		{"new york knicks", 12, 0.9},
		{"Boston Celtics", 3, 0.8},
	} {
		t.Run(tc.text, func(t *testing.T) {
			e, err := s.Lookup("team", tc.text)
			if err != nil || e == nil {
				t.Fatalf("Lookup(%q)=%v, %v", tc.text, e, err)
			}
			if e.Count != tc.count || e.Confidence != tc.conf {
				t.Fatalf("count %d conf %g, want %d %g", e.Count, e.Confidence, tc.count, tc.conf)
			}
		})
	}
	// Export as TSV and import into a fresh class: same counts.
	var buf bytes.Buffer
	if n, err := s.Export("team", &buf, FormatTSV); err != nil || n != 2 {
		t.Fatalf("Export: %d, %v", n, err)
	}
	if got, want := buf.String(), "Boston Celtics\t3\t0.8\nNew York Knicks\t12\t0.9\n"; got != want {
		t.Fatalf("Export=%q, want %q", got, want)
	}
	bad := []struct{ name, in, want string }{
		{"no count", "Foo\n", "line 1: want value<TAB>count"},
		{"bad count", "Foo\tx\n", "line 1: count \"x\""},
		{"bad confidence", "Foo\t1\t7\n", "line 1: confidence \"7\""},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.Import(context.Background(), "team", strings.NewReader(tc.in), ImportOptions{Format: FormatTSV})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestGrow(t *testing.T) {
	s := openTemp(t, nil)
	obs := func(v string, conf float64, page string) Observation {
		return Observation{Value: v, Confidence: conf, Source: "src", SOD: "book.toml", Page: page}
	}
	rep, err := s.Grow("author", []Observation{
		obs("Toni Morrison", 0.9, "1.htm"),
		obs("Toni  Morrison", 0.7, "2.htm"),
		obs("Toni Morrison", 0.9, "1.htm"),
		obs("", 0.9, "1.htm"),
		obs(" -- ", 0.9, "1.htm"),
		obs("12345", 0.9, "1.htm"),
		obs(strings.Repeat("word ", 40), 0.9, "1.htm"),
		obs("Zero Confidence", 0, "1.htm"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.New != 1 || rep.Updated != 1 || rep.Unchanged != 1 {
		t.Errorf("Grow()=%+v, want 1 new, 1 updated, 1 unchanged", rep)
	}
	wantReasons := []string{"empty value", "no letter or digit", "only digits", "too long", "confidence 0"}
	if len(rep.Refused) != len(wantReasons) {
		t.Fatalf("refused %+v, want %d refusals", rep.Refused, len(wantReasons))
	}
	for i, want := range wantReasons {
		t.Run(want, func(t *testing.T) {
			if !strings.Contains(rep.Refused[i].Reason, want) {
				t.Fatalf("refusal %d reason %q, want %q", i, rep.Refused[i].Reason, want)
			}
		})
	}
	e, _ := s.Lookup("author", "toni morrison")
	if e == nil || e.Count != 2 || e.Confidence != 0.9 {
		t.Fatalf("entry %+v, want count 2, confidence 0.9", e)
	}
	// Growing the same observations again changes nothing.
	rep, err = s.Grow("author", []Observation{obs("Toni Morrison", 0.9, "1.htm")})
	if err != nil || rep.Unchanged != 1 || rep.New+rep.Updated != 0 {
		t.Fatalf("regrow: %+v, %v", rep, err)
	}
	// Digits are fine in a class of codes.
	if _, err := s.Import(context.Background(), "isbn", strings.NewReader("978-0-316\n0-945001-10-X\n"), ImportOptions{Source: "i"}); err != nil {
		t.Fatal(err)
	}
	rep, err = s.Grow("isbn", []Observation{obs("9780316125581", 0.9, "1.htm")})
	if err != nil || rep.New != 1 {
		t.Fatalf("isbn grow: %+v, %v", rep, err)
	}
	// An empty class is judged by what it is offered.
	rep, err = s.Grow("phone", []Observation{obs("555 1234", 0.9, "1.htm"), obs("555-9876", 0.9, "2.htm")})
	if err != nil || rep.New != 2 {
		t.Fatalf("phone grow: %+v, %v", rep, err)
	}
}

func TestGrowUpdatesRecognizer(t *testing.T) {
	s := openTemp(t, nil)
	if _, err := s.Grow("author", []Observation{{Value: "Zadie Smith", Confidence: 0.9}}); err != nil {
		t.Fatal(err)
	}
	r, err := s.Recognizer("author")
	if err != nil {
		t.Fatal(err)
	}
	text := "by Zadie Smith and Ali Smith"
	if ms, _ := r.Find(text); len(ms) != 1 {
		t.Fatalf("before growth: %v", ms)
	}
	if _, err := s.Grow("author", []Observation{{Value: "Ali Smith", Confidence: 0.9}}); err != nil {
		t.Fatal(err)
	}
	ms, _ := r.Find(text)
	if len(ms) != 2 || text[ms[1].Start:ms[1].End] != "Ali Smith" {
		t.Fatalf("after growth: %v", ms)
	}
}

func TestLookupAndSearch(t *testing.T) {
	s := openTemp(t, nil)
	list := "J. R. R. Tolkien\nChristopher Tolkien\nVirginia Woolf\nThe Lord of the Rings\n"
	if _, err := s.Import(context.Background(), "mixed", strings.NewReader(list), ImportOptions{Source: "l"}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, query string
		wantFirst   string
		wantExact   bool
	}{
		{"exact", "virginia woolf", "Virginia Woolf", true},
		{"exact with stop words", "the lord of the rings", "The Lord of the Rings", true},
		{"typo", "Virginai Woolf", "Virginia Woolf", false},
		{"prefix", "virgin", "Virginia Woolf", false},
		{"words", "tolkien christopher", "Christopher Tolkien", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			hits, err := s.Search("mixed", tc.query, 5)
			if err != nil {
				t.Fatal(err)
			}
			if len(hits) == 0 {
				t.Fatalf("Search(%q) found nothing", tc.query)
			}
			if got := hits[0].Entry.Original; got != tc.wantFirst || hits[0].Exact != tc.wantExact {
				t.Fatalf("Search(%q) first = %q exact %v, want %q exact %v", tc.query, got, hits[0].Exact, tc.wantFirst, tc.wantExact)
			}
		})
	}
	if e, err := s.Lookup("mixed", "Woolf"); err != nil || e != nil {
		t.Fatalf("Lookup(Woolf)=%v, %v; want no exact entry", e, err)
	}
	_, err := s.Lookup("nosuch", "x")
	if err == nil || !strings.Contains(err.Error(), `"nosuch"`) || !strings.Contains(err.Error(), "classes: mixed") {
		t.Fatalf("unknown class error %v, want it to name the class and list mixed", err)
	}
	if _, err := s.Recognizer("nosuch"); err == nil || !strings.Contains(err.Error(), "classes: mixed") {
		t.Fatalf("Recognizer(nosuch) error %v", err)
	}
}

// TestReadersAndWriters: one writer at a time (a second one fails with
// ErrInUse within its timeout); readers never wait: while a writer writes
// they read the snapshot published when the last writer closed, and a
// writer does not wait for readers either.
func TestReadersAndWriters(t *testing.T) {
	dir := t.TempDir()
	w, err := Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Import(context.Background(), "c", strings.NewReader("a b c\n"), ImportOptions{Source: "s"}); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	if _, err := Open(dir, &Options{LockTimeout: 200 * time.Millisecond}); !errors.Is(err, ErrInUse) {
		t.Fatalf("second writer Open = %v, want ErrInUse", err)
	}
	if d := time.Since(t0); d > time.Second {
		t.Fatalf("second Open took %v", d)
	}
	// A reader beside the first writer of a store: no class yet, at once.
	t0 = time.Now()
	r0, err := Open(dir, &Options{ReadOnly: true, LockTimeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatalf("reader beside a writer: %v", err)
	}
	if d := time.Since(t0); d > 100*time.Millisecond {
		t.Errorf("reader waited %v", d)
	}
	if cs, _ := r0.Classes(); len(cs) != 0 {
		t.Errorf("reader sees classes %v before the writer closed", cs)
	}
	r0.Close()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	// Many readers at once, and a writer beside them.
	var readers []*Store
	for i := 0; i < 3; i++ {
		r, err := Open(dir, &Options{ReadOnly: true})
		if err != nil {
			t.Fatalf("reader %d: %v", i, err)
		}
		defer r.Close()
		readers = append(readers, r)
		if e, err := r.Lookup("c", "A B C"); err != nil || e == nil {
			t.Fatalf("reader %d Lookup: %v, %v", i, e, err)
		}
	}
	if _, err := readers[0].Grow("c", []Observation{{Value: "x", Confidence: 1}}); err == nil {
		t.Fatal("Grow on a read-only store succeeded")
	}
	w2, err := Open(dir, &Options{LockTimeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatalf("writer Open beside readers: %v", err)
	}
	if _, err := w2.Import(context.Background(), "c", strings.NewReader("d e f\n"), ImportOptions{Source: "s2"}); err != nil {
		t.Fatal(err)
	}
	// Readers opened before or during the write see the last snapshot.
	r, err := Open(dir, &Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, rd := range append(readers, r) {
		if e, err := rd.Lookup("c", "d e f"); err != nil || e != nil {
			t.Errorf("reader %d sees an entry being written: %v, %v", i, e, err)
		}
	}
	r.Close()
	if err := w2.Close(); err != nil {
		t.Fatal(err)
	}
	// Once the writer closed, new readers see its entries; the old ones
	// keep theirs until they close, then their snapshot goes.
	r, err = Open(dir, &Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if e, err := r.Lookup("c", "d e f"); err != nil || e == nil {
		t.Errorf("new reader after the write: %v, %v", e, err)
	}
	if e, err := readers[1].Lookup("c", "a b c"); err != nil || e == nil {
		t.Errorf("old reader after the write: %v, %v", e, err)
	}
	r.Close()
	for _, rd := range readers {
		rd.Close()
	}
	w3, err := Open(dir, nil) // publishes nothing new, collects nothing: the store is clean
	if err != nil {
		t.Fatal(err)
	}
	w3.Import(context.Background(), "c", strings.NewReader("g\n"), ImportOptions{Source: "s3"})
	w3.Close()
	snaps, _ := os.ReadDir(filepath.Join(dir, snapshotDir))
	var names []string
	for _, e := range snaps {
		names = append(names, e.Name())
	}
	if len(names) != 2 { // CURRENT and the one it names
		t.Errorf("snapshots left: %v", names)
	}
}

func TestSelectivity(t *testing.T) {
	s := openTemp(t, nil)
	if _, err := s.Import(context.Background(), "c", strings.NewReader("alpha beta\ngamma\nbeta delta epsilon\nroom 101\n"), ImportOptions{Source: "s"}); err != nil {
		t.Fatal(err)
	}
	st, err := s.Selectivity("c")
	if err != nil {
		t.Fatal(err)
	}
	want := ClassStats{Class: "c", Entries: 4, Vocabulary: 7, MeanWords: 2, MaxWords: 3, DigitEntries: 1}
	if st != want {
		t.Fatalf("Selectivity()=%+v, want %+v", st, want)
	}
	m, err := s.Matcher("c")
	if err != nil {
		t.Fatal(err)
	}
	ss := m.Stats([]string{"alpha beta and gamma", "nothing here", "gamma gamma"})["c"]
	if ss.Pages != 3 || ss.PagesHit != 2 || ss.Hits != 4 || ss.EntryHits["gamma"] != 3 || ss.Top(1)[0] != "gamma" {
		t.Fatalf("Stats = %+v", ss)
	}
	if got := ss.HitsPerPage(); got < 1.33 || got > 1.34 {
		t.Fatalf("HitsPerPage()=%g", got)
	}
}
