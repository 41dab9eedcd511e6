package wrapper

import (
	"fmt"
)

// isbnPair returns a valid ISBN-13 and the ISBN-10 of the same book.
func isbnPair(i int) (string, string) {
	core := fmt.Sprintf("1%08d", 49248262+i*7919)
	s10 := 0
	for k, c := range core {
		s10 += (10 - k) * int(c-'0')
	}
	c10 := (11 - s10%11) % 11
	ten := core + fmt.Sprint(c10)
	if c10 == 10 {
		ten = core + "X"
	}
	d := "978" + core
	s13 := 0
	for k, c := range d {
		w := 1
		if k%2 == 1 {
			w = 3
		}
		s13 += w * int(c-'0')
	}
	return d + fmt.Sprint((10-s13%10)%10), ten
}
