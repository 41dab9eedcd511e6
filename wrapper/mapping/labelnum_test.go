package mapping

import (
	"reflect"
	"testing"
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
		if got := digitSplit(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("digitSplit(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
