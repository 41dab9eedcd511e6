package annotate

import "testing"

// TestStableSum: with LoadOptions.StableSum a page's Sum is a fixed
// function of its decoded text (the same in every process: here, a value
// written down once), so that the workers of a distributed run compare
// the sums of their pages; the same text decoded from another encoding
// has the same sum, another text another.
func TestStableSum(t *testing.T) {
	sum := func(data string, opts LoadOptions) uint64 {
		t.Helper()
		p, err := ParsePage([]byte(data), "p.html", opts)
		if err != nil {
			t.Fatal(err)
		}
		return p.Sum
	}
	stable := LoadOptions{StableSum: true}
	const page = "<html><body><p>caf\u00e9</p></body></html>"
	if got, want := sum(page, stable), uint64(0x4cf22f92253ed515); got != want {
		t.Errorf("stable sum %#x, want %#x", got, want)
	}
	if a, b := sum(page, stable), sum("<html><body><p>caf\xe9</p></body></html>", LoadOptions{StableSum: true, Encoding: "windows-1252"}); a != b {
		t.Errorf("the same text from windows-1252: sum %#x, from UTF-8 %#x", b, a)
	}
	if a, b := sum(page, stable), sum("<html><body><p>cafe</p></body></html>", stable); a == b {
		t.Errorf("two texts, one sum %#x", a)
	}
	if sum("", stable) == 0 {
		t.Error("an empty page has sum 0 (which means not read)")
	}
}
