package dictionaries

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// wordList reads the entries of a word list as Import does: one per line,
// trimmed, blank lines and lines without letters or digits skipped.
func wordList(tb testing.TB, path string) []string {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), MaxLineBytes+1)
	for sc.Scan() {
		if e := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff")); Normalize(e) != "" {
			out = append(out, e)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// oldAndFST returns the trie Matcher every class was loaded into before
// matcher files (entries added one by one), and a Matcher of the same
// classes each loaded from a matcher file written to dir.
func oldAndFST(tb testing.TB, dir string, classes map[string][]string, conf float64) (old, fst *Matcher) {
	tb.Helper()
	names := make([]string, 0, len(classes))
	for c := range classes {
		names = append(names, c)
	}
	sort.Strings(names)
	old, fst = NewMatcher(), NewMatcher()
	for _, c := range names {
		var es []fstEntry
		for _, e := range classes[c] {
			old.Add(c, e, conf)
			n := Normalize(e)
			es = append(es, fstEntry{norm: n, conf: float32(MatchConfidence(n, conf))})
		}
		path := filepath.Join(dir, c+fstExt)
		if err := writeFSTFile(path, sortFSTEntries(es), 7); err != nil {
			tb.Fatal(err)
		}
		fc, err := openFSTFile(path, 7)
		if err != nil {
			tb.Fatal(err)
		}
		fst.attach(c, fc)
	}
	return old, fst
}

// sameMatches fails unless old and fst find the same matches in every text,
// over all classes and class by class, and hold the same counts.
func sameMatches(t *testing.T, old, fst *Matcher, texts []string) (hits int) {
	t.Helper()
	for _, c := range old.Classes() {
		if old.Len(c) != fst.Len(c) {
			t.Errorf("class %s: %d entries in the trie, %d in the matcher file", c, old.Len(c), fst.Len(c))
		}
	}
	for i, text := range texts {
		want, got := old.Find(text), fst.Find(text)
		if !reflect.DeepEqual(want, got) {
			t.Fatalf("text %d (%.80q…): matcher file found\n%v\nthe trie found\n%v", i, text, got, want)
		}
		hits += len(got)
		if i >= 60 {
			continue // class by class on the first texts only: 21 classes are slow
		}
		for _, c := range old.Classes() {
			ro, _ := old.Recognizer(c)
			rf, _ := fst.Recognizer(c)
			w, _ := ro.Find(text)
			g, _ := rf.Find(text)
			if !reflect.DeepEqual(w, g) {
				t.Fatalf("text %d, class %s: matcher file found\n%v\nthe trie found\n%v", i, c, g, w)
			}
		}
	}
	if ws, gs := old.Stats(texts), fst.Stats(texts); !reflect.DeepEqual(ws, gs) {
		t.Fatalf("Stats differ: matcher file %v, trie %v", gs, ws)
	}
	return hits
}

// exampleDictionaries returns, per example directory holding word lists,
// its classes' entries and its pages' visible text.
func exampleDictionaries(t *testing.T) map[string]struct {
	classes map[string][]string
	texts   []string
} {
	lists, _ := filepath.Glob(filepath.Join("..", "examples", "*", "dictionaries", "*.txt"))
	more, _ := filepath.Glob(filepath.Join("..", "examples", "real", "*", "dictionaries", "*.txt"))
	lists = append(lists, more...)
	if len(lists) == 0 {
		t.Fatal("no word list under examples/*/dictionaries")
	}
	out := map[string]struct {
		classes map[string][]string
		texts   []string
	}{}
	for _, l := range lists {
		ex := filepath.Dir(filepath.Dir(l))
		v := out[ex]
		if v.classes == nil {
			v.classes = map[string][]string{}
			pages, _ := filepath.Glob(filepath.Join(ex, "pages", "*.htm*"))
			top, _ := filepath.Glob(filepath.Join(ex, "*.htm*"))
			for _, p := range append(pages, top...) {
				b, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				v.texts = append(v.texts, visibleText(b))
			}
		}
		v.classes[strings.TrimSuffix(filepath.Base(l), ".txt")] = wordList(t, l)
		out[ex] = v
	}
	return out
}

// namesText joins entries picked at random, with punctuation, case and
// accent changes and filler words, so that entries meet, overlap and
// extend one another.
func namesText(rng *rand.Rand, entries []string, n int) string {
	fill := []string{", ", " and ", " by ", "; ", " the ", " (", ") ", " — ", "\n", " of "}
	var b strings.Builder
	for range n {
		e := entries[rng.IntN(len(entries))]
		switch rng.IntN(4) {
		case 0:
			e = strings.ToUpper(e)
		case 1:
			if f := strings.Fields(e); len(f) > 1 {
				e = strings.Join(f[:len(f)-1], " ") // a prefix
			}
		}
		b.WriteString(e)
		b.WriteString(fill[rng.IntN(len(fill))])
	}
	return b.String()
}

// TestFSTSameMatches checks that a class loaded from its matcher file
// finds exactly what the trie it replaces found (same spans, entries,
// confidences and order), on the examples' word lists and pages and on
// the shared gazetteers with SWDE pages.
func TestFSTSameMatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 1))
	for ex, v := range exampleDictionaries(t) {
		name, _ := filepath.Rel(filepath.Join("..", "examples"), ex)
		t.Run(filepath.ToSlash(name), func(t *testing.T) {
			old, fst := oldAndFST(t, t.TempDir(), v.classes, 0.8)
			texts := v.texts
			for _, es := range v.classes {
				texts = append(texts, namesText(rng, es, 200))
			}
			if hits := sameMatches(t, old, fst, texts); hits == 0 {
				t.Fatalf("no match in %d texts: the comparison proves nothing", len(texts))
			}
		})
	}
	t.Run("gazetteers", func(t *testing.T) {
		if testing.Short() {
			t.Skip("gazetteers skipped with -short")
		}
		gz := gazetteers(t)
		classes := map[string][]string{}
		var all []string
		for c, f := range gz {
			classes[c] = wordList(t, f)
			all = append(all, classes[c]...)
		}
		old, fst := oldAndFST(t, t.TempDir(), classes, 0.8)
		_, texts := pageTexts(t, 200)
		for range 50 {
			texts = append(texts, namesText(rng, all, 200))
		}
		if hits := sameMatches(t, old, fst, texts); hits < 1000 {
			t.Fatalf("%d matches in %d texts: too few to compare", hits, len(texts))
		}
	})
}

// TestFSTWithGrowth checks a class loaded from its matcher file and grown
// in memory: grown entries are found, a grown entry longer than the file's
// wins, and a regrown entry of the file takes its new confidence, as in a
// trie holding everything.
func TestFSTWithGrowth(t *testing.T) {
	base := []string{"Jane Austen", "Jane", "Emily Bronte", "Charlotte Bronte", "Ed", "The Lord of the Rings"}
	grown := []struct {
		entry string
		conf  float64
	}{
		{"Jane Austen Society", 0.9}, // extends an entry of the file
		{"Anne Bronte", 0.7},         // new
		{"Jane", 0.95},               // in the file: new confidence
		{"Lord", 0.6},                // inside an entry of the file
	}
	old, fst := oldAndFST(t, t.TempDir(), map[string][]string{"author": base}, 0.8)
	for _, g := range grown {
		old.Add("author", g.entry, g.conf)
		fst.Add("author", g.entry, g.conf)
	}
	texts := []string{
		"Jane Austen Society and Jane Austen, Jane; Anne Bronte, Emily Bronte.",
		"The Lord of the Rings, Lord Ed",
		"jane austen society jane",
	}
	if hits := sameMatches(t, old, fst, texts); hits < 8 {
		t.Fatalf("%d matches", hits)
	}
}

// TestStoreMatcherFile follows a class's matcher file through a store's
// life: built when the class is imported, mapped by readers, removed when
// the class is written and rebuilt on Close, linked into readers'
// snapshots, and rebuilt when stale or corrupt.
func TestStoreMatcherFile(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	s, err := Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Import(ctx, "author", strings.NewReader("Jane Austen\nEmile Durkheim\n"), ImportOptions{Source: "a.txt"}); err != nil {
		t.Fatal(err)
	}
	path := fstPath(dir, "author")
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("matcher file present while the class is being written: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := openFSTFile(path, 2); err != nil {
		t.Fatalf("after import and Close: %v", err)
	}

	find := func(t *testing.T, s *Store, text string) []string {
		t.Helper()
		r, err := s.Recognizer("author")
		if err != nil {
			t.Fatal(err)
		}
		ms, _ := r.Find(text)
		var out []string
		for _, m := range ms {
			out = append(out, m.Normalized)
		}
		return out
	}
	const text = "Jane Austen, Toni Morrison and Emile Durkheim"

	// A writer that grows a loaded class sees the grown name at once; a
	// reader sees it after the writer closed, from the rebuilt file.
	w, err := Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := find(t, w, text); fmt.Sprint(got) != "[jane austen emile durkheim]" {
		t.Fatalf("before growth: %q", got)
	}
	if _, err := w.Grow("author", []Observation{{Value: "Toni Morrison", Confidence: 0.9, Source: "s", Page: "p"}}); err != nil {
		t.Fatal(err)
	}
	if got := find(t, w, text); fmt.Sprint(got) != "[jane austen toni morrison emile durkheim]" {
		t.Fatalf("writer after growth: %q", got)
	}
	r0, err := Open(dir, &Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := find(t, r0, text); fmt.Sprint(got) != "[jane austen emile durkheim]" {
		t.Fatalf("reader during growth sees %q, want the snapshot before it", got)
	}
	r0.Close()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir, &Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := find(t, r, text); fmt.Sprint(got) != "[jane austen toni morrison emile durkheim]" {
		t.Fatalf("reader after growth: %q", got)
	}
	if snapshotsSupported {
		if _, err := os.Stat(fstPath(r.data, "author")); err != nil {
			t.Fatalf("the snapshot lacks the matcher file: %v", err)
		}
	}
	r.Close()

	// Stale and corrupt files are rebuilt by the next load.
	for _, tc := range []struct {
		name  string
		spoil func(t *testing.T)
	}{
		{"stale", func(t *testing.T) {
			if err := writeFSTFile(path, []fstEntry{{norm: "jane austen", conf: 0.8}}, 1); err != nil {
				t.Fatal(err)
			}
		}},
		{"corrupt", func(t *testing.T) {
			b, _ := os.ReadFile(path)
			b[len(b)-5] ^= 0xff
			os.WriteFile(path, b, 0o644)
		}},
		{"truncated", func(t *testing.T) {
			b, _ := os.ReadFile(path)
			os.WriteFile(path, b[:len(b)/2], 0o644)
		}},
		{"missing", func(t *testing.T) { os.Remove(path) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.spoil(t)
			s, err := Open(dir, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if got := find(t, s, text); fmt.Sprint(got) != "[jane austen toni morrison emile durkheim]" {
				t.Fatalf("after a %s matcher file: %q", tc.name, got)
			}
			if _, err := openFSTFile(path, 3); err != nil {
				t.Fatalf("not rebuilt: %v", err)
			}
		})
	}
}

// TestOpenFSTFileErrors checks that each way a matcher file can be wrong
// is told apart, with the file named.
func TestOpenFSTFileErrors(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.fst")
	es := sortFSTEntries([]fstEntry{{norm: "jane austen", conf: 0.8}, {norm: "jane", conf: 0.4}, {norm: "ed", conf: 0.4}})
	if err := writeFSTFile(good, es, 3); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	rehead := func(b []byte, edit func(h []byte)) []byte {
		b = append([]byte(nil), b...)
		edit(b)
		copy(b[60:], le32(crcOf(b[:60]))) // a header consistent in itself
		return b
	}
	cases := []struct {
		name   string
		data   []byte
		docs   int64
		stale  bool
		reason string
	}{
		{"good", raw, 3, false, ""},
		{"any count", raw, -1, false, ""},
		{"stale", raw, 4, true, "built from 3 documents, the class's index holds 4"},
		{"empty", nil, 3, false, "shorter than its 64-byte header"},
		{"bad magic", append([]byte("NOTMAGIC"), raw[8:]...), 3, false, "bad magic"},
		{"header bit flip", func() []byte { b := append([]byte(nil), raw...); b[20] ^= 1; return b }(), 3, false, "header checksum"},
		{"newer version", rehead(raw, func(b []byte) { b[8] = 2 }), 3, false, "format version 2"},
		{"body bit flip", func() []byte { b := append([]byte(nil), raw...); b[len(b)-20] ^= 4; return b }(), 3, false, "FST checksum mismatch"},
		{"truncated", raw[:len(raw)-3], 3, false, "truncated"},
		{"appended", append(append([]byte(nil), raw...), 0), 3, false, "truncated or appended"},
		{"key count", rehead(raw, func(b []byte) { b[24]++ }), 3, false, "keys"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".fst")
			if err := os.WriteFile(p, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			fc, err := openFSTFile(p, tc.docs)
			if tc.reason == "" {
				if err != nil {
					t.Fatal(err)
				}
				if v, ok, _ := fc.fst.Get([]byte("jane")); !ok || v&fstTerminal == 0 || v&fstKids == 0 || fstConf(v) != 0.4 {
					t.Fatalf("jane: value %x, %v", v, ok)
				}
				return
			}
			var mfe *MatcherFileError
			if !errors.As(err, &mfe) {
				t.Fatalf("error %v, want a *MatcherFileError", err)
			}
			if mfe.Stale != tc.stale || !strings.Contains(err.Error(), tc.reason) || !strings.Contains(err.Error(), p) {
				t.Fatalf("error %q (stale %v), want one naming %s and saying %q (stale %v)", err, mfe.Stale, p, tc.reason, tc.stale)
			}
		})
	}
}

// FuzzOpenFSTFile feeds arbitrary bytes to the matcher file reader, raw
// and with the header's lengths and checksums made to agree: it must
// return an error or a matcher that finds without panicking.
func FuzzOpenFSTFile(f *testing.F) {
	dir := f.TempDir()
	good := filepath.Join(dir, "seed.fst")
	es := sortFSTEntries([]fstEntry{{norm: "jane austen", conf: 0.8}, {norm: "jane", conf: 0.4}, {norm: "a b c d", conf: 0.5}})
	if err := writeFSTFile(good, es, 3); err != nil {
		f.Fatal(err)
	}
	raw, _ := os.ReadFile(good)
	f.Add(raw, false)
	f.Add(raw, true)
	f.Add(raw[:fstHeaderLen], true)
	f.Add([]byte(fstMagic), false)
	f.Fuzz(func(t *testing.T, data []byte, fix bool) {
		if fix && len(data) >= fstHeaderLen {
			// Make the header agree with the body so the FST decoder sees it.
			data = append([]byte(nil), data...)
			copy(data, fstMagic)
			copy(data[8:], le32(fstVersion))
			copy(data[40:], le64(uint64(len(data)-fstHeaderLen)))
			copy(data[48:], le32(crcOf(data[fstHeaderLen:])))
			copy(data[60:], le32(crcOf(data[:60])))
		}
		p := filepath.Join(t.TempDir(), "f.fst")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		fc, err := openFSTFile(p, -1)
		if err != nil {
			var mfe *MatcherFileError
			if !errors.As(err, &mfe) || !strings.Contains(err.Error(), p) {
				t.Fatalf("error %v does not name the file", err)
			}
			return
		}
		m := NewMatcher()
		m.attach("fuzz", fc)
		m.Find("jane austen a b c d jane x y")
	})
}
