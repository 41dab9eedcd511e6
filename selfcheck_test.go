package objectrunner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// TestSampleOnly: a field with values on the sample's objects and on none
// of the many other objects of the source is diagnosed (sample-only); a
// field with one value outside the sample, or too few other objects, is
// not.
func TestSampleOnly(t *testing.T) {
	learned := learnCoded(t)
	obj := func(page string, code bool) *wrapper.Object {
		o := &wrapper.Object{Page: page, Fields: []wrapper.Field{{Name: "name", Values: []wrapper.Value{{Text: "Item " + page}}}}}
		if code {
			o.Fields = append(o.Fields, wrapper.Field{Name: "code", Values: []wrapper.Value{{Text: "ABC-" + page}}})
		}
		return o
	}
	report := func(sample, rest, restCoded int) *Report {
		rep := &Report{Wrapper: learned, Sample: &annotate.SampleResult{}}
		for i := range sample {
			rep.Sample.Pages = append(rep.Sample.Pages, &annotate.Page{Path: fmt.Sprintf("s%02d", i)})
		}
		add := func(o *wrapper.Object) {
			rep.Objects++
			rep.PagesWithObjects++
			rep.count(o)
		}
		for i := range sample {
			add(obj(fmt.Sprintf("s%02d", i), true))
		}
		for i := range rest {
			add(obj(fmt.Sprintf("r%02d", i), i < restCoded))
		}
		return rep
	}
	flagged := func(rep *Report, field string) bool {
		return slices.ContainsFunc(Diagnose(rep), func(d Diagnostic) bool { return d.Kind == DiagSampleOnly && d.Field == field })
	}
	if rep := report(5, 12, 0); !flagged(rep, "code") || flagged(rep, "name") {
		t.Errorf("code on the 5 sample objects only, 12 others: diagnostics %v, want %s on code only", Diagnose(rep), DiagSampleOnly)
	}
	if rep := report(5, 12, 1); flagged(rep, "code") {
		t.Errorf("code on one object outside the sample: got %s", DiagSampleOnly)
	}
	if rep := report(5, SampleOnlyRest-1, 0); flagged(rep, "code") {
		t.Errorf("%d other objects: got %s", SampleOnlyRest-1, DiagSampleOnly)
	}
}

// TestUnfitPages: when a tenth of the processed pages or more did not fit
// the wrapper, every field is named (unfit-pages); with fewer, none is.
func TestUnfitPages(t *testing.T) {
	learned := learnCoded(t)
	named := func(processed, unfit int) []string {
		rep := &Report{Wrapper: learned, Processed: processed, Unfit: map[string][]string{}}
		for i := range unfit {
			rep.Unfit["no match"] = append(rep.Unfit["no match"], fmt.Sprintf("u%02d", i))
		}
		var out []string
		for _, d := range Diagnose(rep) {
			if d.Kind == DiagUnfitPages {
				out = append(out, d.Field)
			}
		}
		slices.Sort(out)
		return out
	}
	if got := named(40, 8); !slices.Equal(got, []string{"code", "name"}) {
		t.Errorf("8 of 40 pages unfit: %s names %v, want code and name", DiagUnfitPages, got)
	}
	if got := named(40, 3); len(got) > 0 {
		t.Errorf("3 of 40 pages unfit: %s names %v, want none", DiagUnfitPages, got)
	}
}

// learnCoded learns a wrapper for items with a name and an optional code
// in a table row, on 8 small pages.
func learnCoded(t *testing.T) *wrapper.Wrapper {
	t.Helper()
	return learnPages(t, "items.toml", "object = \"item\"\n[entity.name]\nregex = 'Item [A-Z]'\n[entity.code]\nregex = '[A-Z]{3}-[0-9]{3}'\n"+
		"[tuple.item]\nname = \"1\"\ncode = \"?\"\n", func(i int) string {
		return fmt.Sprintf("<html><body><h1>Item %c</h1><table><tr><th>Code</th><td>ABC-%03d</td></tr></table><p>Footer</p></body></html>", 'A'+i, 100+i)
	})
}

// learnPages learns a wrapper with the SOD sodText (named name) on 8
// pages, page(i) the i-th.
func learnPages(t *testing.T, name, sodText string, page func(i int) string) *wrapper.Wrapper {
	t.Helper()
	dir := t.TempDir()
	for i := range 8 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("p%02d.html", i)), []byte(page(i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := sod.Parse(name, []byte(sodText))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	learned, err := Run(context.Background(), dir, Config{SOD: s, Recognizers: recs}, func(*wrapper.Object) error { return nil })
	if err != nil || learned.Wrapper == nil {
		t.Fatalf("learning: %v", err)
	}
	return learned.Wrapper
}
