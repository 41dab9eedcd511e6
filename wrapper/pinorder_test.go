package wrapper

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// TestPinnedPageOrder: a wrapper learned with a pin over the sample
// pages in another order is the same wrapper (slot numbers, pins) and
// gives the same objects, also once saved and loaded; a pin whose slot
// number is stale is found by its context in every order, and a pin
// matching no slot is reported in every order.
func TestPinnedPageOrder(t *testing.T) {
	base, want := unsurePrice(t, DefaultOptions())
	pages, _ := reviewPages(t)
	qs := base.Questions()
	i := slices.IndexFunc(qs, func(q Question) bool { return q.Field == "price" })
	if i < 0 {
		t.Fatal("no question on price")
	}
	r := rightCandidate(qs[i], want)
	if r < 0 {
		t.Fatal("no candidate shows the book's prices")
	}
	right := qs[i].Candidates[r].Pin("price")
	stale := right
	stale.Slot += 1000 // a number the template has not: the context finds it
	// The other slot after the same text: a template numbered otherwise
	// gives the number to that slot; the pin's rank tells them apart.
	swapped := right
	for _, c := range qs[i].Candidates {
		if c.Context == right.Context && c.Slot != right.Slot {
			swapped.Slot = c.Slot
		}
	}
	if swapped.Slot == right.Slot || right.Nth == 0 {
		t.Fatalf("no other candidate after %q, or no rank: %+v", right.Context, qs[i].Candidates)
	}
	rev := slices.Clone(pages)
	slices.Reverse(rev)
	rot := append(slices.Clone(pages[7:]), pages[:7]...)
	for _, tc := range []struct {
		name  string
		pin   Pin
		right bool // the prices are the book's (else not checked)
		note  bool // a pin-unmatched note
	}{
		{"chosen", right, true, false},
		{"stale number", stale, true, false},
		{"other slot's number", swapped, true, false},
		{"gone", Pin{Field: "price", Slot: 1000, Context: "no such text"}, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var first []byte
			for k, order := range [][]*annotate.Page{pages, rev, rot} {
				opt := DefaultOptions()
				opt.Pins = []Pin{tc.pin}
				w := learnUnsure(t, order, opt)
				if tc.right && !oneFieldRight(w, pages, "price", want) {
					t.Errorf("order %d: prices wrong; slots %+v", k, w.Slots())
				}
				noted := slices.ContainsFunc(w.Notes(order), func(n mapping.Note) bool { return n.Kind == mapping.NotePin })
				if noted != tc.note {
					t.Errorf("order %d: pin-unmatched noted %v, want %v: %v", k, noted, tc.note, w.Notes(order))
				}
				var saved bytes.Buffer
				if err := w.Save(&saved); err != nil {
					t.Fatal(err)
				}
				l, err := Load(bytes.NewReader(saved.Bytes()))
				if err != nil {
					t.Fatal(err)
				}
				got := saved.String() + objectsOf(t, w, pages)
				if again := saved.String() + objectsOf(t, l, pages); again != got {
					t.Errorf("order %d: the loaded wrapper gives other objects", k)
				}
				if k == 0 {
					first = []byte(got)
				} else if !bytes.Equal(first, []byte(got)) {
					t.Errorf("order %d: another wrapper or other objects than in page order", k)
				}
			}
		})
	}
}

// learnUnsure learns pages as unsurePrice does.
func learnUnsure(t *testing.T, pages []*annotate.Page, opt Options) *Wrapper {
	t.Helper()
	defer func(v bool) { mapping.Locality = v }(mapping.Locality)
	mapping.Locality = false
	w, err := Induce(pages, localitySOD(), opt)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// objectsOf is the JSON of w's objects on pages, one line each.
func objectsOf(t *testing.T, w *Wrapper, pages []*annotate.Page) string {
	t.Helper()
	var b strings.Builder
	for _, p := range pages {
		objs, _ := w.Extract(p)
		for _, o := range objs {
			j, err := json.Marshal(o)
			if err != nil {
				t.Fatal(err)
			}
			b.Write(j)
			b.WriteByte('\n')
		}
	}
	return b.String()
}
