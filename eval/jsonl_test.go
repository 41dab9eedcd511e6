package eval

import (
	"reflect"
	"strings"
	"testing"
)

func TestReadResults(t *testing.T) {
	in := "\uFEFF" + `{"page":"0001.htm","index":1,"object":{"title":"B"},"confidence":{"title":0.5}}
{"page":"0001.htm","index":0,"object":{"title":"A","author":["X","Y"],"credits":[{"name":"N1","role":"R1"},{"name":"N2"}],"year":2001,"ok":true,"none":null}}

{"page":"sub/0002.htm","object":null}
`
	r, err := ReadResults(strings.NewReader(in), "r.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	want := []*ResultPage{
		{Name: "0001.htm", Records: []Record{
			{"title": {"A"}, "author": {"X", "Y"}, "credits.name": {"N1", "N2"}, "credits.role": {"R1"}, "year": {"2001"}, "ok": {"true"}},
			{"title": {"B"}},
		}},
		{Name: "sub/0002.htm", Records: []Record{}},
	}
	if !reflect.DeepEqual(r.Pages, want) {
		t.Fatalf("pages:\n%+v\nwant\n%+v", r.Pages, want)
	}
	if got, want := r.Fields, []string{"author", "credits.name", "credits.role", "ok", "title", "year"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("fields %v, want %v", got, want)
	}
}

func TestReadJSONL(t *testing.T) {
	in := `{"page":"list1.html","records":[{"name":"A","price":"1"},{"name":"B","price":null},{}]}
{"page":"empty.html","records":[]}
{"page":"d/p2.html","index":1,"object":{"name":"D"}}
{"page":"d/p2.html","index":0,"object":{"name":"C"}}
{"page":"none.html","object":null}
`
	tr, err := ReadJSONL(strings.NewReader(in), "t.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	want := []*TruthPage{
		{Name: "list1.html", Records: []Record{{"name": {"A"}, "price": {"1"}}, {"name": {"B"}}}},
		{Name: "empty.html"},
		{Name: "d/p2.html", Records: []Record{{"name": {"C"}}, {"name": {"D"}}}},
		{Name: "none.html"},
	}
	if !reflect.DeepEqual(tr.Pages, want) {
		t.Fatalf("pages:\n%+v\nwant\n%+v", tr.Pages, want)
	}
	if got, want := tr.Attributes, []string{"name", "price"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("attributes %v, want %v", got, want)
	}
	for _, tc := range []struct{ page, want string }{
		{"d/p2.htm", "d/p2.html"},
		{"./d/p2.html", "d/p2.html"},
		{"p2.html", "d/p2.html"}, // unique base name
		{"x/list1.htm", "list1.html"},
		{"nosuch.html", ""},
	} {
		p := tr.Page(tc.page)
		if got := ""; p != nil {
			got = p.Name
			if got != tc.want {
				t.Errorf("Page(%q)=%q, want %q", tc.page, got, tc.want)
			}
		} else if tc.want != "" {
			t.Errorf("Page(%q)=nil, want %q", tc.page, tc.want)
		}
	}
}

func TestJSONLErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		truth          bool
	}{
		{"bad json", "{\"page\":\"a\",\"object\":{}}\n{\"page\":", "x.jsonl:2: unexpected end of JSON input", false},
		{"no page", `{"object":{"a":"b"}}`, `x.jsonl:1: missing "page"`, false},
		{"object not an object", `{"page":"a","object":["x"]}`, `x.jsonl:1: page "a": "object" is an array`, false},
		{"records in results", `{"page":"a","records":[]}`, `x.jsonl:1: a results line has "object"`, false},
		{"page given twice", "{\"page\":\"a\",\"records\":[]}\n\n{\"page\":\"a\",\"records\":[]}", `x.jsonl:3: page "a" already given whole (with "records") on line 1`, true},
		{"both shapes", "{\"page\":\"a\",\"object\":{\"t\":\"x\"}}\n{\"page\":\"a\",\"records\":[]}", `x.jsonl:2: page "a" already has records given one per line`, true},
		{"records and object", `{"page":"a","records":[],"object":{}}`, `x.jsonl:1: page "a": a line has "records" or "object", not both`, true},
		{"bad record", `{"page":"a","records":[{"t":"x"},"y"]}`, `x.jsonl:1: page "a": record 1: "object" is a string`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.truth {
				_, err = ReadJSONL(strings.NewReader(tc.in), "x.jsonl")
			} else {
				_, err = ReadResults(strings.NewReader(tc.in), "x.jsonl")
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}
