package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/objectrunner/objectrunner/examples/zoo"
)

func main() {
	seeds := flag.String("seeds", "1-40", "seeds to generate: N, A-B, or a comma-separated list of both")
	out := flag.String("out", "", "directory to write the sources into (required)")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "Usage: zoo -seeds 1-40 -out DIR\n\nWrite template-zoo sources, one directory per seed.\n\nFlags:")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	list, err := zoo.ParseSeeds(*seeds)
	if err != nil {
		fmt.Fprintln(os.Stderr, "zoo:", err)
		os.Exit(2)
	}
	for _, seed := range list {
		src := zoo.Generate(seed)
		if err := src.WriteDir(filepath.Join(*out, src.Name)); err != nil {
			fmt.Fprintln(os.Stderr, "zoo:", err)
			os.Exit(1)
		}
		fmt.Printf("%s: %s\n", src.Name, src.Features)
	}
}
