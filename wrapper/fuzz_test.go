package wrapper

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/net/html"

	"github.com/objectrunner/objectrunner/annotate"
)

// FuzzExtract applies the concert wrapper to arbitrary bytes parsed as HTML:
// it must never panic.
func FuzzExtract(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "induce", "*", "*.html"))
	for _, fn := range files {
		b, _ := os.ReadFile(fn)
		f.Add(b)
	}
	f.Add([]byte("<html><body><div></div><div>"))
	f.Add([]byte(""))
	c := loadCase(f, filepath.Join("testdata", "induce", "concert"))
	w, err := Induce(c.pages, c.sod, c.opt)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		doc, err := html.Parse(bytes.NewReader(b))
		if err != nil {
			return
		}
		objs, err := w.Extract(&annotate.Page{Path: "fuzz", Doc: doc})
		if err == nil && len(objs) == 0 {
			t.Fatalf("no objects and no error")
		}
		p, err := annotate.ParsePage(b, "fuzz", annotate.LoadOptions{})
		if err != nil {
			return
		}
		objs, err = w.Extract(p)
		if err == nil && len(objs) == 0 {
			t.Fatalf("no objects and no error")
		}
	})
}

// FuzzLoad feeds arbitrary bytes to Load: it must fail cleanly or return a
// wrapper that extracts without panicking.
func FuzzLoad(f *testing.F) {
	for _, dir := range []string{"concert", "list-books", "list-concerts", "nested-credits"} {
		c := loadCase(f, filepath.Join("testdata", "induce", dir))
		w, err := Induce(c.pages, c.sod, c.opt)
		if err != nil {
			f.Fatal(err)
		}
		var buf bytes.Buffer
		if err := w.Save(&buf); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	// A list wrapper with a page-scope field (and its page wrapper).
	if w, err := Induce(annotatedRosters(f, rosterPages(6), rosterTeams), rosterSOD(f, "?"), DefaultOptions()); err != nil {
		f.Fatal(err)
	} else {
		var buf bytes.Buffer
		if err := w.Save(&buf); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Add([]byte(`{"version":1}`))
	f.Add([]byte(`{"version":1,"template":{"type":"seq","nodes":[{"type":"set","body":{"type":"slot"}}]},"slots":[{"slot":0,"field":"x"}],"scope":0}`))
	page := loadCase(f, filepath.Join("testdata", "induce", "concert")).pages[0]
	f.Fuzz(func(t *testing.T, b []byte) {
		w, err := Load(bytes.NewReader(b))
		if err != nil {
			return
		}
		_ = w.Template().String()
		_, _ = w.Extract(page)
	})
}
