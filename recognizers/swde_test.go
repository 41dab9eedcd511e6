package recognizers

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// readTruth reads an SWDE ground-truth file: page id → values, each trimmed
// of the surrounding ": " SWDE keeps.
func readTruth(t *testing.T, attr string) map[string][]string {
	t.Helper()
	f, err := os.Open(filepath.Join(sharedPages, "..", "groundtruth", "book-booksamillion-"+attr+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	truth := map[string][]string{}
	sc := bufio.NewScanner(f)
	for n := 0; sc.Scan(); n++ {
		if n < 2 {
			continue
		}
		cols := strings.Split(strings.TrimRight(sc.Text(), "\r"), "\t")
		for _, v := range cols[2:] {
			if v != "<NULL>" {
				truth[cols[0]] = append(truth[cols[0]], strings.Trim(norm.NFKC.String(v), " :;,.-|"))
			}
		}
	}
	return truth
}

// TestSWDERecall checks, on the first 300 shared SWDE book pages, that the
// isbn13 and date recognizers find the true ISBN-13 and publication date of
// each page among their matches (recall; the recognizers also find other
// ISBNs and dates on the page, which annotation sorts out).
func TestSWDERecall(t *testing.T) {
	if _, err := os.Stat(sharedPages); err != nil {
		t.Skip("SWDE pages: ../shared not found (the shared data sits beside the repository)")
	}
	tests := []struct {
		attr, recognizer string
		minRecall        float64
	}{
		{"isbn_13", "isbn13", 1},
		{"publication_date", "date", 1},
	}
	for _, tc := range tests {
		t.Run(tc.recognizer, func(t *testing.T) {
			truth := readTruth(t, tc.attr)
			r, err := NewPredefined(tc.recognizer)
			if err != nil {
				t.Fatal(err)
			}
			pages, found := 0, 0
			for id := 0; id < 300; id++ {
				name := filepath.Join(sharedPages, fmt.Sprintf("%04d", id)+".htm")
				data, err := os.ReadFile(name)
				if err != nil {
					t.Fatal(err)
				}
				want := truth[fmt.Sprintf("%04d", id)]
				if len(want) == 0 {
					continue
				}
				text := visibleText(data)
				ms, err := r.Find(text)
				if err != nil {
					t.Fatal(err)
				}
				pages++
				for _, m := range ms {
					if strings.TrimSpace(text[m.Start:m.End]) == want[0] {
						found++
						break
					}
				}
				if len(ms) > 0 && found < pages && testing.Verbose() {
					t.Logf("page %s: want %q, got %q", fmt.Sprintf("%04d", id), want[0], describe(text, ms))
				}
			}
			recall := float64(found) / float64(pages)
			t.Logf("%s: true value found on %d/%d pages (recall %.3f)", tc.recognizer, found, pages, recall)
			if recall < tc.minRecall {
				t.Fatalf("recall %.3f, want at least %.3f", recall, tc.minRecall)
			}
		})
	}
}
