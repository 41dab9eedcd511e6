//go:build linux

package reliability

import (
	"fmt"
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
		// Issue 27, case 5: SODs too large to learn in reasonable time.
		{"1,000 fields", manyFieldsSOD(1000), []string{":1:1: 1000 fields in the tuples: an SOD may have at most 256 (MaxFields)"}},
		{"10,000 fields", manyFieldsSOD(10000), []string{":1:1: 10000 fields in the tuples: an SOD may have at most 256 (MaxFields)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := write(t, filepath.Join(dir(t), "sod.toml"), []byte(tc.src))
			r := run(t, runOpts{timeout: 30 * time.Second}, "sod", "check", path)
			want := append([]string(nil), tc.want...)
			want[0] = path + want[0]
			expect(t, r, 1, want...)
			b := sodBound
			if len(tc.src) > 100<<10 {
				b.wall = 5 * time.Second // decoding 200 KB of TOML tables
			}
			within(t, "sod check: "+tc.name, r, b)
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

// manyFieldsSOD returns an SOD of n optional fields of n regex types
// (plus the shop's name), field i matching "zqIx".
func manyFieldsSOD(n int) string {
	var b strings.Builder
	b.WriteString("object = \"item\"\n[tuple.item]\nname = \"1\"\n")
	for i := range n - 1 {
		fmt.Fprintf(&b, "f%d = \"?\"\n", i)
	}
	b.WriteString("[entity.name]\nregex = 'Model \\p{L}+ \\d+'\n")
	for i := range n - 1 {
		fmt.Fprintf(&b, "[entity.f%d]\nregex = 'zq%dx'\n", i, i)
	}
	return b.String()
}

// TestSODWarnings (issue 27, cases 5 and 10): `sod check` accepts, with a
// warning naming what is wrong, an SOD of many fields and one that uses a
// type with conflicting multiplicities.
func TestSODWarnings(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"100 fields", manyFieldsSOD(100), []string{":1:1: warning: 100 fields: learning a wrapper slows"}},
		{"one type, conflicting multiplicities", "object = \"book\"\n[tuple.book]\ntitle = \"1\"\nauthor = \"1\"\ncoauthors = { type = \"author\", mult = \"*\" }\n[entity.title]\nregex = 'T\\w+'\n[entity.author]\nregex = 'A\\w+'\n",
			[]string{":4:1: warning: type \"author\" is used with conflicting multiplicities by fields book.author (1), book.coauthors (*)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := write(t, filepath.Join(dir(t), "sod.toml"), []byte(tc.src))
			r := run(t, runOpts{}, "sod", "check", path)
			want := append([]string(nil), tc.want...)
			want[0] = path + want[0]
			expect(t, r, 0, want...)
			within(t, "sod check: "+tc.name, r, sodBound)
		})
	}
}

// TestManyFieldsLearn (issue 27, case 5): learning with an SOD at the
// MaxFields bound, every field present on every page, stays within its
// budget.
func TestManyFieldsLearn(t *testing.T) {
	if testing.Short() {
		t.Skip("tens of seconds")
	}
	d := dir(t)
	sodPath := write(t, filepath.Join(d, "sod.toml"), []byte(manyFieldsSOD(256)))
	for i := range 30 {
		var b strings.Builder
		fmt.Fprintf(&b, "<html><body><div class=\"item\"><h1>Model %s %d</h1>", shopNames[i%len(shopNames)], i+2)
		for j := range 255 {
			fmt.Fprintf(&b, "<p>Field %d: zq%dx</p>", j, j)
		}
		b.WriteString("</div></body></html>")
		write(t, filepath.Join(d, "pages", fmt.Sprintf("%04d.html", i)), []byte(b.String()))
	}
	out := filepath.Join(d, "out.jsonl")
	r := run(t, runOpts{timeout: 3 * time.Minute}, "extract", "-q", "--sod", sodPath, "--source", filepath.Join(d, "pages"), "-o", out)
	expect(t, r, 0)
	if n := jsonLines(t, readFile(t, out)); n != 30 {
		t.Errorf("%d objects, want 30", n)
	}
	within(t, "learn: 256 fields, all on every page", r, bound{wall: 90 * time.Second, rss: 500 * mb})
}
