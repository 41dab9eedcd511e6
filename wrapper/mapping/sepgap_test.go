package mapping

import (
	"reflect"

	"testing"
)

// TestSepGap checks which runs of a set value may be learned as item
// separators: a run between two runs that is not delimited by always-split
// separators on both sides.
func TestSepGap(t *testing.T) {
	for _, tc := range []struct {
		name, html string
		want       []string // runs (trimmed) that may be separators
	}{
		{"pipes between links", `<a>Fantasy</a> | <a>Adventure</a> | <a>Thriller</a>`, nil},
		{"links side by side", `<a>Fantasy</a><a>Adventure</a><a>Thriller</a>`, nil},
		{"between unannotated runs", `- <a>Adventure</a> - <a>4 June 1974</a>`, nil},
		{"word between text and link", `<b>Ann Lee</b> and <a>Bo Chan</a>`, []string{"and"}},
		{"commas between links", `<a>Ann Lee</a>, <a>Bo Chan</a>, <a>Cy Dee</a>`, nil},
		{"unlinked item between pipes", `<a>Fantasy</a> | Adventure | <a>Thriller</a>`, nil},
		{"word between links", `<a>Ann Lee</a> and <a>Bo Chan</a>`, []string{"and"}},
		{"word after a comma", `<a>Ann Lee</a>, <a>Bo Chan</a>, and <a>Cy Dee</a>`, []string{"and"}},
		{"edge runs", `by <a>Ann Lee</a>`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body><div>"+tc.html+"</div></body></html>", map[string][]string{"name": {"Fantasy", "Thriller", "Ann Lee", "Bo Chan", "Cy Dee"}})
			toks := Tokenize(p, NewPaths())
			rs := runs(toks, 0, len(toks))
			var got []string
			for i, rn := range rs {
				if sepGap(toks, rs, i) {
					if txt, _, _ := ValueText(toks, rn[0], rn[1]); txt != "" {
						got = append(got, txt)
					}
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("separator runs %q, want %q", got, tc.want)
			}
		})
	}
}
