package recognizers

import (
	"slices"
	"strings"
	"testing"
)

func TestMemoryDictionary(t *testing.T) {
	dicts := NewMemoryDictionaries(map[string][]string{
		"author": {"Stephen King", "King", "J.K. Rowling", "Rowling", "Brontë", "Anne Brontë"},
	})
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"longest first", "by Stephen King.", []string{"Stephen King"}},
		{"case insensitive", "STEPHEN KING and king", []string{"STEPHEN KING=Stephen King", "king=King"}},
		{"punctuation between tokens ignored", "j. k. rowling", []string{"j. k. rowling=J.K. Rowling"}},
		{"never inside a word", "Kingdom and Kingston, Stephen Kings", []string{}},
		{"non-ascii", "Anne Brontë wrote", []string{"Anne Brontë"}},
		{"adjacent", "King King", []string{"King", "King"}},
		{"no match", "nothing here", []string{}},
	}
	r, err := dicts.Recognizer("author")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.Name(), "dictionary:author"; got != want {
		t.Fatalf("Name()=%q, want %q", got, want)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ms, err := r.Find(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, tc.text, ms)
			if got := describe(tc.text, ms); !slices.Equal(got, tc.want) {
				t.Fatalf("Find(%q)=%q, want %q", tc.text, got, tc.want)
			}
		})
	}
}

func TestMemoryDictionaryUnknownClass(t *testing.T) {
	dicts := NewMemoryDictionaries(map[string][]string{"author": {"X"}, "publisher": {"Y"}})
	_, err := dicts.Recognizer("autor")
	if err == nil || !strings.Contains(err.Error(), `"autor"`) || !strings.Contains(err.Error(), "author, publisher") {
		t.Fatalf("error = %v, want one naming the class and listing the classes", err)
	}
}
