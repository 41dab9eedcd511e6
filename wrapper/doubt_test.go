package wrapper

import (
	"bytes"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
	"reflect"

	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
)

// A saved wrapper keeps its doubts and rival terms, so that it gives the values the
// confidence the learned one did.
func TestDoubtSaved(t *testing.T) {
	var pages []*annotate.Page
	for i, v := range []string{"Ann", "Bob", "Cy"} {
		pages = append(pages, testPage(t, "p"+string(rune('0'+i))+".html",
			`<html><body><h1><span data-or-type="title">`+v+` Story</span></h1><p data-or-type="person">`+v+` Smith</p></body></html>`, nil))
	}
	w, err := Induce(pages, testSOD([][3]string{{"title", "1", "title"}, {"person", "1", "person"}}, sod.One), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	w.Doubt = map[string][]string{"person": {mapping.NoteRunOn}}
	w.Rival = map[string]float64{"title": 0.4}
	var buf bytes.Buffer
	if err := w.Save(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := Load(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Doubt, w.Doubt) {
		t.Errorf("loaded doubt = %v, want %v", got.Doubt, w.Doubt)
	}
	if !reflect.DeepEqual(got.Rival, w.Rival) {
		t.Errorf("loaded rival terms = %v, want %v", got.Rival, w.Rival)
	}
}
