package mapping

import (
	"testing"

	"golang.org/x/net/html"
)

func TestBesideItems(t *testing.T) {
	tests := []struct {
		name  string
		page  string
		items []string // texts of the extracted items
		typed []string // texts annotated with the field's type
		other []string // texts annotated with another SOD type
		want  string
	}{
		{
			name:  "an item of the field's type like the others left out",
			page:  `<ul><li><a>Ann</a></li><li><a>Bob</a></li><li><a>Cy</a></li></ul>`,
			items: []string{"Bob", "Cy"},
			typed: []string{"Ann"},
			want:  "Ann",
		},
		{
			// Shaped like an item but of no type: measured to fire on
			// good fields of fresh zoo seeds, no longer counted.
			name:  "an untyped element shaped like the items",
			page:  `<ul><li><a>Ann</a></li><li><a>Bob</a></li><li><a>Cy</a></li></ul>`,
			items: []string{"Bob", "Cy"},
		},
		{
			name:  "every item extracted",
			page:  `<ul><li><a>Ann</a></li><li><a>Bob</a></li></ul>`,
			items: []string{"Ann", "Bob"},
		},
		{
			name:  "a sibling of another markup is no item",
			page:  `<ul><li>Lineup:</li><li><a>Bob</a></li><li><a>Cy</a></li></ul>`,
			items: []string{"Bob", "Cy"},
		},
		{
			name:  "a sibling holding another field's type is no item",
			page:  `<ul><li><a>$26</a></li><li><a>Bob</a></li><li><a>Cy</a></li></ul>`,
			items: []string{"Bob", "Cy"},
			other: []string{"$26"},
		},
		{
			name:  "a sibling of another markup annotated with the field's type is",
			page:  `<ul><li>Ann</li><li><a>Bob</a></li><li><a>Cy</a></li></ul>`,
			items: []string{"Bob", "Cy"},
			typed: []string{"Ann"},
			want:  "Ann",
		},
		{
			name:  "a much longer sibling is no item",
			page:  `<ul><li><a>You might also like these other great shows</a></li><li><a>Bob</a></li></ul>`,
			items: []string{"Bob"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			texts := textNodes(t, tc.page)
			var items []*html.Node
			for _, s := range tc.items {
				items = append(items, texts[s])
			}
			typed := map[*html.Node][]string{}
			for _, s := range tc.typed {
				typed[texts[s]] = append(typed[texts[s]], "artist")
			}
			for _, s := range tc.other {
				typed[texts[s]] = append(typed[texts[s]], "price")
			}
			if got := besideItems(items, typed, []string{"artist"}); got != tc.want {
				t.Errorf("besideItems = %q, want %q", got, tc.want)
			}
		})
	}
}
