package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

// runSODCheck validates an SOD file and prints its type tree to stdout. An
// invalid file prints every error, one per line with its file:line:col
// position, to stderr, and fails. Predefined recognizer names are checked
// too, and, with --dicts or --dict-dir, that the dictionary classes exist in
// the store.
func (m *Main) runSODCheck(ctx context.Context, args []string) error {
	fs := m.newFlagSet("sod check", "FILE",
		"Validate a Structured Object Description (TOML) and print its type tree.\n"+
			"Predefined recognizer names are checked; with --dicts or --dict-dir, that the\n"+
			"dictionary classes exist in the store. Every problem is reported on stderr as\n"+
			"FILE:LINE:COL: message. Warnings (an SOD valid but likely slow or wrong) are\n"+
			"reported the same way, as FILE:LINE:COL: warning: message, and do not fail.")
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

// storeClasses lists the classes of the store in dir.
func (m *Main) storeClasses(dir string) ([]string, error) {
	store, err := m.openStore(dir, true)
	if err != nil {
		return nil, err
	}
	defer store.Close()
	return store.Classes()
}
