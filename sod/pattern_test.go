package sod

import "testing"

func TestCanonicalPattern(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`(?P<value>\d+) pages`, `(?<value>\d+) pages`},
		{`(?<value>\d+) pages`, `(?<value>\d+) pages`},
		{`(?P<a>x)(?P<b>y)`, `(?<a>x)(?<b>y)`},
		{`\(?P<value>x`, `\(?P<value>x`}, // an escaped parenthesis
		{`[(?P<]x`, `[(?P<]x`},           // inside a character class
		{`[]](?P<v>x)`, `[]](?<v>x)`},    // a class that opens with ']'
		{`\\(?P<v>x)`, `\\(?<v>x)`},      // an escaped backslash, then a group
		{`é(?P<v>ü)`, `é(?<v>ü)`},        // multi-byte runes copied whole
		{`no groups at all`, `no groups at all`},
	} {
		if got := CanonicalPattern(c.in); got != c.want {
			t.Errorf("CanonicalPattern(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestValueSubpattern(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{`(?<value>\d+) pages`, `\d+`, true},
		{`ISBN:\s*(?<value>\d{13})`, `\d{13}`, true},
		{`(?'value'\d+) pages`, `\d+`, true},
		{`(?<value>(\d+)(?:,\d{3})*) pages`, `(\d+)(?:,\d{3})*`, true},
		{`(?<value>[)(]+\))x`, `[)(]+\)`, true},
		{`(?<other>\d+) pages`, ``, false},
		{`\d+ pages`, ``, false},
		{`(?<value>\d+`, ``, false}, // unbalanced
	} {
		got, ok := ValueSubpattern(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ValueSubpattern(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// TestPythonGroupLoads: an SOD whose regex names its value group the
// Python way loads (regexp2 alone rejects "(?P<").
func TestPythonGroupLoads(t *testing.T) {
	src := "name = \"b\"\nobject = \"book\"\nobjects = \"1\"\n[tuple.book]\npages = \"1\"\n[entity.pages]\nregex = '(?P<value>\\d+) pages'\n"
	s, err := Parse("sod.toml", []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	re, err := s.Types["pages"].Recognizer.Regexp()
	if err != nil {
		t.Fatal(err)
	}
	if n := re.GroupNumberFromName(ValueGroup); n <= 0 {
		t.Errorf("compiled pattern has no group %q", ValueGroup)
	}
}
