//go:build linux

package reliability

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"
)

// pageCase is a source of five good shop pages changed by setup, run with
// the shop wrapper (apply) or learning with the shop SOD.
type pageCase struct {
	name    string
	setup   func(t *testing.T, src string) // adds the hostile page(s) to src
	learn   bool
	asUser  bool     // as an unprivileged user (permission cases)
	status  int      // exit status
	want    []string // in stderr
	stdout  []string // in stdout
	objects int      // at least this many objects
	bound   bound
}

// Bounds: a source of a few small pages takes well under a second and
// 60 MB; a hostile page may cost its own size many times over, never more
// than the bounds stated per case.
var smallBound = bound{wall: 5 * time.Second, rss: 100 * mb}

// shopVariant is shop page i with its name and date replaced.
func shopVariant(i int, name, date string) string {
	p := shopPage(i)
	p = strings.Replace(p, fmt.Sprintf("Model %s %d", shopNames[i%len(shopNames)], i+2), "Model "+name+" "+fmt.Sprint(i+2), 1)
	return strings.Replace(p, fmt.Sprintf("March %d, 2011", i%28+1), date, 1)
}

// inDesc returns shop page i with extra HTML inside its description.
func inDesc(i int, extra string) string {
	return strings.Replace(shopPage(i), `<p class="desc">`, extra+`<p class="desc">`, 1)
}

func TestHostilePages(t *testing.T) {
	rnd := rand.New(rand.NewSource(3))
	png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), make([]byte, 100<<10)...)
	rnd.Read(png[16:])
	cases := []pageCase{
		{name: "50 MB page: over the size limit", setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "huge.html"), bytes.Repeat([]byte("<p>filler text</p>\n"), 50<<20/19))
		}, status: 0, want: []string{"unreadable page", "huge.html", "more than the limit of 20971520"}, objects: 5, bound: bound{3 * time.Second, 100 * mb}},
		{name: "50 MB page while learning", learn: true, setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "huge.html"), bytes.Repeat([]byte("<p>filler text</p>\n"), 50<<20/19))
		}, status: 0, want: []string{"page left out of the sample", "huge.html", "more than the limit"}, objects: 5, bound: bound{3 * time.Second, 100 * mb}},
		{name: "10,000-deep nesting", setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "deep.html"), []byte(inDesc(7, strings.Repeat("<div>", 10000)+"deep text"+strings.Repeat("</div>", 10000))))
		}, status: 0, objects: 6, stdout: []string{`"page":"deep.html"`}, bound: smallBound},
		{name: "10,000-deep nesting while learning", learn: true, setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "deep.html"), []byte(inDesc(7, strings.Repeat("<div><span>", 5000)+"deep text")))
		}, status: 0, objects: 6, bound: smallBound},
		{name: "200,000 tiny elements", setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "tiny.html"), []byte(inDesc(8, strings.Repeat("<i>x</i>", 200000))))
		}, status: 0, objects: 6, stdout: []string{`"page":"tiny.html"`}, bound: bound{10 * time.Second, 300 * mb}},
		{name: "200,000 tiny elements while learning", learn: true, setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "tiny.html"), []byte(inDesc(8, strings.Repeat("<i>x</i>", 200000))))
		}, status: 0, objects: 5, bound: bound{25 * time.Second, 500 * mb}}, // 346-464 MB seen on one commit: GC pacing under load; 6.1 CPU-s at load 50 (10.6-12.7 before the label-key and token-growth fixes of 2026-11-29)
		{name: "10 MB of tags (2.5 million <p>)", setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "dense.html"), []byte(inDesc(8, strings.Repeat("<p>x", 2_500_000))))
		}, status: 0, want: []string{"unreadable page", "dense.html", "tags, as heavy to parse as"}, objects: 5, bound: bound{3 * time.Second, 150 * mb}},
		{name: "10 MB of tags while learning", learn: true, setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "dense.html"), []byte(inDesc(8, strings.Repeat("<p>x", 2_500_000))))
		}, status: 0, want: []string{"page left out of the sample", "dense.html", "as heavy to parse as"}, objects: 5, bound: bound{3 * time.Second, 150 * mb}},
		{name: "PNG named .html", setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "image.html"), png)
		}, status: 0, want: []string{"pages do not fit the wrapper", "image.html"}, objects: 5, bound: smallBound},
		{name: "empty file", setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "empty.html"), nil)
		}, status: 0, want: []string{"pages do not fit the wrapper", "empty.html"}, objects: 5, bound: smallBound},
		{name: "Latin-1 without meta", setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "latin1.html"), latin1(shopVariant(9, "Crème", "3 février 2011")))
		}, status: 0, stdout: []string{`"name":"Model Crème 11"`, `"date":"3 février 2011"`}, objects: 6, bound: smallBound},
		// Issue 27, case 10: a UTF-8 page with a stray windows-1252 byte
		// (a curly apostrophe, 0x92) is UTF-8, not windows-1252, with a
		// warning that counts the bytes replaced.
		{name: "mostly UTF-8 with a stray cp1252 byte", setup: func(t *testing.T, src string) {
			page := strings.Replace(shopVariant(9, "Misérables", "3 février 2011"), "A fine model", "The maker\x92s finest model", 1)
			write(t, filepath.Join(src, "mixed.html"), []byte(page))
		}, status: 0, want: []string{"pages decoded as UTF-8 with stray bytes", "pages=1 bytes=1", "mixed.html"},
			stdout: []string{`"name":"Model Misérables 11"`, `"date":"3 février 2011"`}, objects: 6, bound: smallBound},
		{name: "Shift-JIS", setup: func(t *testing.T, src string) {
			page := strings.Replace(shopVariant(9, "東京", "March 3, 2011"), "<head>", `<head><meta charset="shift_jis">`, 1)
			b, err := japanese.ShiftJIS.NewEncoder().Bytes([]byte(page))
			if err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(src, "sjis.html"), b)
		}, status: 0, stdout: []string{`"name":"Model 東京 11"`}, objects: 6, bound: smallBound},
		{name: "UTF-16 with BOM", setup: func(t *testing.T, src string) {
			b, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(shopVariant(9, "Ünal", "Décembre 3, 2011")))
			if err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(src, "utf16.html"), b)
		}, status: 0, stdout: []string{`"name":"Model Ünal 11"`, `"date":"Décembre 3, 2011"`}, objects: 6, bound: smallBound},
		{name: "source with subdirectories", setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "a", "b", "sub.html"), []byte(shopPage(10)))
			write(t, filepath.Join(src, "c", "notes.txt"), []byte("not a page"))
		}, status: 0, stdout: []string{`"page":"a/b/sub.html"`}, objects: 6, bound: smallBound},
		{name: "source of symbolic links", learn: true, setup: func(t *testing.T, src string) {
			real := filepath.Join(filepath.Dir(src), "real")
			if err := os.Rename(src, real); err != nil {
				t.Fatal(err)
			}
			os.MkdirAll(src, 0o755)
			entries, _ := os.ReadDir(real)
			for _, e := range entries {
				if err := os.Symlink(filepath.Join(real, e.Name()), filepath.Join(src, "link-"+e.Name())); err != nil {
					t.Fatal(err)
				}
			}
		}, status: 0, stdout: []string{`"page":"link-0000.html"`}, objects: 5, bound: smallBound},
		{name: "unreadable file", asUser: true, setup: func(t *testing.T, src string) {
			if err := os.Chmod(write(t, filepath.Join(src, "secret.html"), []byte(shopPage(11))), 0); err != nil {
				t.Fatal(err)
			}
		}, status: 0, want: []string{"unreadable page", "secret.html", "permission denied"}, objects: 5, bound: smallBound},
		{name: "unreadable file while learning", learn: true, asUser: true, setup: func(t *testing.T, src string) {
			if err := os.Chmod(write(t, filepath.Join(src, "secret.html"), []byte(shopPage(11))), 0); err != nil {
				t.Fatal(err)
			}
		}, status: 0, want: []string{"page left out of the sample", "secret.html", "permission denied"}, objects: 5, bound: smallBound},
		// Issue 27, case 3: attribute de-duplication is linear.
		{name: "100,000 distinct attributes on one element", setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "attrs.html"), []byte(strings.Replace(shopPage(7), `<p class="desc">`, `<p class="desc"`+distinctAttrs(100000)+`>`, 1)))
		}, status: 0, objects: 6, stdout: []string{`"page":"attrs.html"`}, bound: bound{6 * time.Second, 200 * mb}},
		{name: "100,000 distinct attributes while learning", learn: true, setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "attrs.html"), []byte(strings.Replace(shopPage(7), `<p class="desc">`, `<p class="desc"`+distinctAttrs(100000)+`>`, 1)))
		}, status: 0, objects: 6, bound: bound{10 * time.Second, 300 * mb}},
		{name: "200,000 distinct attributes on one element", setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "attrs.html"), []byte(strings.Replace(shopPage(7), `<p class="desc">`, `<p class="desc"`+distinctAttrs(200000)+`>`, 1)))
		}, status: 0, objects: 6, stdout: []string{`"page":"attrs.html"`}, bound: bound{10 * time.Second, 300 * mb}},
		// Issue 27, case 7: an unreadable subdirectory is skipped, counted
		// and reported with the reason, like an unreadable page.
		{name: "unreadable subdirectory", asUser: true, setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "private", "0100.html"), []byte(shopPage(11)))
			if err := os.Chmod(filepath.Join(src, "private"), 0); err != nil {
				t.Fatal(err)
			}
		}, status: 0, want: []string{"unreadable directory skipped", "private", "permission denied"}, objects: 5, bound: smallBound},
		{name: "unreadable subdirectory while learning", learn: true, asUser: true, setup: func(t *testing.T, src string) {
			write(t, filepath.Join(src, "a", "b", "0100.html"), []byte(shopPage(11)))
			if err := os.Chmod(filepath.Join(src, "a", "b"), 0); err != nil {
				t.Fatal(err)
			}
		}, status: 0, want: []string{"unreadable directory skipped", "b", "permission denied"}, objects: 5, bound: smallBound},
		{name: "one page", learn: true, setup: func(t *testing.T, src string) {
			for i := 1; i < 5; i++ {
				os.Remove(filepath.Join(src, fmt.Sprintf("%04d.html", i)))
			}
		}, status: 1, want: []string{"cannot learn a wrapper from a sample of 1 page", "give at least 2 pages"}, bound: smallBound},
		{name: "one page, with a wrapper", setup: func(t *testing.T, src string) {
			for i := 1; i < 5; i++ {
				os.Remove(filepath.Join(src, fmt.Sprintf("%04d.html", i)))
			}
		}, status: 0, stdout: []string{`"name":"Model Xylo 2"`}, objects: 1, bound: smallBound},
		{name: "no pages", learn: true, setup: func(t *testing.T, src string) {
			os.RemoveAll(src)
			write(t, filepath.Join(src, "readme.txt"), []byte("no pages here"))
		}, status: 1, want: []string{"no pages (.htm, .html or .xhtml files)"}, bound: smallBound},
	}
	sodPath, wrapperPath := shopFixture(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := shopSource(t, dir(t), 5)
			tc.setup(t, src)
			args := []string{"extract", "--source", src}
			if tc.learn {
				args = append(args, "--sod", sodPath)
			} else {
				args = append(args, "--wrapper", wrapperPath)
			}
			r := run(t, runOpts{asUser: tc.asUser, timeout: 2 * time.Minute}, args...)
			expect(t, r, tc.status, tc.want...)
			for _, w := range tc.stdout {
				if !strings.Contains(r.stdout, w) {
					t.Errorf("stdout does not contain %s:\n%s", w, clip(r.stdout))
				}
			}
			if n := jsonLines(t, r.stdout); n < tc.objects {
				t.Errorf("%d objects, want at least %d; stderr:\n%s", n, tc.objects, clip(r.stderr))
			}
			mode := "apply"
			if tc.learn {
				mode = "learn"
			}
			within(t, "page: "+tc.name+" ("+mode+")", r, tc.bound)
		})
	}
}

func latin1(s string) []byte {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r)) // the test strings stay within Latin-1
	}
	return b
}

// TestLargePages (group 3, the rows): pages of 20 MB, each under
// the 20 MiB limit. Learning from six of them is refused at once with the
// reason (the sample's memory bound), instead of 102 s and 5.2 GB; one
// among ten normal pages is extracted but not learned from; applying a
// wrapper to the six takes one page's memory at a time.
func TestLargePages(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and parses 120 MB of pages")
	}
	sodPath, wrapperPath := shopFixture(t)
	big := func(i int) []byte {
		var b strings.Builder
		for n := 0; b.Len() < 20_000_000; n++ {
			fmt.Fprintf(&b, `<div class="review"><p>review %d: a fine model, sturdy and cheap, would buy again</p><span>Posted on March %d, 2010</span></div>`+"\n", n, n%28+1)
		}
		return []byte(inDesc(i, b.String()))
	}
	six := filepath.Join(dir(t), "six")
	for i := range 6 {
		write(t, filepath.Join(six, fmt.Sprintf("%04d.html", i)), big(i))
	}
	t.Run("learning from six 20 MB pages", func(t *testing.T) {
		r := run(t, runOpts{timeout: 5 * time.Minute}, "extract", "-q", "--sod", sodPath, "--source", six)
		expect(t, r, 1, "no sample: 6 of 6 pages were left out", "more than the 8.0 MiB a sample page may have", "--sample-mb")
		within(t, "learn: six 20 MB pages", r, bound{5 * time.Second, 100 * mb})
	})
	t.Run("applying a wrapper to six 20 MB pages", func(t *testing.T) {
		r := run(t, runOpts{timeout: 5 * time.Minute}, "extract", "-q", "--wrapper", wrapperPath, "--source", six)
		expect(t, r, 0)
		if n := jsonLines(t, r.stdout); n != 6 {
			t.Errorf("%d objects, want 6", n)
		}
		// One 20 MB page at a time (--memory-mb 1024: 32 MiB of pages at
		// once), whose extraction holds some 38 times its size (the wrapper's
		// tokens, the tree); the soft memory limit keeps the heap from
		// doubling that (1.5 GB without it).
		within(t, "apply: six 20 MB pages", r, bound{90 * time.Second, 1200 * mb})
	})
	t.Run("one 20 MB page among ten", func(t *testing.T) {
		src := shopSource(t, dir(t), 10)
		write(t, filepath.Join(src, "big.html"), big(3))
		r := run(t, runOpts{timeout: 5 * time.Minute}, "extract", "--sod", sodPath, "--source", src)
		expect(t, r, 0, "page left out of the sample", "big.html")
		if n := jsonLines(t, r.stdout); n != 11 {
			t.Errorf("%d objects, want 11", n)
		}
		within(t, "learn: one 20 MB page among ten", r, bound{60 * time.Second, 1200 * mb})
	})
}

// TestSkippedDirsReported (issue 27, case 7): the reports count the
// unreadable subdirectories a run skipped and say why: `extract --report`
// lists them, `run --report` counts them per source.
func TestSkippedDirsReported(t *testing.T) {
	sodPath, _ := shopFixture(t)
	d := dir(t)
	if err := os.Chmod(d, 0o777); err != nil {
		t.Fatal(err)
	}
	src := shopSource(t, filepath.Join(d, "shop"), 5)
	write(t, filepath.Join(src, "private", "0100.html"), []byte(shopPage(11)))
	if err := os.Chmod(filepath.Join(src, "private"), 0); err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(d, "extract.json")
	r := run(t, runOpts{asUser: true}, "extract", "-q", "--sod", sodPath, "--source", src, "--report", report, "-o", filepath.Join(d, "out.jsonl"))
	expect(t, r, 0)
	if got := readFile(t, report); !strings.Contains(got, `"skipped_dirs": [`) || !strings.Contains(got, "private") || !strings.Contains(got, "permission denied") {
		t.Errorf("extract --report does not list the skipped directory:\n%s", clip(got))
	}
	runReport := filepath.Join(d, "run.json")
	r = run(t, runOpts{asUser: true}, "run", "-q", "--sod", sodPath, "--dict-dir", filepath.Join(d, "dict"), "--report", runReport, "--out", filepath.Join(d, "out"), src)
	expect(t, r, 0)
	if got := readFile(t, runReport); !strings.Contains(got, `"skipped_dirs": 1`) {
		t.Errorf("run --report does not count the skipped directory:\n%s", clip(got))
	}
}

// distinctAttrs returns n attributes with distinct keys, each with a
// leading space.
func distinctAttrs(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, ` a%d="v%d"`, i, i)
	}
	return b.String()
}
