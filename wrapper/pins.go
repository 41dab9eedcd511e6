package wrapper

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// ParseExample reads an --example argument "field=value@page" (the last
// "@" separates the page, so a value may hold one).
func ParseExample(s string) (Pin, error) {
	eq := strings.IndexByte(s, '=')
	at := strings.LastIndexByte(s, '@')
	if eq <= 0 || at < eq+1 || at == len(s)-1 {
		return Pin{}, fmt.Errorf("example %q: want field=value@page (e.g. price=$16.46@0002.htm)", s)
	}
	p := Pin{Field: strings.TrimSpace(s[:eq]), Example: strings.TrimSpace(s[eq+1 : at]), Page: strings.TrimSpace(s[at+1:])}
	if p.Example == "" {
		return Pin{}, fmt.Errorf("example %q: the value is empty", s)
	}
	return p, nil
}

// Answers is the answers file: the pins, in the order given.
type Answers struct {
	Answers []Pin `json:"answers"`
}

// ReadAnswers reads an answers file (JSON {"answers": [pin, ...]}), name
// naming it in errors; every answer must name a field and say one thing.
func ReadAnswers(r io.Reader, name string) ([]Pin, error) {
	var a Answers
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: trailing data after the answers (byte %d)", name, dec.InputOffset())
	}
	for i, p := range a.Answers {
		if err := p.Check(); err != nil {
			return nil, fmt.Errorf("%s: answers[%d]: %w", name, i, err)
		}
	}
	return a.Answers, nil
}

// WriteAnswers writes pins as an answers file ReadAnswers reads.
func WriteAnswers(w io.Writer, pins []Pin) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if pins == nil {
		pins = []Pin{}
	}
	return enc.Encode(Answers{Answers: pins})
}

// checkPins checks opt.Pins against the SOD's fields and finds each
// example's page among the sample pages; it returns the pins to use
// (a copy: the caller's slice is not written).
func checkPins(pins []Pin, fields []FieldSpec, pages []*annotate.Page) ([]Pin, error) {
	if len(pins) == 0 {
		return nil, nil
	}
	out := slices.Clone(pins)
	seen := map[string]bool{}
	for i := range out {
		p := &out[i]
		if err := p.Check(); err != nil {
			return nil, fmt.Errorf("wrapper: Induce: pins[%d]: %w", i, err)
		}
		if p.Records != "" {
			if seen[""] {
				return nil, fmt.Errorf("wrapper: Induce: pins[%d]: the records are pinned twice", i)
			}
			seen[""] = true
			continue
		}
		j := mapping.IndexOf(fields, p.Field)
		if j < 0 || fields[j].Tuple {
			return nil, fmt.Errorf("wrapper: Induce: pins[%d]: field %q is not an entity field of the SOD", i, p.Field)
		}
		if seen[p.Field] {
			return nil, fmt.Errorf("wrapper: Induce: pins[%d]: field %q is pinned twice", i, p.Field)
		}
		seen[p.Field] = true
		p.PageIndex = -1
		if p.Example != "" {
			p.PageIndex = samplePage(pages, p.Page)
		}
	}
	return out, nil
}

// samplePage is the index of the sample page named name (its path, or
// its base name), -1 when none.
func samplePage(pages []*annotate.Page, name string) int {
	for i, pg := range pages {
		if pg.Path == name {
			return i
		}
	}
	for i, pg := range pages {
		if base(pg.Path) == name {
			return i
		}
	}
	return -1
}

func base(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// Pins returns the pins the wrapper was learned with.
func (w *Wrapper) Pins() []Pin {
	if w.State == nil {
		return nil // a zero Wrapper
	}
	return slices.Clone(w.State.Options.Pins)
}

// CheckPinFields checks, before any page is read, that every pin (an
// answer or an example) names an entity field of s, and says which fields
// there are, with the nearest as a suggestion, when one does not: a
// misspelt field in an --example or an answers file would otherwise be
// found only once the sample is annotated. A records pin names no field.
func CheckPinFields(pins []Pin, s *sod.SOD) error {
	var names []string
	for _, f := range SODFields(s) {
		if !f.Tuple {
			names = append(names, f.Path)
		}
	}
	for _, p := range pins {
		if p.Records != "" || slices.Contains(names, p.Field) {
			continue
		}
		hint := ""
		best, bestD := "", -1
		for _, n := range names {
			if d := sod.EditDistance(strings.ToLower(p.Field), strings.ToLower(n)); bestD < 0 || d < bestD {
				best, bestD = n, d
			}
		}
		if bestD >= 0 && bestD <= 1+len([]rune(p.Field))/4 && bestD < len([]rune(p.Field)) {
			hint = fmt.Sprintf("; did you mean %q?", best)
		}
		return fmt.Errorf("field %q is not a field of the SOD%s (its fields: %s)", p.Field, hint, strings.Join(names, ", "))
	}
	return nil
}
