package mapping

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
)

// TestNoSlotReasonKinds: each kind of reason, from the annotations of a
// field on sample pages (noSlotReason).
func TestNoSlotReasonKinds(t *testing.T) {
	page := func(i int, body string) string {
		return fmt.Sprintf(`<html><body><div class="nav">Home | Books</div>%s<p>Item %d</p></body></html>`, body, i)
	}
	for _, c := range []struct {
		name   string
		body   func(i int) string
		marks  map[string][]string
		readAt map[string][]string
		want   []string
	}{
		{"nothing annotated", func(i int) string { return "<h1>A</h1>" }, nil, nil,
			[]string{"no instance of its type (colour) on any of the 6 sample pages", `dictionary "colour"`}},
		{"template text", func(i int) string { return "<h1>A</h1>" }, map[string][]string{"colour": {"Home"}}, nil,
			[]string{`same text "Home | Books"`, "template text"}},
		{"another field's place", func(i int) string { return fmt.Sprintf("<h2>Red %d</h2>", i) },
			map[string][]string{"colour": {"Red"}}, map[string][]string{"html/body/h2": {"shade"}},
			[]string{"on 6 of the 6 sample pages", "html/body/h2", "where shade is read"}},
		{"spread", func(i int) string {
			return fmt.Sprintf("<h%d>Red %d</h%d>", 1+i%4, i, 1+i%4)
		}, map[string][]string{"colour": {"Red"}}, nil,
			[]string{"spread over 4 places"}},
		{"too few pages", func(i int) string {
			if i == 0 {
				return "<h2>Red</h2><h3>Teal</h3>"
			}
			return "<h2>x</h2>"
		}, map[string][]string{"colour": {"Red", "Teal"}}, nil,
			[]string{"on 1 of the 6 sample pages", "too few pages for a slot"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var pages []*annotate.Page
			for i := range 6 {
				pages = append(pages, testPage(t, fmt.Sprint(i), page(i, c.body(i)), c.marks))
			}
			f := FieldSpec{Path: "colour", Name: "colour", Types: []string{"colour"}, Dictionary: true, Class: "colour"}
			got := NoSlotReason(f, pages, c.readAt)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("reason %q does not say %q", got, w)
				}
			}
		})
	}
}
