package wrapper

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"

	"golang.org/x/net/html"
)

// TestInduceMode checks which mode Induce picks: records for a list SOD
// whose records the record pattern finds, the page otherwise.
func TestInduceMode(t *testing.T) {
	for _, tc := range []struct {
		dir, mode string
	}{
		{"list-concerts", ModeRecords},
		{"list-books", ModeRecords},
		{"concert", ModePage},
		{"nested-credits", ModePage},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			c := loadCase(t, filepath.Join("testdata", "induce", tc.dir))
			w, err := Induce(c.pages, c.sod, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			if got := w.Mode(); got != tc.mode {
				t.Fatalf("Mode() = %q, want %q", got, tc.mode)
			}
			if (w.RecordPattern() != nil) != (tc.mode == ModeRecords) {
				t.Fatalf("RecordPattern() = %v in mode %s", w.RecordPattern(), tc.mode)
			}
		})
	}
}

// TestListSaveLoad checks that a record-mode wrapper survives Save/Load:
// same mode, record pattern and objects on every page.
func TestListSaveLoad(t *testing.T) {
	c := loadCase(t, filepath.Join("testdata", "induce", "list-concerts"))
	w, err := Induce(c.pages, c.sod, c.opt)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := w.Save(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"records"`) {
		t.Fatalf("saved wrapper has no record pattern:\n%s", buf.String())
	}
	l, err := Load(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if l.Mode() != ModeRecords || l.RecordPattern().String() != w.RecordPattern().String() {
		t.Fatalf("loaded mode %s, pattern\n%s\nwant\n%s", l.Mode(), l.RecordPattern(), w.RecordPattern())
	}
	for _, p := range c.pages {
		a, errA := w.Extract(p)
		b, errB := l.Extract(p)
		if !reflect.DeepEqual(a, b) || (errA == nil) != (errB == nil) {
			t.Errorf("%s: loaded wrapper extracts %v (%v), want %v (%v)", p.Path, b, errB, a, errA)
		}
	}
}

// TestExtractRecords checks record-mode extraction: a page without records
// gives nothing and no error under "*", Index is the record's position,
// and a record the template does not match is skipped and reported.
func TestExtractRecords(t *testing.T) {
	c := loadCase(t, filepath.Join("testdata", "induce", "list-concerts"))
	w, err := Induce(c.pages, c.sod, c.opt)
	if err != nil {
		t.Fatal(err)
	}
	const head = `<html><body><div class="nav"><a href="/">Home</a> <a href="/x">Events</a></div><h1>Concerts this week</h1>`
	rec := func(artist, date, with string) string {
		return `<li><h3>` + artist + `</h3><p><span>` + date + `</span></p><div class="lineup">With ` + with + `</div></li>`
	}
	tests := []struct {
		name    string
		body    string
		want    []string // artist of each object, with its index
		skipped int
	}{
		{"no records", `<p>No concerts found.</p>`, nil, 0},
		{"two records", `<ul>` + rec("Ann Rowe", "May 4, 2020", `<a>Tom Vale</a>`) + rec("Kim Lee", "May 5, 2020", `<a>Joe Hart</a>, <a>Ann Rowe</a>`) + `</ul>`,
			[]string{"0 Ann Rowe", "1 Kim Lee"}, 0},
		{"a record without its head text", `<ul>` + rec("Ann Rowe", "May 4, 2020", `<a>Tom Vale</a>`) +
			`<li><p><span>May 5, 2020</span></p><div class="lineup">With <a>Joe Hart</a>, <a>Ann Rowe</a></div></li>` +
			rec("Kim Lee", "May 6, 2020", `<a>Joe Hart</a>`) + `</ul>`,
			[]string{"0 Ann Rowe", "2 Kim Lee"}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "x.html", head+tc.body+`<p>Page 1 of 1</p></body></html>`, nil)
			objs, err := w.Extract(p)
			var mm *MismatchError
			switch {
			case tc.skipped == 0 && err != nil:
				t.Fatalf("Extract: %v", err)
			case tc.skipped > 0 && (!errors.As(err, &mm) || mm.Skipped != tc.skipped):
				t.Fatalf("Extract: error %v, want %d skipped records", err, tc.skipped)
			}
			var got []string
			for _, o := range objs {
				got = append(got, strings.Join(append([]string{string(rune('0' + o.Index))}, o.Get("artist")...), " "))
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("objects %q, want %q", got, tc.want)
			}
		})
	}
}

// FuzzExtractRecords applies a record-mode wrapper to arbitrary HTML:
// Extract must not panic, objects must carry distinct, increasing record
// indices, and a *MismatchError must count its records consistently.
func FuzzExtractRecords(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "induce", "list-*", "*.html"))
	for _, fn := range files {
		b, err := os.ReadFile(fn)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`<ul><li><h3>A</h3><p><span>May 1, 2020</span></p><div>With <a>B</a></div></li><li></li></ul>`))
	f.Add([]byte(""))
	c := loadCase(f, filepath.Join("testdata", "induce", "list-concerts"))
	w, err := Induce(c.pages, c.sod, c.opt)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, err := html.Parse(bytes.NewReader(src))
		if err != nil {
			return
		}
		objs, err := w.Extract(&annotate.Page{Path: "fuzz.html", Doc: doc, Size: len(src)})
		last := -1
		for _, o := range objs {
			if o.Index <= last {
				t.Fatalf("record indices not increasing: %d after %d", o.Index, last)
			}
			last = o.Index
		}
		var mm *MismatchError
		if errors.As(err, &mm) && mm.Records > 0 && (mm.Skipped > mm.Records || len(objs) != mm.Records-mm.Skipped) {
			t.Fatalf("%d objects, error counts %d records, %d skipped", len(objs), mm.Records, mm.Skipped)
		}
	})
}
