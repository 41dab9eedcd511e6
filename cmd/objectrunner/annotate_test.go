package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeAnnotateFixture writes an SOD without dictionary types and a source of
// n pages; pages with i%2==0 carry an ISBN.
func writeAnnotateFixture(t *testing.T, n int) (sodPath, src string) {
	t.Helper()
	dir := t.TempDir()
	sodPath = filepath.Join(dir, "book.toml")
	if err := os.WriteFile(sodPath, []byte(`object = "book"
[tuple.book]
isbn = "1"
date = "?"
[entity.isbn]
predefined = "isbn13"
[entity.date]
predefined = "date"
`), 0o644); err != nil {
		t.Fatal(err)
	}
	src = filepath.Join(dir, "pages")
	os.MkdirAll(src, 0o755)
	isbns := []string{"9780316125581", "9781420106879", "9780547928227", "9780441172719"}
	for i := range n {
		var b strings.Builder
		b.WriteString(`<html><body><div id="nav"><a href="/">Home</a></div><div id="main"><h1>Book</h1>`)
		if i%2 == 0 {
			fmt.Fprintf(&b, `<p><b>ISBN-13</b>: %s</p>`, isbns[i%len(isbns)])
		}
		b.WriteString(`<p><b>Date</b>: June 2010</p></div></body></html>`)
		if err := os.WriteFile(filepath.Join(src, fmt.Sprintf("%02d.html", i)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return sodPath, src
}

func newTestMain() (*Main, *bytes.Buffer, *bytes.Buffer) {
	var stdout, stderr bytes.Buffer
	m := &Main{Stdout: &stdout, Stderr: &stderr}
	m.Log = slog.New(slog.NewTextHandler(&stderr, nil))
	return m, &stdout, &stderr
}

func TestAnnotateCommand(t *testing.T) {
	sodPath, src := writeAnnotateFixture(t, 12)
	out := filepath.Join(t.TempDir(), "annotated")
	m, stdout, stderr := newTestMain()
	if code := m.Run(context.Background(), []string{"annotate", "--sod", sodPath, "--source", src, "--sample", "3", "--out", out}); code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"12 pages, 0 skipped, sample 3", "isbn", "predefined:isbn13×", "3/3", "wrote 3 highlighted sample pages"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	index, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), `href="01-00.html"`) {
		t.Errorf("index.html does not link the first sample page:\n%s", index)
	}
	page, err := os.ReadFile(filepath.Join(out, "01-00.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `9780316125581<sup>isbn</sup></mark>`) {
		t.Errorf("highlighted page lacks the ISBN mark:\n%s", page)
	}
}

func TestAnnotateCommandDiscard(t *testing.T) {
	sodPath, src := writeAnnotateFixture(t, 12)
	for i := 0; i < 12; i += 2 { // keep a single ISBN
		if i > 0 {
			os.WriteFile(filepath.Join(src, fmt.Sprintf("%02d.html", i)), []byte("<p>June 2010</p>"), 0o644)
		}
	}
	m, stdout, stderr := newTestMain()
	// One page of twelve has an ISBN: below the default 20% of a 10-page sample.
	code := m.Run(context.Background(), []string{"annotate", "--sod", sodPath, "--source", src, "--sample", "10", "--out", t.TempDir()})
	if code != 1 || !strings.Contains(stderr.String(), "source discarded: mandatory type isbn") {
		t.Fatalf("exit %d, want 1 with a discard\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

func TestAnnotateCommandUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"no sod", []string{"annotate", "--source", "x"}},
		{"no source", []string{"annotate", "--sod", "x"}},
		{"bad sample", []string{"annotate", "--sod", "x", "--source", "y", "--sample", "0"}},
		{"extra args", []string{"annotate", "--sod", "x", "--source", "y", "z"}},
		{"two sources as arguments", []string{"annotate", "--sod", "x", "y", "z"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, _, _ := newTestMain()
			if code := m.Run(context.Background(), tc.args); code != 2 {
				t.Fatalf("exit %d, want 2", code)
			}
		})
	}
}

// TestAnnotateSourceArgument: the source may be given as the one
// argument, as for extract ("annotate --sod S pages/"); before, a
// newcomer who had run "extract --sod S pages/" was told "--source is
// required".
func TestAnnotateSourceArgument(t *testing.T) {
	sodPath, src := writeAnnotateFixture(t, 3)
	m, stdout, stderr := newTestMain()
	if code := m.Run(context.Background(), []string{"annotate", "--sod", sodPath, src, "--sample", "3", "--out", t.TempDir()}); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout.String(), "source "+src) {
		t.Errorf("stdout does not name the source %s:\n%s", src, stdout)
	}
	m, _, stderr = newTestMain()
	if code := m.Run(context.Background(), []string{"annotate", "--sod", sodPath, src, src}); code != 2 || !strings.Contains(stderr.String(), "give one source") {
		t.Errorf("two arguments: exit %d, want 2 and \"give one source\":\n%s", code, stderr)
	}
}

func TestRecognizeCommand(t *testing.T) {
	sodPath, src := writeAnnotateFixture(t, 2)
	m, stdout, stderr := newTestMain()
	page := filepath.Join(src, "00.html")
	if code := m.Run(context.Background(), []string{"recognize", "--sod", sodPath, page}); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	want := "isbn: 1 hit(s) in 1 page(s)\n" +
		"  " + page + "\thtml/body/div[2]/p[1]/text()\t\"9780316125581\"\tpredefined:isbn13\t"
	if !strings.HasPrefix(stdout.String(), want) {
		t.Fatalf("stdout:\n%s\nwant prefix:\n%s", stdout, want)
	}
	if !strings.Contains(stdout.String(), "date: 2 hit(s) in 1 page(s)") && !strings.Contains(stdout.String(), "date: 1 hit(s) in 1 page(s)") {
		t.Fatalf("no date hits:\n%s", stdout)
	}
	// A directory lists its pages, relative to it.
	m, stdout, _ = newTestMain()
	if code := m.Run(context.Background(), []string{"recognize", "--sod", sodPath, src}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(stdout.String(), "in 2 page(s)") || !strings.Contains(stdout.String(), "\n  01.html\t") {
		t.Fatalf("directory: stdout:\n%s", stdout)
	}
	m, _, _ = newTestMain()
	if code := m.Run(context.Background(), []string{"recognize", page}); code != 2 {
		t.Fatalf("no --sod: exit %d, want 2", code)
	}
}
