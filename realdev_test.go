package objectrunner_test

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/eval"
	"github.com/objectrunner/objectrunner/internal/trust"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// realDevSite is one real SWDE site with a newcomer's SOD (examples/real).
type realDevSite struct {
	name       string // directory under examples/real and ../shared/data/swde
	gazetteers string // shared gazetteer domain used as dictionaries, if any
	// floors: per attribute, the value F1 and precision that must hold
	// (first contact minus a margin; see docs/trust.md).
	f1, precision map[string]float64
}

// realDevSites are the four sites of issue 20. The floors are the
// first-contact scores (main at 4c316f6, before any change for the issue,
// scored with the SWDE truth's character references decoded and labels
// aligned, see eval.labelFree) minus a margin of 0.05, and 0 where first
// contact scored 0 (job company: no slot; auto model: the SOD's make
// dictionary gives "BMW Z4" where SWDE labels the heading "2011 BMW Z4
// Overview"). They stop silent regressions; raise them as output improves.
var realDevSites = []realDevSite{
	{name: "job-nettemps",
		f1:        map[string]float64{"title": 0.95, "company": 0, "location": 0.95, "date_posted": 0.95},
		precision: map[string]float64{"title": 0.95, "company": 0, "location": 0.95, "date_posted": 0.95}},
	{name: "nbaplayer-usatoday", gazetteers: "nbaplayer",
		f1:        map[string]float64{"name": 0.95, "team": 0.95, "height": 0.95, "weight": 0.95},
		precision: map[string]float64{"name": 0.95, "team": 0.95, "height": 0.95, "weight": 0.95}},
	{name: "auto-carquotes",
		f1:        map[string]float64{"model": 0, "price": 0.95, "engine": 0.92, "fuel_economy": 0.95},
		precision: map[string]float64{"model": 0, "price": 0.95, "engine": 0.95, "fuel_economy": 0.95}},
	{name: "book-booksamillion", gazetteers: "book",
		f1:        map[string]float64{"title": 0.95, "author": 0.95, "isbn_13": 0.95},
		precision: map[string]float64{"title": 0.95, "author": 0.95, "isbn_13": 0.95}},
}

// TestRealDev runs the whole pipeline with the newcomer SODs of
// examples/real on the real SWDE sites of ../shared/data/swde, scores the
// attributes SWDE labels over the pages present, and logs per attribute
// value P/R/F1 and page-hit F1, the values that fail their field's own
// recognizer, the diagnostics and the reliability table (confidence bins
// against observed precision). Fields SWDE does not label (the book's
// price and page count) are checked against their recognizers, and the
// book's against its page's detail block (bookOwnValues).
func TestRealDev(t *testing.T) {
	data := sharedData(t)
	all := trust.NewJudged()
	var dump []string // -realdev.values (realdev_values_test.go)
	for _, site := range realDevSites {
		t.Run(site.name, func(t *testing.T) {
			dir := filepath.Join("examples", "real", site.name)
			lists, _ := filepath.Glob(filepath.Join(dir, "dictionaries", "*.txt"))
			if site.gazetteers != "" {
				g, _ := filepath.Glob(filepath.Join(data, "gazetteers", site.gazetteers, "*.txt"))
				lists = append(lists, g...)
			}
			pagesDir := filepath.Join(data, "swde", site.name)
			pages, _ := filepath.Glob(filepath.Join(pagesDir, "*.htm"))
			if len(pages) == 0 {
				t.Fatalf("%s: no pages", pagesDir)
			}
			truth := swdeTruth(t, data, site.name, pages)
			out, vals, rep, recs := runRealDev(t, filepath.Join(dir, "sod.toml"), pagesDir, lists)
			// Score the SOD's fields that SWDE labels (the book variant
			// has no publisher or date; SWDE has no price or page count).
			var attrs []string
			for _, f := range rep.Wrapper.Fields() {
				if slices.Contains(truth.Attributes, f.Path) {
					attrs = append(attrs, f.Path)
				}
			}
			r := score(t, truth, out, eval.Options{Show: 3, Attributes: attrs})
			var review string
			if *realDevReview { // realdev_review_test.go
				review = reviewRealDev(t, rep, r, truth, eval.Options{Show: 3, Attributes: attrs}, filepath.Join(dir, "sod.toml"), pagesDir, lists)
			}
			var b strings.Builder
			fmt.Fprintf(&b, "%s: %d objects from %d pages (%d unfit)\n", site.name, rep.Objects, rep.Pages, rep.UnfitPages())
			fmt.Fprintf(&b, "%-14s %6s %6s %6s %8s\n", "attribute", "P", "R", "F1", "page-hit")
			for _, a := range r.Attributes {
				fmt.Fprintf(&b, "%-14s %6.3f %6.3f %6.3f %8.3f\n", a.Name, a.Value.Precision, a.Value.Recall, a.Value.F1, a.PageHit.F1)
				if f, ok := site.f1[a.Name]; ok && a.Value.F1 < f {
					t.Errorf("%s: value F1 %.3f below the floor %.2f", a.Name, a.Value.F1, f)
				}
				if p, ok := site.precision[a.Name]; ok && a.Value.Precision < p {
					t.Errorf("%s: value precision %.3f below the floor %.2f", a.Name, a.Value.Precision, p)
				}
			}
			for name := range site.f1 {
				if !slices.ContainsFunc(r.Attributes, func(a *eval.AttributeReport) bool { return a.Name == name }) {
					t.Errorf("attribute %s not scored", name)
				}
			}
			bad := trust.Unrecognized(rep.Wrapper.Fields(), recs, vals)
			n := 0
			for _, f := range rep.Wrapper.Fields() {
				vs := bad[f.Path]
				n += len(vs)
				if len(vs) > 0 {
					fmt.Fprintf(&b, "%s: %d values fail its recognizer, e.g. %q\n", f.Path, len(vs), vs[0].Text)
				}
			}
			if n > 0 { // first contact: none
				t.Errorf("%d values fail their field's recognizer, want none", n)
			}
			for _, f := range rep.Wrapper.Fields() {
				if slices.Contains(attrs, f.Path) {
					continue
				}
				var some []string
				for _, v := range vals {
					if v.Field == f.Path && len(some) < 5 {
						some = append(some, fmt.Sprintf("%s %q (%.2f)", v.Page, v.Text, v.Confidence))
					}
				}
				fmt.Fprintf(&b, "unlabelled field %s, first values: %s\n", f.Path, strings.Join(some, ", "))
			}
			if site.name == "book-booksamillion" {
				bookOwnValues(t, &b, pagesDir, vals)
			}
			for _, d := range objectrunner.Diagnose(rep) {
				fmt.Fprintf(&b, "diagnostic %s %s: %s\n", d.Kind, d.Field, d.Message)
			}
			// Only the SWDE attributes are judged: values of unlabelled
			// fields are left out of the reliability table.
			var labelled []trust.Value
			for _, v := range vals {
				if slices.Contains(truth.Attributes, v.Field) {
					labelled = append(labelled, v)
				}
			}
			j := trust.Judge(truth, labelled)
			dump = append(dump, judgedLines(site.name, truth, labelled))
			all.Merge(j)
			fmt.Fprintf(&b, "reliability (%d values, precision %.4f):\n", j.Values, j.Precision())
			j.Reliability.WriteText(&b)
			t.Logf("\n%s%s", b.String(), review)
		})
	}
	if err := writeRealDevValues(dump); err != nil {
		t.Error(err)
	}
	var b strings.Builder
	all.Reliability.WriteText(&b)
	t.Logf("reliability over the four sites (%d values, precision %.4f):\n%s", all.Values, all.Precision(), b.String())
}

// runRealDev runs the pipeline like run (pipeline_test.go) and also
// returns the emitted values with their confidences, the run report and
// the recognizers.
func runRealDev(t *testing.T, sodPath, source string, lists []string, pins ...wrapper.Pin) ([]byte, []trust.Value, *objectrunner.Report, map[string]recognizers.Recognizer) {
	t.Helper()
	out, vals, rep, recs, err := runRealDevErr(t, sodPath, source, lists, pins...)
	if err != nil {
		t.Fatalf("%s: %v", source, err)
	}
	return out, vals, rep, recs
}

// runRealDevErr is runRealDev returning the run's error (a source
// discarded, a wrapper stopped early) instead of failing the test.
func runRealDevErr(t *testing.T, sodPath, source string, lists []string, pins ...wrapper.Pin) ([]byte, []trust.Value, *objectrunner.Report, map[string]recognizers.Recognizer, error) {
	t.Helper()
	s, err := sod.Load(sodPath)
	if err != nil {
		t.Fatal(err)
	}
	store, err := dictionaries.Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for _, l := range lists {
		class := strings.TrimSuffix(filepath.Base(l), filepath.Ext(l))
		if _, err := store.ImportFile(context.Background(), class, l, dictionaries.ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := recognizers.ForSOD(s, store)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	var vals []trust.Value
	induce := wrapper.DefaultOptions()
	induce.Pins = pins
	cfg := objectrunner.Config{SOD: s, Recognizers: recs, Induce: &induce}
	rep, err := objectrunner.Run(context.Background(), source, cfg, func(o *wrapper.Object) error {
		vals = append(vals, trust.Flatten(o)...)
		b, err := json.Marshal(o)
		out.Write(b)
		out.WriteByte('\n')
		return err
	})
	// The store closes on return: of the recognizers, only the pattern
	// types that trust.Unrecognized checks are used afterwards.
	return []byte(out.String()), vals, rep, recs, err
}

// bookOwnValues checks the book site's price and page count, which SWDE
// does not label, against the page's own detail block: the page count
// must be the number after "Page Count:" (or nothing where the page has
// no such row), the price one of the prices between "Membership Type
// Price" and "Join Now" (retail, online, club), not a recommendation's
// (issue 20: the sidebar's "Club Price" on about half the pages and
// another number as the page count on 1,998 of 2,000 at first contact).
func bookOwnValues(t *testing.T, b *strings.Builder, dir string, vals []trust.Value) {
	tags := regexp.MustCompile(`(?s)<script.*?</script>|<style.*?</style>|<[^>]+>`)
	pc := regexp.MustCompile(`Page Count\s*:\s*(\d+)`)
	block := regexp.MustCompile(`(?s)Membership Type Price(.*?)Join Now`)
	money := regexp.MustCompile(`\$[\d,.]+`)
	text := map[string]string{}
	page := func(name string) string {
		if s, ok := text[name]; ok {
			return s
		}
		raw, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		s := strings.Join(strings.Fields(html.UnescapeString(tags.ReplaceAllString(string(raw), " "))), " ")
		text[name] = s
		return s
	}
	n := map[string]int{}
	got := map[string]map[string]string{"page_count": {}, "price": {}}
	for _, v := range vals {
		if m := got[v.Field]; m != nil {
			m[filepath.Base(v.Page)] = v.Text
		}
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "*.htm"))
	for _, p := range pages {
		name := filepath.Base(p)
		s := page(name)
		want := ""
		if m := pc.FindStringSubmatch(s); m != nil {
			want = m[1]
		}
		switch v, ok := got["page_count"][name]; {
		case !ok && want == "":
			n["page_count none"]++
		case !ok:
			n["page_count empty"]++
		case v == want:
			n["page_count right"]++
		default:
			n["page_count wrong"]++
		}
		var own []string
		if m := block.FindStringSubmatch(s); m != nil {
			own = money.FindAllString(m[1], -1)
		}
		switch v, ok := got["price"][name]; {
		case !ok:
			n["price empty"]++
		case slices.Contains(own, v):
			n["price right"]++
		default:
			n["price wrong"]++
		}
	}
	fmt.Fprintf(b, "page_count: %d right, %d wrong, %d empty, %d without the row and empty; price: %d from the book's block, %d not, %d empty\n",
		n["page_count right"], n["page_count wrong"], n["page_count empty"], n["page_count none"], n["price right"], n["price wrong"], n["price empty"])
	if n["page_count wrong"] > 0 || n["price wrong"] > 0 {
		t.Errorf("book: %d page counts and %d prices not the book's own", n["page_count wrong"], n["price wrong"])
	}
	if n["page_count right"] < 19*(n["page_count right"]+n["page_count empty"])/20 || n["price right"] < 19*len(pages)/20 {
		t.Errorf("book: %d of %d page counts and %d of %d prices right, want 95%%", n["page_count right"], n["page_count right"]+n["page_count empty"], n["price right"], len(pages))
	}
}

// swdeTruth is SWDE's ground truth of site for the pages given (paths).
func swdeTruth(t *testing.T, data, site string, pages []string) *eval.Truth {
	t.Helper()
	full, err := eval.LoadSWDE(filepath.Join(data, "swde", "groundtruth", site))
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(pages))
	for i, p := range pages {
		names[i] = filepath.Base(p)
	}
	return full.Only(names)
}
