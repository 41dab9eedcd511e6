package objectrunner_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/wrapper"
)

// TestNoSlotReason: a field left without slot says why, in the wrapper
// (saved and loaded again), in the run report and in its diagnostic.
// Before: "has no slot in the wrapper" and nothing more.
func TestNoSlotReason(t *testing.T) {
	pages, titles, authors := handMadeBooks()
	sodText := "name = \"b\"\nobject = \"book\"\nobjects = \"1\"\n[tuple.book]\ntitle = \"1\"\nauthor = \"1\"\nisbn = \"?\"\nwriter = \"?\"\ncolour = \"?\"\n" +
		"[entity.title]\ndictionary = \"title\"\n[entity.author]\ndictionary = \"author\"\n[entity.isbn]\npredefined = \"isbn13\"\n" +
		"[entity.writer]\ndictionary = \"author\"\n[entity.colour]\ndictionary = \"colour\"\n"
	_, rep := runHandMade(t, sodText, pages, map[string][]string{"title": titles[:6], "author": authors[:6], "colour": {"Crimson", "Teal"}})
	var saved bytes.Buffer
	if err := rep.Wrapper.Save(&saved); err != nil {
		t.Fatal(err)
	}
	loaded, err := wrapper.Load(bytes.NewReader(saved.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	summary := rep.Summary()
	diags := map[string]string{}
	for _, d := range objectrunner.Diagnose(rep) {
		if d.Kind == objectrunner.DiagNoSlot {
			diags[d.Field] = d.Message
		}
	}
	for _, c := range []struct {
		field string
		want  []string // parts of the reason
	}{
		{"isbn", []string{"no instance", "isbn13", "finds nothing"}},
		{"writer", []string{"where author is read", "went to that field"}},
		{"colour", []string{"no instance", `dictionary "colour"`}},
	} {
		t.Run(c.field, func(t *testing.T) {
			why := rep.Wrapper.NoSlotReason(c.field)
			for _, w := range c.want {
				if !strings.Contains(why, w) {
					t.Errorf("NoSlotReason(%s) = %q, want it to say %q", c.field, why, w)
				}
			}
			if got := loaded.NoSlotReason(c.field); got != why {
				t.Errorf("after Save and Load: %q, want %q", got, why)
			}
			if summary.Wrapper == nil || summary.Wrapper.NoSlot[c.field] != why {
				t.Errorf("report no_slot[%s] = %q, want %q", c.field, fmt.Sprint(summary.Wrapper.NoSlot[c.field]), why)
			}
			if !strings.Contains(diags[c.field], why) {
				t.Errorf("diagnostic %q does not give the reason %q", diags[c.field], why)
			}
		})
	}
	for _, f := range []string{"title", "author"} {
		if why := rep.Wrapper.NoSlotReason(f); why != "" {
			t.Errorf("NoSlotReason(%s) = %q for a field with a slot", f, why)
		}
	}
}
