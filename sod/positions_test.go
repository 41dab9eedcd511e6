package sod

import (
	"strings"
	"testing"
)

func TestScanPositions(t *testing.T) {
	src := `# comment with = and [brackets]
a = 1
"quoted key" = 'x'   # trailing
b.c = """multi
line = not a key
"""
[t . "u v"]
x = { y = [1, {z = 2}], w = "}" }
[[arr]]
k = 1
[[arr]]
   k = 2
[arr.sub]
m = 'é'
é = 3
list = [
  "one", # comment
  'two',
]
`
	p := scanPositions("f", []byte(src))
	tests := []struct {
		path []string
		want string
	}{
		{[]string{"a"}, "f:2:1"},
		{[]string{"quoted key"}, "f:3:1"},
		{[]string{"b", "c"}, "f:4:1"},
		{[]string{"line = not a key"}, "f"},
		{[]string{"t", "u v"}, "f:7:1"},
		{[]string{"t", "u v", "x"}, "f:8:1"},
		{[]string{"t", "u v", "x", "y"}, "f:8:7"},
		{[]string{"t", "u v", "x", "y", "#1"}, "f:8:15"},
		{[]string{"t", "u v", "x", "y", "#1", "z"}, "f:8:16"},
		{[]string{"t", "u v", "x", "w"}, "f:8:25"},
		{[]string{"arr", "#0", "k"}, "f:10:1"},
		{[]string{"arr", "#1"}, "f:11:1"},
		{[]string{"arr", "#1", "k"}, "f:12:4"},
		{[]string{"arr", "#1", "sub", "m"}, "f:14:1"},
		{[]string{"arr", "#1", "sub", "é"}, "f:15:1"},
		{[]string{"arr", "#1", "sub", "list", "#1"}, "f:18:3"},
		// Unknown paths fall back to the nearest recorded prefix.
		{[]string{"arr", "#1", "nope"}, "f:11:1"},
		{[]string{"nope"}, "f"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.path, "."), func(t *testing.T) {
			if got := p.at(tc.path...).String(); got != tc.want {
				t.Errorf("at(%q) = %s, want %s", tc.path, got, tc.want)
			}
		})
	}
}

func TestScanPositionsMultibyteColumns(t *testing.T) {
	p := scanPositions("f", []byte("[tuple.t]\nx = { tÿpe = \"é\", mult = \"1\" }\n"))
	// Columns count runes: "x = { tÿpe = \"é\", " is 18 runes.
	if got, want := p.at("tuple", "t", "x", "mult").String(), "f:2:19"; got != want {
		t.Errorf("mult at %s, want %s", got, want)
	}
}

func TestScanPositionsBOMAndCRLF(t *testing.T) {
	p := scanPositions("f", []byte("\xef\xbb\xbfobject = \"y\"\r\n[entity.x]\r\n  regex = 'a'\r\n"))
	for path, want := range map[string]string{"object": "f:1:1", "entity\x00x": "f:2:1", "entity\x00x\x00regex": "f:3:3"} {
		if got := p.at(strings.Split(path, "\x00")...).String(); got != want {
			t.Errorf("at(%q) = %s, want %s", path, got, want)
		}
	}
}
