package recognizers

import "testing"

// TestRegexValueGroup: a group named "value" is the extracted part, in the
// regexp2 and the Python syntax, and an extracted value is recognised
// again (CheckValue, Recognizes) though the whole pattern needs its
// context.
func TestRegexValueGroup(t *testing.T) {
	for _, c := range []struct {
		name, pattern, text string
		found               []string // Find on text
		value               string   // a value taken out of its text
		recognized          bool     // Recognizes(r, value)
	}{
		{"regexp2 group", `(?<value>\d+) pages`, "Paperback, 320 pages", []string{"320"}, "320", true},
		{"python group", `(?P<value>\d+) pages`, "Paperback, 320 pages", []string{"320"}, "320", true},
		{"quoted group", `(?'value'\d+) pages`, "Paperback, 320 pages", []string{"320"}, "320", true},
		{"not the group's", `(?<value>\d+) pages`, "Paperback, 320 pages", []string{"320"}, "Paperback", false},
		{"the whole value must be the group's", `(?<value>\d+) pages`, "Paperback, 320 pages", []string{"320"}, "320 and more", false},
		{"no group: the whole match", `\d+ pages`, "Paperback, 320 pages", []string{"320 pages"}, "320 pages", true},
		{"no group: a part fails", `\d+ pages`, "Paperback, 320 pages", []string{"320 pages"}, "320", false},
		{"group with a backreference outside", `(?<q>['"])(?<value>\w+)\k<q>`, `say "hi"`, []string{"hi"}, "hi", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := NewRegex(c.pattern, false, 0)
			if err != nil {
				t.Fatal(err)
			}
			ms, err := r.Find(c.text)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range ms {
				got = append(got, c.text[m.Start:m.End])
			}
			if len(got) != len(c.found) || (len(got) > 0 && got[0] != c.found[0]) {
				t.Errorf("Find(%q) = %q, want %q", c.text, got, c.found)
			}
			ok, err := Recognizes(r, c.value)
			if err != nil {
				t.Fatal(err)
			}
			if ok != c.recognized {
				t.Errorf("Recognizes(%q) = %v, want %v", c.value, ok, c.recognized)
			}
		})
	}
}
