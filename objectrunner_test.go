package objectrunner_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// TestRunSaysWhyNoPageWasAnnotated: when every page fails annotation (here a
// catastrophic user regex that times out), the run fails with the cause, not
// with a bare "0 hits".
func TestRunSaysWhyNoPageWasAnnotated(t *testing.T) {
	dir := t.TempDir()
	sodText := "object = \"x\"\n[entity.a]\nregex = '(a+)+$'\ntimeout = \"100ms\"\n[tuple.x]\na = \"1\"\n"
	page := "<html><body><p>" + strings.Repeat("a", 30000) + "!</p></body></html>"
	for name, text := range map[string]string{"sod.toml": sodText, "p1.html": page, "p2.html": page} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := sod.Load(filepath.Join(dir, "sod.toml"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = objectrunner.Run(context.Background(), dir, objectrunner.Config{SOD: s, Recognizers: recs},
		func(*wrapper.Object) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "timed out") || !strings.Contains(err.Error(), "were left out") {
		t.Fatalf("Run() error = %v, want one that says the pages could not be annotated because the regex timed out", err)
	}
}

// itemsSource writes twelve detail pages of items with a name and a code
// (absent on two pages; its multiplicity codeMult) and returns the source directory, its SOD and
// recognizers.
func itemsSource(t *testing.T, codeMult string) (string, *sod.SOD, map[string]recognizers.Recognizer) {
	t.Helper()
	dir := t.TempDir()
	sodText := "object = \"item\"\n[entity.name]\nregex = 'Item [A-Z][a-z]+'\n[entity.code]\nregex = '[A-Z]{3}-[0-9]{3}'\n" +
		"[tuple.item]\nname = \"1\"\ncode = \"" + codeMult + "\"\n"
	words := []string{"Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliet", "Kilo", "Lima"}
	files := map[string]string{"sod.toml": sodText}
	for i, w := range words {
		row := "<tr><th>Code</th><td>" + string(rune('A'+i)) + "BC-1" + string(rune('0'+i%10)) + "7</td></tr>"
		if i == 3 || i == 7 {
			row = "" // the code row is absent on two pages
		}
		files[filepath.Join("pages", w+".html")] = "<html><body><div class=nav><a href=/>Home</a></div><h1>Item " + w + "</h1>" +
			"<table><tr><th>Colour</th><td>blue</td></tr>" + row + "</table><p>Footer text</p></body></html>"
	}
	if err := os.Mkdir(filepath.Join(dir, "pages"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := sod.Load(filepath.Join(dir, "sod.toml"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return dir, s, recs
}

// TestIncompleteObjects: a detail page whose mandatory field has no value
// still gives its other fields, marked "missing"; Strict leaves it out.
func TestIncompleteObjects(t *testing.T) {
	dir, s, recs := itemsSource(t, "1")
	for _, strict := range []bool{false, true} {
		var objs []*wrapper.Object
		rep, err := objectrunner.Run(context.Background(), filepath.Join(dir, "pages"), objectrunner.Config{SOD: s, Recognizers: recs, Strict: strict},
			func(o *wrapper.Object) error { objs = append(objs, o); return nil })
		if err != nil {
			t.Fatalf("strict=%v: %v", strict, err)
		}
		var incomplete []string
		for _, o := range objs {
			if len(o.Missing) > 0 {
				incomplete = append(incomplete, o.Page+":"+strings.Join(o.Missing, ","))
				if len(o.Get("name")) != 1 {
					t.Errorf("strict=%v: incomplete object of %s has name %q, want its name", strict, o.Page, o.Get("name"))
				}
			}
		}
		if strict {
			if got, want := len(objs), 10; got != want || len(incomplete) != 0 || rep.Dropped != 2 {
				t.Fatalf("strict: %d objects, incomplete %v, dropped %d; want %d, none, 2", got, incomplete, rep.Dropped, want)
			}
			// The pages whose objects were left out are incomplete, as
			// without Strict, not pages that do not fit the wrapper.
			if rep.IncompletePages() != 2 || rep.UnfitPages() != 0 {
				t.Fatalf("strict: %d incomplete pages, %d unfit (%v); want 2 and 0", rep.IncompletePages(), rep.UnfitPages(), rep.Unfit)
			}
			continue
		}
		if got, want := strings.Join(incomplete, " "), "Delta.html:code Hotel.html:code"; got != want || len(objs) != 12 || rep.IncompletePages() != 2 {
			t.Fatalf("%d objects, incomplete %q (%d pages); want 12, %q (2)", len(objs), got, rep.IncompletePages(), want)
		}
		if st := rep.Fields["code"]; st == nil || st.Objects != 10 || st.MeanConfidence() <= 0 {
			t.Fatalf("field stats of code %+v, want 10 objects with a confidence", st)
		}
		var kinds []string
		for _, d := range objectrunner.Diagnose(rep) {
			kinds = append(kinds, d.Kind+":"+d.Field)
		}
		if got, want := strings.Join(kinds, " "), objectrunner.DiagLowFill+":code"; got != want {
			t.Fatalf("diagnostics %q, want %q", got, want)
		}
	}
}

func TestDiagnoseSample(t *testing.T) {
	rep := &objectrunner.Report{Sample: &annotate.SampleResult{
		Pages: make([]*annotate.Page, 10),
		Stats: []*annotate.TypeStats{{Type: "year", SamplePagesWithHits: 2}, {Type: "title", SamplePagesWithHits: 10}},
		Kinds: annotate.KindStats{Sample: 2, Dominant: 0.9, InProbe: 0.4},
	}}
	var got []string
	for _, d := range objectrunner.Diagnose(rep) {
		got = append(got, d.Kind+":"+d.Field)
	}
	if g, want := strings.Join(got, " "), objectrunner.DiagOneKind+": "+objectrunner.DiagRareType+":year"; g != want {
		t.Fatalf("Diagnose = %q, want %q", g, want)
	}
	rep.Sample.Kinds.InProbe = 0.8 // the source is mostly of that kind too
	rep.Sample.Stats[0].SamplePagesWithHits = 5
	if ds := objectrunner.Diagnose(rep); len(ds) != 0 {
		t.Fatalf("Diagnose = %v, want none", ds)
	}
}

// TestDiagnoseUnrecognizedValues: a field read from a slot that does not
// validate (its regex matched too few sample values) keeps values its
// recognizer does not find; the report counts them and Diagnose warns when
// they are most of the field's values, as on pages where the slot holds
// something else. Diagnostics that could not be checked on the sample's
// slot (an item slot, a field's part of a node) are measured on the values.
func TestDiagnoseUnrecognizedValues(t *testing.T) {
	write := func(dir string, codes []string) {
		t.Helper()
		for i, c := range codes {
			page := fmt.Sprintf("<html><body><h1>Item %c%s</h1><table><tr><th>Colour</th><td>blue</td></tr>"+
				"<tr><th>Code</th><td>%s</td></tr></table><p>Footer</p></body></html>", 'A'+i, strings.Repeat("x", i), c)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("p%02d.html", i)), []byte(page), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	codes := func(valid, pending int) []string {
		var out []string
		for i := range valid {
			out = append(out, fmt.Sprintf("ABC-%03d", 100+i))
		}
		for i := range pending {
			out = append(out, fmt.Sprintf("pending %c", 'a'+i))
		}
		return out
	}
	s, err := sod.Parse("items.toml", []byte("object = \"item\"\n[entity.name]\nregex = 'Item [A-Z][a-z]*'\n[entity.code]\nregex = '[A-Z]{3}-[0-9]{3}'\n"+
		"[tuple.item]\nname = \"1\"\ncode = \"1\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	learnDir, applyDir := t.TempDir(), t.TempDir()
	write(learnDir, codes(8, 6))
	write(applyDir, codes(3, 11))
	run := func(dir string, w *wrapper.Wrapper) *objectrunner.Report {
		t.Helper()
		rep, err := objectrunner.Run(context.Background(), dir, objectrunner.Config{SOD: s, Recognizers: recs, Wrapper: w},
			func(*wrapper.Object) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	kinds := func(rep *objectrunner.Report) string {
		var out []string
		for _, d := range objectrunner.Diagnose(rep) {
			out = append(out, d.Kind+":"+d.Field)
		}
		return strings.Join(out, " ")
	}
	learned := run(learnDir, nil)
	if st := learned.Fields["code"]; st == nil || st.Values != 14 || st.Unrecognized != 6 {
		t.Fatalf("learning source: code stats %+v, want 14 values of which 6 unrecognized (a slot that does not validate)", st)
	}
	if got := kinds(learned); got != "" {
		t.Errorf("learning source (8 of 14 codes valid): diagnostics %q, want none", got)
	}
	applied := run(applyDir, learned.Wrapper)
	if st := applied.Fields["code"]; st == nil || st.Unrecognized != 11 {
		t.Fatalf("applied: code stats %+v, want 11 unrecognized", st)
	}
	if got, want := kinds(applied), objectrunner.DiagInvalidSlot+":code"; got != want {
		t.Errorf("applied (3 of 14 codes valid): diagnostics %q, want %q", got, want)
	}
	if got := applied.Summary().Fields; len(got) != 2 || got[1].Unrecognized != 11 {
		t.Errorf("summary fields %+v, want code with 11 unrecognized", got)
	}
}

// TestDiagnoseOptionalLowFill: with one object per page, an optional field
// filled in few objects though its type is found on nearly every page is
// reported; one whose type is rare on the pages is not.
func TestDiagnoseOptionalLowFill(t *testing.T) {
	dir, s, recs := itemsSource(t, "?")
	rep, err := objectrunner.Run(context.Background(), filepath.Join(dir, "pages"), objectrunner.Config{SOD: s, Recognizers: recs},
		func(*wrapper.Object) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		filled, found int // objects with a code (of 12); pages probed with one (of 12)
		want          string
	}{
		{10, 12, ""},
		{3, 12, objectrunner.DiagLowFill + ":code"},
		{3, 11, objectrunner.DiagLowFill + ":code"},
		{3, 6, ""},
		{5, 12, ""},
	} {
		rep.Fields["code"].Objects = tc.filled
		for _, st := range rep.Sample.Stats {
			if st.Type == "code" {
				st.Candidates, st.PagesWithHits = 12, tc.found
			}
		}
		var got []string
		for _, d := range objectrunner.Diagnose(rep) {
			got = append(got, d.Kind+":"+d.Field)
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("code in %d objects, found on %d of 12 pages: diagnostics %q, want %q", tc.filled, tc.found, g, tc.want)
		}
	}
}

// TestDiagnoseDiscarded: a source discarded because a mandatory type was
// found on too few pages is told so, naming the type, not to give the
// source more pages.
func TestDiagnoseDiscarded(t *testing.T) {
	rep := &objectrunner.Report{SampleTarget: 20, Sample: &annotate.SampleResult{
		Stats:     []*annotate.TypeStats{{Type: "date", Mandatory: true, Candidates: 24}},
		Discarded: &annotate.DiscardError{Type: "date", Reason: "hits on 0 of 24 pages"},
	}}
	ds := objectrunner.Diagnose(rep)
	if len(ds) != 1 || ds[0].Kind != objectrunner.DiagRareType || ds[0].Field != "date" {
		t.Fatalf("Diagnose = %+v, want one %s diagnostic for date", ds, objectrunner.DiagRareType)
	}
	for _, want := range []string{"discarded", "type date was found on 0 of the 24 pages", "objectrunner recognize"} {
		if !strings.Contains(ds[0].Message, want) {
			t.Errorf("the diagnostic %q lacks %q", ds[0].Message, want)
		}
	}
	if strings.Contains(ds[0].Message, "more pages") {
		t.Errorf("the diagnostic %q asks for more pages", ds[0].Message)
	}
}
