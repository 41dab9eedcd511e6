package annotate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

// slowRec is a timed recognizer that spends d on every text and finds
// nothing: a pattern just under its timeout on every text.
type slowRec struct{ d time.Duration }

func (r slowRec) Name() string                             { return "regex" }
func (r slowRec) Timeout() time.Duration                   { return 10 * r.d }
func (r slowRec) Find(string) ([]recognizers.Match, error) { time.Sleep(r.d); return nil, nil }

// budgetSource writes n pages of texts distinct texts each and returns
// their paths.
func budgetSource(t *testing.T, n, texts int, text func(page, i int) string) []string {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for p := range n {
		var b strings.Builder
		b.WriteString("<html><body><h1>Page</h1>")
		for i := range texts {
			fmt.Fprintf(&b, "<p>%s</p>\n", text(p, i))
		}
		b.WriteString("<p>Price $12.99</p></body></html>")
		path := filepath.Join(dir, fmt.Sprintf("%03d.html", p))
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	return paths
}

const budgetSOD = `object = "x"
[tuple.x]
name = "1"
price = "1"
[entity.name]
regex = '(a+)+$'
timeout = "50ms"
[entity.price]
predefined = "price"
`

// TestRegexPageBudget: thirty texts that each take a tenth of the timeout
// cost one page its budget, not thirty tenths.
func TestRegexPageBudget(t *testing.T) {
	s, err := sod.Parse("b.toml", []byte(budgetSOD))
	if err != nil {
		t.Fatal(err)
	}
	recs := map[string]recognizers.Recognizer{"name": slowRec{20 * time.Millisecond}, "price": newPhraseRec("price", "$12.99")}
	a, err := NewAnnotator(s, recs, Options{RegexPageBudget: 100 * time.Millisecond, RegexRunBudget: -1})
	if err != nil {
		t.Fatal(err)
	}
	paths := budgetSource(t, 1, 30, func(p, i int) string { return fmt.Sprintf("text %d", i) })
	pg, err := ReadPage(paths[0], "000.html", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	err = a.Annotate(pg)
	took := time.Since(start)
	var be *RegexBudgetError
	if !errors.As(err, &be) || be.Run || be.Type != "name" {
		t.Fatalf("Annotate: %v, want a page RegexBudgetError for type name", err)
	}
	if !strings.Contains(err.Error(), "000.html") || !strings.Contains(err.Error(), "budget of 100ms") {
		t.Errorf("error %q does not name the page and the budget", err)
	}
	if took > 300*time.Millisecond { // 30 texts would take 600 ms
		t.Errorf("took %v: the page budget of 100ms did not hold", took)
	}
	// Default budgets follow the timeouts: 5× and 30× the largest one.
	d, _ := NewAnnotator(s, recs, Options{})
	if d.budget.page != 5*200*time.Millisecond || d.budget.run != 30*200*time.Millisecond {
		t.Errorf("default budgets %v, %v", d.budget.page, d.budget.run)
	}
}

// TestRegexRunBudget: a catastrophic pattern ((a+)+$ on long runs of "a")
// fails every page; once the run has lost its budget Sample stops with an
// error naming the type, instead of timing out page after page.
func TestRegexRunBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of catastrophic backtracking")
	}
	s, err := sod.Parse("b.toml", []byte(budgetSOD))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewAnnotator(s, recs, Options{}) // 50 ms timeout: 250 ms a page, 1.5 s a run
	if err != nil {
		t.Fatal(err)
	}
	// 100 pages of 3 texts of 100 KB of "a" then "!": each search times out.
	paths := budgetSource(t, 100, 3, func(p, i int) string { return strings.Repeat("a", 100<<10) + "!" })
	start := time.Now()
	_, err = Sample(context.Background(), paths, filepath.Dir(paths[0]), a, SampleOptions{Workers: 2})
	took := time.Since(start)
	var be *RegexBudgetError
	if !errors.As(err, &be) || !be.Run || be.Type != "name" {
		t.Fatalf("Sample: %v, want a run RegexBudgetError for type name", err)
	}
	if !strings.Contains(err.Error(), "allowed for a run: stopping") {
		t.Errorf("error %q", err)
	}
	// Without the run budget: 100 pages × 50 ms ≥ 5 s (2 workers: 2.5 s).
	if took > 2*time.Second {
		t.Errorf("Sample took %v to stop", took)
	}
	t.Logf("stopped after %v: %v", took, err)
}
