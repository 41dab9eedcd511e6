package objectrunner

import (
	"fmt"
	"slices"
	"testing"

	"github.com/objectrunner/objectrunner/wrapper"
)

// learnItems learns a wrapper for items with a name, a code, a postal
// address (all mandatory) and an optional date, on 8 small pages.
func learnItems(t *testing.T) *wrapper.Wrapper {
	t.Helper()
	return learnPages(t, "items.toml", "object = \"item\"\n[entity.name]\nregex = 'Item [A-Z]'\n[entity.code]\nregex = '[A-Z]{3}-[0-9]{3}'\n"+
		"[entity.addr]\npredefined = \"address\"\n[entity.when]\npredefined = \"date\"\n"+
		"[tuple.item]\nname = \"1\"\ncode = \"1\"\naddr = \"1\"\nwhen = \"?\"\n", func(i int) string {
		return fmt.Sprintf("<html><body><h1>Item %c</h1><table><tr><th>Code</th><td>ABC-%03d</td></tr><tr><th>Address</th><td>%d Main St, Springfield, IL 62701</td></tr><tr><th>Date</th><td>July %d, 2010</td></tr></table><p>Footer</p></body></html>", 'A'+i, 100+i, 10+i, 1+i)
	})
}

// diagnosed returns the fields diagnostics of kind name in rep, sorted.
func diagnosed(rep *Report, kind string) []string {
	var out []string
	for _, d := range Diagnose(rep) {
		if d.Kind == kind {
			out = append(out, d.Field)
		}
	}
	slices.Sort(out)
	return out
}

// TestRunOnValues: an address field whose values hold a web address or
// another field's date on a third of the objects or more is named
// (run-on-values); with one such value of ten, it is not.
func TestRunOnValues(t *testing.T) {
	w := learnItems(t)
	report := func(runOn int, tail string) *Report {
		rep := &Report{Wrapper: w}
		for i := range 10 {
			a := fmt.Sprintf("%d Main St, Springfield, IL 62701", 10+i)
			if i < runOn {
				a += tail
			}
			rep.Objects++
			rep.PagesWithObjects++
			rep.count(&wrapper.Object{Page: fmt.Sprintf("p%02d", i), Fields: []wrapper.Field{
				{Name: "name", Values: []wrapper.Value{{Text: "Item A"}}},
				{Name: "code", Values: []wrapper.Value{{Text: "ABC-100"}}},
				{Name: "addr", Values: []wrapper.Value{{Text: a}}},
			}})
		}
		return rep
	}
	if got := diagnosed(report(4, ", www.item.example"), DiagRunOnValues); !slices.Equal(got, []string{"addr"}) {
		t.Errorf("4 of 10 addresses with a web address: %s names %v, want addr", DiagRunOnValues, got)
	}
	if got := diagnosed(report(4, ", July 3, 2010"), DiagRunOnValues); !slices.Equal(got, []string{"addr"}) {
		t.Errorf("4 of 10 addresses with a date: %s names %v, want addr", DiagRunOnValues, got)
	}
	if got := diagnosed(report(1, ", www.item.example"), DiagRunOnValues); len(got) > 0 {
		t.Errorf("1 of 10 addresses with a web address: %s names %v, want none", DiagRunOnValues, got)
	}
}

// TestObjectMissing: when more than half of the mandatory fields are
// low-fill, the other fields are named (object-missing); when half or
// fewer are, none is.
func TestObjectMissing(t *testing.T) {
	w := learnItems(t)
	report := func(filled ...string) *Report {
		rep := &Report{Wrapper: w}
		for i := range 10 {
			o := &wrapper.Object{Page: fmt.Sprintf("p%02d", i)}
			for _, f := range filled {
				o.Fields = append(o.Fields, wrapper.Field{Name: f, Values: []wrapper.Value{{Text: "x"}}})
			}
			rep.Objects++
			rep.PagesWithObjects++
			rep.count(o)
		}
		return rep
	}
	if got := diagnosed(report("name", "when"), DiagObjectMissing); !slices.Equal(got, []string{"name", "when"}) {
		t.Errorf("code and addr missing: %s names %v, want name and when", DiagObjectMissing, got)
	}
	if got := diagnosed(report("name", "code", "when"), DiagObjectMissing); len(got) > 0 {
		t.Errorf("addr missing: %s names %v, want none", DiagObjectMissing, got)
	}
}
