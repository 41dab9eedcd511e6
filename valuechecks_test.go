package objectrunner

import (
	"fmt"
	"slices"
	"testing"

	"github.com/objectrunner/objectrunner/wrapper"
)

// learnTagged learns a wrapper for items with a name, a set of tags and
// a postal address, on 8 small pages.
func learnTagged(t *testing.T) *wrapper.Wrapper {
	t.Helper()
	return learnPages(t, "tagged.toml", "object = \"item\"\n[entity.name]\nregex = 'Item [A-Z]'\n[entity.tags]\nregex = 'tag-[a-z]+'\n"+
		"[entity.addr]\npredefined = \"address\"\n[tuple.item]\nname = \"1\"\ntags = \"*\"\naddr = \"1\"\n", func(i int) string {
		return fmt.Sprintf("<html><body><h1>Item %c</h1><ul><li>tag-a%c</li><li>tag-b%c</li></ul><p>%d Main St, Springfield, IL 62701</p><p>Footer</p></body></html>", 'A'+i, 'a'+i, 'a'+i, 10+i)
	})
}

// TestOneItem: a set field giving one item on each of ten objects is
// named (one-item); one object with two items, or fewer than OneItemMin
// objects with a value, name none.
func TestOneItem(t *testing.T) {
	w := learnTagged(t)
	report := func(objs, twos int) *Report {
		rep := &Report{Wrapper: w}
		for i := range objs {
			tags := []wrapper.Value{{Text: "tag-a"}}
			if i < twos {
				tags = append(tags, wrapper.Value{Text: "tag-b"})
			}
			rep.Objects++
			rep.PagesWithObjects++
			rep.count(&wrapper.Object{Page: fmt.Sprintf("p%02d", i), Fields: []wrapper.Field{
				{Name: "name", Values: []wrapper.Value{{Text: "Item A"}}},
				{Name: "tags", Many: true, Values: tags},
				{Name: "addr", Values: []wrapper.Value{{Text: "10 Main St, Springfield, IL 62701"}}},
			}})
		}
		return rep
	}
	if got := diagnosed(report(10, 0), DiagOneItem); !slices.Equal(got, []string{"tags"}) {
		t.Errorf("one item on each of 10 objects: %s names %v, want tags", DiagOneItem, got)
	}
	if got := diagnosed(report(10, 1), DiagOneItem); len(got) > 0 {
		t.Errorf("two items on one object of 10: %s names %v, want none", DiagOneItem, got)
	}
	if got := diagnosed(report(OneItemMin-1, 0), DiagOneItem); len(got) > 0 {
		t.Errorf("%d objects: %s names %v, want none", OneItemMin-1, DiagOneItem, got)
	}
}

// TestLabelInValues: an address field whose values read a row label on
// a tenth of them or more (an element that is a label, or "…, Ages:
// 18+" after a separator) is named (labels-in-values); with two such
// values of thirty, or a colon in the value's own words, it is not.
func TestLabelInValues(t *testing.T) {
	w := learnItems(t)
	report := func(n, labelled int, path, tail string) *Report {
		rep := &Report{Wrapper: w}
		for i := range n {
			v := wrapper.Value{Text: fmt.Sprintf("%d Main St, Springfield, IL 62701", 10+i), Path: "html/body/table/tr[2]/td"}
			if i < labelled {
				v.Text += tail
				if path != "" {
					v.Path = path
				}
			}
			rep.Objects++
			rep.PagesWithObjects++
			rep.count(&wrapper.Object{Page: fmt.Sprintf("p%02d", i), Fields: []wrapper.Field{
				{Name: "name", Values: []wrapper.Value{{Text: "Item A"}}},
				{Name: "code", Values: []wrapper.Value{{Text: "ABC-100"}}},
				{Name: "addr", Values: []wrapper.Value{v}},
			}})
		}
		return rep
	}
	if got := diagnosed(report(30, 3, "", ", Ages: All Ages"), DiagLabelInValues); !slices.Equal(got, []string{"addr"}) {
		t.Errorf("3 of 30 addresses running into an \"Ages:\" row: %s names %v, want addr", DiagLabelInValues, got)
	}
	if got := diagnosed(report(30, 3, "html/body/div/div[3]/label", ""), DiagLabelInValues); !slices.Equal(got, []string{"addr"}) {
		t.Errorf("3 of 30 addresses read from a label element: %s names %v, want addr", DiagLabelInValues, got)
	}
	if got := diagnosed(report(30, 2, "", ", Ages: All Ages"), DiagLabelInValues); len(got) > 0 {
		t.Errorf("2 of 30 addresses with a label: %s names %v, want none", DiagLabelInValues, got)
	}
	if got := diagnosed(report(30, 30, "", " (Note:5)"), DiagLabelInValues); len(got) > 0 {
		t.Errorf("a colon without a separator before the label: %s names %v, want none", DiagLabelInValues, got)
	}
}
