package zoo_test

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/internal/trust"
	"github.com/objectrunner/objectrunner/wrapper"
)

// The review measurement of issue 24 (docs/review.md): an automatic
// reviewer answers the learned wrapper's questions from the truth, at
// most one answer per field, the wrapper is learned again with the
// answers as pins, and the template is scored again.
var reviewFlag = flag.Bool("zoo.review", false, "answer each template's questions from the truth (an automatic reviewer), learn again with the answers and report what the answers fixed (docs/review.md)")

// reviewDump prints, for each field the review left below 0.95, what a
// developer needs to see why: the field's diagnostics, its explanation
// (candidates, others, spare, with their sample values) and its true
// values on those pages.
var reviewDump = flag.Bool("zoo.reviewdump", false, "with -zoo.review, print each unfixed field's diagnostics, explanation and true values")

// reviewWithout names question kinds (comma-separated) the review also
// leaves out, to measure before -> after of new kinds in one run: with
// it, the review is reported twice, without those kinds (the base) and
// with every kind (docs/review.md).
var reviewWithout = flag.String("zoo.reviewwithout", "", "with -zoo.review, also report the review with the questions of these kinds (comma-separated) left out, as a base to compare with")

// reviewed is a template's outcome after the automatic review.
type reviewed struct {
	questions []wrapper.Question
	pins      []wrapper.Pin
	after     *result // nil when nothing was answered
	// base is the review without the kinds of -zoo.reviewwithout.
	base *reviewed
}

// reviewSeed runs the automatic review of seed's first result.
func reviewSeed(t *testing.T, seed uint64, first *result) *reviewed {
	rv := answerSeed(t, seed, first, first.questions)
	if *reviewWithout != "" {
		left := strings.Split(*reviewWithout, ",")
		qs := slices.DeleteFunc(slices.Clone(first.questions), func(q wrapper.Question) bool { return slices.Contains(left, q.Kind) })
		if len(qs) == len(first.questions) {
			rv.base = rv
		} else {
			rv.base = answerSeed(t, seed, first, qs)
		}
	}
	return rv
}

// answerSeed answers questions qs of seed's first result and learns
// again with the answers.
func answerSeed(t *testing.T, seed uint64, first *result, qs []wrapper.Question) *reviewed {
	rv := &reviewed{questions: qs}
	if first.truth == nil {
		return rv
	}
	rv.pins = trust.AutoAnswer(qs, first.truth)
	if len(rv.pins) > 0 {
		rv.after = runSeed(t, seed, rv.pins...)
	}
	return rv
}

// summarizeReview prints the review's measures: the share of the fields
// scoring < 0.90 brought to >= 0.95, the share of the templates scoring
// >= 0.95 everywhere where no question was asked, the questions per
// template, and the fields the answers made worse.
func summarizeReview(out io.Writer, results []*result) {
	if *reviewWithout != "" {
		fmt.Fprintf(out, "\nbase: the review without the questions of kinds %s", *reviewWithout)
		summarizeReviewOf(out, results, func(r *result) *reviewed {
			if r.review == nil {
				return nil
			}
			return r.review.base
		})
		fmt.Fprintf(out, "\nwith every kind of question:")
	}
	summarizeReviewOf(out, results, func(r *result) *reviewed { return r.review })
}

// summarizeReviewOf is summarizeReview of the reviews review gives.
func summarizeReviewOf(out io.Writer, results []*result, review func(*result) *reviewed) {
	low, fixed, good, quiet, asked, answered, worse := 0, 0, 0, 0, 0, 0, 0
	perTemplate := map[int]int{}
	var notFixed, noisy, worsened, fixedOnes []string
	for _, r := range results {
		rv := review(r)
		if rv == nil {
			continue
		}
		n := len(rv.questions)
		asked += n
		answered += len(rv.pins)
		perTemplate[min(n, 4)]++
		after := r
		if rv.after != nil {
			after = rv.after
		}
		score := map[string]float64{}
		for _, f := range after.fields {
			score[f.name] = f.f1
		}
		allGood := r.err == "" && len(r.fields) > 0
		for _, f := range r.fields {
			allGood = allGood && f.f1 >= 0.95
			if f.f1 < targetFieldF1 {
				low++
				if score[f.name] >= 0.95 {
					fixed++
					q := "no question"
					if j := slices.IndexFunc(rv.pins, func(p wrapper.Pin) bool { return p.Field == f.name }); j >= 0 {
						q = "answered " + rv.pins[j].String()
					}
					if i := slices.IndexFunc(rv.questions, func(q wrapper.Question) bool { return q.Field == f.name }); i >= 0 {
						q = "asked " + rv.questions[i].Kind + ", " + q
						if *reviewDump {
							q += "\n" + dumpQuestion(rv.questions[i])
						}
					}
					fixedOnes = append(fixedOnes, fmt.Sprintf("%s %s %.2f -> %.2f (%s)", r.name, f.name, f.f1, score[f.name], q))
				} else {
					q := "no question"
					if i := slices.IndexFunc(rv.questions, func(q wrapper.Question) bool { return q.Field == f.name }); i >= 0 {
						q = "asked " + rv.questions[i].Kind
						if j := slices.IndexFunc(rv.pins, func(p wrapper.Pin) bool { return p.Field == f.name }); j >= 0 {
							q += ", answered " + rv.pins[j].String()
						} else {
							q += ", no right candidate"
						}
					}
					notFixed = append(notFixed, fmt.Sprintf("%s %s %.2f -> %.2f (%s)", r.name, f.name, f.f1, score[f.name], q))
					if *reviewDump {
						notFixed = append(notFixed, dumpField(r, f.name))
					}
				}
			}
			if score[f.name] < f.f1-0.01 {
				worse++
				worsened = append(worsened, fmt.Sprintf("%s %s %.2f -> %.2f", r.name, f.name, f.f1, score[f.name]))
			}
		}
		if allGood {
			good++
			if n == 0 {
				quiet++
			} else {
				var fs []string
				for _, q := range rv.questions {
					fs = append(fs, q.Field+" ("+q.Kind+": "+q.Why+")")
				}
				noisy = append(noisy, r.name+": "+strings.Join(fs, ", "))
				if *reviewDump {
					for _, q := range rv.questions {
						noisy = append(noisy, dumpQuestion(q))
					}
				}
			}
		}
	}
	share := func(a, b int) string {
		if b == 0 {
			return "n/a"
		}
		return fmt.Sprintf("%.3f (%d/%d)", float64(a)/float64(b), a, b)
	}
	fmt.Fprintf(out, "\nreview (automatic reviewer answering from the truth, at most one answer per field):\n")
	fmt.Fprintf(out, "  fields < 0.90 brought to >= 0.95: %s\n", share(fixed, low))
	fmt.Fprintf(out, "  templates >= 0.95 everywhere asked no question: %s\n", share(quiet, good))
	fmt.Fprintf(out, "  questions: %d over %d templates (%.2f per template), %d answered; templates by questions asked: 0: %d, 1: %d, 2: %d, 3: %d, 4+: %d\n",
		asked, len(results), float64(asked)/float64(max(1, len(results))), answered, perTemplate[0], perTemplate[1], perTemplate[2], perTemplate[3], perTemplate[4])
	fmt.Fprintf(out, "  fields made worse by the answers (F1 down > 0.01): %d\n", worse)
	if *reviewDump {
		writeDiagKinds(out, results)
	}
	for _, s := range fixedOnes {
		fmt.Fprintf(out, "    fixed: %s\n", s)
	}
	for _, s := range notFixed {
		fmt.Fprintf(out, "    not fixed: %s\n", s)
	}
	for _, s := range noisy {
		fmt.Fprintf(out, "    asked on a good template: %s\n", s)
	}
	for _, s := range worsened {
		fmt.Fprintf(out, "    worse: %s\n", s)
	}
}

// dumpField is -zoo.reviewdump's text for field of r.
func dumpField(r *result, field string) string {
	var b strings.Builder
	for _, d := range r.diags {
		if d.Field == field {
			fmt.Fprintf(&b, "        diag %s: %s\n", d.Kind, d.Message)
		}
	}
	truthOf := func(page string) string {
		if r.truth == nil {
			return "?"
		}
		p := r.truth.Page(page)
		if p == nil {
			return "?"
		}
		return fmt.Sprintf("%q", p.Values(field))
	}
	for _, fe := range r.explain {
		if fe.Field != field {
			continue
		}
		fmt.Fprintf(&b, "        slots %v sample %d instances %d\n", fe.Slots, fe.Sample, fe.Instances)
		for _, part := range []struct {
			name string
			cs   []wrapper.CandidateExplain
		}{{"cand", fe.Candidates}, {"other", fe.Others}, {"spare", fe.Spare}, {"part", fe.Parts}} {
			for _, c := range part.cs {
				piece := ""
				if c.Piece != nil {
					piece = fmt.Sprintf(" piece %s hits %d", c.Piece, c.Hits)
				}
				fmt.Fprintf(&b, "        %s slot %d %q label %q basis %s total %.2f chosen %v perpage %.2f%s\n", part.name, c.Slot, c.Context, c.Label, c.Score.Basis, c.Total, c.Chosen, c.PerPage, piece)
				for _, s := range c.Samples {
					fmt.Fprintf(&b, "            %s %q truth %s\n", s.Page, s.Values, truthOf(s.Page))
				}
			}
		}
	}
	for i, p := range r.sample {
		if i == 3 {
			break
		}
		fmt.Fprintf(&b, "        truth %s: %s\n", p.Path, truthOf(p.Path))
	}
	return strings.TrimRight(b.String(), "\n")
}

// writeDiagKinds prints, per diagnostic kind, how many fields carrying it
// score < 0.90, in [0.90, 0.95) and >= 0.95 (-zoo.reviewdump), and how
// many of the good templates (>= 0.95 everywhere) carry it on a field.
func writeDiagKinds(out io.Writer, results []*result) {
	type count struct{ low, mid, good, goodTemplates int }
	kinds := map[string]*count{}
	for _, r := range results {
		allGood := r.err == "" && len(r.fields) > 0
		for _, f := range r.fields {
			allGood = allGood && f.f1 >= 0.95
		}
		seenT := map[string]bool{}
		for _, f := range r.fields {
			seen := map[string]bool{}
			for _, d := range r.diags {
				if d.Field != f.name || seen[d.Kind] {
					continue
				}
				seen[d.Kind] = true
				c := kinds[d.Kind]
				if c == nil {
					c = &count{}
					kinds[d.Kind] = c
				}
				switch {
				case f.f1 < targetFieldF1:
					c.low++
				case f.f1 < 0.95:
					c.mid++
				default:
					c.good++
				}
				if allGood && !seenT[d.Kind] {
					seenT[d.Kind] = true
					c.goodTemplates++
				}
			}
		}
	}
	names := slices.Sorted(maps.Keys(kinds))
	fmt.Fprintf(out, "  diagnostics on fields (< 0.90 / [0.90, 0.95) / >= 0.95; good templates carrying it):\n")
	for _, k := range names {
		c := kinds[k]
		fmt.Fprintf(out, "    %-22s %3d / %3d / %3d; %d\n", k, c.low, c.mid, c.good, c.goodTemplates)
	}
}

// dumpQuestion is -zoo.reviewdump's text of question q.
func dumpQuestion(q wrapper.Question) string {
	var b strings.Builder
	fmt.Fprintf(&b, "        question %s (%s)\n", q.Field, q.Kind)
	for k, c := range q.Candidates {
		fmt.Fprintf(&b, "          %s basis %s ann %.2f\n", c.Title(k), c.Score.Basis, c.Score.Annotation)
		for _, s := range c.Samples {
			fmt.Fprintf(&b, "              %s %q\n", s.Page, s.Values)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
