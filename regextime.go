package objectrunner

import (
	"fmt"
	"sort"
	"time"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// DiagSlowRegex: a user regular expression took more than its budgets over
// the source — on average more than SlowRegexPageShare of its timeout per
// page, or more than annotate.RunBudgetFactor times its timeout in all —
// though no search reached the timeout (a pattern such as (.*a){20} that
// backtracks a lot on every text). The message names the type, the
// pattern and the time.
const DiagSlowRegex = "slow-regex"

// SlowRegexPageShare is the per-page regex budget as a share of the
// pattern's timeout: 100 ms a page with the default timeout of 1 s.
const SlowRegexPageShare = 0.1

// RegexUse is the time the searches of one user regular expression took
// during a run (sample, induction and extraction).
type RegexUse struct {
	// Type is the entity type the pattern recognises.
	Type    string
	Pattern string
	Timeout time.Duration
	Spent   time.Duration
}

// regexClock reads the time of a run's patterns (recognizers.RegexTime)
// before and after it.
type regexClock struct {
	uses  []RegexUse
	start []time.Duration
}

// startRegexClock starts counting the time of the regex types of s, or of
// the regex fields of w when s is nil (a saved wrapper).
func startRegexClock(s *sod.SOD, w *wrapper.Wrapper) *regexClock {
	c := &regexClock{}
	seen := map[string]bool{}
	add := func(typ, pattern string, timeout time.Duration) {
		if seen[pattern] {
			return
		}
		seen[pattern] = true
		if timeout <= 0 {
			timeout = recognizers.DefaultTimeout
		}
		c.uses = append(c.uses, RegexUse{Type: typ, Pattern: pattern, Timeout: timeout})
		c.start = append(c.start, recognizers.RegexTime(pattern))
	}
	if s != nil {
		for _, t := range s.Entities() {
			if r := t.Recognizer; r != nil && r.Kind == sod.Regex {
				add(t.Name, r.Pattern, r.Timeout)
			}
		}
	} else if w != nil {
		for _, f := range w.Fields() {
			if f.Regex != nil && len(f.Types) > 0 {
				add(f.Types[0], f.Regex.Pattern, f.Regex.Timeout)
			}
		}
	}
	return c
}

// stop returns the time each pattern took since start.
func (c *regexClock) stop() []RegexUse {
	out := make([]RegexUse, len(c.uses))
	for i, u := range c.uses {
		u.Spent = recognizers.RegexTime(u.Pattern) - c.start[i]
		out[i] = u
	}
	return out
}

// slowRegex returns a DiagSlowRegex per pattern over its budgets.
func slowRegex(rep *Report) []Diagnostic {
	var out []Diagnostic
	pages := max(rep.Pages, 1)
	for _, u := range rep.RegexTime {
		perPage := time.Duration(float64(u.Timeout) * SlowRegexPageShare)
		source := annotate.RunBudgetFactor * u.Timeout
		mean := u.Spent / time.Duration(pages)
		if mean <= perPage && u.Spent <= source {
			continue
		}
		out = append(out, Diagnostic{Kind: DiagSlowRegex, Field: u.Type, Message: fmt.Sprintf(
			"regex of type %s (%q) took %v over %d pages, %v a page: over its budget of %v a page (%.0f%% of its timeout %v) or %v a source; simplify the pattern (nested or repeated .* backtrack)",
			u.Type, clipPattern(u.Pattern), u.Spent.Round(time.Millisecond), rep.Pages, mean.Round(time.Millisecond), perPage, 100*SlowRegexPageShare, u.Timeout, source)})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Field < out[j].Field })
	return out
}

func clipPattern(p string) string {
	if len(p) > 80 {
		return p[:77] + "..."
	}
	return p
}
