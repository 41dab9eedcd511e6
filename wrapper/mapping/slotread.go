package mapping

import (
	"fmt"
	"strings"
)

// Reading says in words how a field's value is read from its slot, from
// the rules of the mapping: "the whole value" when there are none, else
// the rules joined by "; " ("segment 2 from the left (split at tags and
// separators); values checked by the recognizer"). When several fields
// share a slot, their Readings say how they split it.
func (sm SlotMap) Reading() string {
	var r []string
	quote := func(words []string) string { return "\"" + strings.Join(words, " ") + "\"" }
	if len(sm.Label) > 0 {
		r = append(r, "only after the label "+quote(sm.Label))
	}
	if len(sm.Row) > 0 {
		r = append(r, "the text after the row label "+quote(sm.Row)+" up to the next label")
	}
	if sm.Cut != nil {
		side := "left"
		if sm.Cut.FromRight {
			side = "right"
		}
		r = append(r, fmt.Sprintf("segment %d from the %s (the value split at tags and separators)", sm.Cut.Index+1, side))
	}
	if sm.Piece != nil {
		r = append(r, sm.Piece.String())
	}
	if len(sm.CutAt) > 0 {
		r = append(r, fmt.Sprintf("what comes before the first of %q", sm.CutAt))
	}
	if sm.Item {
		item := "the first item (split at tags and separators) that is wholly an instance of the field's type"
		if len(sm.ItemLabel) > 0 {
			item = "the first item after the label " + quote(sm.ItemLabel)
		}
		r = append(r, item)
	}
	for _, c := range []struct {
		on   bool
		what string
	}{
		{sm.Match, "the longest instance of the field's pattern in the slot's text"},
		{sm.Part, "the slot's text less the instance of the field that shares it"},
		{sm.Lead, "the first run of words, up to the first tag"},
		{sm.LeadNum, "after the number that opens it"},
		{sm.Extend, "on to the end of its text node"},
		{sm.Join, "joined with the next slot's line (\", \")"},
		{sm.JoinPrev, "joined after the previous slot's line (\", \")"},
		{sm.Lines, "the lines of its set joined with \", \""},
		{sm.Block, "the variable text of its block element"},
	} {
		if c.on {
			r = append(r, c.what)
		}
	}
	if len(sm.Seps) > 0 || len(sm.SepWords) > 0 {
		r = append(r, fmt.Sprintf("items split at %q", append(append([]string{}, sm.Seps...), sm.SepWords...)))
	}
	if sm.Validate {
		r = append(r, "values the recognizer finds no instance in are dropped")
	}
	if len(r) == 0 {
		return "the whole value"
	}
	return strings.Join(r, "; ")
}
