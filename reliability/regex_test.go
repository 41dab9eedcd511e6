//go:build linux

package reliability

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// catastrophic writes an SOD whose name regex is pattern (timeout 200 ms:
// page budget 1 s, run budget 6 s) and a source of n shop pages, the first
// bad of them with three texts of 100 KB of filler that make the pattern
// backtrack catastrophically.
func catastrophic(t *testing.T, pattern, filler string, n, bad int) (sodPath, src string) {
	t.Helper()
	d := dir(t)
	sodPath = write(t, filepath.Join(d, "sod.toml"), []byte(fmt.Sprintf(`object = "item"
[tuple.item]
name = "1"
price = "1"
[entity.name]
regex = 'Model [A-Z][a-z]+ \d+|%s'
timeout = "200ms"
[entity.price]
predefined = "price"
`, pattern)))
	src = filepath.Join(d, "pages")
	for i := range n {
		page := shopPage(i)
		if i < bad {
			text := strings.Repeat(filler, 100<<10)
			page = strings.Replace(page, `<p class="desc">`, "<p>"+text+"</p><p>"+text+"!</p><p>"+text+`</p><p class="desc">`, 1)
		}
		write(t, filepath.Join(src, fmt.Sprintf("%04d.html", i)), []byte(page))
	}
	return sodPath, src
}

// TestCatastrophicRegex (group 2): patterns that backtrack exponentially on
// 100 KB texts. When every page trips the pattern, the run stops once it
// has lost its budget (30× the timeout) and says which type; when a few
// pages do, they are left out with the reason and the run goes on.
func TestCatastrophicRegex(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of backtracking")
	}
	for _, tc := range []struct {
		pattern, filler string
	}{
		{`(a+)+$`, "a"},
		{`(x+x+)+y`, "x"},
	} {
		t.Run(tc.pattern+" on every page", func(t *testing.T) {
			sodPath, src := catastrophic(t, tc.pattern, tc.filler, 40, 40)
			r := run(t, runOpts{timeout: 2 * time.Minute}, "extract", "-q", "--sod", sodPath, "--source", src, "-o", filepath.Join(src, "..", "out.jsonl"))
			expect(t, r, 1, "regex of type name:", "allowed for a run: stopping", "simplify the pattern or raise its timeout")
			// 6 s of lost time over 2 workers, plus reading 12 MB of pages;
			// without the run budget: 40 pages × 200 ms at least.
			within(t, "regex "+tc.pattern+", 40 bad pages of 300 KB", r, bound{wall: 15 * time.Second, rss: 300 * mb})
		})
		t.Run(tc.pattern+" on two pages", func(t *testing.T) {
			sodPath, src := catastrophic(t, tc.pattern, tc.filler, 30, 2)
			out := filepath.Join(src, "..", "out.jsonl")
			r := run(t, runOpts{timeout: 2 * time.Minute}, "extract", "--sod", sodPath, "--source", src, "-o", out)
			expect(t, r, 0, "page left out of the sample", "0000.html", "type name", "timed out after 200ms")
			if n := jsonLines(t, readFile(t, out)); n < 28 {
				t.Errorf("%d objects extracted, want the 28 good pages' at least", n)
			}
			within(t, "regex "+tc.pattern+", 2 bad pages of 30", r, bound{wall: 15 * time.Second, rss: 300 * mb})
		})
	}
}

// TestSlowRegexUnderTimeout (issue 27, case 4): a pattern that backtracks
// on every text but never reaches its timeout — (.*a){20} on texts of thirteen
// a's, tens of milliseconds a search under a timeout of 500 ms — no longer
// escapes the budgets: the run says which type and pattern is slow (a
// slow-regex diagnostic, in the log and the report), and a sane pattern
// gets none.
func TestSlowRegexUnderTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of backtracking")
	}
	d := dir(t)
	sodText := `object = "item"
[tuple.item]
name = "1"
price = "1"
[entity.name]
regex = 'Model [A-Z][a-z]+ \d+|%s'
timeout = "500ms"
[entity.price]
predefined = "price"
`
	slowSOD := write(t, filepath.Join(d, "slow.toml"), []byte(fmt.Sprintf(sodText, `(.*a){20}`)))
	saneSOD := write(t, filepath.Join(d, "sane.toml"), []byte(fmt.Sprintf(sodText, `Modell \d+`)))
	src := filepath.Join(d, "pages")
	for i := range 40 {
		// Texts differ, so that no search is answered from a cache.
		text := strings.Repeat("xa", 13) + strings.Repeat("x", 200+i)
		write(t, filepath.Join(src, fmt.Sprintf("%04d.html", i)), []byte(strings.Replace(shopPage(i), `<p class="desc">`, "<p>"+text+`</p><p class="desc">`, 1)))
	}
	report := filepath.Join(d, "report.json")
	r := run(t, runOpts{timeout: 2 * time.Minute}, "extract", "--sod", slowSOD, "--source", src, "-o", filepath.Join(d, "out.jsonl"), "--report", report)
	expect(t, r, 0, "kind=slow-regex", "regex of type name", "(.*a){20}", "a page: over its budget of 50ms a page")
	if got := readFile(t, report); !strings.Contains(got, `"kind": "slow-regex"`) {
		t.Errorf("the report has no slow-regex diagnostic")
	}
	within(t, "regex (.*a){20} under its timeout, 40 pages", r, bound{wall: 60 * time.Second, rss: 200 * mb})
	r = run(t, runOpts{}, "extract", "--sod", saneSOD, "--source", src, "-o", filepath.Join(d, "sane.jsonl"))
	expect(t, r, 0)
	if strings.Contains(r.stderr, "slow-regex") {
		t.Errorf("a sane pattern got a slow-regex diagnostic:\n%s", clip(r.stderr))
	}
}
