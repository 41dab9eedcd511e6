package objectrunner_test

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/eval"
	"github.com/objectrunner/objectrunner/internal/trust"
)

// The review measurement of issue 24 on the real dev sites
// (docs/review.md): the automatic reviewer answers the learned wrapper's
// questions from the SWDE truth, the site is learned again with the
// answers, and each attribute's value F1 before and after is logged.
var realDevReview = flag.Bool("realdev.review", false, "answer each real dev site's questions from the truth, learn again and log the value F1 before and after (docs/review.md)")

// reviewRealDev runs the review of one site whose first run gave rep and
// report r, and returns its log lines.
func reviewRealDev(t *testing.T, rep *objectrunner.Report, r *eval.Report, truth *eval.Truth, opt eval.Options, sodPath, source string, lists []string) string {
	var b strings.Builder
	qs := rep.Wrapper.Questions()
	pins := trust.AutoAnswer(qs, truth)
	fmt.Fprintf(&b, "review: %d question(s), %d answered\n", len(qs), len(pins))
	for _, q := range qs {
		fmt.Fprintf(&b, "  question %s (%s): %s\n", q.Field, q.Kind, q.Why)
	}
	for _, p := range pins {
		fmt.Fprintf(&b, "  answer %s\n", p)
	}
	after := r
	if len(pins) > 0 {
		out, _, _, _ := runRealDev(t, sodPath, source, lists, pins...)
		after = score(t, truth, out, opt)
	}
	f1 := map[string]float64{}
	for _, a := range after.Attributes {
		f1[a.Name] = a.Value.F1
	}
	for _, a := range r.Attributes {
		fmt.Fprintf(&b, "  %-14s F1 %.3f -> %.3f\n", a.Name, a.Value.F1, f1[a.Name])
	}
	return b.String()
}
