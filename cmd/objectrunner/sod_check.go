package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/objectrunner/objectrunner/sod"
)

// runSODCheck validates an SOD file and prints its type tree to stdout. An
// invalid file prints every error, one per line with its file:line:col
// position, to stderr, and fails.
func (m *Main) runSODCheck(ctx context.Context, args []string) error {
	fs := m.newFlagSet("sod check", "FILE",
		"Validate a Structured Object Description (TOML) and print its type tree.\n"+
			"Every problem is reported on stderr as FILE:LINE:COL: message.")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("expected one SOD file, got %d arguments", fs.NArg())
	}
	path := fs.Arg(0)
	s, err := sod.Load(path)
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
	return s.Format(m.Stdout)
}
