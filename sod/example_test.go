package sod_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/objectrunner/objectrunner/sod"
)

func Example() {
	src := `
object = "concert"
objects = "+"            # a list page: one or more concerts

[tuple.concert]
artist = "1"
date = "1"
place = { type = "address", mult = "?" }

[entity.artist]
dictionary = "artist"
whole_node = true

[entity.date]
predefined = "date"

[entity.address]
predefined = "address"
`
	s, err := sod.Parse("concert.toml", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	s.Format(os.Stdout)
	s.Walk(func(path []string, f *sod.Field) bool {
		fmt.Printf("%s: %s\n", strings.Join(path, "."), f.Type.Recognizer)
		return true
	})
	// Output:
	// concert: tuple  (objects per page: +)
	// ├── artist: entity [dictionary artist, whole node]  1
	// ├── date: entity [predefined date]  1
	// └── place: entity address [predefined address]  ?
	// artist: dictionary artist
	// date: predefined date
	// place: predefined address
}

func ExampleParse_errors() {
	src := `
object = "book"

[tuple.book]
title = "1"
auther = "+"

[entity.title]
dictonary = "title"

[entity.author]
dictionary = "author"
`
	_, err := sod.Parse("book.toml", []byte(src))
	if list, ok := err.(sod.ErrorList); ok {
		for _, e := range list {
			fmt.Println(e)
		}
	}
	// Output:
	// book.toml:6:1: [tuple.book]: field "auther": undefined type "auther"; did you mean "author"? (a field's type is the type of the same name unless written auther = { type = "TYPE", mult = "+" })
	// book.toml:8:1: [entity.title]: no recognizer: set exactly one of regex, predefined or dictionary
	// book.toml:9:1: unknown key "dictonary" in [entity.title]; did you mean "dictionary"? (expected one of regex, predefined, dictionary, attr, whole_node, ignore_case, timeout)
}

func ExampleParseMultiplicity() {
	for _, s := range []string{"1", "?", "2-5", "3-", "0"} {
		m, err := sod.ParseMultiplicity(s)
		if err != nil {
			fmt.Println(s, "error")
			continue
		}
		fmt.Printf("%s min=%d unbounded=%v optional=%v many=%v\n", s, m.Min, m.Max == sod.Unbounded, m.Optional(), m.Many())
	}
	// Output:
	// 1 min=1 unbounded=false optional=false many=false
	// ? min=0 unbounded=false optional=true many=false
	// 2-5 min=2 unbounded=false optional=false many=true
	// 3- min=3 unbounded=true optional=false many=true
	// 0 error
}

// A list SOD whose team is shown once per page, above the players.
func Example_pageScope() {
	src := `
object = "player"
objects = "*"

[tuple.player]
name = "1"
team = { type = "team", mult = "?", scope = "page" }

[entity.name]
dictionary = "person"

[entity.team]
dictionary = "team"
`
	s, err := sod.Parse("roster.toml", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(s)
	fmt.Println("team per page:", s.Field("team").PageScope)
	// Output:
	// player: tuple  (objects per page: *)
	// ├── name: entity [dictionary person]  1
	// └── team: entity [dictionary team]  ?  (per page)
	// team per page: true
}
