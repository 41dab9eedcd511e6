package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// seed fixes every random choice of the generator.
const seed = 20100713

// spec is one generated source: its name, its own random stream (so that
// adding, removing or reordering sources leaves the others intact) and its
// page template.
type spec struct {
	name   string
	stream uint64
	build  func(name string, r *rand.Rand, w *world) *source
}

// sources lists the sources written to examples/, in generation order.
// TestExamples (pipeline_test.go) runs each of them through the pipeline.
var sources = []spec{
	{"concerts-a", 1, func(n string, r *rand.Rand, w *world) *source {
		return buildConcerts(n, r, w, []string{"nyc", "bk", "bos", "phl"}, 2010, 15, concertsA)
	}},
	{"concerts-b", 2, func(n string, r *rand.Rand, w *world) *source {
		return buildConcerts(n, r, w, []string{"chi", "atx", "den", "sea", "la", "sf"}, 2019, 12, concertsB)
	}},
	{"concerts-c", 3, func(n string, r *rand.Rand, w *world) *source {
		return buildConcerts(n, r, w, []string{"nsh", "atl", "nola", "atx", "nyc"}, 2014, 15, concertsC)
	}},
	{"books-a", 4, func(n string, r *rand.Rand, w *world) *source { return buildBooks(n, r, w, booksA) }},
	{"books-b", 5, func(n string, r *rand.Rand, w *world) *source { return buildBooks(n, r, w, booksB) }},
	{"books-c", 6, func(n string, r *rand.Rand, w *world) *source { return buildBooks(n, r, w, booksC) }},
	{"bookdetail-a", 7, func(n string, r *rand.Rand, w *world) *source { return buildBookDetail(n, r, w, 5, 10, bookDetailA) }},
	{"bookdetail-b", 8, func(n string, r *rand.Rand, w *world) *source { return buildBookDetail(n, r, w, 5, 15, bookDetailB) }},
	{"bookdetail-c", 9, func(n string, r *rand.Rand, w *world) *source { return buildBookDetail(n, r, w, 5, 10, bookDetailC) }},
}

// parked lists sources that are generated but NOT written to examples/,
// because the pipeline does not yet reach TestExamples' floor (0.98) on
// them and a failing example would break the build. Write them elsewhere
// with -parked DIR; move a spec to sources once the pipeline passes on it.
// It is empty now: the three detail-page book sources started here (author
// collected from sidebars and carousels, publisher never found) and moved to
// sources once the wrapper handled them.
var parked = []spec{}

func main() {
	out := flag.String("out", "examples", "directory to write the example sources into")
	park := flag.String("parked", "", "also write the parked sources (see parked) into this directory")
	flag.Parse()
	if err := generate(*out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if *park != "" {
		if err := generateSpecs(*park, parked); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
}

// generate writes every source of sources under out/<name>/.
func generate(out string) error { return generateSpecs(out, sources) }

// generateSpecs writes the given sources under out/<name>/.
func generateSpecs(out string, specs []spec) error {
	w := newWorld(rand.New(rand.NewPCG(seed, 0)))
	for _, spec := range specs {
		r := rand.New(rand.NewPCG(seed, spec.stream))
		s := spec.build(spec.name, r, w)
		if err := s.write(filepath.Join(out, spec.name), r); err != nil {
			return fmt.Errorf("%s: %w", spec.name, err)
		}
	}
	return nil
}
