package objectrunner

import (
	"reflect"
	"testing"

	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// TestGrowerTake: Take returns what Add buffers for the same object, by
// class and in order, and leaves the Grower's buffer as it was.
func TestGrowerTake(t *testing.T) {
	s, err := sod.Load("examples/concerts-a/sod.toml")
	if err != nil {
		t.Fatal(err)
	}
	val := func(text string, conf float64) wrapper.Value { return wrapper.Value{Text: text, Confidence: conf} }
	tests := []struct {
		name string
		obj  *wrapper.Object
		want map[string][]string // class → values taken
	}{
		{"confident artist and performers", &wrapper.Object{Page: "p1.html", Fields: []wrapper.Field{
			{Name: "artist", Values: []wrapper.Value{val("Nina Vale", 0.9)}},
			{Name: "date", Values: []wrapper.Value{val("June 1, 2010", 0.9)}},
			{Name: "performer", Many: true, Values: []wrapper.Value{val("Ann Roe", 0.8), val("Bo Li", 0.75)}},
		}}, map[string][]string{"artist": {"Nina Vale", "Ann Roe", "Bo Li"}}},
		{"values below the minimum or empty are left out", &wrapper.Object{Page: "p2.html", Fields: []wrapper.Field{
			{Name: "artist", Values: []wrapper.Value{val("Low Conf", 0.5)}},
			{Name: "performer", Many: true, Values: []wrapper.Value{val("", 0.9), val("Cy Doe", 0.7)}},
		}}, map[string][]string{"artist": {"Cy Doe"}}},
		{"no dictionary field", &wrapper.Object{Page: "p3.html", Fields: []wrapper.Field{
			{Name: "date", Values: []wrapper.Value{val("June 2, 2010", 1)}},
		}}, map[string][]string{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := NewGrower(nil, s, "src", 0.7)
			g.Hold = true
			prior := &wrapper.Object{Page: "p0.html", Fields: []wrapper.Field{{Name: "artist", Values: []wrapper.Value{val("Prior", 1)}}}}
			if err := g.Add(prior); err != nil {
				t.Fatal(err)
			}
			before := map[string][]dictionaries.Observation{}
			for c, obs := range g.pending {
				before[c] = append([]dictionaries.Observation(nil), obs...)
			}
			taken := g.Take(tc.obj)
			if !reflect.DeepEqual(g.pending, before) || g.n != 1 {
				t.Fatalf("Take changed the buffer: %v (n=%d), want %v", g.pending, g.n, before)
			}
			got := map[string][]string{}
			for c, obs := range taken {
				for _, o := range obs {
					if o.Page != tc.obj.Page || o.Source != "src" || o.SOD != s.File {
						t.Errorf("provenance %+v, want page %s, source src, SOD %s", o, tc.obj.Page, s.File)
					}
					got[c] = append(got[c], o.Value)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("took %v, want %v", got, tc.want)
			}
			// Add buffers the same observations after the prior ones.
			fresh := NewGrower(nil, s, "src", 0.7)
			fresh.Hold = true
			if err := fresh.Add(tc.obj); err != nil {
				t.Fatal(err)
			}
			if len(taken) == 0 && len(fresh.pending) == 0 {
				return
			}
			if !reflect.DeepEqual(taken, fresh.pending) {
				t.Errorf("Take %v, Add buffered %v", taken, fresh.pending)
			}
		})
	}
}
