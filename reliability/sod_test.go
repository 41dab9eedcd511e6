//go:build linux

package reliability

import (
	"math/rand"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// sodBound: checking any SOD, however hostile, takes under two seconds
// and 100 MB (a 10 MB file and 16,000-deep arrays included).
var sodBound = bound{wall: 2 * time.Second, rss: 100 * mb}

// TestHostileSODs (group 1): every broken SOD gets exit status 1 and an
// error naming the file, line and column, quickly.
func TestHostileSODs(t *testing.T) {
	rnd := rand.New(rand.NewSource(1))
	binary := make([]byte, 4096)
	rnd.Read(binary)
	binary[0], binary[100] = 0, 0
	head := "object = \"x\"\n[tuple.x]\na = \"1\"\n[entity.a]\nregex = 'a+'\n"
	for _, tc := range []struct {
		name, src string
		want      []string // in stderr, after "FILE:"
	}{
		{"syntax error", "object = \"x\"\n[tuple.x\na = \"1\"\n", []string{":2:", "invalid TOML"}},
		{"typo'd key", "object = \"x\"\n[entity.x]\ndictonary = \"a\"\n", []string{":3:1: unknown key \"dictonary\"", `did you mean "dictionary"`}},
		{"undefined type", "object = \"book\"\n[tuple.book]\nauther = \"1\"\n[entity.author]\nregex = 'a'\n", []string{":3:1:", `undefined type "auther"`, `did you mean "author"`}},
		{"recursive type", "object = \"book\"\n[tuple.book]\ncredit = \"*\"\n[tuple.credit]\nbook = \"1\"\n", []string{":", "recursive type"}},
		{"multiplicity 0", "object = \"x\"\n[tuple.x]\na = \"0\"\n[entity.a]\nregex = 'a'\n", []string{":3:1:", `invalid multiplicity "0"`}},
		{"empty file", "", []string{":1:1: missing object"}},
		{"binary", string(binary), []string{":1:", "invalid TOML"}},
		{"10 MB", head + "# " + strings.Repeat("x", 10<<20) + "\n", []string{": file larger than 1048576 bytes"}},
		{"regex matching the empty string", "object = \"x\"\n[entity.x]\nregex = '\\d*'\n", []string{":3:1:", "matches the empty string"}},
		{"arrays 16,000 deep", head + "x = " + strings.Repeat("[", 16000) + strings.Repeat("]", 16000) + "\n", []string{":6:37: arrays or inline tables nested more than 32 deep"}},
		{"inline tables 16,000 deep", head + "x = " + strings.Repeat("{a=", 16000) + "1" + strings.Repeat("}", 16000) + "\n", []string{":6:", "nested more than 32 deep"}},
		{"key of 20,000 parts", head + strings.Repeat("a.", 20000) + "a = 1\n", []string{":6:1: key with more than 32 dotted parts"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := write(t, filepath.Join(dir(t), "sod.toml"), []byte(tc.src))
			r := run(t, runOpts{timeout: 30 * time.Second}, "sod", "check", path)
			want := append([]string(nil), tc.want...)
			want[0] = path + want[0]
			expect(t, r, 1, want...)
			within(t, "sod check: "+tc.name, r, sodBound)
		})
	}
}

// TestUnknownPredefined (group 1): a predefined recognizer name is checked
// when the recognizers are built (recognize, annotate, extract), with the
// position and a suggestion.
func TestUnknownPredefined(t *testing.T) {
	d := dir(t)
	path := write(t, filepath.Join(d, "sod.toml"), []byte("object = \"x\"\n[tuple.x]\na = \"1\"\n[entity.a]\npredefined = \"dat\"\n"))
	page := write(t, filepath.Join(d, "p.html"), []byte("<p>March 3, 2011</p>"))
	for _, args := range [][]string{
		{"recognize", "--sod", path, page},
		{"extract", "-q", "--sod", path, "--source", d},
	} {
		r := run(t, runOpts{}, args...)
		expect(t, r, 1, path+":5:1: unknown predefined recognizer \"dat\"", `did you mean "date"`)
		within(t, args[0]+": unknown predefined name", r, sodBound)
	}
}
