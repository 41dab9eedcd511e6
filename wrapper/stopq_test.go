package wrapper

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestStopAsks: the SOD asks for a title, a subtitle and a series, all
// of the title type, and only the heading holds titles: the subtitle and
// the series get no slot, fewer than half the mandatory fields are
// placed, and learning stops. The stop still asks where the subtitle is,
// offering the slots holding varying values; the answer pinning it lets
// learning go on (two of three placed: the series is left out), and the
// wrapper reads the subtitle on every page.
func TestStopAsks(t *testing.T) {
	var src, subs []string
	for i := range 8 {
		sub := []string{"A Harbor Lane Story", "Quill and Stone", "Northfield Nights", "The Bright Owl", "Vantage Points", "Red Maple Days", "Coastline Tales", "Orchard Hill"}[i]
		subs = append(subs, sub)
		src = append(src, fmt.Sprintf(`<html><body><div><h1 data-or-type="title">Book %c%c</h1><h2>%s</h2><p>%d pages</p></div></body></html>`,
			'K'+i, 'a'+i, sub, 100+17*i))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"title", "1", "title"}, {"subtitle", "1", "title"}, {"series", "1", "title"}}, sod.One)
	dictionaryTypes(s, "title")
	_, err := Induce(pages, s, DefaultOptions())
	var stop *StopError
	if !errors.As(err, &stop) {
		t.Fatalf("Induce: %v, want a stop", err)
	}
	var pin *Pin
	for _, q := range stop.Questions() {
		if q.Field != "subtitle" || q.Kind != QuestionNoSlot {
			continue
		}
		for _, c := range q.Candidates {
			if len(c.Samples) > 0 && c.Samples[0].Page != "" && slices.Contains(subs, c.Samples[0].Values[0]) {
				p := c.Pin(q.Field)
				pin = &p
				break
			}
		}
	}
	if pin == nil {
		t.Fatalf("the stop offers no slot holding the subtitle: %+v", stop.Questions())
	}
	opt := DefaultOptions()
	opt.Pins = []Pin{*pin}
	w, err := Induce(pages, s, opt)
	if err != nil {
		t.Fatalf("with the answer %s: %v", pin, err)
	}
	checkOneField(t, w, pages, "subtitle", subs)
}
