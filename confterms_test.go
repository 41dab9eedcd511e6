package objectrunner_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	objectrunner "github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// confSource writes pages made by page(i) and the SOD text into a
// temporary source and returns it.
func confSource(t *testing.T, sodText string, page func(i int) string) (string, *sod.SOD, map[string]recognizers.Recognizer) {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "pages"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sod.toml"), []byte(sodText), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 12; i++ {
		if err := os.WriteFile(filepath.Join(dir, "pages", fmt.Sprintf("p%02d.html", i)), []byte(page(i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := sod.Load(filepath.Join(dir, "sod.toml"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return dir, s, recs
}

// confOf runs the source and returns, by field, the highest and lowest
// confidence of its values.
func confOf(t *testing.T, dir string, s *sod.SOD, recs map[string]recognizers.Recognizer) map[string][2]float64 {
	t.Helper()
	out := map[string][2]float64{}
	_, err := objectrunner.Run(context.Background(), filepath.Join(dir, "pages"), objectrunner.Config{SOD: s, Recognizers: recs},
		func(o *wrapper.Object) error {
			for _, f := range o.Fields {
				for _, v := range f.Values {
					r, ok := out[f.Name]
					if !ok {
						r = [2]float64{v.Confidence, v.Confidence}
					}
					out[f.Name] = [2]float64{max(r[0], v.Confidence), min(r[1], v.Confidence)}
				}
			}
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var confStreets = []string{"Oak Street", "Elm Avenue", "Pine Road", "Main Street", "Cedar Lane", "Maple Drive"}
var confCities = []string{"Dallas, TX 75201", "Austin, TX 78701", "Denver, CO 80202", "Boston, MA 02108"}

// TestCompleteCeiling: an address field whose slot holds street lines
// only (the city line in another element, which the value does not
// take) gets the address recognizer's
// confidence in a street line alone, below 0.9; the same field whose slot
// holds whole addresses keeps a confidence >= 0.9 (docs/trust.md, "Confidence
// (branch conf6)").
func TestCompleteCeiling(t *testing.T) {
	sodText := "object = \"place\"\n[entity.name]\nregex = 'Place [A-Z][a-z]+'\n[entity.address]\npredefined = \"address\"\n" +
		"[tuple.place]\nname = \"1\"\naddress = \"1\"\n"
	names := []string{"Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliet", "Kilo", "Lima"}
	for _, split := range []bool{false, true} {
		dir, s, recs := confSource(t, sodText, func(i int) string {
			street := fmt.Sprintf("%d %s", 100+37*i, confStreets[i%len(confStreets)])
			city := confCities[i%len(confCities)]
			addr := "<div class=addr>" + street + ", " + city + "</div>"
			if split {
				addr = "<div class=addr>" + street + "</div><p>Open daily</p><div class=city>" + city + "</div>"
			}
			return "<html><body><div class=nav><a href=/>Home</a></div><h1>Place " + names[i] + "</h1>" + addr + "<p>Footer text</p></body></html>"
		})
		c, ok := confOf(t, dir, s, recs)["address"]
		if !ok {
			t.Fatalf("split=%v: no address extracted", split)
		}
		if split && c[0] >= 0.9 {
			t.Errorf("street lines only: address confidence up to %v, want < 0.9", c[0])
		}
		if !split && c[1] < 0.9 {
			t.Errorf("whole addresses: address confidence down to %v, want >= 0.9", c[1])
		}
	}
}
