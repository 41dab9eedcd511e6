package zoo_test

import (
	"fmt"

	"github.com/objectrunner/objectrunner/examples/zoo"
)

// Generate draws a whole source from a seed; its Features say what the
// template drew, so a failing seed can be described.
func ExampleGenerate() {
	src := zoo.Generate(7)
	f := src.Features
	fmt.Println(src.Name, f.Domain, f.Kind(), len(src.Pages) == f.Pages)
	for _, fl := range f.Fields {
		fmt.Println(fl.Name, fl.Mult, fl.Recognizer)
	}
	// Output:
	// s0007-sports-list sports list true
	// name 1 dictionary:player
	// number ? regex
	// role 1 regex
	// height 1 regex
	// dob ? predefined:date
	// college ? dictionary:college
}

// ParseSeeds reads the seed lists of the command and of -zoo.seeds.
func ExampleParseSeeds() {
	seeds, _ := zoo.ParseSeeds("1-3,10")
	fmt.Println(seeds, zoo.Name(seeds[3]))
	// Output: [1 2 3 10] s0010-books-detail
}
