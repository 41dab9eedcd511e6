package wrapper

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
	"golang.org/x/net/html"
) // trustnotes.go

// doubtTally is what the doubt notes count over a field's sample objects.
type doubtTally struct {
	// first is the first value's text of the object being counted,
	// constant the text every object had so far, varied whether two
	// objects differed.
	first, constant string
	varied          bool
	// ragged and runOn count the values of those notes, with an example.
	ragged, runOn     int
	raggedEx, runOnEx string
	// shared says the field's slot is shared with another field.
	shared bool
	// inLink counts the values mentioned in a longer link text, with an
	// example link text.
	inLink   int
	inLinkEx string
	// inside and outside count the sample objects whose set items lie
	// inside, outside the single fields' element (placeTally).
	inside, outside int
	outsideEx       string
	// regions counts the sample objects with a region, missed those of
	// them where the field has no value though its type is annotated in
	// the region (missedEx: one such text).
	regions, missed int
	missedEx        string
	// both counts, by other single field, the sample objects where both
	// have a value; same those where their first values are one text.
	both, same map[string]int
}

// value counts one sample value of field f, tokens [a, b) (patterned:
// the types of patterned fields).
func (d *doubtTally) value(f FieldSpec, toks []mapping.Token, a, b int, patterned map[string]bool) {
	txt := mapping.WordsText(toks, a, b)
	if d.first == "" {
		d.first = txt
	}
	if mapping.RaggedText(txt) {
		d.ragged++
		if d.raggedEx == "" {
			d.raggedEx = txt
		}
	}
	if lt := linkText(toks[a].Node); lt != "" && len(strings.Fields(lt)) >= len(strings.Fields(txt))+2 {
		d.inLink++
		if d.inLinkEx == "" {
			d.inLinkEx = lt
		}
	}
	if !f.Many && !d.shared && !f.Delimited() && mapping.RunOn(toks, a, b, f.Types, patterned) {
		d.runOn++
		if d.runOnEx == "" {
			d.runOnEx = txt
		}
	}
}

// linkText returns the text of the link (an a element, n or one of its
// three nearest ancestors) holding text node n, "" when there is none.
func linkText(n *html.Node) string {
	for e, up := n, 0; e != nil && up < 4; e, up = e.Parent, up+1 {
		if e.Type == html.ElementNode && e.Data == "a" {
			return strings.Join(strings.Fields(nodeText(e)), " ")
		}
	}
	return ""
}

// object closes the counts of one sample object with a value.
func (d *doubtTally) object() {
	switch {
	case d.first == "":
	case d.constant == "":
		d.constant = d.first
	case d.constant != d.first:
		d.varied = true
	}
	d.first = ""
}

// placeTally counts, on one sample object (ob) of page p, the single
// fields whose first value is another field's, and, on detail pages,
// whether each set field's items lie inside the smallest element holding
// the single fields' values (the region) and which fields have no value
// though their type is annotated inside the region.
func (w *Wrapper) placeTally(p *annotate.Page, fields []FieldSpec, ob *mapping.ObjectTally, tally map[string]*fieldTally) {
	for i, f := range fields {
		for _, g := range fields[i+1:] {
			if f.Many || g.Many || ob.First[f.Path] == "" || ob.First[g.Path] == "" {
				continue
			}
			for _, x := range []*fieldTally{tally[f.Path], tally[g.Path]} {
				if x.both == nil {
					x.both, x.same = map[string]int{}, map[string]int{}
				}
			}
			tally[f.Path].both[g.Path]++
			tally[g.Path].both[f.Path]++
			if ob.First[f.Path] == ob.First[g.Path] && len(ob.At[f.Path]) > 0 && len(ob.At[g.Path]) > 0 && ob.At[f.Path][0] != ob.At[g.Path][0] {
				tally[f.Path].same[g.Path]++
				tally[g.Path].same[f.Path]++
			}
		}
	}
	if w.rp != nil || w.scope >= 0 {
		return // list pages: records are placed by their pattern
	}
	region := mapping.RegionOf(fields, ob, "")
	if region == nil {
		return
	}
	taken := map[*html.Node]bool{} // the text nodes of the object's values
	for _, ns := range ob.At {
		for _, n := range ns {
			taken[n] = true
		}
	}
	for _, f := range fields {
		d := &tally[f.Path].doubtTally
		if len(ob.At[f.Path]) == 0 {
			d.regions++
			for _, an := range p.Annotations {
				if an.Whole && !f.Delimited() && slices.Contains(f.Types, an.Type) && an.Node != nil && !taken[an.Node] && mapping.Under(an.Node, region) {
					d.missed++
					if d.missedEx == "" {
						d.missedEx = strings.TrimSpace(an.Node.Data)
					}
					break
				}
			}
			continue
		}
		d.regions++
		if !f.Many && !f.Patterned() {
			// Measured on zoo seeds: a single name field outside
			// the others' element is mostly the object's name in a
			// header above them, not a sidebar's value.
			continue
		}
		own := mapping.RegionOf(fields, ob, f.Path)
		if own == nil {
			continue
		}
		out := 0
		for _, n := range ob.At[f.Path] {
			if !mapping.Under(n, own) {
				out++
			}
		}
		if 2*out > len(ob.At[f.Path]) {
			d.outside++
			if d.outsideEx == "" {
				d.outsideEx = strings.TrimSpace(ob.At[f.Path][0].Data)
			}
		} else {
			d.inside++
		}
	}
}

// notes returns field f's doubt notes (tl counted objs sample objects
// with a value; records: the objects are records of list pages; lead:
// the field's slot drops a leading number).
func (tl *fieldTally) notes(f FieldSpec, records, lead bool) []Note {
	var out []Note
	d := &tl.doubtTally
	if !d.varied && d.constant != "" && tl.objs >= ConstantMin {
		where := "sample page"
		if records {
			where = "sample record"
		}
		out = append(out, Note{Kind: NoteConstant, Field: f.Path, Message: fmt.Sprintf(
			"field %s has the same value %q on every one of the %d %ss with a value: it looks like template text (a label or a link), not data",
			f.Path, d.constant, tl.objs, where)})
	}
	if d.ragged >= 2 && float64(d.ragged) >= RaggedShare*float64(tl.vals) {
		out = append(out, Note{Kind: NoteRagged, Field: f.Path, Message: fmt.Sprintf(
			"field %s: %d of its %d sample values open a bracket they do not close (e.g. %q): the value is cut in the wrong place",
			f.Path, d.ragged, tl.vals, d.raggedEx)})
	}
	if d.runOn >= 2 && float64(d.runOn) >= RaggedShare*float64(tl.vals) {
		out = append(out, Note{Kind: NoteRunOn, Field: f.Path, Message: fmt.Sprintf(
			"field %s: %d of its %d sample values go on past their %s instance into other text (e.g. %q): values may hold the next text",
			f.Path, d.runOn, tl.vals, strings.Join(f.Types, "|"), d.runOnEx)})
	}
	if d.inLink >= 2 && 2*d.inLink >= tl.vals {
		out = append(out, Note{Kind: NoteInLink, Field: f.Path, Message: fmt.Sprintf(
			"field %s: %d of its %d sample values are read from a longer link text (e.g. %q): a link that mentions a value (\"compare\", \"more by\") may not hold the field's own value",
			f.Path, d.inLink, tl.vals, d.inLinkEx)})
	}
	if lead && f.Dictionary {
		out = append(out, Note{Kind: NoteLeadNumber, Field: f.Path, Message: fmt.Sprintf(
			"field %s: its values are read without the number that opens their text (e.g. %q): if the number belongs to the value, declare whole_node",
			f.Path, d.constantOrFirst())})
	}
	if d.outside >= 3 && d.outside >= d.inside {
		out = append(out, Note{Kind: NoteSetElsewhere, Field: f.Path, Message: fmt.Sprintf(
			"field %s: on %d of the %d sample pages its values (e.g. %q) lie outside the element that holds the object's other single fields: they may be a sidebar's or another object's",
			f.Path, d.outside, d.outside+d.inside, d.outsideEx)})
	}
	if d.missed >= 2 && float64(d.missed) >= MissedShare*float64(d.regions) {
		out = append(out, Note{Kind: NoteMissed, Field: f.Path, Message: fmt.Sprintf(
			"field %s has no value on %d of the %d sample pages, though its type %s is found there among the object's fields (e.g. %q): values are missed",
			f.Path, d.missed, d.regions, strings.Join(f.Types, "|"), d.missedEx)})
	}
	for _, g := range slices.Sorted(maps.Keys(d.same)) {
		n := d.same[g]
		if n < 2 || 2*n < d.both[g] {
			continue
		}
		out = append(out, Note{Kind: NoteSameAs, Field: f.Path, Message: fmt.Sprintf(
			"field %s has the same value as field %s on %d of the %d sample objects where both have one (e.g. %q): one of them is read from the other's place",
			f.Path, g, n, d.both[g], d.constantOrFirst())})
		break
	}
	return out
}

// constantOrFirst is an example value of the tally.
func (d *doubtTally) constantOrFirst() string { return d.constant }

// learnDoubts records, by field path, the doubt notes of the wrapper on
// its sample (Wrapper.doubt; Evidence.Doubt), in the wrapper and its
// page wrapper.
func (w *Wrapper) learnDoubts(pages []*annotate.Page) {
	w.doubt = mapping.DoubtsOf(w.Notes(pages))
	if w.page != nil {
		w.page.doubt = w.doubt
	}
}
