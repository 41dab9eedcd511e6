package wrapper

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
	"golang.org/x/net/html"
)

func TestOwnTypes(t *testing.T) {
	n, other := &html.Node{Type: html.TextNode}, &html.Node{Type: html.TextNode}
	ann := func(typ string, a, b int, node *html.Node) *annotate.Annotation {
		return &annotate.Annotation{Type: typ, Node: node, Start: a, End: b}
	}
	for _, tc := range []struct {
		name string
		ann  []*annotate.Annotation
		want []string
	}{
		{"alone", []*annotate.Annotation{ann("number", 0, 1, n)}, []string{"number"}},
		{"inside a longer instance", []*annotate.Annotation{ann("height", 0, 8, n), ann("number", 0, 1, n)}, []string{"height"}},
		{"same span: both", []*annotate.Annotation{ann("team", 0, 17, n), ann("college", 0, 17, n)}, []string{"team", "college"}},
		{"overlapping, not inside", []*annotate.Annotation{ann("a", 0, 5, n), ann("b", 3, 9, n)}, []string{"a", "b"}},
		{"longer instance on another node", []*annotate.Annotation{ann("height", 0, 8, other), ann("number", 0, 1, n)}, []string{"height", "number"}},
		{"inside one of its own type", []*annotate.Annotation{ann("date", 0, 12, n), ann("date", 4, 6, n)}, []string{"date"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tk := &mapping.Token{Kind: KindWord, Text: "6", Node: n, Ann: tc.ann}
			if got := mapping.OwnTypes(tk); !slices.Equal(got, tc.want) {
				t.Fatalf("ownTypes = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestNestedInstanceSlot: a number field whose pattern (one or two
// digits) also matches the "6" of every height ("6 ft 2 in") gets the
// slot of the numbers ("Number: 47", not a whole text node), not the
// heights' slot, where its matches are parts of longer instances.
func TestNestedInstanceSlot(t *testing.T) {
	numbers := []string{"47", "12", "38", "21", "9", "44", "30", "17", "42", "3", "28", "11"}
	var src []string
	inches := []string{"1", "2", "3", "4", "7", "8", "9"}
	marks := map[string][]string{"no": append([]string{"6"}, inches...), "ht": nil}
	for i, n := range numbers {
		ht := "6 ft " + inches[i%len(inches)] + " in"
		marks["no"] = append(marks["no"], n)
		marks["ht"] = append(marks["ht"], ht)
		src = append(src, fmt.Sprintf(`<html><body><h1>Player</h1><p>Number: %s</p><ul><li>%s</li><li>Updated nightly</li></ul></body></html>`, n, ht))
	}
	pages := pagesOf(t, src, marks)
	s := testSOD([][3]string{{"no", "1", "no"}, {"ht", "1", "ht"}}, sod.One)
	for _, f := range s.Root.Fields {
		switch f.Name {
		case "no":
			f.Type.Recognizer = &sod.Recognizer{Kind: sod.Regex, Pattern: `\b\d{1,2}\b`}
		case "ht":
			f.Type.Recognizer = &sod.Recognizer{Kind: sod.Regex, Pattern: `\d ft \d{1,2} in`}
		}
	}
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects; template %s", p.Path, len(objs), w.Template())
		}
		if got, want := strings.Join(objs[0].Get("no"), "|"), numbers[i]; got != want {
			t.Fatalf("%s: no %q, want %q; template %s slots %+v", p.Path, got, want, w.Template(), w.Slots())
		}
	}
}
