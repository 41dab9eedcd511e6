package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

// runSODCheck validates an SOD file and prints its type tree to stdout. An
// invalid file prints every error, one per line with its file:line:col
// position, to stderr, and fails. Predefined recognizer names are checked
// too, and, with --dicts or --dict-dir, that the dictionary classes exist in
// the store; without, a note on stderr names the classes not checked.
func (m *Main) runSODCheck(ctx context.Context, args []string) error {
	fs := m.newFlagSet("sod check", "FILE",
		"Validate a Structured Object Description (TOML) and print its type tree.\n"+
			"Predefined recognizer names are checked; with --dicts or --dict-dir, that the\n"+
			"dictionary classes exist in the store (without, a note names the classes not\n"+
			"checked). Every problem is reported on stderr as FILE:LINE:COL: message.\n"+
			"Warnings (an SOD valid but likely slow or wrong) are reported the same way, as\n"+
			"FILE:LINE:COL: warning: message, and do not fail.")
	dictDir := fs.String("dict-dir", "", "check the dictionary classes against this store")
	dicts := fs.Bool("dicts", false, "check the dictionary classes against the store (--dict-dir, else the per-user store)")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("expected one SOD file, got %d arguments", fs.NArg())
	}
	path := fs.Arg(0)
	s, err := sod.Load(path)
	if err == nil {
		var classes []string
		if *dictDir != "" || *dicts {
			if classes, err = m.storeClasses(*dictDir); err != nil {
				return err
			}
			if classes == nil {
				classes = []string{}
			}
		}
		err = recognizers.Check(s, classes)
		if err == nil && classes == nil && !m.glob.quiet {
			if unchecked := dictionaryClasses(s); len(unchecked) > 0 {
				fmt.Fprintf(m.Stderr, "note: dictionary classes not checked: %s; 'objectrunner sod check --dicts %s' checks that the store has them (or --dict-dir DIR)\n",
					strings.Join(unchecked, ", "), path)
			}
		}
	}
	if err != nil {
		var list sod.ErrorList
		if !errors.As(err, &list) {
			return err
		}
		for _, e := range list {
			fmt.Fprintln(m.Stderr, e)
		}
		if len(list) == 1 {
			return fmt.Errorf("%s: 1 error", path)
		}
		return fmt.Errorf("%s: %d errors", path, len(list))
	}
	for _, w := range s.Warnings() {
		fmt.Fprintln(m.Stderr, w)
	}
	return s.Format(m.Stdout)
}

// dictionaryClasses returns the dictionary classes the SOD's entity types
// name, sorted, each once.
func dictionaryClasses(s *sod.SOD) []string {
	var classes []string
	for _, t := range s.Types {
		if t.Kind == sod.Entity && t.Recognizer != nil && t.Recognizer.Kind == sod.Dictionary && !slices.Contains(classes, t.Recognizer.Class) {
			classes = append(classes, t.Recognizer.Class)
		}
	}
	sort.Strings(classes)
	return classes
}

// storeClasses lists the classes of the store in dir.
func (m *Main) storeClasses(dir string) ([]string, error) {
	store, err := m.openStore(dir, true)
	if err != nil {
		return nil, err
	}
	defer store.Close()
	return store.Classes()
}
