package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: library DIR (with DIR/sod.toml, DIR/pages/, DIR/dictionaries/)")
		os.Exit(2)
	}
	if err := run(context.Background(), os.Args[1], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "library:", err)
		os.Exit(1)
	}
}

// run learns a wrapper for DIR/pages and writes its objects to out as JSON
// Lines, and a summary to log.
func run(ctx context.Context, dir string, out, log io.Writer) error {
	// The objects to extract.
	s, err := sod.Load(filepath.Join(dir, "sod.toml"))
	if err != nil {
		return err
	}
	// Dictionaries for the SOD's dictionary recognizers: here a throw-away
	// store seeded with the source's word lists (dictionaries.DefaultDir()
	// is the store the command line uses).
	tmp, err := os.MkdirTemp("", "dictionaries-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	store, err := dictionaries.Open(tmp, nil)
	if err != nil {
		return err
	}
	defer store.Close()
	lists, _ := filepath.Glob(filepath.Join(dir, "dictionaries", "*.txt"))
	for _, l := range lists {
		class := strings.TrimSuffix(filepath.Base(l), ".txt")
		if _, err := store.ImportFile(ctx, class, l, dictionaries.ImportOptions{}); err != nil {
			return err
		}
	}
	recs, err := recognizers.ForSOD(s, store)
	if err != nil {
		return err
	}
	// Learn a wrapper from the best-annotated pages, then extract every
	// page; objects arrive in page order.
	enc := json.NewEncoder(out)
	cfg := objectrunner.Config{SOD: s, Recognizers: recs}
	rep, err := objectrunner.Run(ctx, filepath.Join(dir, "pages"), cfg, func(o *wrapper.Object) error {
		return enc.Encode(o)
	})
	if err != nil {
		return err
	}
	sum := rep.Summary()
	fmt.Fprintf(log, "%d objects from %d pages, %d did not fit; %s wrapper with %d slots\n",
		sum.Objects, sum.Pages, sum.Unfit.Pages, sum.Wrapper.Mode, sum.Wrapper.Slots)
	for _, f := range sum.Fields {
		fmt.Fprintf(log, "  %-10s filled in %3.0f%% of the objects, mean confidence %.2f\n", f.Field, 100*f.FillRate, f.MeanConfidence)
	}
	for _, d := range sum.Diagnostics {
		fmt.Fprintln(log, "warning:", d.Message)
	}
	return nil
}
