package recognizers

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/objectrunner/objectrunner/sod"
)

// Info describes one predefined recognizer.
type Info struct {
	// Name is what an SOD writes after `predefined = `.
	Name string
	// Description says in one line what it matches.
	Description string
	// New builds the recognizer.
	New func() Recognizer
	// Partial says an instance may cover only part of a value: a postal
	// address's unit, second line or hyphenated city can be left out. A
	// wrapper then takes the slot's text rather than the instance.
	Partial bool
	// Labels are words pages write as the label of such a value ("When",
	// "Tel", "Website"), lower case: the wrapper takes a template label
	// sharing a stem with one of them as evidence for a field of this
	// recognizer, as it does with the field's own name.
	Labels []string
}

// LabelWords returns Info.Labels of the predefined recognizer called name;
// nil for unknown names.
func LabelWords(name string) []string {
	key := strings.ToLower(strings.TrimSpace(name))
	for _, in := range Predefined() {
		if in.Name == key {
			return in.Labels
		}
	}
	return nil
}

// Delimits reports whether the predefined recognizer called name finds
// whole values (not Info.Partial); false for unknown names.
func Delimits(name string) bool {
	if d, ok := delimits[name]; ok {
		return d
	}
	return delimits[strings.ToLower(strings.TrimSpace(name))]
}

// delimits is Delimits by name, built once (extraction asks for every
// value it checks).
var delimits = func() map[string]bool {
	m := map[string]bool{}
	for _, in := range Predefined() {
		m[in.Name] = !in.Partial
	}
	return m
}()

// Predefined returns the table of predefined recognizers, sorted by name.
// This table is the whole list: nothing registers itself elsewhere.
func Predefined() []Info {
	return []Info{
		{"address", `postal addresses: "237 West 42nd Street, New York, NY 10036", "New York, NY 10019", "10 Downing Street, London SW1A 2AA"`, newAddress, true, []string{"address", "location", "where", "directions"}},
		{"date", `dates: "2010-04-16", "4/16/2010", "16.04.2010", "July 13, 2010", "13 July 2010", "June 2010", "Tuesday, July 13 8:00p"`, newDate, false, []string{"date", "when", "day", "born", "birth", "dob"}},
		{"email", `e-mail addresses: "jane.doe@example.com"`, newEmail, false, []string{"email", "e-mail", "mail"}},
		{"isbn", `ISBN-10 or ISBN-13 with a valid checksum: "978-0-316-12558-1", "031612558X"`, func() Recognizer { return newISBN("predefined:isbn", isbn10|isbn13) }, false, []string{"isbn"}},
		{"isbn10", `ISBN-10 with a valid checksum: "0-316-12558-1", "031612558X"`, func() Recognizer { return newISBN("predefined:isbn10", isbn10) }, false, []string{"isbn"}},
		{"isbn13", `ISBN-13 (978/979) with a valid checksum: "9780316125581", "978-0-316-12558-1"`, func() Recognizer { return newISBN("predefined:isbn13", isbn13) }, false, []string{"isbn"}},
		{"number", `integers and decimals: "42", "-3.5", "1,234,567.89"`, newNumber, false, []string{"number", "no"}},
		{"percent", `percentages: "46%", "12.5 %", "10 percent"`, newPercent, false, []string{"percent", "rate"}},
		{"phone", `telephone numbers: "(212) 555-1234", "212.555.1234", "+1 212 555 1234", "+33 1 42 68 53 00"`, newPhone, false, []string{"phone", "tel", "telephone", "call", "mobile"}},
		{"price", `amounts with a currency: "$12.99", "USD 12.99", "12,99 €", "EUR 1.234,56", "£5"`, newPrice, false, []string{"price", "cost", "tickets", "admission", "fee"}},
		{"time", `clock times: "8:00p", "8:00pm", "20:30", "7 PM", "10:30 a.m."`, newTime, false, []string{"time", "when", "doors", "starts", "showtime"}},
		{"url", `web addresses: "https://example.com/a?b=1", "www.example.org"`, newURL, false, []string{"website", "web", "url", "site", "homepage", "link"}},
		{"year", `standalone years 1000-2099: "1998", "© 2010"`, newYear, false, []string{"year"}},
	}
}

// PredefinedNames returns the names of the predefined recognizers, sorted.
func PredefinedNames() []string {
	infos := Predefined()
	names := make([]string, len(infos))
	for i, in := range infos {
		names[i] = in.Name
	}
	sort.Strings(names)
	return names
}

// NewPredefined builds the predefined recognizer called name (case
// insensitive). An unknown name is an error that lists the valid names and
// suggests the closest one.
func NewPredefined(name string) (Recognizer, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	for _, in := range Predefined() {
		if in.Name == key {
			return in.New(), nil
		}
	}
	msg := fmt.Sprintf("unknown predefined recognizer %q", name)
	if s := suggest(key, PredefinedNames()); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return nil, fmt.Errorf("%s; valid names: %s", msg, strings.Join(PredefinedNames(), ", "))
}

// New builds the recognizer that spec describes: a Regex, a predefined
// recognizer or a dictionary recognizer served by dicts. Errors start with
// spec.Pos.
func New(spec *sod.Recognizer, dicts Dictionaries) (Recognizer, error) {
	if spec == nil {
		return nil, errors.New("no recognizer given")
	}
	var (
		r   Recognizer
		err error
	)
	switch spec.Kind {
	case sod.Regex:
		if spec.Pattern == "" {
			err = errors.New("regex recognizer with an empty pattern")
			break
		}
		r, err = NewRegex(spec.Pattern, spec.IgnoreCase, spec.Timeout)
	case sod.Predefined:
		r, err = NewPredefined(spec.Name)
	case sod.Dictionary:
		switch {
		case spec.Class == "":
			err = errors.New("dictionary recognizer without a class")
		case dicts == nil:
			err = fmt.Errorf("dictionary class %q is needed but no dictionary store was given", spec.Class)
		default:
			r, err = dicts.Recognizer(spec.Class)
		}
	default:
		err = fmt.Errorf("unknown recognizer kind %q (valid kinds: regex, predefined, dictionary)", spec.Kind)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", posString(spec.Pos), err)
	}
	return r, nil
}

// ForSOD builds one recognizer per entity type of s, keyed by type name.
// All errors are collected and joined, in type-name order.
func ForSOD(s *sod.SOD, dicts Dictionaries) (map[string]Recognizer, error) {
	names := make([]string, 0, len(s.Types))
	for name, t := range s.Types {
		if t != nil && t.Kind == sod.Entity {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	out := make(map[string]Recognizer, len(names))
	var errs []error
	for _, name := range names {
		t := s.Types[name]
		spec := t.Recognizer
		if spec == nil {
			errs = append(errs, fmt.Errorf("%s: entity type %s has no recognizer", posString(t.Pos), name))
			continue
		}
		if spec.Kind == sod.Dictionary && dicts == nil {
			errs = append(errs, fmt.Errorf("%s: entity type %s needs dictionary class %q but no dictionary store was given",
				posString(spec.Pos), name, spec.Class))
			continue
		}
		r, err := New(spec, dicts)
		if err != nil {
			errs = append(errs, fmt.Errorf("entity type %s: %w", name, err))
			continue
		}
		out[name] = r
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

func posString(p sod.Pos) string {
	if s := p.String(); s != "" {
		return s
	}
	return "<sod>"
}

// suggest returns the candidate closest to name by edit distance, if it is
// close enough to be a likely typo ("dte" → "date", "isbn-13" → "isbn13").
func suggest(name string, candidates []string) string {
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := sod.EditDistance(name, c)
		if strings.HasPrefix(c, name) && name != "" {
			d = min(d, 1)
		}
		if d < bestD {
			best, bestD = c, d
		}
	}
	if bestD <= max(2, len(name)/3) {
		return best
	}
	return ""
}

// Check reports what ForSOD would reject in s without building anything:
// predefined recognizer names that do not exist and, when classes is not
// nil, dictionary classes not among classes (the store's classes). The
// result is a sod.ErrorList of positioned errors ("sod.toml:9:1: [entity.price]:
// unknown predefined recognizer "prise"; did you mean "price"? …"), or nil.
func Check(s *sod.SOD, classes []string) error {
	names := make([]string, 0, len(s.Types))
	for name, t := range s.Types {
		if t != nil && t.Kind == sod.Entity && t.Recognizer != nil {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	var errs sod.ErrorList
	for _, name := range names {
		spec := s.Types[name].Recognizer
		switch spec.Kind {
		case sod.Predefined:
			if _, err := NewPredefined(spec.Name); err != nil {
				errs = append(errs, &sod.Error{Pos: spec.Pos, Msg: fmt.Sprintf("[entity.%s]: %v", name, err)})
			}
		case sod.Dictionary:
			if classes == nil || slices.Contains(classes, spec.Class) {
				continue
			}
			msg := fmt.Sprintf("[entity.%s]: no dictionary class %q in the store", name, spec.Class)
			if c := suggest(spec.Class, classes); c != "" {
				msg += fmt.Sprintf("; did you mean %q?", c)
			}
			if len(classes) == 0 {
				msg += " (the store is empty: import word lists with objectrunner dict import)"
			} else {
				msg += fmt.Sprintf(" (classes: %s)", strings.Join(classes, ", "))
			}
			errs = append(errs, &sod.Error{Pos: spec.Pos, Msg: msg})
		}
	}
	if len(errs) == 0 {
		return nil
	}
	slices.SortStableFunc(errs, func(a, b *sod.Error) int { return a.Pos.Line - b.Pos.Line })
	return errs
}
