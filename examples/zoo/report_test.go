package zoo_test

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/objectrunner/objectrunner/internal/trust"
)

// summary holds the numbers TestZoo checks against its floors.
type summary struct {
	meanF1     float64 // mean value F1 over every field of every template
	minF1      float64
	shareGood  float64 // share of templates whose every field is >= targetFieldF1
	goodFields float64 // share of fields >= targetFieldF1
	listRecP   float64 // mean records precision over list templates
	listRecR   float64
	listSegP   float64 // mean record segmentation precision over list templates
	listSegR   float64
	// Trust (issue 20).
	valuePrecision float64 // precision over every emitted value
	lostFields     int     // fields with F1 < 0.5 whose truth has values
	coverage       trust.Coverage
	judged         *trust.Judged
}

// group accumulates field scores and template outcomes for a breakdown row.
type group struct {
	templates, good, fields int
	sum, min                float64
	recP, recR              float64
	lists                   int
}

func (g *group) add(r *result) {
	if g.templates == 0 {
		g.min = 1
	}
	g.templates++
	if r.good() {
		g.good++
	}
	for _, f := range r.fields {
		g.fields++
		g.sum += f.f1
		g.min = min(g.min, f.f1)
	}
	if r.feat.List {
		g.lists++
		g.recP += r.recP
		g.recR += r.recR
	}
}

func (g *group) mean() float64 { return g.sum / float64(max(1, g.fields)) }

func (g *group) records() string {
	if g.lists == 0 {
		return "-"
	}
	return fmt.Sprintf("%.3f / %.3f", g.recP/float64(g.lists), g.recR/float64(g.lists))
}

// summarize writes the per-template table and the breakdowns, and returns
// the summary numbers.
func summarize(out io.Writer, results []*result) summary {
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "source\trec P\trec R\tunfit\tmin F1\tfields (value F1; ! below 0.90)")
	var all group
	var sum summary
	var listN int
	var errs []string
	buckets := make([]int, 5)
	goodFields := 0
	for _, r := range results {
		all.add(r)
		var fs []string
		for _, f := range r.fields {
			mark := ""
			if f.f1 < targetFieldF1 {
				mark = "!"
				if f.f1 > 0 {
					mark = fmt.Sprintf("! (P %.2f R %.2f)", f.p, f.r)
				}
			} else {
				goodFields++
			}
			fs = append(fs, fmt.Sprintf("%s %.2f%s", f.name, f.f1, mark))
		}
		line := strings.Join(fs, ", ")
		if r.err != "" {
			line = "STOPPED (" + firstLine(r.err) + "): " + line
			errs = append(errs, r.name)
		}
		fmt.Fprintf(w, "%s\t%.2f\t%.2f\t%d/%d\t%.2f\t%s\n", r.name, r.recP, r.recR, r.unfit, r.feat.Pages, r.minF1(), line)
		if r.feat.List {
			listN++
			sum.listRecP += r.recP
			sum.listRecR += r.recR
			if r.seg != nil {
				sum.listSegP += r.seg.precision()
				sum.listSegR += r.seg.recall()
			}
		}
		switch m := r.minF1(); {
		case m >= 0.9995:
			buckets[0]++
		case m >= 0.95:
			buckets[1]++
		case m >= 0.90:
			buckets[2]++
		case m >= 0.50:
			buckets[3]++
		default:
			buckets[4]++
		}
	}
	w.Flush()
	n := float64(max(1, len(results)))
	sum.meanF1, sum.minF1 = all.mean(), all.min
	sum.shareGood = float64(all.good) / n
	sum.goodFields = float64(goodFields) / float64(max(1, all.fields))
	sum.listRecP /= float64(max(1, listN))
	sum.listRecR /= float64(max(1, listN))
	sum.listSegP /= float64(max(1, listN))
	sum.listSegR /= float64(max(1, listN))

	fmt.Fprintf(out, "\n%d templates (%d list, %d detail), %d fields\n", len(results), listN, len(results)-listN, all.fields)
	fmt.Fprintf(out, "mean value F1 %.3f, min %.3f; fields with F1 >= 0.90: %d/%d (%.0f%%)\n", sum.meanF1, sum.minF1, goodFields, all.fields, 100*sum.goodFields)
	fmt.Fprintf(out, "templates by lowest field F1: 1.00: %d, [0.95,1): %d, [0.90,0.95): %d, [0.50,0.90): %d, < 0.50: %d; pipeline stopped: %d %v\n",
		buckets[0], buckets[1], buckets[2], buckets[3], buckets[4], len(errs), errs)
	fmt.Fprintf(out, "templates with every field >= 0.90: %d/%d (%.0f%%)\n", all.good, len(results), 100*sum.shareGood)
	fmt.Fprintf(out, "records P / R, mean over list templates: %.3f / %.3f\n", sum.listRecP, sum.listRecR)
	fmt.Fprintf(out, "record segmentation P / R (FindRecordPattern on the sample, segment_test.go), mean over list templates: %.3f / %.3f\n", sum.listSegP, sum.listSegR)
	for _, r := range results {
		if r.seg != nil && (r.seg.precision() < 1 || r.seg.recall() < 1) {
			fmt.Fprintf(out, "  segmentation of %s: P %.2f R %.2f (%d right of %d segments, %d records) %s%s\n",
				r.name, r.seg.precision(), r.seg.recall(), r.seg.right, r.seg.found, r.seg.truth, r.seg.pattern, r.seg.err)
		}
	}

	breakdown(out, "domain", results, func(r *result) []string {
		return []string{r.feat.Domain + " " + r.feat.Kind(), r.feat.Domain, "(all) " + r.feat.Kind()}
	})
	fieldBreakdown(out, results)
	breakdown(out, "feature", results, func(r *result) []string { return r.feat.Tags })

	sum.judged = trust.NewJudged()
	unrec := 0
	var lost, diagBad, diagGood, caught []string
	for _, r := range results {
		if r.judged != nil {
			sum.judged.Merge(r.judged)
		}
		unrec += r.unrecognized
		for _, f := range r.fields {
			if f.f1 < 0.5 {
				sum.lostFields++
				lost = append(lost, fmt.Sprintf("%s %s %.2f", r.name, f.name, f.f1))
			}
			d := len(f.diagnosed) > 0
			sum.coverage.Add(f.f1, d)
			if f.f1 < trust.BadF1 && !d {
				diagBad = append(diagBad, fmt.Sprintf("%s %s %.2f", r.name, f.name, f.f1))
			}
			if f.f1 < trust.BadF1 && d {
				caught = append(caught, fmt.Sprintf("%s %s %.2f %v", r.name, f.name, f.f1, f.diagnosed))
			}
			if f.f1 >= trust.GoodF1 && d {
				diagGood = append(diagGood, fmt.Sprintf("%s %s %v", r.name, f.name, f.diagnosed))
			}
		}
	}
	sum.valuePrecision = sum.judged.Precision()
	c := sum.coverage
	fmt.Fprintf(out, "\ntrust (issue 20):\n")
	fmt.Fprintf(out, "  precision over every emitted value: %.4f (%d of %d right, %d wrong)\n", sum.valuePrecision, sum.judged.Right, sum.judged.Values, sum.judged.Values-sum.judged.Right)
	fmt.Fprintf(out, "  values failing their field's own regex or predefined recognizer: %d\n", unrec)
	if w := wrongByField(results); w != "" {
		fmt.Fprintf(out, "  wrong values by field (most first): %s\n", w)
	}
	fmt.Fprintf(out, "  fields with F1 < 0.5 where the truth has values: %d %v\n", sum.lostFields, lost)
	fmt.Fprintf(out, "  diagnostics naming the field: %d of %d fields < %.2f (%.0f%%), %d of %d fields >= %.2f (%.0f%%)\n",
		c.BadDiagnosed, c.Bad, trust.BadF1, 100*c.BadShare(), c.GoodDiagnosed, c.Good, trust.GoodF1, 100*c.GoodShare())
	if len(diagBad) > 0 {
		fmt.Fprintf(out, "  undiagnosed fields < %.2f: %s\n", trust.BadF1, strings.Join(diagBad, "; "))
	}
	if len(caught) > 0 {
		fmt.Fprintf(out, "  diagnosed fields < %.2f: %s\n", trust.BadF1, strings.Join(caught, "; "))
	}
	if len(diagGood) > 0 {
		fmt.Fprintf(out, "  diagnosed fields >= %.2f: %s\n", trust.GoodF1, strings.Join(diagGood, "; "))
	}
	fmt.Fprintf(out, "  reliability (confidence bins against observed precision):\n")
	var rb strings.Builder
	sum.judged.Reliability.WriteText(&rb)
	for _, l := range strings.Split(strings.TrimRight(rb.String(), "\n"), "\n") {
		fmt.Fprintf(out, "    %s\n", l)
	}
	if v, ok := sum.judged.Reliability.Total(0.9); v > 0 {
		fmt.Fprintf(out, "  values with confidence >= 0.90: %d, precision %.4f\n", v, float64(ok)/float64(v))
	}

	fmt.Fprintf(out, "\ntargets of issue 10:\n")
	met := func(ok bool) string {
		if ok {
			return "met"
		}
		return "NOT met"
	}
	fmt.Fprintf(out, "  mean value F1 >= %.2f: %.3f, %s\n", targetMeanF1, sum.meanF1, met(sum.meanF1 >= targetMeanF1))
	fmt.Fprintf(out, "  every field >= %.2f on >= %.0f%% of templates: %.0f%%, %s\n", targetFieldF1, 100*targetShareGood, 100*sum.shareGood, met(sum.shareGood >= targetShareGood))
	fmt.Fprintf(out, "  records P and R >= %.2f on list templates (mean): %.3f / %.3f, %s\n", targetListRecord, sum.listRecP, sum.listRecR,
		met(sum.listRecP >= targetListRecord && sum.listRecR >= targetListRecord))
	return sum
}

// breakdown writes mean field F1, minimum and share of good templates per
// key (a template may have several keys).
func breakdown(out io.Writer, what string, results []*result, keys func(*result) []string) {
	groups := map[string]*group{}
	for _, r := range results {
		for _, k := range keys(r) {
			if groups[k] == nil {
				groups[k] = &group{}
			}
			groups[k].add(r)
		}
	}
	names := slices.Collect(maps.Keys(groups))
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(groups[a].mean(), groups[b].mean()), cmp.Compare(a, b))
	})
	fmt.Fprintf(out, "\nby %s (lowest mean first):\n", what)
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "%s\ttemplates\tmean F1\tmin F1\tevery field >= 0.90\trecords P / R (list)\n", what)
	for _, k := range names {
		g := groups[k]
		fmt.Fprintf(w, "%s\t%d\t%.3f\t%.3f\t%d/%d\t%s\n", k, g.templates, g.mean(), g.min, g.good, g.templates, g.records())
	}
	w.Flush()
}

// fieldBreakdown writes, per domain and fact, the mean and minimum F1.
func fieldBreakdown(out io.Writer, results []*result) {
	type agg struct {
		n, good  int
		sum, min float64
	}
	fields := map[string]*agg{}
	for _, r := range results {
		for _, f := range r.fields {
			k := r.feat.Domain + "/" + f.fact
			a := fields[k]
			if a == nil {
				a = &agg{min: 1}
				fields[k] = a
			}
			a.n++
			a.sum += f.f1
			a.min = min(a.min, f.f1)
			if f.f1 >= targetFieldF1 {
				a.good++
			}
		}
	}
	fmt.Fprintf(out, "\nby field (domain/fact):\n")
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "field\ttemplates\tmean F1\tmin F1\t>= 0.90\n")
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		a := fields[k]
		fmt.Fprintf(w, "%s\t%d\t%.3f\t%.3f\t%d/%d\n", k, a.n, a.sum/float64(a.n), a.min, a.good, a.n)
	}
	w.Flush()
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}

// wrongByField lists the fields with wrong values, most first, with their
// count and one example ("s0012-books-detail price 14 (\"$9.71\")").
func wrongByField(results []*result) string {
	type agg struct {
		key, ex string
		n       int
	}
	var all []agg
	for _, r := range results {
		if r.judged == nil {
			continue
		}
		byField := map[string]*agg{}
		var keys []string
		for _, v := range r.judged.Wrong {
			a := byField[v.Field]
			if a == nil {
				a = &agg{key: r.name + " " + v.Field, ex: v.Text}
				byField[v.Field] = a
				keys = append(keys, v.Field)
			}
			a.n++
		}
		for _, k := range keys {
			all = append(all, *byField[k])
		}
	}
	slices.SortStableFunc(all, func(a, b agg) int { return cmp.Or(cmp.Compare(b.n, a.n), cmp.Compare(a.key, b.key)) })
	var parts []string
	for i, a := range all {
		if i == 20 {
			parts = append(parts, fmt.Sprintf("… %d more", len(all)-i))
			break
		}
		parts = append(parts, fmt.Sprintf("%s %d (%q)", a.key, a.n, firstLine(a.ex)))
	}
	return strings.Join(parts, "; ")
}
