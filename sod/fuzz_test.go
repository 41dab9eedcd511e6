package sod

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse checks that Parse never panics, that every error it returns is
// an ErrorList of positioned errors naming the file, and that a valid SOD
// prints and walks without trouble.
func FuzzParse(f *testing.F) {
	for _, tc := range validCases {
		f.Add(tc.src)
	}
	for _, tc := range errorCases {
		f.Add(tc.src)
	}
	f.Add(walkSrc)
	files, _ := filepath.Glob(filepath.Join("..", "examples", "*", "sod.toml"))
	more, _ := filepath.Glob(filepath.Join("testdata", "*.toml"))
	for _, file := range append(files, more...) {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(string(data))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		s, err := Parse("fuzz.toml", []byte(src))
		if err != nil {
			var list ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error is not a non-empty ErrorList: %#v", err)
			}
			for _, e := range list {
				if e.Pos.File != "fuzz.toml" || e.Pos.Line < 1 {
					t.Fatalf("error without a file:line position: %q", e)
				}
				if !strings.HasPrefix(e.Error(), "fuzz.toml:") {
					t.Fatalf("error text does not start with its position: %q", e)
				}
			}
			return
		}
		if s.Root == nil {
			t.Fatal("valid SOD without a root")
		}
		_ = s.String()
		n := 0
		s.Walk(func(path []string, f *Field) bool {
			if f.Type == nil {
				t.Fatalf("field %v without a type", path)
			}
			n++
			return n < 10000
		})
		for _, e := range s.Entities() {
			if e.Kind != Entity || e.Recognizer == nil {
				t.Fatalf("Entities() returned %v", e)
			}
		}
	})
}
