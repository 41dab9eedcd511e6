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

// sources lists the generated sources, in generation order. Each draws from
// its own random stream, so changing one template leaves the others intact.
var sources = []struct {
	name  string
	build func(name string, r *rand.Rand, w *world) *source
}{
	{"concerts-a", func(n string, r *rand.Rand, w *world) *source {
		return buildConcerts(n, r, w, []string{"nyc", "bk", "bos", "phl"}, 2010, 15, concertsA)
	}},
	{"concerts-b", func(n string, r *rand.Rand, w *world) *source {
		return buildConcerts(n, r, w, []string{"chi", "atx", "den", "sea", "la", "sf"}, 2019, 12, concertsB)
	}},
	{"concerts-c", func(n string, r *rand.Rand, w *world) *source {
		return buildConcerts(n, r, w, []string{"nsh", "atl", "nola", "atx", "nyc"}, 2014, 15, concertsC)
	}},
	{"books-a", func(n string, r *rand.Rand, w *world) *source { return buildBooks(n, r, w, booksA) }},
	{"books-b", func(n string, r *rand.Rand, w *world) *source { return buildBooks(n, r, w, booksB) }},
	{"books-c", func(n string, r *rand.Rand, w *world) *source { return buildBooks(n, r, w, booksC) }},
}

func main() {
	out := flag.String("out", "examples", "directory to write the example sources into")
	flag.Parse()
	if err := generate(*out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// generate writes every source under out/<name>/.
func generate(out string) error {
	w := newWorld(rand.New(rand.NewPCG(seed, 0)))
	for i, spec := range sources {
		r := rand.New(rand.NewPCG(seed, uint64(i+1)))
		s := spec.build(spec.name, r, w)
		if err := s.write(filepath.Join(out, spec.name), r); err != nil {
			return fmt.Errorf("%s: %w", spec.name, err)
		}
	}
	return nil
}
