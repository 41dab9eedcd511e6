package mapping

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestInsideLabel(t *testing.T) {
	tests := []struct{ txt, want string }{
		{"3647 Elm Rd, Brooklyn, NY 11286, Ages: All Ages", "ages:"},
		{"12 Main St; Phone: 555-1234", "phone:"},
		{"College: University of Ridgeway", ""},           // opens the value: label-in-value's
		{"Foreign Influence: A Thriller", ""},             // a title's own colon
		{"Boston, MA 02110, Reservations:", ""},           // nothing after it
		{"5219 Lamar Road, Austin, TX 78750", ""},         // no label
		{"Main St, Suite 4, floor two of five: east", ""}, // more than three words
		{"Age: 18+, Genre: Blues", "genre:"},              // after a label that opens the value
		{"Date: Mon 7/4 · 7:00pm, Genre: Hip-Hop", "genre:"},
		{"Date: Mon 7/4 · 7:00pm", ""}, // a time's colon
	}
	for _, tc := range tests {
		if got := insideLabel(tc.txt); got != tc.want {
			t.Errorf("insideLabel(%q) = %q, want %q", tc.txt, got, tc.want)
		}
	}
}

// nestedObjects returns a sample function giving one object per page,
// each with a nested tuple field parent holding field child's value.
func nestedObjects(parent, child string, vals ...string) func() [][]*Object {
	var out [][]*Object
	for i, v := range vals {
		inner := Field{Name: child, Values: []Value{{Text: v}}}
		fd := Field{Name: parent, Tuple: true, Values: []Value{{Fields: []Field{inner}}}}
		out = append(out, []*Object{{Index: i, Fields: []Field{fd}}})
	}
	return func() [][]*Object { return out }
}

func TestLabelInsideNotes(t *testing.T) {
	specs := []FieldSpec{
		{Name: "location", Path: "location", Tuple: true},
		{Name: "address", Path: "location.address", Parent: "location", Types: []string{"address"}, Predefined: "address"},
	}
	tests := []struct {
		name string
		vals []string
		note bool
	}{
		{"the age row in every address", []string{"3647 Elm Rd, Brooklyn, NY 11286, Ages: All Ages", "10938 North 87th Road, New Orleans, LA 70103, Ages: 18+", "6455 South 7th Drive, St. Paul, MN 55159, Ages: 21+"}, true},
		{"once only", []string{"3647 Elm Rd, Brooklyn, NY 11286, Ages: All Ages", "10938 North 87th Road, New Orleans, LA 70103", "6455 South 7th Drive, St. Paul, MN 55159", "12 Main St, Boston, MA 02110"}, false},
		{"different labels", []string{"3647 Elm Rd, Brooklyn, NY 11286, Ages: All Ages", "10938 North 87th Road, New Orleans, LA 70103, Doors: 8pm", "6455 South 7th Drive, St. Paul, MN 55159, Tickets: $5"}, false},
		{"plain addresses", []string{"3647 Elm Rd, Brooklyn, NY 11286", "10938 North 87th Road, New Orleans, LA 70103"}, false},
	}
	for _, tc := range tests {
		w := &State{FieldSpecs: specs, Scope: -1}
		notes := w.labelInsideNotes(nestedObjects("location", "address", tc.vals...))
		if got := len(notes) == 1 && notes[0].Kind == NoteLabelInside && notes[0].Field == "location.address"; got != tc.note || len(notes) > 1 {
			t.Errorf("%s: notes %v, want a label-inside note: %v", tc.name, notes, tc.note)
		}
	}
	// A field cut to its recognizer's instance never runs on.
	w := &State{FieldSpecs: []FieldSpec{{Name: "when", Path: "when", Types: []string{"date"}, Predefined: "date"}}, Scope: -1}
	if notes := w.labelInsideNotes(objectsOf("when", false, []string{"May 3, 2010, Doors: 8pm"}, []string{"June 1, 2011, Doors: 9pm"})); len(notes) != 0 {
		t.Errorf("a date field: notes %v, want none", notes)
	}
}

func TestRestWords(t *testing.T) {
	tests := []struct {
		rest []string
		want string
	}{
		{[]string{"Hollow", "Horses,", "Neon", "Lions!", "and"}, "hollow horses neon lions"},
		{[]string{"Special", "guests:"}, ""}, // a row label
		{[]string{"&", ",", "and", "with"}, ""},
		{[]string{"Special", "guests:", "Fatima", "Kessler", "&"}, "fatima kessler"},
	}
	for _, tc := range tests {
		if got := restWords(tc.rest); got != tc.want {
			t.Errorf("restWords(%q) = %q, want %q", tc.rest, got, tc.want)
		}
	}
}

func TestInRepeated(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<div id="obj"><ul><li class="phone">555-1234</li><li><span>Fax:</span> <b id="v">555-9999</b></li><li><span>Web:</span> x</li></ul>` +
		`<div class="reviews"><div class="r"><span>A</span><span id="d1">2010-06-20</span></div><div class="r"><span>B</span><span>2012-02-18</span></div><div class="r"><span>C</span><span>2009-09-20</span></div></div></div>`))
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*html.Node{}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for _, a := range n.Attr {
			if a.Key == "id" {
				byID[a.Val] = n
			}
			if a.Key == "class" && a.Val == "phone" {
				byID["phone"] = n
			}
		}
		for k := n.FirstChild; k != nil; k = k.NextSibling {
			walk(k)
		}
	}
	walk(doc)
	v := byID["v"].FirstChild
	if inRepeated(byID["phone"].FirstChild, v) {
		t.Error("a row of its own beside the value's: inRepeated, want not")
	}
	if !inRepeated(byID["d1"].FirstChild, v) {
		t.Error("a review's date among like reviews: not inRepeated, want it")
	}
}
