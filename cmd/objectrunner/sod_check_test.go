package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSODCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("good.toml", `object = "book"
[tuple.book]
title = "1"
author = "+"
[entity.title]
dictionary = "title"
whole_node = true
[entity.author]
dictionary = "author"
`)
	typo := write("typo.toml", `object = "book"
[tuple.book]
title = "1"
[entity.title]
dictonary = "title"
`)
	badRegex := write("regex.toml", `object = "price"
[entity.price]
regex = '\$(\d+'
`)
	tests := []struct {
		name       string
		args       []string
		wantStatus int
		wantOut    string   // exact stdout
		wantErr    []string // substrings of stderr
	}{
		{
			name: "good file",
			args: []string{"sod", "check", good},
			wantOut: "book: tuple  (objects per page: 1)\n" +
				"├── title: entity [dictionary title, whole node]  1\n" +
				"└── author: entity [dictionary author]  +\n",
			wantErr: []string{"note: dictionary classes not checked: author, title; 'objectrunner sod check --dicts " + good + "' checks"},
		},
		{
			name: "good file, quiet",
			args: []string{"sod", "check", "-q", good},
			wantOut: "book: tuple  (objects per page: 1)\n" +
				"├── title: entity [dictionary title, whole node]  1\n" +
				"└── author: entity [dictionary author]  +\n",
		},
		{
			name:       "typo key",
			args:       []string{"sod", "check", typo},
			wantStatus: 1,
			wantErr: []string{
				typo + `:4:1: [entity.title]: no recognizer`,
				typo + `:5:1: unknown key "dictonary" in [entity.title]; did you mean "dictionary"?`,
				"objectrunner sod check: " + typo + ": 2 errors",
			},
		},
		{
			name:       "bad regex",
			args:       []string{"sod", "check", badRegex},
			wantStatus: 1,
			wantErr:    []string{badRegex + ":3:1: [entity.price]: invalid regex", ": 1 error"},
		},
		{
			name:       "missing file",
			args:       []string{"sod", "check", filepath.Join(dir, "nope.toml")},
			wantStatus: 1,
			wantErr:    []string{"nope.toml: no such file or directory"},
		},
		{
			name:       "no args",
			args:       []string{"sod", "check"},
			wantStatus: 2,
			wantErr:    []string{"expected one SOD file, got 0 arguments", "Run 'objectrunner sod check -h'"},
		},
		{
			name:       "two args",
			args:       []string{"sod", "check", good, good},
			wantStatus: 2,
			wantErr:    []string{"got 2 arguments"},
		},
		{
			name:       "unknown flag",
			args:       []string{"sod", "check", "-x", good},
			wantStatus: 2,
			wantErr:    []string{"flag provided but not defined: -x"},
		},
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
			if tc.wantErr == nil && stderr.Len() > 0 {
				t.Errorf("unexpected stderr:\n%s", stderr.String())
			}
		})
	}
}

// TestSODCheckExamples checks every shipped example SOD.
func TestSODCheckExamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "examples", "*", "sod.toml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples/*/sod.toml found (%v)", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(filepath.Dir(file)), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			m := &Main{Stdout: &stdout, Stderr: &stderr}
			if got := m.Run(context.Background(), []string{"sod", "check", file}); got != 0 {
				t.Fatalf("sod check %s = %d; stderr:\n%s", file, got, stderr.String())
			}
			if !strings.Contains(stdout.String(), "objects per page") {
				t.Errorf("no type tree printed:\n%s", stdout.String())
			}
		})
	}
}

// TestSODCheckRecognizers checks that sod check rejects unknown predefined
// recognizer names always, and dictionary classes missing from a store
// when one is given with --dict-dir.
func TestSODCheckRecognizers(t *testing.T) {
	dir := t.TempDir()
	sodPath := filepath.Join(dir, "sod.toml")
	os.WriteFile(sodPath, []byte(`object = "book"
[tuple.book]
title = "1"
price = "?"
[entity.title]
dictionary = "titel"
[entity.price]
predefined = "prise"
`), 0o644)
	good := filepath.Join(dir, "good.toml")
	os.WriteFile(good, []byte("object = \"book\"\n[tuple.book]\ntitle = \"1\"\n[entity.title]\ndictionary = \"title\"\n"), 0o644)
	store := filepath.Join(dir, "dicts")
	list := filepath.Join(dir, "title.txt")
	os.WriteFile(list, []byte("Emma\n"), 0o644)
	if status, _, stderr := runCLI(t, "dict", "import", "--dir", store, list); status != 0 {
		t.Fatalf("dict import: %d %s", status, stderr)
	}
	for _, tc := range []struct {
		name       string
		args       []string
		wantStatus int
		wantErr    []string
		notErr     []string
	}{
		{"predefined typo", []string{"sod", "check", sodPath}, 1,
			[]string{sodPath + `:8:1: [entity.price]: unknown predefined recognizer "prise" (did you mean "price"?)`, "1 error"},
			[]string{"titel"}},
		{"with a store", []string{"sod", "check", "--dict-dir", store, sodPath}, 1,
			[]string{sodPath + `:6:1: [entity.title]: no dictionary class "titel" in the store; did you mean "title"? (classes: title)`,
				sodPath + `:8:1: [entity.price]: unknown predefined`, "2 errors"}, nil},
		{"good with a store, flag after the file", []string{"sod", "check", good, "--dict-dir", store}, 0, nil, []string{"error"}},
		{"missing store", []string{"sod", "check", "--dict-dir", filepath.Join(dir, "none"), good}, 1, []string{"no dictionary at"}, nil},
		{"--dicts: the default store", []string{"sod", "check", "--dicts", sodPath}, 1, []string{`no dictionary class "titel" in the store`}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("OBJECTRUNNER_DICT_DIR", store)
			status, _, stderr := runCLI(t, tc.args...)
			if status != tc.wantStatus {
				t.Fatalf("status %d, want %d; stderr:\n%s", status, tc.wantStatus, stderr)
			}
			for _, w := range tc.wantErr {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
			for _, w := range tc.notErr {
				if strings.Contains(stderr, w) {
					t.Errorf("stderr has %q:\n%s", w, stderr)
				}
			}
		})
	}
}
