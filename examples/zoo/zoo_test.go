package zoo_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/eval"
	"github.com/objectrunner/objectrunner/examples/zoo"
	"github.com/objectrunner/objectrunner/internal/trust"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

var (
	seedsFlag = flag.String("zoo.seeds", "", "template-zoo seeds to run instead of the fixed set (e.g. 100-199); the acceptance floors are checked only on the fixed set")
	outFlag   = flag.String("zoo.out", "", "keep each source, its results and its eval report under this directory")
)

// fixedSeeds is the set CI runs: 100 templates, twenty per domain, ten of
// them list pages and ten detail pages (seed n draws domain n mod 5, list
// pages when n/5 is odd).
const fixedSeeds = "1-100"

// The targets of issue 10 (reported by TestZoo, not enforced).
const (
	targetMeanF1     = 0.97 // mean value F1 over every field of every template
	targetFieldF1    = 0.90 // a field is "good" at this value F1 or more
	targetShareGood  = 0.90 // share of templates whose every field is good
	targetListRecord = 0.98 // records precision and recall on list templates
)

// Acceptance floors on the fixed seeds: just below the baseline measured on
// main (c63c1bd) when the zoo was added, so that CI stays green and a
// regression fails: mean value F1 0.405, 9 % of templates with every field
// >= 0.90, 34 % of fields >= 0.90, records P / R 0.081 / 0.081 on list
// templates, 32 of 100 templates stopped (16 of them by a panic in
// wrapper.gather). Raise them as the mechanisms improve, up to the targets
// above; a change of the generator changes the baseline, so re-measure
// then. Raised since: see the git log of this file for the measurement at
// each step.
//
// Last raised after this round's merges (pub6 ... sp8): mean value F1
// 0.999, 99 % of templates with every field >= 0.90, 520 of 521 fields
// >= 0.90, records P / R 0.996 on list templates, segmentation 1.000.
const (
	floorMeanF1     = 0.99 // mean value F1 over every field of every template
	floorShareGood  = 0.97 // share of templates whose every field is >= targetFieldF1
	floorGoodFields = 0.99 // share of all fields with value F1 >= targetFieldF1
	floorListRecP   = 0.98 // mean records precision over list templates
	floorListRecR   = 0.98 // mean records recall over list templates
	floorListSeg    = 0.98 // mean record segmentation precision and recall over list templates
)

// pinnedKey names one field of one template.
type pinnedKey struct {
	seed  uint64
	field string
}

// pinned are fields of the fixed seeds that a general mechanism brought to
// value F1 >= targetFieldF1, with the mechanism: each must stay there (the
// floors above catch only regressions large enough to move a mean).
var pinned = map[pinnedKey]string{
	{1, "address"}:         "keeping an abbreviation's period when two lines are joined",
	{21, "venue_address"}:  "keeping an abbreviation's period between the lines of a Lines value",
	{50, "release_date"}:   "a date sharing a line with a linked publisher (inline tags do not stop Part)",
	{50, "publisher"}:      "dropping a punctuation-only value ('(' left of a date)",
	{66, "street_address"}: "joining with ', ' across a block element's edge (two <div> lines)",
	{76, "street_address"}: "joining with ', ' across a block element's edge (two <div> lines)",
	{84, "address"}:        "keeping an abbreviation's period when two lines are joined",

	// Addresses over several lines, rows in varying order.
	{24, "location.address"}:        "joining a nested field's two slots, a line each",
	{49, "location.street_address"}: "joining a nested field's two slots, a line each",
	{79, "location.address"}:        "joining a nested field's two slots, a line each",
	{86, "where.address"}:           "joining a nested field's two slots, a line each",
	{99, "location.street_address"}: "joining a nested field's two slots, a line each",
	{94, "location.address"}:        "Lines for a field of a single nested tuple",
	{29, "location.address"}:        "the objects' own set is no nested tuple's set (page mode on a list)",
	{29, "location.tel"}:            "the objects' own set is no nested tuple's set (page mode on a list)",
	{51, "street_address"}:          "a unit after a street without a suffix ('8387 Wythe, Floor 2')",
	{11, "venue_address"}:           "reading a field by its label among rows in varying order",
	{71, "address"}:                 "reading a field by its label among rows in varying order",
	{71, "event_date"}:              "reading a field by its label among rows in varying order",
	{26, "when"}:                    "reading a field by its label among rows in varying order",

	// Price ranges, rows left in one slot.
	{9, "price"}:        "a price range item among a set field's items shares its slot (Part)",
	{14, "cost"}:        "a price range item among a set field's items shares its slot (Part)",
	{89, "price_range"}: "a price range item among a set field's items shares its slot (Part)",
	{89, "telephone"}:   "a row label learned from the annotations ('Reservations:' before phones)",
	{34, "homepage"}:    "a patterned field's item among rows left in one slot (Item)",
	{59, "url"}:         "a patterned field's item among rows left in one slot (Item), several fields per slot",
	{69, "homepage"}:    "a patterned field's item among rows left in one slot (Item)",
	{64, "website"}:     "item slots read when the field's own slot gives none, after a label naming it",

	// Books.
	{15, "author"}:       "a lower-case word beside one known item separates a record's set items ('A and B')",
	{99, "cuisine"}:      "a lower-case word beside one known item separates a record's set items ('A and B')",
	{95, "writer"}:       "'&' beside one known item separates a record's set items ('A & B')",
	{5, "publisher"}:     "a field shares a patterned field's slot where most of its few annotations fall (Part)",
	{83, "make"}:         "a constant menu entry a noisy dictionary knows is no explained slot",
	{92, "school"}:       "a constant menu entry a noisy dictionary knows is no explained slot",
	{93, "manufacturer"}: "a constant menu entry a noisy dictionary knows is no explained slot",
	// Rows told apart by class on detail pages (page-mode class roles).
	{3, "mpn"}:             "page-mode class roles (rows told apart by class)",
	{11, "venue_name"}:     "page-mode class roles (rows told apart by class)",
	{22, "dob"}:            "page-mode class roles (rows told apart by class)",
	{40, "publisher_name"}: "page-mode class roles (rows told apart by class)",
	{40, "release_date"}:   "page-mode class roles (rows told apart by class)",
	{60, "name"}:           "page-mode class roles (rows told apart by class)",
	{61, "venue_name"}:     "page-mode class roles (an optional <li class=\"time-value\"> row)",
	{90, "book_title"}:     "page-mode class roles (rows told apart by class)",
	{90, "isbn13"}:         "page-mode class roles (rows told apart by class)",
	{90, "our_price"}:      "page-mode class roles (rows told apart by class)",
	{91, "band"}:           "page-mode class roles (rows told apart by class)",
	{93, "current_price"}:  "page-mode class roles (rows told apart by class)",
	{93, "date"}:           "page-mode class roles (rows told apart by class)",
	{93, "model"}:          "page-mode class roles (rows told apart by class)",
	{94, "cuisine"}:        "page-mode class roles (rows told apart by class)",

	// A detail page's set field of performers.
	{31, "with"}:   "a set field skips a copy of a single field's slot and sets of other objects' records",
	{41, "lineup"}: "a set field skips a copy of a single field's slot (headliner in breadcrumb and heading)",
	{11, "guests"}: "a set field skips a copy of a single field's slot (headliner in breadcrumb and heading)",

	// A time on the date's line rather than in an optional "Doors" row.
	{16, "time"}:     "a patterned field's own slot outnumbered by its instances beside another's (Part)",
	{41, "showtime"}: "a patterned field's own slot outnumbered by its instances beside another's (Part)",
	{86, "showtime"}: "a patterned field's own slot outnumbered by its instances beside another's (Part)",
	{29, "food"}:     "'&', '/', '+' between one known item and a capitalised word separate items",

	// Round of issue 10 after the zoo's first rounds (branches ev3, sp3, bk3,
	// pd3, rs3).
	{1, "guests"}:           "a set field's slot counted by its items (setitems.go)",
	{49, "food"}:            "a set field's slot counted by its items (setitems.go)",
	{56, "with"}:            "a set field's slot counted by its items (setitems.go)",
	{90, "authors"}:         "a set field's slot counted by its items (setitems.go)",
	{51, "lineup"}:          "a detail page's set field takes its place among the slots single fields left free",
	{60, "pub_date"}:        "a detail page's set field takes its place among the slots single fields left free",
	{41, "venue"}:           "explainedSlots sets aside values of two fields over one dictionary class",
	{46, "where.name"}:      "explainedSlots places a field of a single nested tuple",
	{62, "jersey"}:          "a value wholly one instance of its pattern weighs as a whole node (wholeinst.go)",
	{83, "mpn"}:             "a patterned field takes its item from a slot another field holds (learnItems)",
	{80, "writer"}:          "label roles on detail pages (list_class.go)",
	{100, "pub_date"}:       "label roles on detail pages (list_class.go)",
	{26, "guests"}:          "rows put in their labels' order, a role per row kind (roworder.go)",
	{28, "title"}:           "rows put in their labels' order, a role per row kind (roworder.go)",
	{60, "author"}:          "rows put in their labels' order, a role per row kind (roworder.go)",
	{68, "manufacturer"}:    "rows put in their labels' order, a role per row kind (roworder.go)",
	{75, "book_title"}:      "rows put in their labels' order, a role per row kind (roworder.go)",
	{75, "author"}:          "rows put in their labels' order, a role per row kind (roworder.go)",
	{75, "price"}:           "rows put in their labels' order, a role per row kind (roworder.go)",
	{75, "release_date"}:    "rows put in their labels' order, a role per row kind (roworder.go)",
	{81, "event_date"}:      "rows put in their labels' order, a role per row kind (roworder.go)",
	{81, "time"}:            "rows put in their labels' order, a role per row kind (roworder.go)",
	{83, "name"}:            "a label sharing a word with a dictionary type nominates no letterless slot",
	{39, "contact.tel"}:     "a line that is a whole phone number is not joined with the next (a fax)",
	{59, "category"}:        "plain-text set items counted through brackets and 'and' (sepalone.go)",
	{2, "jersey"}:           "a number sharing a cell with another field waits for its part there (partcands.go)",
	{10, "publisher"}:       "a missing-value placeholder is no value (missing.go, placeholder.go)",
	{21, "supporting_acts"}: "a list's unrolled first item stays one of the set's items (unrolled.go)",
	{29, "location.tel"}:    "a slot after a label that does not name the field (Fax) is another row (otherLabelRow)",
	{42, "role"}:            "a slot whose annotations all fall on one repeated text weighs a quarter",
	{43, "price"}:           "a value with several instances of its pattern gives the first (firstinst.go)",
	{60, "publisher"}:       "a name field's run after a label naming it among rows left in one slot (rowitems.go)",
	{61, "with"}:            "a set's conjunction learned from the shape of written lists (seplist.go)",
	{62, "team"}:            "a row label that is another field's value is no label (valuelabel.go)",
	{77, "club"}:            "a slot whose annotations all fall on one repeated text weighs a quarter",
	{90, "publisher"}:       "a value found in another slot's element goes to that slot (ownpaths.go)",
	{90, "pub_date"}:        "a value found in another slot's element goes to that slot (ownpaths.go)",
	{99, "location.phone"}:  "label rows whose presence varies get roles of their own in place (rowroles.go)",
	{81, "performers"}:      "a set's conjunction learned from the shape of written lists (seplist.go)",
	{91, "venue.name"}:      "a mandatory nested field takes back its slot, counting distinct values (reclaim.go)",
	{91, "supporting_acts"}: "a mandatory nested field takes back its slot, counting distinct values (reclaim.go)",
	{100, "imprint"}:        "the rest of a node beside a date's instance weighed as a slot (restslots.go)",
}

// fieldScore is one field's value-level score on one template.
type fieldScore struct {
	name, fact string
	f1, p, r   float64
	diagnosed  []string // kinds of the diagnostics naming the field (trust.Diagnosed)
}

// result is the outcome of one template.
type result struct {
	seed     uint64
	name     string
	feat     zoo.Features
	fields   []fieldScore
	recP     float64
	recR     float64
	err      string // the pipeline stopped: every field scores 0
	objects  int
	unfit    int
	reasons  []string // why pages did not fit the wrapper, with counts
	duration time.Duration
	sample   []*annotate.Page // the annotated sample (segment_test.go)
	seg      *segScore        // record segmentation of a list template
	// Trust (issue 20): every emitted value judged against the truth,
	// the values failing their field's own recognizer, the diagnostics.
	values       []trust.Value
	judged       *trust.Judged
	unrecognized int
	diags        []objectrunner.Diagnostic
	specs        []wrapper.FieldSpec
	recs         map[string]recognizers.Recognizer
	truth        *eval.Truth
	// The review (review_test.go): the pins the run was learned with,
	// the learned wrapper's questions, the outcome of the review.
	pins      []wrapper.Pin
	questions []wrapper.Question
	explain   []wrapper.FieldExplain
	review    *reviewed
}

// minF1 is the template's lowest field F1.
func (r *result) minF1() float64 {
	m := 1.0
	for _, f := range r.fields {
		m = min(m, f.f1)
	}
	return m
}

func (r *result) good() bool { return r.minF1() >= targetFieldF1 }

// TestZoo runs the whole pipeline (sample, induction, extraction) on the
// template-zoo sources of the fixed seeds (or -zoo.seeds), scores each
// against its expected objects with package eval, logs the table and the
// breakdowns, and checks the acceptance floors on the fixed seeds.
func TestZoo(t *testing.T) {
	spec := fixedSeeds
	if *seedsFlag != "" {
		spec = *seedsFlag
	}
	seeds, err := zoo.ParseSeeds(spec)
	if err != nil {
		t.Fatal(err)
	}
	results := make([]*result, len(seeds))
	t.Run("seeds", func(t *testing.T) {
		for i, seed := range seeds {
			t.Run(zoo.Name(seed), func(t *testing.T) {
				t.Parallel()
				results[i] = runSeed(t, seed)
				if *reviewFlag {
					results[i].review = reviewSeed(t, seed, results[i]) // review_test.go
				}
			})
		}
	})
	results = slices.DeleteFunc(results, func(r *result) bool { return r == nil }) // subtests that failed
	var b strings.Builder
	sum := summarize(&b, results)
	if *reviewFlag {
		summarizeReview(&b, results)
	}
	t.Logf("template zoo, seeds %s:\n%s", spec, b.String())
	if *outFlag != "" {
		if err := os.WriteFile(filepath.Join(*outFlag, "zoo-report.txt"), []byte(b.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
	if *valuesFlag != "" {
		if err := writeValues(*valuesFlag, results); err != nil { // values_test.go
			t.Error(err)
		}
	}
	if *fieldsFlag != "" {
		if err := writeFields(*fieldsFlag, results); err != nil { // values_test.go
			t.Error(err)
		}
	}
	if spec != fixedSeeds {
		return
	}
	check := func(what string, got, floor float64) {
		if got < floor {
			t.Errorf("%s = %.3f, below the floor %.3f (a regression: see the table above)", what, got, floor)
		}
	}
	for _, r := range results {
		for _, f := range r.fields {
			if why, ok := pinned[pinnedKey{r.seed, f.name}]; ok && f.f1 < targetFieldF1 {
				t.Errorf("%s: %s value F1 = %.2f, below %.2f: it was fixed by %s", r.name, f.name, f.f1, targetFieldF1, why)
			}
		}
	}
	check("mean value F1", sum.meanF1, floorMeanF1)
	check("share of templates with every field >= 0.90", sum.shareGood, floorShareGood)
	check("share of fields >= 0.90", sum.goodFields, floorGoodFields)
	check("mean records precision (list templates)", sum.listRecP, floorListRecP)
	check("mean records recall (list templates)", sum.listRecR, floorListRecR)
	check("mean record segmentation precision (list templates)", sum.listSegP, floorListSeg)
	check("mean record segmentation recall (list templates)", sum.listSegR, floorListSeg)
}

// runSeed generates the source of seed, runs the pipeline on it and scores
// the output. A pipeline error gives 0 for every field and for records.
func runSeed(t *testing.T, seed uint64, pins ...wrapper.Pin) *result {
	src := zoo.Generate(seed)
	res := &result{seed: seed, name: src.Name, feat: src.Features, pins: pins}
	dir := t.TempDir()
	if *outFlag != "" {
		dir = filepath.Join(*outFlag, src.Name)
	}
	if err := src.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	out, runErr := runPipeline(t, dir, res)
	res.duration = time.Since(start)
	if src.Features.List {
		s, err := sod.Load(filepath.Join(dir, "sod.toml"))
		if err != nil {
			t.Fatal(err)
		}
		if res.seg, err = segmentScore(src, dir, s, res.sample); err != nil {
			t.Fatalf("%s: segmentation: %v", src.Name, err)
		}
	}
	truth, err := eval.ReadJSONL(bytes.NewReader(src.Expected), "expected.jsonl")
	if err != nil {
		t.Fatalf("%s: expected.jsonl: %v", src.Name, err)
	}
	if runErr != nil {
		res.err = runErr.Error()
		out = nil
		res.values = nil
	}
	results, err := eval.ReadResults(bytes.NewReader(out), "results")
	if err != nil {
		t.Fatalf("%s: results: %v", src.Name, err)
	}
	rep := eval.Score(truth, results, eval.Options{Show: 5})
	byName := map[string]*eval.AttributeReport{}
	for _, a := range rep.Attributes {
		byName[a.Name] = a
	}
	for _, f := range src.Features.Fields {
		a := byName[f.Name]
		if a == nil {
			continue // the truth has no value of the field on any page
		}
		fs := fieldScore{name: f.Name, fact: f.Fact, f1: a.Value.F1, p: a.Value.Precision, r: a.Value.Recall}
		if i := slices.IndexFunc(res.specs, func(s wrapper.FieldSpec) bool { return s.Path == f.Name }); i >= 0 {
			fs.diagnosed = trust.Diagnosed(res.diags, res.specs[i])
		}
		res.fields = append(res.fields, fs)
	}
	res.judged = trust.Judge(truth, res.values)
	res.truth = truth // values_test.go
	for _, vs := range trust.Unrecognized(res.specs, res.recs, res.values) {
		res.unrecognized += len(vs)
	}
	res.recP, res.recR = rep.Records.Precision, rep.Records.Recall
	if runErr != nil {
		for i := range res.fields {
			res.fields[i].f1, res.fields[i].p, res.fields[i].r = 0, 0, 0
		}
		res.recP, res.recR = 0, 0
	}
	if *outFlag != "" {
		var txt bytes.Buffer
		fmt.Fprintf(&txt, "%s: %s\n", src.Name, src.Features)
		if runErr != nil {
			fmt.Fprintf(&txt, "pipeline error: %v\n", runErr)
		}
		fmt.Fprintf(&txt, "%d objects, %d unfit pages, %v\n", res.objects, res.unfit, res.duration.Round(time.Millisecond))
		for _, r := range res.reasons {
			fmt.Fprintf(&txt, "  unfit: %s\n", r)
		}
		if sg := res.seg; sg != nil {
			fmt.Fprintf(&txt, "record segmentation: P %.3f R %.3f, %s%s\n", sg.precision(), sg.recall(), sg.pattern, sg.err)
			for _, w := range sg.wrong {
				fmt.Fprintf(&txt, "  %s\n", w)
			}
		}
		for _, d := range res.diags {
			fmt.Fprintf(&txt, "diagnostic %s [%s]: %s\n", d.Field, d.Kind, d.Message)
		}
		rep.WriteText(&txt)
		_ = os.WriteFile(filepath.Join(dir, "results.jsonl"), out, 0o644)
		_ = os.WriteFile(filepath.Join(dir, "report.txt"), txt.Bytes(), 0o644)
	}
	return res
}

// runPipeline imports the source's seed lists into a fresh dictionary
// store and runs learn + extract on its pages, returning the JSON Lines.
// A panic of the pipeline (in this goroutine) is returned as an error: the
// template then scores 0, like one where the pipeline stops.
func runPipeline(t *testing.T, dir string, res *result) (out []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			out, err = nil, fmt.Errorf("panic: %v", p)
		}
	}()
	s, err := sod.Load(filepath.Join(dir, "sod.toml"))
	if err != nil {
		t.Fatalf("%s: the generated SOD does not load: %v", dir, err)
	}
	store, err := dictionaries.Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	lists, _ := filepath.Glob(filepath.Join(dir, "dictionaries", "*.txt"))
	for _, l := range lists {
		class := strings.TrimSuffix(filepath.Base(l), ".txt")
		if _, err := store.ImportFile(context.Background(), class, l, dictionaries.ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := recognizers.ForSOD(s, store)
	if err != nil {
		t.Fatalf("%s: recognizers: %v", dir, err)
	}
	var buf bytes.Buffer
	induce := wrapper.DefaultOptions()
	induce.Pins = res.pins
	// The zoo's truth has an object for every saved copy of a page
	// ("dup-pages"): copies are written (KeepDuplicates), so that the
	// scores measure extraction, not the duplicate policy.
	cfg := objectrunner.Config{SOD: s, Recognizers: recs, Induce: &induce, Workers: 1, KeepDuplicates: true}
	res.recs = recs
	rep, err := objectrunner.Run(context.Background(), filepath.Join(dir, "pages"), cfg, func(o *wrapper.Object) error {
		res.values = append(res.values, trust.Flatten(o)...)
		b, err := json.Marshal(o)
		buf.Write(b)
		buf.WriteByte('\n')
		return err
	})
	if err == nil && *determinismFlag {
		first := runOutput{objects: slices.Clone(buf.Bytes())}
		if rep.Wrapper != nil {
			var b bytes.Buffer
			if err := rep.Wrapper.Save(&b); err != nil {
				t.Fatal(err)
			}
			first.wrapper = b.Bytes()
		}
		checkDeterminism(t, dir, s, recs, induce, first)
	}
	if rep != nil && rep.Wrapper != nil && *outFlag != "" {
		// The saved wrapper beside results.jsonl: scripts/same-output.sh
		// compares it byte for byte across refactorings.
		var b bytes.Buffer
		if err := rep.Wrapper.Save(&b); err != nil {
			t.Fatal(err)
		}
		_ = os.WriteFile(filepath.Join(dir, "wrapper.json"), b.Bytes(), 0o644)
	}
	if rep != nil {
		if rep.Sample != nil {
			res.sample = rep.Sample.Pages
		}
		res.objects, res.unfit = rep.Objects, rep.UnfitPages()
		res.diags = objectrunner.Diagnose(rep)
		if rep.Wrapper != nil {
			res.specs = rep.Wrapper.Fields()
			res.questions = rep.Wrapper.Questions()
			res.explain = rep.Wrapper.Explanation()
		} else {
			// Learning stopped: Diagnose names the SOD's fields
			// (DiagStopped), matched against their specs.
			res.specs = wrapper.SODFields(s)
			// Its questions: where the fields without slot are.
			var se *wrapper.StopError
			if errors.As(err, &se) {
				res.questions = se.Questions()
			}
		}
		for reason, pages := range rep.Unfit {
			res.reasons = append(res.reasons, fmt.Sprintf("%d pages: %s", len(pages), reason))
		}
		slices.Sort(res.reasons)
	}
	return buf.Bytes(), err
}
