package dictionaries

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestSWDEAuthors imports the shared book/author gazetteer, grows it from
// the ground truth of the first pages, and checks that the recognizer then
// finds those pages' true authors in their visible text, at offsets that
// normalise to the entry.
func TestSWDEAuthors(t *testing.T) {
	gz := gazetteers(t)
	const pages = 40
	_, texts := pageTexts(t, pages)
	truth := readTruth(t, filepath.Join(sharedDir(t), "data", "swde", "groundtruth", "book-booksamillion-author.txt"), pages)

	s := openTemp(t, nil)
	rep, err := s.ImportFile(context.Background(), "author", gz["book.author"], ImportOptions{})
	if err != nil || rep.New < 10000 {
		t.Fatalf("import: %+v, %v", rep, err)
	}
	r, err := s.Recognizer("author")
	if err != nil {
		t.Fatal(err)
	}
	found := func() (hits, total int) {
		for i, text := range texts {
			ms, err := r.Find(text)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]bool{}
			for _, m := range ms {
				if Normalize(text[m.Start:m.End]) != m.Normalized {
					t.Fatalf("page %d: match %q does not normalise to its entry %q", i, text[m.Start:m.End], m.Normalized)
				}
				got[m.Normalized] = true
			}
			for _, a := range truth[i] {
				total++
				if got[Normalize(a)] {
					hits++
				}
			}
		}
		return hits, total
	}
	before, total := found()
	var obs []Observation
	for i, as := range truth {
		for _, a := range as {
			obs = append(obs, Observation{Value: a, Confidence: 0.9, Source: "swde", Page: strconv.Itoa(i)})
		}
	}
	if _, err := s.Grow("author", obs); err != nil {
		t.Fatal(err)
	}
	after, _ := found()
	t.Logf("true authors found in %d pages: %d/%d from the gazetteer, %d/%d after growth", pages, before, total, after, total)
	if before == 0 || before == total {
		t.Errorf("gazetteer alone finds %d of %d true authors; the shared gazetteer is known to hold some, not all", before, total)
	}
	if after != total {
		t.Errorf("after growing from the truth, %d of %d true authors found", after, total)
	}
}

// readTruth reads the values of the first n pages of an SWDE ground-truth file.
func readTruth(t *testing.T, path string, n int) [][]string {
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("dictionaries: %v", err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for line := 0; sc.Scan() && len(out) < n; line++ {
		if line < 2 {
			continue
		}
		cols := strings.Split(strings.TrimRight(sc.Text(), "\r"), "\t")
		var vals []string
		for _, v := range cols[min(2, len(cols)):] {
			if v != "<NULL>" {
				vals = append(vals, v)
			}
		}
		out = append(out, vals)
	}
	return out
}
