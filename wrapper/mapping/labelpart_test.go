package mapping

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// TestLabelledPatternedHost: shuffled <dt>/<dd> rows fold into one slot
// whose rows each label gives to its field (s45161: "Show date" holds
// "2008-06-20 at 20:30", "Tickets" a price, "Genre" a word, "Doors" a
// time). The start time is a part of the date's row: learnParts weighs
// it against the values under the host's label, whatever the host's type
// (it did so only for a dictionary host; a patterned host's part was
// weighed against every row of the slot and fell short). And the host's
// row is one line even when the slot's values, several rows folded
// together, are broken by tags (s45251: "Show date: Mon, Sep 2 7pm"
// among <li> rows): the part is weighed on the row, as sharesTaken
// weighs it.
func TestLabelledPatternedHost(t *testing.T) {
	w := &State{Options: Options{Options: exalg.DefaultOptions()}, FieldSpecs: []FieldSpec{
		{Path: "show_date", Types: []string{"date"}, Predefined: "date"},
		{Path: "start_time", Types: []string{"time"}, Predefined: "time", Optional: true},
	}}
	valid := map[string]recognizers.Recognizer{}
	for _, f := range w.FieldSpecs {
		r, err := recognizers.NewPredefined(f.Predefined)
		if err != nil {
			t.Fatal(err)
		}
		valid[f.Path] = r
	}
	for _, broken := range []bool{false, true} {
		st := NewSlotStats()
		add := func(label, v string) {
			st.Values[v]++
			st.Occ++
			if st.LabVals[label] == nil {
				st.LabVals[label] = map[string]int{}
			}
			st.LabVals[label][v]++
		}
		for i := range 10 {
			add("show date", fmt.Sprintf("2008-06-%02d at %d:30", 10+i, 18+i%4))
			add("tickets", fmt.Sprintf("$%d.50", 20+i))
			add("genre", []string{"Soul", "Blues", "Jazz"}[i%3])
			add("ages", fmt.Sprintf("%d+", 16+i%5))
		}
		if broken {
			st.Broken = st.Occ
		}
		host := SlotMap{Slot: 0, Field: "show_date", Type: "date", Share: 1, Coverage: 1, Label: []string{"show", "date"}}
		out := learnParts(w, []SlotMap{host}, []*slotStats{st}, valid, map[int]bool{0: true}, 2)
		if len(out) != 2 || out[1].Field != "start_time" || !out[1].Part || out[1].Slot != 0 {
			t.Fatalf("broken %v: slot maps %+v: want start_time as a part of show_date's slot", broken, out)
		}
	}
}

// TestLabelledPartAlone: an optional publisher and a date share the
// "Published by:" row ("Penrose Press, Oct 2000", "Apr 2008", "Larchmont
// House"; s45000). The rows that hold the date alone are evidence of the
// date's place as much as those that hold both: counted, the date is a
// part of the publisher's row (it fell short of sharePartShare on the
// rows with both alone, and "Apr 2008" was written as a publisher).
func TestLabelledPartAlone(t *testing.T) {
	w := &State{Options: Options{Options: exalg.DefaultOptions()}, FieldSpecs: []FieldSpec{
		{Path: "publisher", Types: []string{"publisher"}, Optional: true},
		{Path: "date", Types: []string{"date"}, Predefined: "date", Optional: true},
	}}
	r, err := recognizers.NewPredefined("date")
	if err != nil {
		t.Fatal(err)
	}
	valid := map[string]recognizers.Recognizer{"date": r}
	st := NewSlotStats()
	add := func(label, v string) {
		st.Values[v]++
		st.Occ++
		if st.LabVals[label] == nil {
			st.LabVals[label] = map[string]int{}
		}
		st.LabVals[label][v]++
	}
	pubs := []string{"Penrose Press", "Larchmont House", "North Fork House", "Saltmarsh Group"}
	for i := range 12 {
		switch i % 4 {
		case 0:
			add("published by", fmt.Sprintf("%s, Oct %d", pubs[i%3], 1990+i))
		case 1:
			add("published by", fmt.Sprintf("Apr %d", 1990+i))
		default:
			add("published by", pubs[i%4])
		}
		add("binding", "Paperback")
	}
	host := SlotMap{Slot: 0, Field: "publisher", Type: "publisher", Share: 1, Coverage: 1, Label: []string{"published", "by"}}
	out := learnParts(w, []SlotMap{host}, []*slotStats{st}, valid, map[int]bool{0: true}, 2)
	if len(out) != 2 || out[1].Field != "date" || !out[1].Part || out[1].Slot != 0 {
		t.Fatalf("slot maps %+v: want date as a part of the publisher's row", out)
	}
}
