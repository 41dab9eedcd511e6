package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/dictionaries"
)

// TestDict runs the dict commands in sequence on one store: each step sees
// what the previous ones did.
func TestDict(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "dicts")
	write := func(name, src string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	authors := write("authors.txt", "Jane Austen\nÉmile Durkheim\n\nJANE AUSTEN\n")
	teams := write("teams.tsv", "Boston Celtics\t3\nNew York Knicks\t12\t0.9\n")
	badTSV := write("bad.tsv", "Boston Celtics\tmany\n")
	results := write("results.jsonl", `{"page":"0001.htm","index":0,"object":{"title":"Emma","author":["Jane Austen","Toni Morrison"],"credits":[{"name":"Ann Editor","role":"editor"},{"name":"Low Confidence","role":"x"}]},"confidence":{"title":0.9,"author":[0.8,0.7],"credits":[{"name":0.9,"role":0.5},{"name":0.2,"role":0.5}]}}
{"page":"0002.htm","index":0,"object":{"title":"Beloved","author":"Toni Morrison","credits":[]},"confidence":{"title":0.9,"author":0.9,"credits":[]}}
{"page":"0003.htm","index":0,"object":{"title":"---","author":["1999"]},"confidence":{"title":0.9,"author":[0.9]}}
`)
	badJSON := write("bad.jsonl", "{\"page\":\"1\"}\n{oops\n")
	d := "--dir=" + store

	tests := []struct {
		name       string
		args       []string
		wantStatus int
		wantOut    string   // exact stdout, unless wantOutHas is set
		wantOutHas []string // substrings of stdout
		wantErr    []string // substrings of stderr
	}{
		{name: "list before any import", args: []string{"dict", "list", d}, wantStatus: 1,
			wantErr: []string{"no dictionary at " + store}},
		{name: "import list", args: []string{"dict", "import", d, "--class", "author", authors},
			wantOut: authors + ": author: 2 new, 0 updated, 1 unchanged, 1 skipped lines\n"},
		{name: "re-import changes nothing", args: []string{"dict", "import", d, "--class", "author", authors},
			wantOut: authors + ": author: 0 new, 0 updated, 3 unchanged, 1 skipped lines\n"},
		{name: "import tsv", args: []string{"dict", "import", d, "--class", "team", teams},
			wantOut: teams + ": team: 2 new, 0 updated, 0 unchanged, 0 skipped lines\n"},
		{name: "import bad tsv", args: []string{"dict", "import", d, "--class", "team", badTSV}, wantStatus: 1,
			wantErr: []string{badTSV + ": line 1: count \"many\" is not a positive integer"}},
		{name: "import a directory into one class", args: []string{"dict", "import", d, "--class", "author", dir}, wantStatus: 2,
			wantErr: []string{"is a directory", "--class applies to files only"}},
		{name: "import a file whose name is no class", args: []string{"dict", "import", d, write("my list.txt", "x\n")}, wantStatus: 2,
			wantErr: []string{"the file name gives no class", "use --class"}},
		{name: "import bad class", args: []string{"dict", "import", d, "--class", "a/b", authors}, wantStatus: 2,
			wantErr: []string{`class name "a/b"`}},
		{name: "list classes", args: []string{"dict", "list", d},
			wantOut: "author\t2\nteam\t2\n"},
		{name: "list entries", args: []string{"dict", "list", d, "team"},
			wantOut: "Boston Celtics\t3\t0.80\nNew York Knicks\t12\t0.90\n"},
		{name: "list unknown class", args: []string{"dict", "list", d, "nosuch"}, wantStatus: 1,
			wantErr: []string{`no dictionary class "nosuch"`, "classes: author, team"}},
		{name: "lookup exact", args: []string{"dict", "lookup", d, "--exact", "emile", "DURKHEIM"},
			wantOut: "author\texact\tÉmile Durkheim\t1\t0.80\n"},
		{name: "lookup fuzzy", args: []string{"dict", "lookup", d, "--class", "author", "Jane Austin"},
			wantOut: "author\tfuzzy\tJane Austen\t1\t0.80\n"},
		{name: "lookup not found", args: []string{"dict", "lookup", d, "--exact", "Nobody"}, wantStatus: 1,
			wantErr: []string{`"Nobody": not found`}},
		{name: "grow", args: []string{"dict", "grow", d, "--from", results, "--field", "author", "--min-confidence", "0.5"},
			wantOut: "author: 1 new, 2 updated, 0 unchanged, 1 refused, 0 below --min-confidence, 0 without confidence\n" +
				"  refused 1: only digits, and the class holds names\n"},
		{name: "grow again changes nothing", args: []string{"dict", "grow", d, "--from", results, "--field", "author", "--class", "author"},
			wantOut: "author: 0 new, 0 updated, 3 unchanged, 1 refused, 0 below --min-confidence, 0 without confidence\n" +
				"  refused 1: only digits, and the class holds names\n"},
		{name: "grow nested field", args: []string{"dict", "grow", d, "--from", results, "--field", "credits.name", "--class", "person", "--min-confidence", "0.5"},
			wantOut: "person: 1 new, 0 updated, 0 unchanged, 0 refused, 1 below --min-confidence, 0 without confidence\n"},
		{name: "grow bad json", args: []string{"dict", "grow", d, "--from", badJSON, "--field", "author"}, wantStatus: 1,
			wantErr: []string{badJSON + ":2: invalid character"}},
		{name: "grow without from", args: []string{"dict", "grow", d, "--field", "author"}, wantStatus: 2,
			wantErr: []string{"--from and --field are required"}},
		{name: "grown entries", args: []string{"dict", "list", d, "author"},
			wantOut: "Émile Durkheim\t1\t0.80\nJane Austen\t2\t0.80\nToni Morrison\t2\t0.90\n"},
		{name: "export tsv", args: []string{"dict", "export", d, "--class", "author", "--format", "tsv"},
			wantOut: "Émile Durkheim\t1\t0.8\nJane Austen\t2\t0.8\nToni Morrison\t2\t0.9\n",
			wantErr: []string{"entries=3"}},
		{name: "export list", args: []string{"dict", "export", d, "--class", "person"},
			wantOut: "Ann Editor\n", wantErr: []string{"entries=1"}},
		{name: "export bad format", args: []string{"dict", "export", d, "--class", "person", "--format", "xml"}, wantStatus: 2,
			wantErr: []string{`unknown format "xml"`}},
		{name: "stats", args: []string{"dict", "stats", d, "author", "team"},
			wantOut: "class\tentries\tvocabulary\tmean_words\tmax_words\tdigit_entries\n" +
				"author\t3\t6\t2.00\t2\t0\nteam\t2\t5\t2.50\t3\t0\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			m := &Main{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr}
			if got := m.Run(context.Background(), tc.args); got != tc.wantStatus {
				t.Errorf("Run(%q) = %d, want %d; stderr:\n%s", tc.args, got, tc.wantStatus, stderr.String())
			}
			if got := stdout.String(); got != tc.wantOut {
				t.Errorf("stdout =\n%s\nwant\n%s", got, tc.wantOut)
			}
			for _, want := range tc.wantErr {
				if !strings.Contains(stderr.String(), want) {
					t.Errorf("stderr does not contain %q:\n%s", want, stderr.String())
				}
			}
		})
	}
}

// TestDictInUse checks that a dict command fails fast and clearly while
// another writer holds the store.
// TestDictInUse: while another writer holds the store, a writing command
// fails naming the store, and reading commands work (they read the last
// snapshot).
func TestDictInUse(t *testing.T) {
	store := t.TempDir()
	list := filepath.Join(t.TempDir(), "a.txt")
	os.WriteFile(list, []byte("Alpha Beta\n"), 0o644)
	if status, _, stderr := runCLI(t, "dict", "import", "--dir", store, "--class", "c", list); status != 0 {
		t.Fatalf("import: %s", stderr)
	}
	s, err := dictionaries.Open(store, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, tc := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"dict", "import", "--dir", store, "--class", "c", list}, 1, "dictionary " + store + " is in use by another process"},
		{[]string{"dict", "list", "--dir", store}, 0, "c"},
		{[]string{"dict", "lookup", "--dir", store, "--class", "c", "alpha beta"}, 0, "Alpha Beta"},
	} {
		t.Run(tc.args[1], func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			m := &Main{Stdout: &stdout, Stderr: &stderr}
			if got := m.Run(context.Background(), tc.args); got != tc.status {
				t.Fatalf("status %d, want %d: %s", got, tc.status, stderr.String())
			}
			if !strings.Contains(stdout.String()+stderr.String(), tc.want) {
				t.Fatalf("output %q does not contain %q", stdout.String()+stderr.String(), tc.want)
			}
		})
	}
}

// TestDictDefaultDir checks that --dir defaults to $OBJECTRUNNER_DICT_DIR.
func TestDictDefaultDir(t *testing.T) {
	store := t.TempDir()
	t.Setenv(dictionaries.DirEnv, store)
	list := filepath.Join(t.TempDir(), "a.txt")
	os.WriteFile(list, []byte("Alpha Beta\n"), 0o644)
	var stdout, stderr bytes.Buffer
	m := &Main{Stdout: &stdout, Stderr: &stderr}
	if got := m.Run(context.Background(), []string{"dict", "import", "--class", "c", list}); got != 0 {
		t.Fatalf("status %d; stderr %s", got, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(store, "c", "index_meta.json")); err != nil {
		t.Fatalf("class not created under $%s: %v", dictionaries.DirEnv, err)
	}
}

// TestDictImportPaths imports a directory of word lists and a file without
// --class: each goes into the class its file name gives.
func TestDictImportPaths(t *testing.T) {
	lists := t.TempDir()
	for name, src := range map[string]string{
		"author.txt":   "Jane Austen\nToni Morrison\n",
		"team.tsv":     "Boston Celtics\t3\n",
		"notes.md":     "not a word list\n",
		"venue.txt":    "Le Bataclan\n",
		"publisher.tx": "ignored: not .txt\n",
	} {
		if err := os.WriteFile(filepath.Join(lists, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	extra := filepath.Join(t.TempDir(), "title.txt")
	os.WriteFile(extra, []byte("Emma\nBeloved\n"), 0o644)
	store := filepath.Join(t.TempDir(), "dicts")
	status, out, stderr := runCLI(t, "dict", "import", lists, extra, "--dir", store)
	if status != 0 {
		t.Fatalf("status %d; stderr:\n%s", status, stderr)
	}
	for _, want := range []string{"author.txt: author: 2 new", "team.tsv: team: 1 new", "venue.txt: venue: 1 new", "title.txt: title: 2 new"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	status, out, _ = runCLI(t, "dict", "list", "--dir", store)
	if want := "author\t2\nteam\t1\ntitle\t2\nvenue\t1\n"; status != 0 || out != want {
		t.Errorf("dict list = %d %q, want %q", status, out, want)
	}
	if status, _, stderr := runCLI(t, "dict", "import", "--dir", store, t.TempDir()); status != 1 || !strings.Contains(stderr, "no CLASS.txt or CLASS.tsv word lists") {
		t.Errorf("empty directory: status %d, stderr %q", status, stderr)
	}
}

// TestDictDirAlias: the dict commands take the store as --dict-dir too, the
// name extract, run and recognize use.
func TestDictDirAlias(t *testing.T) {
	store := t.TempDir()
	list := filepath.Join(t.TempDir(), "a.txt")
	os.WriteFile(list, []byte("Alpha Beta\n"), 0o644)
	if code, _, stderr := runCLI(t, "dict", "import", "--dict-dir", store, "--class", "c", list); code != 0 {
		t.Fatalf("dict import --dict-dir: status %d; stderr %s", code, stderr)
	}
	code, stdout, stderr := runCLI(t, "dict", "list", "--dir", store)
	if code != 0 || !strings.Contains(stdout, "c") {
		t.Fatalf("dict list --dir: status %d, stdout %q, stderr %s", code, stdout, stderr)
	}
}
