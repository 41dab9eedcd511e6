package eval

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLoadSWDE feeds arbitrary bytes to the SWDE reader and scores what
// it parses: no input may panic.
func FuzzLoadSWDE(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "swde", "*.txt"))
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add("book\tfake\ttitle\n1\t1\t1\t1\n0000\t2\tA\n0000\t1\tB\n")
	f.Add("\uFEFFbook\tfake\ttitle\r\n1\t0\t0\t0\r\n0000\t0\t<NULL>\t\r\n\r\n")
	f.Fuzz(func(t *testing.T, in string) {
		sf, err := ReadSWDE(strings.NewReader(in), "f.txt")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.txt:") {
				t.Fatalf("error %q does not name the file and line", err)
			}
			return
		}
		tr, err := swdeTruth("f", []*SWDEFile{sf})
		if err != nil {
			t.Fatal(err)
		}
		r := &Results{Path: "r"}
		for _, p := range sf.Pages {
			r.Pages = append(r.Pages, &ResultPage{Name: p.ID + ".htm", Records: []Record{{sf.Attribute: p.Values}}})
		}
		r.Fields = []string{sf.Attribute}
		rep := Score(tr, r, Options{})
		if err := rep.WriteText(io.Discard); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzLoadResults feeds arbitrary bytes to the results and JSON Lines
// truth readers and scores one against the other: no input may panic.
func FuzzLoadResults(f *testing.F) {
	for _, s := range []string{
		`{"page":"0001.htm","index":0,"object":{"title":"A","author":["X","Y"],"credits":[{"name":"N","role":"R"}]},"confidence":{"title":1}}`,
		`{"page":"a","object":null}` + "\n\n" + `{"page":"a","index":-3,"object":{"t":[[["x"]],1.5e3,false,null]}}`,
		`{"page":"list1.html","records":[{"name":"A","price":"1"},{}]}`,
		`{"page":"a","object":{"a":{"b":{"c":"Night Trains by Jon Ashby"}}}}`,
		`{"page":"a","records":[],"object":{}}`,
		`{"page":`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		r, rerr := ReadResults(strings.NewReader(in), "r.jsonl")
		tr, terr := ReadJSONL(strings.NewReader(in), "t.jsonl")
		for _, err := range []error{rerr, terr} {
			if err != nil && !strings.Contains(err.Error(), ".jsonl:") {
				t.Fatalf("error %q does not name the file and line", err)
			}
		}
		if rerr != nil || terr != nil {
			return
		}
		rep := Score(tr, r, Options{Map: map[string]string{"title": "name"}})
		if err := rep.WriteText(io.Discard); err != nil {
			t.Fatal(err)
		}
		for _, a := range rep.Attributes {
			if a.Value.F1 < 0 || a.Value.F1 > 1 || a.Relaxed.F1 < a.Value.F1-1e-9 {
				t.Fatalf("%s: value F1 %v, relaxed F1 %v", a.Name, a.Value.F1, a.Relaxed.F1)
			}
		}
	})
}
