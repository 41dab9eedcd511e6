package wrapper

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// reviewPages are localityPages whose own price is under "Price:", as
// the sidebar's: the two slots score alike.
func reviewPages(t testing.TB) ([]*annotate.Page, []string) {
	var src, want []string
	for i := range 20 {
		price := fmt.Sprintf("$%d.%02d", 10+i, (7*i)%100)
		other := fmt.Sprintf("$%d.%02d", 50+i, (3*i)%100)
		want = append(want, price)
		src = append(src, fmt.Sprintf(`<html><body><div class="details"><h1 data-or-type="title">Book %c%c %c</h1><h3>by <a data-or-type="author">Author %c%c</a></h3><p><b>Price:</b> %s</p><p>In stock.</p></div>`+
			`<div class="side"><h4>Recommended</h4><div><a>Other %c%c</a><p><b>Price:</b> %s</p></div></div></body></html>`,
			'A'+i, 'a'+i, 'k'+i, 'K'+i, 'a'+i, price, 'M'+i, 'a'+i, other))
	}
	pages := pagesOf(t, src, nil)
	annotatePatterns(t, pages, map[string]string{"price": "price"})
	return pages, want
}

// unsurePrice learns reviewPages without the locality factor: the
// sidebar's price and the book's own score alike, a close call the
// wrapper should ask about.
func unsurePrice(t *testing.T, opt Options) (*Wrapper, []string) {
	t.Helper()
	defer func(v bool) { mapping.Locality = v }(mapping.Locality)
	mapping.Locality = false
	pages, want := reviewPages(t)
	w, err := Induce(pages, localitySOD(), opt)
	if err != nil {
		t.Fatal(err)
	}
	return w, want
}

// rightCandidate is the candidate of q whose sample values are want's on
// their pages (want[i] is page p%02d.html's value), -1 when none.
func rightCandidate(q Question, want []string) int {
	for i, c := range q.Candidates {
		ok := len(c.Samples) > 0
		for _, s := range c.Samples {
			ok = ok && len(s.Values) > 0 && s.Values[0] == want[s.Index] && s.Page == fmt.Sprintf("p%02d.html", s.Index)
		}
		if ok {
			return i
		}
	}
	return -1
}

// TestQuestionsThenPin: the wrapper asks about the close price, with
// the book's own price among at most five candidates, each shown with
// values and context; pinned to it, it learns the right prices, asks no
// more, and a saved wrapper keeps the pin and gives the same objects.
func TestQuestionsThenPin(t *testing.T) {
	w, want := unsurePrice(t, DefaultOptions())
	pages, _ := reviewPages(t)
	qs := w.Questions()
	var b bytes.Buffer
	WriteQuestions(&b, qs)
	i := slices.IndexFunc(qs, func(q Question) bool { return q.Field == "price" })
	if i < 0 {
		var e bytes.Buffer
		WriteExplanation(&e, w.Explanation())
		t.Fatalf("no question on price:\n%s\n%s", b.String(), e.String())
	}
	q := qs[i]
	if q.Kind != QuestionClose || len(q.Candidates) < 2 || len(q.Candidates) > mapping.MaxCandidates {
		t.Fatalf("price question %s with %d candidates:\n%s", q.Kind, len(q.Candidates), b.String())
	}
	for _, c := range q.Candidates {
		if len(c.Samples) == 0 || len(c.Samples) > mapping.MaxSamplePages {
			t.Errorf("candidate slot %d: %d samples", c.Slot, len(c.Samples))
		}
		for _, s := range c.Samples {
			if s.Page == "" {
				t.Errorf("candidate slot %d: a sample without its page", c.Slot)
			}
		}
	}
	r := rightCandidate(q, want)
	if r < 0 {
		t.Fatalf("no candidate shows the book's prices:\n%s", b.String())
	}
	if near := q.Candidates[r].Samples[0].Nearby; !strings.Contains(near, "by Author") || !strings.HasSuffix(near, "Price:") {
		t.Errorf("the book's price is shown near %q, want the text before it (\"by Author … Price:\"):\n%s", near, b.String())
	}
	opt := DefaultOptions()
	opt.Pins = []Pin{q.Candidates[r].Pin("price")}
	pw, _ := unsurePrice(t, opt)
	if !oneFieldRight(pw, pages, "price", want) {
		t.Fatalf("pinned to slot %d, prices still wrong; slots %+v", q.Candidates[r].Slot, pw.Slots())
	}
	if slices.ContainsFunc(pw.Questions(), func(q Question) bool { return q.Field == "price" }) {
		t.Error("asked again about the pinned price")
	}
	var saved bytes.Buffer
	if err := pw.Save(&saved); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(saved.String(), `"pins"`) {
		t.Fatal("the wrapper file holds no pins")
	}
	l, err := Load(&saved)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(l.Pins()) != fmt.Sprint(pw.Pins()) || !oneFieldRight(l, pages, "price", want) {
		t.Fatalf("after Save and Load: pins %v (want %v), prices right %v", l.Pins(), pw.Pins(), oneFieldRight(l, pages, "price", want))
	}
}

// TestPins: each kind of answer, honoured or reported.
func TestPins(t *testing.T) {
	base, want := unsurePrice(t, DefaultOptions())
	pages, _ := reviewPages(t)
	q := base.Questions()
	i := slices.IndexFunc(q, func(q Question) bool { return q.Field == "price" })
	if i < 0 {
		t.Fatal("no question on price")
	}
	r := rightCandidate(q[i], want)
	right := q[i].Candidates[r]
	wrong := q[i].Candidates[1-r]
	chosen, other := right, wrong
	if wrong.Chosen {
		chosen, other = wrong, right
	}
	drop := func(c QuestionCandidate) Pin {
		return Pin{Field: "price", Slot: c.Slot, Context: c.Context, Label: c.Label, Drop: true}
	}
	authorCtx := ""
	for _, fe := range base.Explanation() {
		if fe.Field == "author" && len(fe.Candidates) > 0 {
			authorCtx = fe.Candidates[0].Context
		}
	}
	if authorCtx == "" {
		t.Fatal("the author's slot has no context")
	}
	const asBefore, isRight, isWrong = 0, 1, 2
	before := isWrong
	if oneFieldRight(base, pages, "price", want) {
		before = isRight
	}
	tests := []struct {
		name    string
		pins    []Pin
		err     string // Induce fails naming this
		right   int    // prices right (isRight), wrong, or as without pins
		absent  bool   // price has no slot
		note    string // a NotePin note naming this
		noPrice bool
	}{
		{name: "slot", pins: []Pin{right.Pin("price")}, right: isRight},
		{name: "the other slot", pins: []Pin{wrong.Pin("price")}, right: isWrong},
		{name: "slot renumbered, found by its context", pins: []Pin{{Field: "author", Slot: 999, Context: authorCtx}}},
		{name: "slot renumbered, two slots with its context", pins: []Pin{{Field: "price", Slot: 999, Context: right.Context}}, note: "2 slots follow"},
		{name: "example", pins: []Pin{{Field: "price", Example: want[3], Page: "p03.html"}}, right: isRight},
		{name: "example with a path", pins: []Pin{{Field: "price", Example: " " + want[5] + " ", Page: "dir/p05.html"}}, note: "not among the sample pages"},
		{name: "absent", pins: []Pin{{Field: "price", Absent: true}}, right: isWrong, absent: true},
		{name: "slot gone", pins: []Pin{{Field: "price", Slot: 999, Context: "no such text"}}, note: "slot 999 (after \"no such text\") is gone"},
		{name: "example nowhere", pins: []Pin{{Field: "price", Example: "$0.01", Page: "p03.html"}}, note: `no slot holds "$0.01" on page p03.html`},
		{name: "drop the slot it has", pins: []Pin{drop(chosen)}, right: isWrong, absent: true},
		{name: "drop a slot it has not", pins: []Pin{drop(other)}},
		{name: "drop a slot gone", pins: []Pin{{Field: "price", Slot: 999, Context: "no such text", Drop: true}}, note: "slot 999 (after \"no such text\") is gone"},
		{name: "drop and absent", pins: []Pin{{Field: "price", Slot: 1, Drop: true, Absent: true}}, err: "drop is for one slot, alone"},
		{name: "unknown field", pins: []Pin{{Field: "isbn", Slot: 1}}, err: `field "isbn" is not an entity field`},
		{name: "pinned twice", pins: []Pin{{Field: "price", Slot: 1}, {Field: "price", Absent: true}}, err: `"price" is pinned twice`},
		{name: "two answers in one", pins: []Pin{{Field: "price", Absent: true, Example: "$1", Page: "p01.html"}}, err: "absent and example at once"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opt := DefaultOptions()
			opt.Pins = tc.pins
			defer func(v bool) { mapping.Locality = v }(mapping.Locality)
			mapping.Locality = false
			w, err := Induce(pages, localitySOD(), opt)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want one naming %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			wantRight := tc.right
			if wantRight == asBefore {
				wantRight = before
			}
			if got := oneFieldRight(w, pages, "price", want); got != (wantRight == isRight) {
				t.Errorf("prices right = %v, want %v; slots %+v", got, wantRight == isRight, w.Slots())
			}
			has := slices.ContainsFunc(w.Slots(), func(sm SlotMap) bool { return sm.Field == "price" })
			if tc.absent == has {
				t.Errorf("price has a slot = %v, want %v", has, !tc.absent)
			}
			var notes []string
			for _, n := range w.Notes(pages) {
				if n.Kind == mapping.NotePin {
					notes = append(notes, n.Message)
				}
			}
			if tc.note == "" && len(notes) > 0 || tc.note != "" && (len(notes) != 1 || !strings.Contains(notes[0], tc.note)) {
				t.Errorf("pin notes %q, want one naming %q", notes, tc.note)
			}
			// Saved and loaded, the pins are kept; an example that found
			// its slot is kept as that slot.
			var saved bytes.Buffer
			if err := w.Save(&saved); err != nil {
				t.Fatal(err)
			}
			l, err := Load(&saved)
			if err != nil {
				t.Fatal(err)
			}
			want := fmt.Sprint(tc.pins)
			if tc.pins[0].Example != "" && tc.note == "" {
				want = fmt.Sprint([]Pin{right.Pin("price")})
			}
			if got := fmt.Sprint(l.Pins()); got != want {
				t.Errorf("loaded pins %s, want %s", got, want)
			}
		})
	}
}

func TestParseExample(t *testing.T) {
	tests := []struct {
		in   string
		want Pin
		err  bool
	}{
		{in: "price=$16.46@0002.htm", want: Pin{Field: "price", Example: "$16.46", Page: "0002.htm"}},
		{in: "email=a@b.com@p1.html", want: Pin{Field: "email", Example: "a@b.com", Page: "p1.html"}},
		{in: " title = Dune @ dir/p.html", want: Pin{Field: "title", Example: "Dune", Page: "dir/p.html"}},
		{in: "price=$16.46", err: true},
		{in: "=x@p", err: true},
		{in: "price=@p", err: true},
		{in: "price=x@", err: true},
	}
	for _, tc := range tests {
		got, err := ParseExample(tc.in)
		if (err != nil) != tc.err || !tc.err && !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseExample(%q) = %+v, %v; want %+v (error %v)", tc.in, got, err, tc.want, tc.err)
		}
	}
}

func TestReadAnswers(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		err  string
		name string
	}{
		{name: "all kinds", in: `{"answers":[{"field":"price","slot":8,"context":"Sale:"},{"field":"isbn","absent":true},{"field":"title","example":"Dune","page":"p1.html"},{"field":"tags","slot":10,"context":"more","drop":true}]}`, n: 4},
		{name: "drop with add", in: `{"answers":[{"field":"tags","slot":10,"drop":true,"add":true}]}`, err: "a.json: answers[0]: field tags: drop is for one slot, alone"},
		{name: "empty", in: `{"answers":[]}`},
		{name: "no field", in: `{"answers":[{"slot":3}]}`, err: "a.json: answers[0]: no field"},
		{name: "example without page", in: `{"answers":[{"field":"price","slot":1},{"field":"title","example":"Dune"}]}`, err: "a.json: answers[1]: field title: an example needs both"},
		{name: "unknown key", in: `{"answers":[{"field":"price","slots":8}]}`, err: "a.json"},
		{name: "not json", in: `price=8`, err: "a.json"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pins, err := ReadAnswers(strings.NewReader(tc.in), "a.json")
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || len(pins) != tc.n {
				t.Fatalf("%d pins, %v; want %d", len(pins), err, tc.n)
			}
			var b bytes.Buffer
			if err := WriteAnswers(&b, pins); err != nil {
				t.Fatal(err)
			}
			again, err := ReadAnswers(&b, "again")
			if err != nil || fmt.Sprint(again) != fmt.Sprint(pins) {
				t.Fatalf("written and read again: %v, %v; want %v", again, err, pins)
			}
		})
	}
}

// TestNoSlotQuestion: an optional field its dictionary knows nowhere
// gets no slot; its question offers the template's other slots holding
// varying values (FieldExplain.Others), the reference's among them, and
// an example pins it there.
func TestNoSlotQuestion(t *testing.T) {
	var src, refs []string
	for i := range 12 {
		ref := fmt.Sprintf("RX-%03d", 100+13*i)
		refs = append(refs, ref)
		src = append(src, fmt.Sprintf(`<html><body><div><h1 data-or-type="title">Book %c%c</h1><p>by <a data-or-type="author">Author %c%c</a></p><p><i>Code:</i> <span>%s</span></p><p>In stock.</p></div></body></html>`,
			'A'+i, 'a'+i, 'K'+i, 'a'+i, ref))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"title", "1", "title"}, {"author", "1", "author"}, {"reference", "?", "reference"}}, sod.One)
	dictionaryTypes(s, "title", "author", "reference")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	WriteQuestions(&b, w.Questions())
	i := slices.IndexFunc(w.Questions(), func(q Question) bool { return q.Field == "reference" })
	if i < 0 {
		t.Fatalf("no question on reference:\n%s", b.String())
	}
	q := w.Questions()[i]
	if q.Kind != QuestionNoSlot || rightCandidate(q, refs) < 0 {
		t.Fatalf("reference: %s question without the references' slot among its candidates:\n%s", q.Kind, b.String())
	}
	opt := DefaultOptions()
	opt.Pins = []Pin{{Field: "reference", Example: refs[4], Page: "p04.html"}}
	pw, err := Induce(pages, s, opt)
	if err != nil {
		t.Fatal(err)
	}
	checkOneField(t, pw, pages, "reference", refs)
}

// TestExampleWithTemplateText: an example copied as the page shows it,
// with the template's text beside the value ("Code Te 152 (ref)", where
// "Code" and "(ref)" are the same on every page), pins the field to the
// slot holding the value; an example whose words are mostly no slot's
// value still matches nothing.
func TestExampleWithTemplateText(t *testing.T) {
	var src, refs []string
	for i := range 12 {
		ref := fmt.Sprintf("%c%c %03d", 'P'+i, 'a'+i, 100+13*i)
		refs = append(refs, ref)
		src = append(src, fmt.Sprintf(`<html><body><div><h1 data-or-type="title">Book %c%c</h1><p>by <a data-or-type="author">Author %c%c</a></p><p><i>Code</i> <span>%s</span> (ref)</p><p>In stock.</p></div></body></html>`,
			'A'+i, 'a'+i, 'K'+i, 'a'+i, ref))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"title", "1", "title"}, {"author", "1", "author"}, {"reference", "?", "reference"}}, sod.One)
	dictionaryTypes(s, "title", "author", "reference")
	for _, tc := range []struct {
		example string
		matched bool
	}{
		{"Code " + refs[4] + " (ref)", true},
		{refs[4] + " and other words here", false},
	} {
		opt := DefaultOptions()
		opt.Pins = []Pin{{Field: "reference", Example: tc.example, Page: "p04.html"}}
		pw, err := Induce(pages, s, opt)
		if err != nil {
			t.Fatal(err)
		}
		unmatched := slices.ContainsFunc(pw.Notes(pages), func(n mapping.Note) bool { return n.Kind == mapping.NotePin })
		if unmatched == tc.matched {
			t.Fatalf("%q: pin-unmatched %v, want %v: %v", tc.example, unmatched, !tc.matched, pw.Notes(pages))
		}
		if tc.matched {
			checkOneField(t, pw, pages, "reference", refs)
		}
	}
}

// TestTwoPinsOneSlot: the publisher and the date share one text ("Harbor
// House (May 3, 2001)", the separator varying) after a price; two answers naming that slot keep
// both fields, each reading its own part (the second answer no longer
// takes the slot from the first).
func TestTwoPinsOneSlot(t *testing.T) {
	var src, pubs, dates []string
	marks := map[string][]string{}
	for i := range 12 {
		pub := fmt.Sprintf("%c%c House", 'A'+i, 'a'+i)
		date := fmt.Sprintf("May %d, %d", 1+i, 1990+i)
		pubs, dates = append(pubs, pub), append(dates, date)
		marks["publisher"] = append(marks["publisher"], pub)
		info := []string{pub + " (" + date + ")", pub + ", " + date, pub + " — " + date + ", paperback"}[i%3]
		src = append(src, fmt.Sprintf(`<html><body><div><h1 data-or-type="title">Book %c%c</h1><p>by <a data-or-type="author">Author %c%c</a></p><p>Buy new: <b>$%d.99</b><br><span>%s</span></p><p>In stock.</p></div></body></html>`,
			'A'+i, 'a'+i, 'K'+i, 'a'+i, 10+i, info))
	}
	pages := pagesOf(t, src, marks)
	annotatePatterns(t, pages, map[string]string{"date": "date"})
	s := testSOD([][3]string{{"title", "1", "title"}, {"author", "1", "author"}, {"publisher", "?", "publisher"}, {"date", "?", "date"}}, sod.One)
	dictionaryTypes(s, "title", "author", "publisher")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	slot := -1
	for _, sm := range w.Slots() {
		if sm.Field == "date" {
			slot = sm.Slot
		}
	}
	if slot < 0 {
		t.Fatalf("date has no slot: %s %+v", w.Template(), w.Slots())
	}
	for _, order := range [][]string{{"publisher", "date"}, {"date", "publisher"}} {
		opt := DefaultOptions()
		for _, f := range order {
			opt.Pins = append(opt.Pins, Pin{Field: f, Slot: slot})
		}
		pw, err := Induce(pages, s, opt)
		if err != nil {
			t.Fatal(err)
		}
		checkOneField(t, pw, pages, "publisher", pubs)
		checkOneField(t, pw, pages, "date", dates)
	}
}

// TestSplitQuestion: a reference sits after "Code:" in the book's block
// on most pages and, on a few, in a box at the end of the page: two
// slots holding it on different pages. When the wrapper takes one of
// them only, it asks whether the other adds to it (a split question);
// the answer adds the slot (Pin.Add) and every page has its reference.
func TestSplitQuestion(t *testing.T) {
	var src, refs []string
	for i := range 15 {
		ref := fmt.Sprintf("RX-%03d", 100+13*i)
		refs = append(refs, ref)
		top, end := `<p><i>Code:</i> <span>`+ref+`</span></p>`, `<p>No code.</p>`
		if i%3 == 2 {
			top, end = `<p>Catalogue entry.</p>`, `<div><b>Order with</b> <span>`+ref+`</span></div>`
		}
		src = append(src, fmt.Sprintf(`<html><body><div><h1 data-or-type="title">Book %c%c</h1><p>by <a data-or-type="author">Author %c%c</a></p>%s<p>In stock.</p></div>%s<footer>Shop</footer></body></html>`,
			'A'+i, 'a'+i, 'K'+i, 'a'+i, top, end))
	}
	pages := pagesOf(t, src, map[string][]string{"reference": refs})
	s := testSOD([][3]string{{"title", "1", "title"}, {"author", "1", "author"}, {"reference", "?", "reference"}}, sod.One)
	dictionaryTypes(s, "title", "author", "reference")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if oneFieldRight(w, pages, "reference", refs) {
		t.Skip("the wrapper found both slots itself: nothing to ask")
	}
	var b bytes.Buffer
	WriteQuestions(&b, w.Questions())
	i := slices.IndexFunc(w.Questions(), func(q Question) bool { return q.Field == "reference" })
	if i < 0 {
		var e bytes.Buffer
		WriteExplanation(&e, w.Explanation())
		t.Fatalf("no question on reference:\n%s\n%s", b.String(), e.String())
	}
	q := w.Questions()[i]
	if q.Kind != mapping.QuestionSplit || len(q.Candidates) == 0 || !q.Candidates[0].Adds {
		t.Fatalf("reference: %s question, want a split one with the adding slot first:\n%s", q.Kind, b.String())
	}
	p := q.Candidates[0].Pin("reference")
	if !p.Add || !strings.Contains(p.String(), "besides its slots") {
		t.Fatalf("pin %v: want an adding one", p)
	}
	opt := DefaultOptions()
	opt.Pins = []Pin{p}
	pw, err := Induce(pages, s, opt)
	if err != nil {
		t.Fatal(err)
	}
	checkOneField(t, pw, pages, "reference", refs)
	if bad := (Pin{Field: "reference", Add: true, Absent: true}); bad.Check() == nil {
		t.Error("an adding pin with absent passed Check")
	}
}

// TestSplitQuestionAlso: the reference at three places; the split
// question's first candidate stands for both other places, and its
// answer (Pin.Also) gives every page its reference.
func TestSplitQuestionAlso(t *testing.T) {
	var src, refs []string
	for i := range 18 {
		ref := fmt.Sprintf("RX-%03d", 100+13*i)
		refs = append(refs, ref)
		top, mid, end := `<p><i>Code:</i> <span>`+ref+`</span></p>`, `<p>Shipped in two days.</p>`, `<p>No code.</p>`
		switch i % 3 {
		case 1:
			top, end = `<p>Catalogue entry.</p>`, `<div><b>Order with</b> <span>`+ref+`</span></div>`
		case 2:
			top, mid = `<p>Catalogue entry.</p>`, `<div><i>Ask for</i> <span>`+ref+`</span></div>`
		}
		src = append(src, fmt.Sprintf(`<html><body><div><h1 data-or-type="title">Book %c%c</h1><p>by <a data-or-type="author">Author %c%c</a></p>%s<p>In stock.</p></div><section>%s</section>%s<footer>Shop</footer></body></html>`,
			'A'+i, 'a'+i, 'K'+i, 'a'+i, top, mid, end))
	}
	pages := pagesOf(t, src, map[string][]string{"reference": refs})
	s := testSOD([][3]string{{"title", "1", "title"}, {"author", "1", "author"}, {"reference", "?", "reference"}}, sod.One)
	dictionaryTypes(s, "title", "author", "reference")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	WriteQuestions(&b, w.Questions())
	i := slices.IndexFunc(w.Questions(), func(q Question) bool { return q.Field == "reference" })
	if i < 0 {
		var e bytes.Buffer
		WriteExplanation(&e, w.Explanation())
		t.Fatalf("no question on reference:\n%s\n%s", b.String(), e.String())
	}
	q := w.Questions()[i]
	if q.Kind != mapping.QuestionSplit || len(q.Candidates) == 0 || len(q.Candidates[0].Also) != 1 {
		t.Fatalf("reference: %s question, want a split one whose first candidate adds two slots:\n%s", q.Kind, b.String())
	}
	p := q.Candidates[0].Pin("reference")
	if err := p.Check(); err != nil || len(p.Also) != 1 || p.Also[0].Field != "reference" {
		t.Fatalf("pin %+v (check %v): want one adding two slots", p, err)
	}
	opt := DefaultOptions()
	opt.Pins = []Pin{p}
	pw, err := Induce(pages, s, opt)
	if err != nil {
		t.Fatal(err)
	}
	checkOneField(t, pw, pages, "reference", refs)
}

// TestPinReadsInstance: a date shares its row with the birthplace
// ("8/13/1989 in Nashville"), and on a third of the pages the row holds
// the town only, so the slot's values are instances too seldom for the
// score to read them as dates. An answer pinning the field to the row
// reads the recognizer's instance there, and nothing on the pages without
// one; without that the whole row was the value ("8/13/1989 in
// Nashville").
func TestPinReadsInstance(t *testing.T) {
	towns := []string{"Nashville", "Portland", "Seattle", "Austin"}
	var src, dates []string
	for i := range 15 {
		born, date := towns[i%4], ""
		if i%3 != 0 {
			date = fmt.Sprintf("%d/%d/19%d", 1+i%12, 1+(7*i)%28, 70+i)
			born = date + " in " + born
		}
		dates = append(dates, date)
		src = append(src, fmt.Sprintf(`<html><body><div><h1 data-or-type="title">Player %c%c</h1><table><tr><td>Team</td><td><a data-or-type="author">Club %c%c</a></td></tr><tr><td>Born</td><td>%s</td></tr></table></div><p>Updated 1/2/2020.</p></body></html>`,
			'A'+i, 'a'+i, 'K'+i, 'a'+i, born))
	}
	pages := pagesOf(t, src, nil)
	annotatePatterns(t, pages, map[string]string{"date": "date"})
	s := testSOD([][3]string{{"title", "1", "title"}, {"author", "1", "author"}, {"born", "?", "date"}}, sod.One)
	dictionaryTypes(s, "title", "author")
	first, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	slot := -1 // the row's slot, as a user picks it among the offered ones
	for _, fe := range first.Explanation() {
		for _, c := range slices.Concat(fe.Candidates, fe.Others, fe.Spare) {
			for _, sm := range c.Samples {
				if fe.Field == "born" && c.Context == "born" && slices.Contains(sm.Values, "3/15/1972") {
					slot = c.Slot
				}
			}
		}
	}
	if slot < 0 {
		t.Fatalf("the row is offered to born nowhere: %+v", first.Explanation())
	}
	opt := DefaultOptions()
	opt.Pins = []Pin{{Field: "born", Slot: slot}}
	w, err := Induce(pages, s, opt)
	if err != nil {
		t.Fatal(err)
	}
	if dates[2] != "3/15/1972" {
		t.Fatalf("the example's page holds %q", dates[2])
	}
	checkOneField(t, w, pages, "born", dates)
}

// TestPinReadsPatternAndDictionary: as TestPinReadsInstance, for a field
// recognised by a regular expression (its match in the pinned slot, or
// its "value" group) and by a dictionary that knows only some of the
// values (the instance in the slot's text when the slot's values are
// mostly longer than their instance: a jersey number before a position).
// Without the pin's reading, the whole slot text was the value.
func TestPinReadsPatternAndDictionary(t *testing.T) {
	formats := []string{"Paperback", "Hardcover", "Mass market paperback", "Library binding"}
	roles := []string{"Goalie", "Defender", "Forward", "Midfielder", "Winger"}
	known := []string{"Goalie", "Defender", "Forward"} // the dictionary's
	cases := []struct {
		name, typ, regex string
		row              func(i int) (text, want string)
		other            string // a regular expression annotating another type in the pages
	}{
		{"regex", "length", `\d+ pages`, func(i int) (string, string) {
			if i%3 == 0 {
				return formats[i%4], ""
			}
			n := fmt.Sprintf("%d pages", 120+17*i)
			return formats[i%4] + ", " + n, n
		}, ""},
		{"regex value group", "length", `(?<value>\d+) pages`, func(i int) (string, string) {
			if i%3 == 0 {
				return formats[i%4], ""
			}
			n := fmt.Sprint(120 + 17*i)
			return formats[i%4] + ", " + n + " pages", n
		}, ""},
		{"dictionary", "role", "", func(i int) (string, string) {
			r := roles[i%5]
			return fmt.Sprintf("%d %s", 2+7*i%90, r), r
		}, `\b\d{1,2}\b`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var src, want []string
			for i := range 15 {
				text, w := tc.row(i)
				want = append(want, w)
				src = append(src, fmt.Sprintf(`<html><body><div><h1 data-or-type="title">Item %c%c</h1><table><tr><td>Team</td><td><a data-or-type="author">Club %c%c</a></td></tr><tr><td>Detail</td><td>%s</td></tr></table></div><p>Updated 1/2/2020.</p></body></html>`,
					'A'+i, 'a'+i, 'K'+i, 'a'+i, text))
			}
			pages := pagesOf(t, src, map[string][]string{"role": known})
			for _, p := range pages {
				if tc.other != "" {
					pagetest.AnnotateRegex(p, "number", tc.other) // the jersey numbers, a type of no field
				}
			}
			s := testSOD([][3]string{{"title", "1", "title"}, {"author", "1", "author"}, {tc.typ, "?", tc.typ}}, sod.One)
			dictionaryTypes(s, "title", "author", "role")
			if tc.regex != "" {
				regexTypes(s, map[string]string{tc.typ: tc.regex})
			}
			first, err := Induce(pages, s, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			slot := -1 // the row's slot, as a user picks it among the offered ones
			for _, fe := range first.Explanation() {
				for _, c := range slices.Concat(fe.Candidates, fe.Others, fe.Spare) {
					if fe.Field == tc.typ && c.Context == "detail" {
						slot = c.Slot
					}
				}
			}
			if slot < 0 {
				var e bytes.Buffer
				WriteExplanation(&e, first.Explanation())
				t.Fatalf("the row is offered to %s nowhere:\n%s", tc.typ, e.String())
			}
			opt := DefaultOptions()
			opt.Pins = []Pin{{Field: tc.typ, Slot: slot}}
			w, err := Induce(pages, s, opt)
			if err != nil {
				t.Fatal(err)
			}
			checkOneField(t, w, pages, tc.typ, want)
		})
	}
}
