package annotate

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParsePageEncoding(t *testing.T) {
	tests := []struct {
		name     string
		data     []byte
		override string
		wantEnc  string
		certain  bool
		wantText string
	}{
		{"utf-8 BOM", append([]byte("\xEF\xBB\xBF"), "<p>Café</p>"...), "", "utf-8", true, "Café"},
		{"utf-8 undeclared", []byte("<p>Café</p>"), "", "utf-8", false, "Café"},
		{"windows-1252 meta", []byte(`<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"></head><body><p>caf` + "\xe9 \x93q\x94</p></body></html>"), "", "windows-1252", true, "café “q”"},
		{"meta charset", []byte(`<meta charset="iso-8859-15"><p>` + "\xa4</p>"), "", "iso-8859-15", true, "€"},
		{"iso-8859-1 undeclared", []byte("<p>na\xefve r\xe9sum\xe9</p>"), "", "windows-1252", false, "naïve résumé"},
		{"override", []byte("<meta charset=utf-8><p>\xe9t\xe9</p>"), "latin1", "windows-1252", true, "été"},
		{"override beats BOM-less utf-8", []byte("<p>\xc3\xa9</p>"), "windows-1252", "windows-1252", true, "Ã©"},
		{"invalid utf-8 declared", []byte("<meta charset=utf-8><p>a\xffb</p>"), "", "utf-8", true, "a\uFFFDb"},
		{"utf-16le BOM", []byte("\xff\xfe<\x00p\x00>\x00\xe9\x00"), "", "utf-16le", true, "é"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParsePage(tc.data, "x.html", LoadOptions{Encoding: tc.override})
			if err != nil {
				t.Fatal(err)
			}
			if p.Encoding != tc.wantEnc || p.EncodingCertain != tc.certain {
				t.Fatalf("encoding=%s certain=%v, want %s %v", p.Encoding, p.EncodingCertain, tc.wantEnc, tc.certain)
			}
			if got := Text(p.Doc); got != tc.wantText {
				t.Fatalf("Text=%q, want %q", got, tc.wantText)
			}
			if p.Size != len(tc.data) {
				t.Fatalf("Size=%d, want %d", p.Size, len(tc.data))
			}
		})
	}
}

// The meta prescan reads a little beyond the WHATWG 1024 bytes.
func TestParsePageLateMeta(t *testing.T) {
	data := "<html><head><title>t</title>" + strings.Repeat("<link rel=x href=y>", 80) +
		`<meta charset="windows-1252"></head><body>caf` + "\xe9</body></html>"
	p, err := ParsePage([]byte(data), "late.html", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Encoding != "windows-1252" || !strings.Contains(Text(p.Doc), "café") {
		t.Fatalf("encoding=%s text=%q", p.Encoding, Text(p.Doc))
	}
}

func TestParsePageErrors(t *testing.T) {
	if _, err := ParsePage([]byte("<p>x</p>"), "a.html", LoadOptions{Encoding: "no-such"}); err == nil || !strings.Contains(err.Error(), "a.html") {
		t.Fatalf("unknown encoding: err=%v, want an error naming the page", err)
	}
	_, err := ParsePage(make([]byte, 100), "big.html", LoadOptions{MaxBytes: 10})
	var tl *TooLargeError
	if !errors.As(err, &tl) || !strings.Contains(err.Error(), "big.html") {
		t.Fatalf("too large: err=%v, want *TooLargeError naming the page", err)
	}
}

func TestParsePageEmptyAndBase(t *testing.T) {
	p, err := ParsePage(nil, "empty.html", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Doc == nil || Text(p.Doc) != "" || len(p.Annotations) != 0 {
		t.Fatalf("empty page: %+v", p)
	}
	p, err = ParsePage([]byte(`<base href="http://example.com/books/1"/><html><body><a href="../2">n</a></body></html>`), "b.html", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.BaseURL, "http://example.com/books/1"; got != want {
		t.Fatalf("BaseURL=%q, want %q", got, want)
	}
	if got, want := p.ResolveURL("../2"), "http://example.com/2"; got != want {
		t.Fatalf("ResolveURL=%q, want %q", got, want)
	}
	if got := (&Page{}).ResolveURL("x/y"); got != "x/y" {
		t.Fatalf("ResolveURL without base=%q", got)
	}
}

func TestReadPage(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "p.html")
	if err := os.WriteFile(path, []byte("<p>hi</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := ReadPage(path, "p.html", LoadOptions{})
	if err != nil || Text(p.Doc) != "hi" || p.Path != "p.html" {
		t.Fatalf("ReadPage: %v %+v", err, p)
	}
	_, err = ReadPage(path, "p.html", LoadOptions{MaxBytes: 3})
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("ReadPage too large: err=%v, want one naming %s", err, path)
	}
	if _, err := ReadPage(filepath.Join(dir, "missing.html"), "missing.html", LoadOptions{}); err == nil {
		t.Fatal("ReadPage of a missing file: no error")
	}
}

func TestListSource(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"b.html", "a.htm", "c.xhtml", "notes.txt", "sub/d.HTML", "sub/e.png"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte("<p>x</p>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rels := func(paths []string, root string) []string {
		var out []string
		for _, p := range paths {
			out = append(out, SourceRel(root, p))
		}
		return out
	}
	tests := []struct {
		name, arg string
		want      []string
	}{
		{"directory", dir, []string{"a.htm", "b.html", "c.xhtml", "sub/d.HTML"}},
		{"glob", filepath.Join(dir, "*.htm*"), []string{"a.htm", "b.html"}},
		{"single file", filepath.Join(dir, "c.xhtml"), []string{"c.xhtml"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ListSource(tc.arg)
			if err != nil {
				t.Fatal(err)
			}
			root := SourceRoot(tc.arg)
			if tc.name == "single file" {
				root = dir
			}
			if g := rels(got, root); !reflect.DeepEqual(g, tc.want) {
				t.Fatalf("ListSource=%v, want %v", g, tc.want)
			}
		})
	}
	if _, err := ListSource(filepath.Join(dir, "nope")); err == nil {
		t.Fatal("ListSource of a missing directory: no error")
	}
}

func TestPageQuery(t *testing.T) {
	p, err := ParsePage([]byte(`<ul><li><a href="/a">A</a></li><li>B</li></ul>`), "q.html", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Query().Find("li a").Text(); got != "A" {
		t.Fatalf("Query li a = %q, want A", got)
	}
	if got := p.Query().Find("li").Length(); got != 2 {
		t.Fatalf("Query li: %d, want 2", got)
	}
}
