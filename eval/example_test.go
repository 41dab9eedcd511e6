package eval_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/objectrunner/objectrunner/eval"
)

func Example() {
	truth, err := eval.ReadJSONL(strings.NewReader(`
{"page":"p1.html","records":[{"title":"Night Trains","author":["Jon Ashby","Mara Quill"]}]}
{"page":"p2.html","records":[{"title":"Gardens of Glass","author":"Ilse Varga"}]}
`), "truth.jsonl")
	if err != nil {
		fmt.Println(err)
		return
	}
	results, err := eval.ReadResults(strings.NewReader(`
{"page":"p1.html","index":0,"object":{"name":"Night Trains","author":["Jon Ashby","Mara Quill"]}}
{"page":"p2.html","index":0,"object":{"name":"Gardens of Glass by Ilse Varga"}}
`), "results.jsonl")
	if err != nil {
		fmt.Println(err)
		return
	}
	rep := eval.Score(truth, results, eval.Options{Map: map[string]string{"name": "title"}, Show: eval.DefaultShow})
	for _, a := range rep.Attributes {
		fmt.Printf("%s: value F1 %.2f, page-hit F1 %.2f, %s\n", a.Name, a.Value.F1, a.PageHit.F1, a.Class)
	}
	fmt.Println()
	rep.WriteText(os.Stdout)
	// Output:
	// author: value F1 0.80, page-hit F1 0.67, incorrect
	// title: value F1 0.50, page-hit F1 0.50, partially correct
	//
	// truth:   truth.jsonl (2 pages)
	// results: results.jsonl (2 of them with results)
	//
	// attribute  true  predicted  value P  R      F1     page-hit P  R      F1     class
	// author     2     1          1.000    0.667  0.800  1.000       0.500  0.667  incorrect
	// title      2     2          0.500    0.500  0.500  0.500       0.500  0.500  partially correct
	// (records)  2     2          0.500    0.500  0.500
	// (true, predicted: pages with a true, an extracted value; for (records): records)
	//
	// author: incorrect; 1 wrong page: missing 1
	//   p2.html  missing
	//     expected: "Ilse Varga"
	//     got:      (none)
	//
	// title: partially correct; 1 wrong page: merged 1
	//   p2.html  merged with author
	//     expected: "Gardens of Glass"
	//     got:      "Gardens of Glass by Ilse Varga"
	//
	// (records): 1 page with unmatched records
	//   p2.html  expected 1, predicted 1, matched 0
}

func ExampleNormalize() {
	fmt.Printf("%q\n", eval.Normalize(" : 9780316125581\r\n"))
	fmt.Printf("%q\n", eval.Normalize("Night\u00a0 Trains |"))
	// Output:
	// "9780316125581"
	// "Night Trains"
}
