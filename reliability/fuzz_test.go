//go:build linux

package reliability

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// parserTargets are the fuzz targets every parser of untrusted input must
// keep (group 7): scripts/fuzz.sh runs them all, 60 s each.
var parserTargets = map[string][]string{
	"sod":             {"FuzzParse"},                                      // SOD files
	"wrapper":         {"FuzzLoad", "FuzzExtract"},                        // wrapper files, pages against a wrapper
	"wrapper/records": {"FuzzRecordPatternJSON"},                          // the record pattern inside wrapper files
	"annotate":        {"FuzzClean", "FuzzDeepPages", "FuzzAnnotate"},     // page loading (charsets), cleaning, depth
	"dictionaries":    {"FuzzLineReader", "FuzzNormalize", "FuzzMatcher"}, // word lists
	"eval":            {"FuzzLoadSWDE", "FuzzLoadResults"},                // ground truth, results
	"recognizers": {"FuzzRegex", "FuzzRecognizers", "FuzzDate", "FuzzTime", // user regexes and each predefined recognizer
		"FuzzPrice", "FuzzISBN", "FuzzISBN10", "FuzzISBN13", "FuzzPhone", "FuzzEmail", "FuzzURL",
		"FuzzAddress", "FuzzYear", "FuzzNumber", "FuzzPercent"},
}

// TestFuzzTargets (group 7): every parser has its fuzz targets, each
// predefined recognizer its own, and scripts/fuzz.sh finds targets by
// itself; inputs that once failed stay as regression seeds.
func TestFuzzTargets(t *testing.T) {
	for pkg, targets := range parserTargets {
		files, _ := filepath.Glob(filepath.Join("..", pkg, "*_test.go"))
		var src strings.Builder
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			src.Write(b)
		}
		for _, target := range targets {
			if !regexp.MustCompile(`(?m)^func ` + target + `\(f \*testing\.F\)`).MatchString(src.String()) {
				t.Errorf("%s: no fuzz target %s", pkg, target)
			}
		}
	}
	script, err := os.ReadFile(filepath.Join("..", "scripts", "fuzz.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(filepath.Join("..", "scripts", "fuzz.sh")); st.Mode()&0o111 == 0 {
		t.Errorf("scripts/fuzz.sh is not executable")
	}
	for _, want := range []string{"go test -list '^Fuzz'", `FUZZTIME:-60s`, "-fuzz"} {
		if !strings.Contains(string(script), want) {
			t.Errorf("scripts/fuzz.sh does not contain %q", want)
		}
	}
	// The inputs fuzzing found failing are kept as seeds: the word-list
	// reader's (a last line one byte over the limit, without "\n") and
	// the URL recognizer's (invalid UTF-8 carried into its form).
	for _, seed := range []string{"dictionaries/testdata/fuzz/FuzzLineReader", "recognizers/testdata/fuzz/FuzzURL"} {
		if seeds, _ := filepath.Glob(filepath.Join("..", seed, "*")); len(seeds) == 0 {
			t.Errorf("no regression seed under %s", seed)
		}
	}
}
