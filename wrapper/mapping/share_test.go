package mapping

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/recognizers"
)

func TestRemoveSpans(t *testing.T) {
	for _, tc := range []struct {
		text  string
		spans [][2]int
		want  string
	}{
		{"Bellweather Publishing (1999-02-11)", [][2]int{{24, 34}}, "Bellweather Publishing"},
		{"Vantage Point House ; December 8, 1988", [][2]int{{22, 38}}, "Vantage Point House"},
		{"The Lakeside Ballroom — 123 Main St", [][2]int{{26, 37}}, "The Lakeside Ballroom"},
		{"Mon, Aug 8 at 8:00 pm", [][2]int{{14, 21}}, "Mon, Aug 8"},
		{"37 Goalie", [][2]int{{0, 2}}, "Goalie"},
		{"no span", nil, "no span"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			if got := removeSpans(tc.text, tc.spans); got != tc.want {
				t.Fatalf("removeSpans(%q, %v) = %q, want %q", tc.text, tc.spans, got, tc.want)
			}
		})
	}
}

// TestOnlyPunct checks which texts are no value: punctuation alone, not
// symbols (a price range) nor words.
func TestOnlyPunct(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"(", true}, {"( )", true}, {"-", true}, {"", true}, {"…", true},
		{"$$", false}, {"€", false}, {"(1999)", false}, {"A", false},
	} {
		if got := onlyPunct(tc.in); got != tc.want {
			t.Errorf("onlyPunct(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestWithFallback: a learned row label is a field's place only when no
// other slot is a candidate for it.
func TestWithFallback(t *testing.T) {
	for _, tc := range []struct {
		name            string
		cands, fallback []cand
		want            string
	}{
		{"no fallback", []cand{{Field: 0, Slot: 1}}, nil, "0@1"},
		{"field without candidate", []cand{{Field: 0, Slot: 1}}, []cand{{Field: 1, Slot: 4, Label: "reservations"}}, "0@1 1@4"},
		{"field with a candidate", []cand{{Field: 1, Slot: 2}}, []cand{{Field: 1, Slot: 4, Label: "reservations"}}, "1@2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, c := range withFallback(tc.cands, tc.fallback) {
				got = append(got, fmt.Sprintf("%d@%d", c.Field, c.Slot))
			}
			if s := strings.Join(got, " "); s != tc.want {
				t.Fatalf("withFallback = %s, want %s", s, tc.want)
			}
		})
	}
}

// TestPatternItems: the items of a value that are wholly an instance of
// a pattern: a run between tags, or the item of a longer run that is the
// run's longest instance.
func TestPatternItems(t *testing.T) {
	price, err := recognizers.NewRegex(`\${1,4}`, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	date, err := recognizers.NewPredefined("date")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		html string
		r    recognizers.Recognizer
		want string
	}{
		{`<a>Chinese</a> · <a>$$$</a>`, price, "$$$"},
		{`Barbecue<br>Wine Bar | $$`, price, "$$"},
		{`Barbecue<br>Wine Bar`, price, ""},
		{`<span>March 26, 2018</span> at <span>8:30 pm</span>`, date, "March 26, 2018"},
		{`Sold out, March 26 2018 and more`, date, ""},
	} {
		t.Run(tc.html, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body><div>"+tc.html+"</div></body></html>", nil)
			toks := Tokenize(p, NewPathsFor(nil))
			var got []string
			for _, it := range patternItems(toks, 0, len(toks), tc.r) {
				txt, _, _ := ValueText(toks, it[0], it[1])
				got = append(got, txt)
			}
			if s := strings.Join(got, "|"); s != tc.want {
				t.Fatalf("patternItems = %q, want %q", s, tc.want)
			}
		})
	}
}

// TestLearnItemsFallback: learnItems on slot statistics. A field without
// slot takes the left-over slots holding its instances on sharePartShare
// of the records; a field with a slot of its own takes them only after a
// label naming it that precedes most of them ("Website", not "Fax" for a
// phone). A slot another field holds gives its items only to a field
// without slot ("When: 05 Oct 2021</li><li>10pm" left in the date's slot).
func TestLearnItemsFallback(t *testing.T) {
	web := FieldSpec{Path: "website", Name: "website", Types: []string{"url"}, Mult: "?", Optional: true, Predefined: "url"}
	phone := FieldSpec{Path: "phone", Name: "phone", Types: []string{"phone"}, Mult: "?", Optional: true, Predefined: "phone"}
	stat := func(occ int, inst map[string]int, labs map[string]map[string]int) *slotStats {
		st := NewSlotStats()
		st.Occ, st.ItemInst, st.ItemLab = occ, inst, labs
		return st
	}
	for _, tc := range []struct {
		name string
		f    FieldSpec
		done bool
		host bool // another field holds the slot
		st   *slotStats
		want string
	}{
		{"no slot, enough rows", web, false, false, stat(20, map[string]int{"website": 8}, map[string]map[string]int{"website": {"online": 8}}), "website@1 [online]"},
		{"no slot, too few rows", web, false, false, stat(20, map[string]int{"website": 4}, map[string]map[string]int{"website": {"online": 4}}), ""},
		{"slot, label naming it", web, true, false, stat(20, map[string]int{"website": 4}, map[string]map[string]int{"website": {"website": 4}}), "website@1 [website]"},
		{"slot, label not naming it", phone, true, false, stat(20, map[string]int{"phone": 4}, map[string]map[string]int{"phone": {"fax": 4}}), ""},
		{"slot, no common label", web, true, false, stat(20, map[string]int{"website": 4}, map[string]map[string]int{"website": {"a": 2, "b": 2}}), ""},
		{"no slot, rows in another field's slot", web, false, true, stat(20, map[string]int{"website": 8}, map[string]map[string]int{"website": {"online": 8}}), "website@1 [online]"},
		{"slot, rows in another field's slot", web, true, true, stat(20, map[string]int{"website": 8}, map[string]map[string]int{"website": {"website": 8}}), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := &State{FieldSpecs: []FieldSpec{tc.f}}
			valid := predefinedRecognizers(w.FieldSpecs)
			var out []SlotMap
			done := map[int]bool{}
			if tc.done {
				out = append(out, SlotMap{Slot: 0, Field: tc.f.Path})
				done[0] = true
			}
			if tc.host {
				out = append(out, SlotMap{Slot: 1, Field: "date"})
			}
			stats := []*slotStats{stat(20, nil, nil), tc.st}
			var got []string
			for _, sm := range learnItems(w, out, stats, valid, done, 2, 20, [][]int{nil, nil}) {
				if sm.Item {
					got = append(got, fmt.Sprintf("%s@%d %v", sm.Field, sm.Slot, sm.ItemLabel))
				}
			}
			if s := strings.Join(got, " "); s != tc.want {
				t.Fatalf("item maps %q, want %q", s, tc.want)
			}
		})
	}
}
