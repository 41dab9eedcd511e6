package mapping

import (
	"bytes"
	"encoding/json"

	"testing"
)

func TestObjectJSON(t *testing.T) {
	o := &Object{Page: "0001.htm", Index: 0, Fields: []Field{
		{Name: "title", Values: []Value{{Text: "X", Confidence: 0.9, Path: "html/body/h2"}}},
		{Name: "author", Many: true, Values: []Value{{Text: "A", Confidence: 1, Path: "p"}, {Text: "B", Confidence: 0.5, Path: "q"}}},
		{Name: "date", Values: []Value{{Text: "June 2010", Normalized: "2010-06", Confidence: 1, Path: "li"}}},
		{Name: "credits", Many: true, Tuple: true, Values: []Value{{Fields: []Field{{Name: "name", Values: []Value{{Text: "N", Confidence: 1, Path: "i"}}}}}}},
	}}
	got, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"page":"0001.htm","index":0,"object":{"title":"X","author":["A","B"],"date":"June 2010","credits":[{"name":"N"}]},` +
		`"confidence":{"title":0.9,"author":[1,0.5],"date":1,"credits":[{"name":1}]},` +
		`"path":{"title":"html/body/h2","author":["p","q"],"date":"li","credits":[{"name":"i"}]},"normalized":{"date":"2010-06"}}`
	if !bytes.Equal(got, []byte(want)) {
		t.Fatalf("MarshalJSON()=%s\nwant %s", got, want)
	}
}
