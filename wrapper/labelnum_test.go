package wrapper

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

func TestDigitSplit(t *testing.T) {
	for _, tc := range []struct {
		in, want []string
	}{
		{[]string{"isbn10"}, []string{"isbn", "10"}},
		{[]string{"ean13", "code"}, []string{"ean", "13", "code"}},
		{[]string{"isbn", "13"}, []string{"isbn", "13"}},
		{[]string{"mp3player"}, []string{"mp", "3", "player"}},
	} {
		if got := mapping.DigitSplit(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("digitSplit(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

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
