package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// evalWriteFiles writes name -> content into a new temporary directory.
func evalWriteFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestEval(t *testing.T) {
	swde := func(attr string, lines ...string) string {
		return "\uFEFFbook\tfakesite\t" + attr + "\r\n" + strings.Join(lines, "\r\n") + "\r\n"
	}
	dir := evalWriteFiles(t, map[string]string{
		"book-fakesite-title.txt":  swde("title", "2\t2\t2\t2", "0000\t1\tNight Trains", "0001\t1\tGardens of Glass"),
		"book-fakesite-author.txt": swde("author", "2\t1\t2\t2", "0000\t2\tJon Ashby\tMara Quill", "0001\t0\t<NULL>"),
		"truth.jsonl": `{"page":"0000.htm","records":[{"title":"Night Trains"}]}
{"page":"0001.htm","records":[{"title":"Gardens of Glass"}]}`,
		"results.jsonl": `{"page":"0000.htm","index":0,"object":{"name":"Night Trains","author":["Jon Ashby","Mara Quill"]}}
{"page":"0001.htm","index":0,"object":{"name":"Gardens of Glass by Ilse Varga","author":"Ilse Varga"}}
`,
		"0000.htm":  "<html><body>Night Trains</body></html>",
		"bad.jsonl": "{\"page\":\"0000.htm\",\"object\":{}}\n{\"page\":\"0001.htm\",\"object\":[1]}\n",
	})
	in := func(name string) string { return filepath.Join(dir, name) }
	for _, tc := range []struct {
		name       string
		args       []string
		stdin      string
		code       int
		stdout     []string // substrings of stdout
		stderr     []string // substrings of stderr
		jsonTitleF float64  // when > 0: --json output's title value F1
	}{{
		name:   "jsonl truth, text report",
		args:   []string{"--truth", in("truth.jsonl"), "--results", in("results.jsonl"), "--map", "name=title"},
		stdout: []string{"title      2     2          0.500    0.500  0.500", "partially correct", "merged", `got:      "Gardens of Glass by Ilse Varga"`},
	}, {
		name:   "swde truth by site, unscored field",
		args:   []string{"--truth", dir, "--site", "book-fakesite", "--results", in("results.jsonl")},
		stdout: []string{"(2 pages)", "unscored result fields (no such truth attribute; see --map): name", "author     1     2          0.667    1.000  0.800  0.500       1.000  0.667  incorrect", "spurious"},
	}, {
		name:       "swde attribute file, json",
		args:       []string{"--truth", in("book-fakesite-title.txt"), "--results", in("results.jsonl"), "--map", "name=title", "--json"},
		jsonTitleF: 0.5,
	}, {
		name:   "results on stdin, show none, attrs",
		args:   []string{"--truth", in("truth.jsonl"), "--format", "jsonl", "--results", "-", "--map", "name=title", "--show", "0", "--attrs", "title"},
		stdin:  `{"page":"0000.htm","object":{"name":"Night Trains"}}`,
		stdout: []string{"title      2     1          1.000    0.500  0.667", "title: incorrect; 1 wrong page: missing 1"},
	}, {
		name: "low scores still exit 0",
		args: []string{"--truth", in("truth.jsonl"), "--results", in("results.jsonl")},
	},
		{
			// Only page 0000.htm was extracted: scored alone, it is right;
			// without --pages the other truth page counts as missing.
			name:   "pages directory",
			args:   []string{"--truth", in("truth.jsonl"), "--results", "-", "--map", "name=title", "--pages", dir},
			stdin:  `{"page":"0000.htm","object":{"name":"Night Trains"}}`,
			stdout: []string{"(1 pages)", "title      1     1          1.000    1.000  1.000"},
		}, {
			name:   "pages glob",
			args:   []string{"--truth", in("truth.jsonl"), "--results", "-", "--map", "name=title", "--pages", in("*.htm")},
			stdin:  `{"page":"0000.htm","object":{"name":"Night Trains"}}`,
			stdout: []string{"title      1     1          1.000    1.000  1.000"},
		},
		{name: "pages match no truth page", args: []string{"--truth", in("truth.jsonl"), "--results", in("results.jsonl"), "--pages", in("*.txt")}, code: 2, stderr: []string{"none of its 2 files is a page of the truth"}},
		{name: "no flags", args: nil, code: 2, stderr: []string{"--truth is required"}},
		{name: "no results", args: []string{"--truth", in("truth.jsonl")}, code: 2, stderr: []string{"--results is required"}},
		{name: "bad map", args: []string{"--truth", "x", "--results", "y", "--map", "name"}, code: 2, stderr: []string{`"name": want field=attribute`}},
		{name: "bad format", args: []string{"--truth", "x", "--results", "y", "--format", "csv"}, code: 2, stderr: []string{"--format"}},
		{name: "extra argument", args: []string{"--truth", "x", "--results", "y", "z"}, code: 2, stderr: []string{`unexpected argument "z"`}},
		{name: "unknown attribute", args: []string{"--truth", in("truth.jsonl"), "--results", in("results.jsonl"), "--attrs", "isbn"}, code: 2, stderr: []string{`"isbn" is not an attribute`}},
		{name: "missing results file", args: []string{"--truth", in("truth.jsonl"), "--results", in("nosuch.jsonl")}, code: 1, stderr: []string{"nosuch.jsonl"}},
		{name: "bad results line", args: []string{"--truth", in("truth.jsonl"), "--results", in("bad.jsonl")}, code: 1, stderr: []string{"bad.jsonl:2:"}},
		{name: "missing truth", args: []string{"--truth", filepath.Join(dir, "book-nosuch"), "--results", in("results.jsonl")}, code: 1, stderr: []string{"book-nosuch"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			m := &Main{Stdin: strings.NewReader(tc.stdin), Stdout: &stdout, Stderr: &stderr}
			code := m.Run(context.Background(), append([]string{"eval"}, tc.args...))
			if code != tc.code {
				t.Fatalf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, &stdout, &stderr)
			}
			for _, s := range tc.stdout {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, &stdout)
				}
			}
			for _, s := range tc.stderr {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, &stderr)
				}
			}
			if tc.jsonTitleF > 0 {
				var rep struct {
					Attributes []struct {
						Name  string
						Value struct{ F1 float64 }
						Wrong []struct{ Page string }
					}
				}
				if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
					t.Fatalf("--json output: %v\n%s", err, &stdout)
				}
				if len(rep.Attributes) != 2 || rep.Attributes[1].Name != "title" || rep.Attributes[1].Value.F1 != tc.jsonTitleF ||
					len(rep.Attributes[1].Wrong) != 1 || rep.Attributes[1].Wrong[0].Page != "0001.htm" {
					t.Fatalf("--json report %+v, want author and title with title F1 %v and wrong page 0001.htm", rep, tc.jsonTitleF)
				}
			}
		})
	}
}
