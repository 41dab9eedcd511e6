package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/wrapper"
)

// shopSource writes a source of 12 book pages whose detail block holds
// two prices, each after "Price:": the book's own (first) and another
// offer's, which the mapping cannot tell apart. It returns the source,
// SOD and dictionary directories' paths and each page's own price.
func shopSource(t *testing.T) (pages, sodPath, dicts string, want map[string]string) {
	t.Helper()
	dir := t.TempDir()
	pages, dicts = filepath.Join(dir, "pages"), filepath.Join(dir, "dictionaries")
	for _, d := range []string{pages, dicts} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	want = map[string]string{}
	var titles, authors []string
	for i := range 12 {
		title := fmt.Sprintf("The %s of %s", []string{"Garden", "River", "Winter", "Lantern"}[i%4], []string{"Ash", "Birch", "Cedar", "Elm", "Fir", "Oak"}[i%6])
		author := fmt.Sprintf("%s %s", []string{"Ada", "Ben", "Cleo", "Dov", "Eva", "Finn"}[i%6], []string{"Moss", "Hart", "Lund", "Vale"}[i%4])
		own := fmt.Sprintf("$%d.%02d", 10+i, (7*i)%100)
		other := fmt.Sprintf("$%d.%02d", 40+i, (3*i+11)%100)
		name := fmt.Sprintf("%04d.html", i)
		want[name] = own
		titles, authors = append(titles, title), append(authors, author)
		page := fmt.Sprintf(`<html><head><title>Shop</title></head><body><div class="book"><h1>%s</h1><p>by <a>%s</a></p>`+
			`<p><b>Price:</b> %s</p><div class="offer"><span>Price:</span> %s</div><p>In stock</p></div><div class="foot">Shop since 1999</div></body></html>`, title, author, own, other)
		if err := os.WriteFile(filepath.Join(pages, name), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for class, vs := range map[string][]string{"title": titles, "author": authors} {
		if err := os.WriteFile(filepath.Join(dicts, class+".txt"), []byte(strings.Join(vs, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sodPath = filepath.Join(dir, "sod.toml")
	sodText := `name = "shop"
object = "book"
objects = "1"

[tuple.book]
title = "1"
author = "1"
price = "1"

[entity.title]
dictionary = "title"
whole_node = true

[entity.author]
dictionary = "author"

[entity.price]
predefined = "price"
`
	if err := os.WriteFile(sodPath, []byte(sodText), 0o644); err != nil {
		t.Fatal(err)
	}
	return pages, sodPath, dicts, want
}

// prices reads each object's page and price from JSON Lines output.
func prices(t *testing.T, out string) map[string]string {
	t.Helper()
	got := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var o struct {
			Page   string         `json:"page"`
			Object map[string]any `json:"object"`
		}
		if err := json.Unmarshal([]byte(line), &o); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		got[o.Page] = fmt.Sprint(o.Object["price"])
	}
	return got
}

// rightPrices reports whether got holds want's price on every page.
func rightPrices(got, want map[string]string) bool {
	for p, v := range want {
		if got[p] != v {
			return false
		}
	}
	return len(got) == len(want)
}

// TestExtractAnswersAndExamples: --answers and --example, replayed
// without a terminal, pin the price to the book's own; without them (and
// without a terminal) --review writes the questions into the report; a
// wrong answer or example fails naming it.
func TestExtractAnswersAndExamples(t *testing.T) {
	pages, sodPath, dicts, want := shopSource(t)
	store := t.TempDir()
	base := []string{"extract", "--dict-dir", store, "--import", dicts, "--sod", sodPath, "--source", pages}
	tmp := t.TempDir()
	report := filepath.Join(tmp, "report.json")
	status, out0, stderr := runCLI(t, append(base, "--review", "--report", report)...)
	if status != 0 {
		t.Fatalf("status %d:\n%s", status, stderr)
	}
	unpinned := rightPrices(prices(t, out0), want) // a tie: either way
	var rep struct {
		Questions []wrapper.Question `json:"questions"`
	}
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	var q *wrapper.Question
	for i := range rep.Questions {
		if rep.Questions[i].Field == "price" {
			q = &rep.Questions[i]
		}
	}
	if q == nil || !strings.Contains(stderr, "the questions are not asked") || !strings.Contains(stderr, "the questions are in "+report) {
		t.Fatalf("no question on price in the report (%d questions), stderr:\n%s", len(rep.Questions), stderr)
	}
	right := -1
	for i, c := range q.Candidates {
		if len(c.Samples) > 0 && c.Samples[0].Values[0] == want[c.Samples[0].Page] {
			right = i
		}
	}
	if right < 0 {
		t.Fatalf("no candidate shows the books' own prices: %+v", q.Candidates)
	}
	answers := filepath.Join(tmp, "answers.json")
	f, err := os.Create(answers)
	if err != nil {
		t.Fatal(err)
	}
	if err := wrapper.WriteAnswers(f, []wrapper.Pin{q.Candidates[right].Pin("price")}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	bad := filepath.Join(tmp, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"answers":[{"slot":2}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	wrong := filepath.Join(tmp, "wrong.json")
	if err := os.WriteFile(wrong, []byte(`{"answers":[{"field":"isbn","absent":true}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(tmp, "w.json")
	tests := []struct {
		name   string
		args   []string
		status int
		right  bool   // every page gives its own price
		err    string // in stderr
	}{
		{name: "answers file", args: []string{"--answers", answers, "--save-wrapper", saved}, right: true},
		{name: "example", args: []string{"--example", "price=" + want["0003.html"] + "@0003.html"}, right: true, err: "learned with 1 answer(s): price = "},
		{name: "example on a path", args: []string{"--example", "price=" + want["0005.html"] + "@pages/0005.html"}, status: 1, err: "the source has no page pages/0005.html"},
		{name: "example of the other price", args: []string{"--example", "price=$43.20@0003.html"}, right: false},
		{name: "example nowhere", args: []string{"--example", "price=$1.00@0003.html"}, right: unpinned, err: "learned with 1 answer(s): price = \\\"$1.00\\\" on 0003.html (matches no slot: see the pin-unmatched diagnostic)"},
		{name: "example malformed", args: []string{"--example", "price=$1.00"}, status: 2, err: "want field=value@page"},
		{name: "answers without a field", args: []string{"--answers", bad}, status: 1, err: "bad.json: answers[0]: no field"},
		{name: "answers naming no field of the SOD", args: []string{"--answers", wrong}, status: 1, err: "--answers " + wrong + `: field "isbn" is not a field of the SOD (its fields: title, author, price)`},
		{name: "example of a misspelt field", args: []string{"--example", "prise=$13.21@0003.html"}, status: 2, err: `--example prise=$13.21@0003.html: field "prise" is not a field of the SOD; did you mean "price"? (its fields: title, author, price)`},
		{name: "misspelt field named before the source is read", args: []string{"--example", "prise=$13.21@0003.html", "--source", filepath.Join(tmp, "no-such-pages")}, status: 2, err: `field "prise" is not a field of the SOD; did you mean "price"?`},
		{name: "answers with a saved wrapper", args: []string{"--answers", answers, "--wrapper", saved}, status: 2, err: "go with learning"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append(append([]string{}, base...), tc.args...)
			status, out, stderr := runCLI(t, args...)
			if status != tc.status {
				t.Fatalf("status %d, want %d:\n%s", status, tc.status, stderr)
			}
			if !strings.Contains(stderr, tc.err) {
				t.Errorf("stderr does not name %q:\n%s", tc.err, stderr)
			}
			if status == 0 && rightPrices(prices(t, out), want) != tc.right {
				t.Errorf("prices right = %v, want %v: %v", !tc.right, tc.right, prices(t, out))
			}
		})
	}
	// The pinned wrapper, saved and applied again, gives the same objects.
	status, again, stderr := runCLI(t, "extract", "-q", "--wrapper", saved, "--source", pages)
	if status != 0 || !rightPrices(prices(t, again), want) {
		t.Fatalf("reapplied: status %d, prices %v\n%s", status, prices(t, again), stderr)
	}
}

// TestAskQuestions: the prompt loop over a reader and a writer.
func TestAskQuestions(t *testing.T) {
	cands := func(slots ...int) []wrapper.QuestionCandidate {
		var cs []wrapper.QuestionCandidate
		for _, s := range slots {
			cs = append(cs, wrapper.QuestionCandidate{CandidateExplain: wrapper.CandidateExplain{Slot: s, Context: fmt.Sprint("ctx", s)}})
		}
		return cs
	}
	qs := []wrapper.Question{
		{Field: "price", Kind: wrapper.QuestionClose, Candidates: cands(4, 9)},
		{Field: "isbn", Kind: wrapper.QuestionNoSlot, Candidates: cands(3)},
		{Kind: wrapper.QuestionRecords, Candidates: []wrapper.QuestionCandidate{{Records: "body/ul > li"}, {Records: "body > ul"}}},
	}
	tests := []struct {
		in   string
		want string // the pins, printed
		out  string // in the output
	}{
		{in: "2\nn\n", want: "[price: slot 9 (after \"ctx9\") isbn: not on these pages]", out: "2 answer(s) given"},
		{in: "1\ns\n", want: "[price: slot 4 (after \"ctx4\")]"},
		{in: "\n1\n", want: "[isbn: slot 3 (after \"ctx3\")]"},
		{in: "7\nx\n2\nskip\n", want: "[price: slot 9 (after \"ctx9\")]", out: `"x" is not an answer`},
		{in: "none\nq\n", want: "[price: not on these pages]"},
		{in: "q\n1\n", want: "[]", out: "0 answer(s) given"},
		{in: "", want: "[]"},
		{in: "2", want: "[price: slot 9 (after \"ctx9\")]"},
		{in: "s\ns\n2\n", want: "[records: at body > ul]", out: "where are the records (how many does a page hold)?"},
		{in: "s\ns\nn\n", want: "[]", out: "0 answer(s) given"}, // "none of these" pins no segmentation
	}
	for _, tc := range tests {
		var out strings.Builder
		pins, err := askQuestions(bufio.NewReader(strings.NewReader(tc.in)), &out, qs)
		got := make([]string, len(pins))
		for i, p := range pins {
			got[i] = p.String()
		}
		if err != nil || "["+strings.Join(got, " ")+"]" != tc.want || !strings.Contains(out.String(), tc.out) {
			t.Errorf("input %q: pins %v, err %v; want %s; output:\n%s", tc.in, got, err, tc.want, out.String())
		}
	}
	var out strings.Builder
	if pins, err := askQuestions(bufio.NewReader(strings.NewReader("1\n")), &out, nil); err != nil || pins != nil || !strings.Contains(out.String(), "no question") {
		t.Errorf("no questions: %v, %v, %q", pins, err, out.String())
	}
}

// TestWhereQuestions: the "wrapper unsure" line names the report and the
// review page the run writes, and without them the flags that would
// write them, rather than "the questions are in --report" to a run given
// no --report.
func TestWhereQuestions(t *testing.T) {
	tests := []struct {
		report, preview string
		stopped         bool
		want            string
	}{
		{"", "", false, "--report FILE writes the questions, --preview DIR a page to answer them"},
		{"run.json", "", false, "the questions are in run.json"},
		{"run.json", "prev", false, "the questions are in run.json; choose on " + filepath.Join("prev", "review.html")},
		{"", "prev", false, "choose on " + filepath.Join("prev", "review.html")},
		{"", "prev", true, "--report FILE writes the questions"},
	}
	for _, tc := range tests {
		got := whereQuestions(tc.report, tc.preview, tc.stopped)
		if !strings.Contains(got, tc.want) || !strings.HasPrefix(got, "extract --review on a terminal asks them; ") {
			t.Errorf("whereQuestions(%q, %q, %v) = %q, want it to say %q", tc.report, tc.preview, tc.stopped, got, tc.want)
		}
	}
}
