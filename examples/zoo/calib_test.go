package zoo_test

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/internal/trust"
	"github.com/objectrunner/objectrunner/wrapper"
)

var (
	fitFlag   = flag.String("zoo.fit", "", "TestConfidenceCandidate: the -zoo.values file to fit the candidate calibration on")
	checkFlag = flag.String("zoo.check", "", "TestConfidenceCandidate: comma-separated -zoo.values or -realdev.values files to check it on")
)

// dumped is a line of -zoo.values or -realdev.values.
type dumped struct {
	Source     string           `json:"source"` // zoo
	Site       string           `json:"site"`   // real dev sites
	Field      string           `json:"field"`
	Confidence float64          `json:"confidence"`
	Evidence   wrapper.Evidence `json:"evidence"`
	Right      bool             `json:"right"`
}

func readDump(path string) ([]dumped, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []dumped
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		var d dumped
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		out = append(out, d)
	}
	return out, sc.Err()
}

// typed is the candidate's only split of the evidence: the field's own
// recognizer finds an instance in the value.
func typed(e wrapper.Evidence) bool { return e.Recognizer && e.Recognized }

// TestConfidenceCandidate evaluates the calibration candidate of
// docs/trust.md, which was not adopted: fitted on -zoo.fit, each value's
// confidence is one minus the one-sided 95 % upper bound of the share of
// (source, field) units with a wrong value among the units of its kind
// (typed: its field's recognizer finds it; untyped: any other), rounded
// down to three decimals. On each -zoo.check file it logs the current
// confidence's and the candidate's calibration and reliability tables.
// Without -zoo.fit it is skipped.
func TestConfidenceCandidate(t *testing.T) {
	if *fitFlag == "" {
		t.Skip("no -zoo.fit: see docs/trust.md")
	}
	fit, err := readDump(*fitFlag)
	if err != nil {
		t.Fatal(err)
	}
	type unit struct {
		source, field string
		typed         bool
	}
	broken := map[unit]bool{}
	for _, d := range fit {
		u := unit{d.Source + d.Site, d.Field, typed(d.Evidence)}
		broken[u] = broken[u] || !d.Right
	}
	var n, x [2]int
	for u, b := range broken {
		i := 0
		if u.typed {
			i = 1
		}
		n[i]++
		if b {
			x[i]++
		}
	}
	var conf [2]float64
	var b strings.Builder
	for i, name := range []string{"untyped", "typed"} {
		ub := trust.UpperBound(x[i], n[i], 0.05)
		conf[i] = math.Floor((1-ub)*1000) / 1000
		fmt.Fprintf(&b, "%s: %d of %d units with a wrong value, 95 %% upper bound %.4f, confidence %.3f\n", name, x[i], n[i], ub, conf[i])
	}
	for _, path := range strings.Split(*checkFlag, ",") {
		if path == "" {
			continue
		}
		vals, err := readDump(path)
		if err != nil {
			t.Fatal(err)
		}
		var cur, cand []trust.Scored
		for _, d := range vals {
			cur = append(cur, trust.Scored{Confidence: d.Confidence, Right: d.Right})
			i := 0
			if typed(d.Evidence) {
				i = 1
			}
			cand = append(cand, trust.Scored{Confidence: conf[i], Right: d.Right})
		}
		for _, m := range []struct {
			name string
			c    trust.Calibration
		}{{"current", trust.Calibrate(cur)}, {"candidate", trust.Calibrate(cand)}} {
			c := m.c
			fmt.Fprintf(&b, "\n%s, %s: %d values, %d wrong; Brier %.5f, log loss %.5f, ECE %.5f; confidence >= 0.9: %d values, precision %.4f\n",
				path, m.name, c.Values, c.Wrong, c.Brier, c.LogLoss, c.ECE, c.High, c.HighPrecision)
			c.Reliability.WriteText(&b)
		}
	}
	t.Logf("\n%s", b.String())
}
