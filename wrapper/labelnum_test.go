package wrapper

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
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
	f := FieldSpec{Name: "isbn_13", Types: []string{"isbn"}}
	for _, tc := range []struct {
		label []string
		want  bool
	}{
		{[]string{"isbn10"}, true},
		{[]string{"isbn", "10"}, true},
		{[]string{"isbn13"}, false},
		{[]string{"isbn"}, false},
		{nil, false},
	} {
		if got := mapping.OtherNumber(tc.label, f); got != tc.want {
			t.Errorf("otherNumber(%q, isbn_13) = %v, want %v", tc.label, got, tc.want)
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

// TestLabelNumberWrittenIn: an unlabelled row holds the ISBN-13, a row
// labelled "ISBN10" (the number written into the word) the ISBN-10; the
// predefined isbn recognizer finds both. The field isbn_13 takes the
// unlabelled row: "ISBN10" names another kind of ISBN, as "ISBN-10" would.
func TestLabelNumberWrittenIn(t *testing.T) {
	var src, want []string
	for i := range 20 {
		thirteen, ten := isbnPair(i)
		want = append(want, thirteen)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="title">Book %d of the Sea</h1><dl><dt>Edition</dt><dd><b>Paperback</b></dd><dd class="isbn" data-or-type="isbn">%s</dd><dt>ISBN10</dt><dd><span data-or-type="isbn">%s</span></dd><dt>Pages</dt><dd>%d pages</dd></dl></body></html>`,
			i, thirteen, ten, 100+i*13))
	}
	s := testSOD([][3]string{{"name", "1", "title"}, {"isbn_13", "1", "isbn"}}, sod.One)
	dictionaryTypes(s, "title")
	pages := pagesOf(t, src, nil)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects; template %s", p.Path, len(objs), w.Template())
		}
		if got := strings.Join(objs[0].Get("isbn_13"), "|"); got != want[i] {
			t.Fatalf("%s: isbn_13 %q, want %q; slots %+v", p.Path, got, want[i], w.Slots())
		}
	}
}
