package annotate

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/objectrunner/objectrunner/recognizers"
)

// Budgets of user regular expressions. A regex recognizer bounds one search
// over one text (its timeout, recognizers.DefaultTimeout unless the SOD sets
// one); that alone lets a page of thirty texts that each take just under
// the timeout cost thirty seconds, and a source of such pages hours. The
// Annotator adds two bounds, for every recognizer with a timeout (the
// regex ones):
//
//   - per page: the time all of them may take over one page (one pass of
//     AnnotateIn, or one step of Sample); a page over it fails with a
//     *RegexBudgetError and is left out, like a page where a search timed
//     out;
//   - per run: the time the Annotator may lose on pages that failed that
//     way (searches that timed out, pages over their budget). Past it every
//     search fails at once with a *RegexBudgetError whose Run is set, and
//     Sample stops with it: the pattern is pathological for this source.
//     Time spent on pages that succeed is never counted, so a large source
//     with a costly but sane pattern is not stopped.
//
// Defaults: PageBudgetFactor × and RunBudgetFactor × the largest timeout of
// the SOD's regexes (5 s and 30 s with the default 1 s timeout).
const (
	PageBudgetFactor = 5
	RunBudgetFactor  = 30
)

// timed is a recognizer whose searches have a timeout (recognizers.Regex).
type timed interface {
	Timeout() time.Duration
}

var _ timed = (*recognizers.Regex)(nil)

// RegexBudgetError reports a page (Run false) or a run (Run true) over its
// regex time budget, naming the entity type whose search went over.
type RegexBudgetError struct {
	Type          string
	Run           bool
	Spent, Budget time.Duration
}

func (e *RegexBudgetError) Error() string {
	if e.Run {
		return fmt.Sprintf("regex of type %s: %v lost to searches that timed out or ran over their page budget, more than the %v allowed for a run: stopping (simplify the pattern or raise its timeout)",
			e.Type, e.Spent.Round(time.Millisecond), e.Budget)
	}
	return fmt.Sprintf("regex searches took %v on this page, more than its budget of %v (type %s: simplify the pattern or raise its timeout)",
		e.Spent.Round(time.Millisecond), e.Budget, e.Type)
}

// pageClock accounts the regex time of one page.
type pageClock struct {
	spent  time.Duration
	failed error // the page's failure, once it failed
}

// regexBudgets is the Annotator's budget state.
type regexBudgets struct {
	page, run time.Duration // <= 0: unbounded
	lost      atomic.Int64  // nanoseconds lost on failed pages
	over      atomic.Pointer[RegexBudgetError]
}

// initBudgets sets the budgets from opts, or from the types' timeouts.
func (a *Annotator) initBudgets() {
	var maxTimeout time.Duration
	for _, et := range a.types {
		if t, ok := et.Recognizer.(timed); ok {
			et.timed = true
			maxTimeout = max(maxTimeout, t.Timeout())
		}
	}
	a.budget.page, a.budget.run = a.opts.RegexPageBudget, a.opts.RegexRunBudget
	if a.budget.page == 0 {
		a.budget.page = PageBudgetFactor * maxTimeout
	}
	if a.budget.run == 0 {
		a.budget.run = RunBudgetFactor * maxTimeout
	}
}

// stopped returns the run's *RegexBudgetError once the run budget is spent.
func (a *Annotator) stopped() error {
	if e := a.budget.over.Load(); e != nil {
		return e
	}
	return nil
}

// find runs et's recognizer on text, within the budgets when it is timed.
func (a *Annotator) find(et *EntityType, text string, clk *pageClock) ([]recognizers.Match, error) {
	if !et.timed || clk == nil {
		return et.Recognizer.Find(text)
	}
	if err := a.stopped(); err != nil {
		return nil, err
	}
	if clk.failed != nil {
		return nil, clk.failed
	}
	start := time.Now()
	ms, err := et.Recognizer.Find(text)
	clk.spent += time.Since(start)
	if err == nil && a.budget.page > 0 && clk.spent > a.budget.page {
		err = &RegexBudgetError{Type: et.Name, Spent: clk.spent, Budget: a.budget.page}
	}
	if err == nil {
		return ms, nil
	}
	clk.failed = err
	lost := time.Duration(a.budget.lost.Add(int64(clk.spent)))
	if a.budget.run > 0 && lost > a.budget.run {
		a.budget.over.CompareAndSwap(nil, &RegexBudgetError{Type: et.Name, Run: true, Spent: lost, Budget: a.budget.run})
		return nil, a.stopped()
	}
	return nil, err
}
