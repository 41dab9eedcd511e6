package objectrunner_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
)

// newcomerWholeNodeSOD is TestNewcomerLabelOnly's SOD: the model typed by
// car makes as a whole node, which no text node of these pages is (the
// makes stand inside longer headings: "2011 BMW Z4 Overview").
const newcomerWholeNodeSOD = `name = "newcomer-car-whole"
object = "car"
objects = "1"

[tuple.car]
model = "1"
price = "1"

[entity.model]
dictionary = "make"
whole_node = true

[entity.price]
predefined = "price"
`

// TestNewcomerLabelOnly: on the real car pages, a newcomer's model field
// has no slot whose values its dictionary knows; a label that mentions
// the field ("All BMW Models", above a list of body styles) nominated one
// anyway, and its values ("Convertible") went out at confidence 1 with no
// diagnostic. A value of the field that is no instance of its dictionary
// must now carry a confidence of at most 0.5 and a diagnostic naming the
// field.
func TestNewcomerLabelOnly(t *testing.T) {
	data := sharedData(t)
	dict := filepath.Join("examples", "real", "auto-carquotes", "dictionaries", "make.txt")
	f, err := os.Open(dict)
	if err != nil {
		t.Fatal(err)
	}
	var makes []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := strings.ToLower(strings.TrimSpace(sc.Text())); m != "" && !strings.HasPrefix(m, "#") {
			makes = append(makes, m)
		}
	}
	f.Close()
	sodPath := filepath.Join(t.TempDir(), "sod.toml")
	if err := os.WriteFile(sodPath, []byte(newcomerWholeNodeSOD), 0o644); err != nil {
		t.Fatal(err)
	}
	_, vals, rep, _ := runRealDev(t, sodPath, filepath.Join(data, "swde", "auto-carquotes"), []string{dict})
	known := func(v string) bool {
		v = strings.ToLower(v)
		for _, m := range makes {
			if strings.Contains(v, m) {
				return true
			}
		}
		return false
	}
	unknown := 0
	for _, v := range vals {
		if v.Field != "model" || known(v.Text) {
			continue
		}
		unknown++
		if v.Confidence > 0.5 {
			t.Errorf("%s: model %q, no instance of its dictionary, at confidence %v", v.Page, v.Text, v.Confidence)
		}
	}
	diags := objectrunner.Diagnose(rep)
	named := false
	for _, d := range diags {
		named = named || d.Field == "model"
	}
	if unknown > 0 && !named {
		t.Errorf("%d model values are no instance of its dictionary, and no diagnostic names the field: %v", unknown, diags)
	}
	t.Logf("%d model values of %d are no instance of the make dictionary; diagnostics %v", unknown, len(vals), diags)
}
