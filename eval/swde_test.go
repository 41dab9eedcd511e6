package eval

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestReadSWDE(t *testing.T) {
	f, err := readSWDEFile(filepath.Join("testdata", "swde", "book-fakesite-author.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := [3]string{f.Vertical, f.Site, f.Attribute}, [3]string{"book", "fakesite", "author"}; got != want {
		t.Fatalf("header=%v, want %v", got, want)
	}
	want := []SWDEPage{
		{ID: "0000", Values: []string{"Mara Quill"}},
		{ID: "0001", Values: []string{"Tomas Reed", "Ilse Varga"}},
		{ID: "0002"},
		{ID: "0003", Values: []string{"Jon Ashby"}},
	}
	if !reflect.DeepEqual(f.Pages, want) {
		t.Fatalf("pages=%+v, want %+v", f.Pages, want)
	}
	if got, want := f.Counts(), (SWDECounts{4, 3, 4, 4}); got != want || f.Declared != want {
		t.Fatalf("Counts()=%+v, Declared=%+v, want %+v", got, f.Declared, want)
	}
	if len(f.Warnings) != 0 {
		t.Fatalf("warnings %v, want none", f.Warnings)
	}
}

func TestReadSWDEErrors(t *testing.T) {
	const h = "\uFEFFbook\tfake\ttitle\r\n1\t1\t1\t1\r\n"
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "", "x.txt:1: unexpected end"},
		{"header only", "book\tfake\ttitle\n", "x.txt:2: unexpected end"},
		{"short header", "book\tfake\r\n1\t1\t1\t1\r\n", "x.txt:1: header"},
		{"bad counts", "book\tfake\ttitle\r\n1\t1\tx\t1\r\n", "x.txt:2: counts"},
		{"three counts", "book\tfake\ttitle\r\n1\t1\t1\r\n", "x.txt:2: counts"},
		{"no count", h + "0000\r\n", "x.txt:3:"},
		{"bad count", h + "0000\tone\tA\r\n", "x.txt:3: page 0000: number of values"},
		{"duplicate page", h + "0000\t1\tA\r\n0000\t1\tB\r\n", "x.txt:4: page 0000 already listed on line 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadSWDE(strings.NewReader(tc.in), "x.txt")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ReadSWDE error %v, want one containing %q", err, tc.want)
			}
		})
	}
	t.Run("count mismatch is a warning", func(t *testing.T) {
		f, err := ReadSWDE(strings.NewReader(h+"0000\t2\tA\n\n"), "x.txt")
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Warnings) != 1 || !strings.HasPrefix(f.Warnings[0], "x.txt:3: page 0000 declares 2 values but lists 1") {
			t.Fatalf("warnings %q", f.Warnings)
		}
	})
}

func TestLoadSWDE(t *testing.T) {
	dir := filepath.Join("testdata", "swde")
	wantAttrs := []string{"author", "isbn_13", "title"}
	for _, tc := range []struct{ name, path, err string }{
		{"prefix", filepath.Join(dir, "book-fakesite"), ""},
		{"one attribute file", filepath.Join(dir, "book-fakesite-title.txt"), ""},
		{"directory of several sites", dir, "several sites (book-fakesite, book-otherfake)"},
		{"unknown prefix", filepath.Join(dir, "book-nosuch"), "no such file, directory or SWDE site prefix"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := LoadSWDE(tc.path)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("LoadSWDE(%q) error %v, want %q", tc.path, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(tr.Attributes, wantAttrs) {
				t.Fatalf("attributes %v, want %v", tr.Attributes, wantAttrs)
			}
			if len(tr.Pages) != 4 {
				t.Fatalf("%d pages, want 4", len(tr.Pages))
			}
			p := tr.Page("sub/0001.htm")
			if p == nil {
				t.Fatal(`Page("sub/0001.htm") = nil`)
			}
			if got, want := p.Values("author"), []string{"Tomas Reed", "Ilse Varga"}; !reflect.DeepEqual(got, want) {
				t.Fatalf("0001 authors %v, want %v", got, want)
			}
			if got := tr.Page("0002.htm").Values("author"); got != nil {
				t.Fatalf("0002 authors %v, want none (<NULL>)", got)
			}
		})
	}
	t.Run("directory of one site", func(t *testing.T) {
		tmp := t.TempDir()
		for _, a := range wantAttrs {
			b, err := os.ReadFile(filepath.Join(dir, "book-fakesite-"+a+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(tmp, "book-fakesite-"+a+".txt"), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		tr, err := LoadSWDE(tmp)
		if err != nil {
			t.Fatal(err)
		}
		if len(tr.Pages) != 4 || len(tr.Attributes) != 3 {
			t.Fatalf("%d pages, %d attributes; want 4, 3", len(tr.Pages), len(tr.Attributes))
		}
	})
}

// TestSWDERealData parses the shared SWDE ground truth and checks the
// counts each file states on its line 2 against what was parsed.
func TestSWDERealData(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "data", "swde", "groundtruth")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Skip("SWDE ground truth: ../shared not found (the shared data sits beside the repository)")
	}
	sites := map[string]bool{}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			f, err := readSWDEFile(name)
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Counts(); got != f.Declared {
				t.Fatalf("parsed counts %+v, line 2 says %+v", got, f.Declared)
			}
			if len(f.Warnings) > 0 {
				t.Fatalf("warnings: %v", f.Warnings[:min(3, len(f.Warnings))])
			}
			sites[f.Vertical+"-"+f.Site] = true
		})
	}
	for site := range sites {
		tr, err := LoadSWDE(filepath.Join(dir, site))
		if err != nil {
			t.Fatal(err)
		}
		for a, c := range tr.Declared {
			if c.Pages != len(tr.Pages) {
				t.Errorf("%s %s: line 2 says %d pages, the site has %d", site, a, c.Pages, len(tr.Pages))
			}
		}
		// The truth, written as results of pages "<id>.htm", scores 1
		// everywhere; without its first page, recall drops by that page.
		// A page counts for an attribute's page-hit recall only when one
		// of its true values normalises to something: SWDE writes "-" for
		// a missing fuel economy, and Normalize makes that no value, in the
		// truth as in the results.
		res := &Results{Path: "self"}
		for _, p := range tr.Pages[1:] {
			res.Pages = append(res.Pages, &ResultPage{Name: "sub/" + p.Name + ".htm", Records: p.Records})
		}
		res.Fields = tr.Attributes
		rep := Score(tr, res, Options{})
		for _, a := range rep.Attributes {
			with, firstWith := 0, false
			for i, p := range tr.Pages {
				if len(normSet(p.Values(a.Name))) > 0 {
					with++
					firstWith = firstWith || i == 0
				}
			}
			want := 1.0
			if firstWith {
				want = float64(with-1) / float64(with)
			}
			if a.PagesWithTruth != with {
				t.Errorf("%s %s: %d pages with a true value, want %d", site, a.Name, a.PagesWithTruth, with)
			}
			if a.Class != Correct || a.Value.Precision != 1 || a.PageHit.Recall != want {
				t.Errorf("%s %s: class %s, value P %v, page-hit R %v; want correct, 1, %v", site, a.Name, a.Class, a.Value.Precision, a.PageHit.Recall, want)
			}
		}
		if n := float64(len(tr.Pages)); rep.Records.Precision != 1 || rep.Records.Recall != (n-1)/n {
			t.Errorf("%s: records P %v R %v", site, rep.Records.Precision, rep.Records.Recall)
		}
	}
}
