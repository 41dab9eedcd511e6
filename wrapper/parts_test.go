package wrapper

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// partPages are book pages whose publisher is a part of one text, after
// "Published by:" and before ", On sale: DATE" (the date missing on some
// pages, a comma inside some publishers): no slot holds it alone.
func partPages(t testing.TB) ([]*annotate.Page, []string) {
	var src, pubs []string
	marks := map[string][]string{}
	names := []string{"Harbor House", "Vance, Tremaine and Nakamura", "Copperline Press", "Blue Heron Group", "Tamarack Books", "Moreau & Lachance"}
	for i := range 12 {
		pub := names[i%len(names)]
		if i >= len(names) {
			pub = fmt.Sprintf("%c%c Books", 'A'+i, 'a'+i)
		}
		pubs = append(pubs, pub)
		marks["publisher"] = append(marks["publisher"], pub)
		info := "Published by: " + pub
		if i%3 != 2 {
			info += fmt.Sprintf(", On sale: 20%02d-0%d-1%d", i, 1+i%9, i%10)
		}
		src = append(src, fmt.Sprintf(`<html><body><div><h1 data-or-type="title">Book %c%c</h1><p>by <a data-or-type="author">Author %c%c</a></p><p>%d pages</p><p>%s</p><p>In stock.</p></div></body></html>`,
			'A'+i, 'a'+i, 'K'+i, 'a'+i, 100+7*i, info))
	}
	return pagesOf(t, src, marks), pubs
}

// TestPartQuestion: the publisher, a part of a text no slot holds alone,
// is asked about with that part among the candidates (the text before
// ", On sale:", shown as the publisher on its sample pages); pinned to it, every page gives its publisher, commas inside
// it and the date left out; the pin is saved in the wrapper file with
// its piece, and a saved wrapper gives the same objects; a piece that
// reads nothing on the sample is reported (pin-unmatched).
func TestPartQuestion(t *testing.T) {
	pages, pubs := partPages(t)
	s := testSOD([][3]string{{"title", "1", "title"}, {"author", "1", "author"}, {"publisher", "?", "publisher"}}, sod.One)
	dictionaryTypes(s, "title", "author", "publisher")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if oneFieldRight(w, pages, "publisher", pubs) {
		t.Fatal("the publishers are right without an answer: the test tests nothing")
	}
	var b bytes.Buffer
	WriteQuestions(&b, w.Questions())
	i := slices.IndexFunc(w.Questions(), func(q Question) bool { return q.Field == "publisher" })
	if i < 0 {
		var e bytes.Buffer
		WriteExplanation(&e, w.Explanation())
		t.Fatalf("no question on publisher:\n%s\n%s", b.String(), e.String())
	}
	q := w.Questions()[i]
	r := rightCandidate(q, pubs)
	if r < 0 || q.Candidates[r].Piece == nil {
		t.Fatalf("publisher: no part candidate shows the publishers:\n%s", b.String())
	}
	if !strings.Contains(b.String(), q.Candidates[r].Piece.String()) {
		t.Errorf("the question does not say which part its candidate reads:\n%s", b.String())
	}
	pin := q.Candidates[r].Pin("publisher")
	if pin.Piece == nil {
		t.Fatalf("the part candidate's pin %s has no piece", pin)
	}
	opt := DefaultOptions()
	opt.Pins = []Pin{pin}
	pw, err := Induce(pages, s, opt)
	if err != nil {
		t.Fatal(err)
	}
	checkOneField(t, pw, pages, "publisher", pubs)
	if slices.ContainsFunc(pw.Questions(), func(q Question) bool { return q.Field == "publisher" }) {
		t.Error("asked again about the pinned publisher")
	}
	var saved bytes.Buffer
	if err := pw.Save(&saved); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(saved.String(), `"piece"`) {
		t.Fatal("the wrapper file keeps no piece")
	}
	l, err := Load(bytes.NewReader(saved.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(l.Pins()) != fmt.Sprint(pw.Pins()) {
		t.Errorf("loaded pins %v, want %v", l.Pins(), pw.Pins())
	}
	checkOneField(t, l, pages, "publisher", pubs)
	// Learned again from the saved wrapper's pins: the same.
	opt.Pins = l.Pins()
	again, err := Induce(pages, s, opt)
	if err != nil {
		t.Fatal(err)
	}
	checkOneField(t, again, pages, "publisher", pubs)

	// A piece that reads nothing on the sample is reported.
	gone := pin
	gone.Piece = &mapping.Piece{After: []string{"no", "such", "label"}}
	opt.Pins = []Pin{gone}
	gw, err := Induce(pages, s, opt)
	if err != nil {
		t.Fatal(err)
	}
	var notes []string
	for _, n := range gw.Notes(pages) {
		if n.Kind == mapping.NotePin {
			notes = append(notes, n.Message)
		}
	}
	if len(notes) != 1 || !strings.Contains(notes[0], `the text after "no such label"`) {
		t.Errorf("pin notes %q, want one naming the piece that reads nothing", notes)
	}
}

// TestReadAnswersPiece: an answers file's piece is read, and a negative
// index is an error.
func TestReadAnswersPiece(t *testing.T) {
	for _, tc := range []struct{ in, err string }{
		{`{"answers": [{"field": "publisher", "slot": 4, "piece": {"after": ["published", "by"]}}]}`, ""},
		{`{"answers": [{"field": "publisher", "slot": 4, "piece": {"index": 1, "from_right": true, "rest": true}}]}`, ""},
		{`{"answers": [{"field": "publisher", "slot": 4, "piece": {"index": -1}}]}`, "a piece is for a slot"},
		{`{"answers": [{"field": "publisher", "absent": true, "piece": {"index": 0}}]}`, "a piece is for a slot"},
	} {
		pins, err := ReadAnswers(strings.NewReader(tc.in), "a.json")
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: err %v, want one naming %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || len(pins) != 1 || pins[0].Piece == nil {
			t.Errorf("%s: pins %v, err %v", tc.in, pins, err)
		}
	}
}
