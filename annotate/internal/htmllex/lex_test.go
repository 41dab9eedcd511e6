package htmllex

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
)

// tokens runs html.Tokenizer (ref) or the Lexer over s and prints every
// token: type, raw bytes, name, decoded text, attributes. ctl, called
// before each Next with the token count, says whether to allow CDATA and
// whether to call NextIsNotRawText after the previous token.
func tokens(s string, ref bool, ctl func(i int) (cdata, notRaw bool)) []string {
	var out []string
	var z *html.Tokenizer
	var l Lexer
	if ref {
		z = html.NewTokenizer(strings.NewReader(s))
	} else {
		l.Reset(s)
	}
	for i := 0; ; i++ {
		cdata, notRaw := ctl(i)
		var tt html.TokenType
		if ref {
			z.AllowCDATA(cdata)
			if notRaw {
				z.NextIsNotRawText()
			}
			tt = z.Next()
		} else {
			l.AllowCDATA(cdata)
			if notRaw {
				l.NextIsNotRawText()
			}
			tt = l.Next()
		}
		if tt == html.ErrorToken {
			return out
		}
		var raw, name, text string
		var attrs []string
		if ref {
			raw = string(z.Raw())
			switch tt {
			case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
				n, _ := z.TagName()
				name = string(n)
				for {
					k, v, more := z.TagAttr()
					if k == nil {
						break
					}
					attrs = append(attrs, string(k)+"="+string(v))
					if !more {
						break
					}
				}
			default:
				text = string(z.Text())
			}
		} else {
			a, b := l.Raw()
			raw = s[a:b]
			switch tt {
			case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
				a, b := l.Data()
				name = strings.ReplaceAll(s[a:b], "\x00", "\ufffd")
				name = lowerASCII(name)
				ks, vs := l.TagAttrs()
				for j := range ks {
					attrs = append(attrs, ks[j]+"="+vs[j])
				}
				for j := range l.NumAttr() {
					k0, k1, v0, v1 := l.Attr(j)
					if l.Plain(j) {
						if got := lowerASCII(s[k0:k1]) + "=" + s[v0:v1]; got != attrs[j] {
							attrs = append(attrs, "PLAIN "+got)
						}
					}
					if v, ok := l.AttrVal(j); ok && strings.IndexByte(s[k0:k1], 0) < 0 {
						if got := lowerASCII(s[k0:k1]) + "=" + v; got != attrs[j] {
							attrs = append(attrs, "ATTRVAL "+got)
						}
					}
				}
			default:
				text = l.Text()
			}
		}
		out = append(out, fmt.Sprintf("%v %q name=%q text=%q attrs=%q", tt, raw, name, text, attrs))
	}
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func compare(t *testing.T, name, s string, ctl func(i int) (bool, bool)) {
	t.Helper()
	want, got := tokens(s, true, ctl), tokens(s, false, ctl)
	for i := 0; i < len(want) || i < len(got); i++ {
		var w, g string
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g {
			t.Fatalf("%s: token %d:\n got %.400s\nwant %.400s", name, i, g, w)
		}
	}
}

// inputs returns markup to compare on: the repository's pages, the SWDE
// pages when ../shared is present, the html5lib inputs in the module cache.
func inputs(t *testing.T) map[string]string {
	out := map[string]string{}
	roots := []string{filepath.Join("..", "..", "testdata"), filepath.Join("..", "..", "..", "examples"),
		filepath.Join("..", "..", "..", "..", "shared", "data", "swde")}
	n := 0
	for _, r := range roots {
		filepath.WalkDir(r, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() && (strings.HasSuffix(p, ".htm") || strings.HasSuffix(p, ".html")) {
				if n++; !*allPages && n%10 != 0 {
					return nil // one page in ten (TestStreamMatchesDOM reads them all)
				}
				if b, err := os.ReadFile(p); err == nil {
					out[p] = string(b)
				}
			}
			return nil
		})
	}
	if dir := xnetDir(); dir != "" {
		files, _ := filepath.Glob(filepath.Join(dir, "html", "testdata", "html5lib-tests", "tree-construction", "*.dat"))
		for _, f := range files {
			b, _ := os.ReadFile(f)
			for i, block := range strings.Split(string(b), "#data\n")[1:] {
				if j := strings.Index(block, "\n#errors"); j >= 0 {
					out[fmt.Sprintf("%s#%d", f, i)] = block[:j]
				}
			}
		}
		tok, _ := filepath.Glob(filepath.Join(dir, "html", "testdata", "html5lib-tests", "tokenizer", "*.test"))
		for _, f := range tok {
			b, _ := os.ReadFile(f)
			for i, part := range bytes.Split(b, []byte(`"input":`))[1:] {
				out[fmt.Sprintf("%s#%d", f, i)] = string(part[:min(len(part), 200)])
			}
		}
	}
	return out
}

// xnetDir is the golang.org/x/net module directory of go.mod's version.
func xnetDir() string {
	mod, err := os.ReadFile(filepath.Join("..", "..", "..", "go.mod"))
	if err != nil {
		return ""
	}
	cache := os.Getenv("GOMODCACHE")
	if cache == "" {
		gopath := os.Getenv("GOPATH")
		if gopath == "" {
			home, _ := os.UserHomeDir()
			gopath = filepath.Join(home, "go")
		}
		cache = filepath.Join(filepath.SplitList(gopath)[0], "pkg", "mod")
	}
	for _, line := range strings.Split(string(mod), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "golang.org/x/net" {
			if d := filepath.Join(cache, "golang.org", "x", "net@"+f[1]); func() bool { st, err := os.Stat(d); return err == nil && st.IsDir() }() {
				return d
			}
		}
	}
	return ""
}

var pieces = []string{
	"<", ">", "</", "<!--", "-->", "--!>", "<!", "<?", "<![CDATA[", "]]>", "<!DOCTYPE html>", "<!doctype",
	"a", "B", " ", "\t", "\n", "\r\n", "\r", "=", "'", `"`, "/", "&amp;", "&lt", "&notit;", "&#x41;", "&#0;",
	"\x00", "é", "<script>", "</script>", "<!--<script>", "<style>", "</style", "<title>", "</title>",
	"<textarea>", "<plaintext>", "<xmp>", "<iframe>", "<noscript>", "<noembed>", "<noframes>", "<a href=x>",
	"<A HREF=x href=y>", "<br/>", "<p a=/>", "<img src='x'alt=y/>", "</a b=c>", "<a =b>", "<a b=c=d>", "-", "!",
}

func soup(rnd *rand.Rand) string {
	var b strings.Builder
	for range rnd.IntN(40) {
		b.WriteString(pieces[rnd.IntN(len(pieces))])
	}
	return b.String()
}

func never(int) (bool, bool) { return false, false }

var allPages = flag.Bool("lex.all", false, "compare on every page, not one in ten")

// TestLexerMatchesTokenizer compares the Lexer with html.Tokenizer token
// for token on real pages, html5lib inputs and random markup, with CDATA
// allowed or not and NextIsNotRawText called at random.
func TestLexerMatchesTokenizer(t *testing.T) {
	in := inputs(t)
	if len(in) == 0 {
		t.Fatal("no inputs")
	}
	always := func(int) (bool, bool) { return true, false }
	for name, s := range in {
		compare(t, name, s, never)
		if len(s) < 4096 {
			compare(t, name+" (cdata)", s, always)
		}
	}
	n := 5000
	if testing.Short() {
		n = 1000
	}
	for seed := range n {
		rnd := rand.New(rand.NewPCG(uint64(seed), 1))
		s := soup(rnd)
		ctl := func(i int) (bool, bool) {
			r := rand.New(rand.NewPCG(uint64(seed), uint64(i)))
			return r.IntN(2) == 0, r.IntN(3) == 0
		}
		compare(t, fmt.Sprintf("soup %d %q", seed, s), s, ctl)
	}
	t.Logf("%d inputs and %d random ones", len(in), n)
}

// FuzzLexerMatchesTokenizer compares the Lexer with html.Tokenizer on
// arbitrary input.
func FuzzLexerMatchesTokenizer(f *testing.F) {
	for _, p := range pieces {
		f.Add(p + "x" + p)
	}
	f.Add(`<a href="x&amp;y" B='1'>t&lt;</a><!--c--><script><!--<script></script>-->x</script>`)
	f.Fuzz(func(t *testing.T, s string) {
		compare(t, "fuzz", s, never)
		compare(t, "fuzz", s, func(i int) (bool, bool) { return i%2 == 0, i%3 == 0 })
	})
}

// TestAttrValMatchesTagAttr checks AttrVal, where it answers, against
// TagAttr on values full of character references.
func TestAttrValMatchesTagAttr(t *testing.T) {
	refs := []string{"&amp;", "&amp", "&lt;", "&quot;", "&nbsp;", "&copy;", "&copy", "&copy=", "&notit;", "&not",
		"&#65;", "&#x41;", "&#x;", "&#;", "&#0;", "&#128;", "&#xD800;", "&b=", "&lang=", "&", "&;", "&=", "&x;",
		"&mdash;", "&eacute;", "&Eacute;", "&fjlig;", "a", "=", " ", "\r\n", "\x00", "é", "&AMP;", "&amp;amp;"}
	rnd := rand.New(rand.NewPCG(9, 9))
	answered := 0
	for range 20000 {
		var v strings.Builder
		for range 1 + rnd.IntN(6) {
			v.WriteString(refs[rnd.IntN(len(refs))])
		}
		tag := `<a x="` + strings.ReplaceAll(v.String(), `"`, "") + `">`
		var l Lexer
		l.Reset(tag)
		l.Next()
		got, ok := l.AttrVal(0)
		z := html.NewTokenizer(strings.NewReader(tag))
		z.Next()
		_, want, _ := z.TagAttr()
		if !ok {
			continue
		}
		answered++
		if got != string(want) {
			t.Fatalf("%q: AttrVal %q, TagAttr %q", tag, got, want)
		}
	}
	t.Logf("%d of 20000 values answered", answered)
}

// manyAttrs returns a tag with n attributes whose keys repeat, in other
// cases, every dup-th attribute (dup 0: all distinct).
func manyAttrs(n, dup int) string {
	var b strings.Builder
	b.WriteString("<div")
	for i := range n {
		if dup > 0 && i%dup == dup-1 {
			fmt.Fprintf(&b, " A%d=dup%d", i/2, i)
			continue
		}
		fmt.Fprintf(&b, " a%d=v%d", i, i)
	}
	b.WriteString(">text</div><p class=x CLASS=y>after</p>")
	return b.String()
}

// TestManyAttributes (issue 27, case 3): beyond fewAttrs the keys are
// de-duplicated through a map, as html.Tokenizer de-duplicates them, and a
// tag with 200,000 distinct attributes is lexed in linear time.
func TestManyAttributes(t *testing.T) {
	for _, n := range []int{15, 16, 17, 40, 300} {
		for _, dup := range []int{0, 3, 7} {
			compare(t, fmt.Sprintf("%d attributes, dup %d", n, dup), manyAttrs(n, dup), never)
		}
	}
	// The bound is on this thread's CPU time, not wall time: a loaded
	// machine stretches the second, not the first.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, n := range []int{100000, 200000} {
		s := manyAttrs(n, 0)
		start := threadCPU(t)
		var l Lexer
		l.Reset(s)
		attrs := 0
		for l.Next() != html.ErrorToken {
			attrs += l.NumAttr()
		}
		took := threadCPU(t) - start
		t.Logf("MEASURE lexing one tag of %d distinct attributes: %v of CPU", n, took)
		if attrs != n+1 {
			t.Errorf("%d attributes, want %d", attrs, n+1)
		}
		if took > 2*time.Second {
			t.Errorf("%d attributes took %v of CPU, bound 2 s", n, took)
		}
	}
}
