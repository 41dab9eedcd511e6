package zoo

import (
	"slices"
	"sort"
	"strings"
)

// factKind says what values a fact holds.
type factKind int

const (
	single factKind = iota // one value
	multi                  // one or more values (authors, performers)
	addr                   // an address: [street line, city line]
)

// factDef is one thing a record of a domain may show: a field a user asks
// for, or something else the page shows next to it (a distractor), such as
// an ISBN-10 beside the ISBN-13 or an editor beside the authors.
type factDef struct {
	key      string
	kind     factKind
	labels   []string // label texts a site may print before the value
	prefixes []string // texts a site may print before it when it has no label ("by ")
	class    string   // the dictionary class its values belong to ("" for none)
	head     bool     // may be shown right under the record's heading, unlabeled
	near     bool     // a near miss: same class or format as a field, another role
	combos   []combo  // facts it may share one text node with
}

// combo is a second fact written in the same text as the first, with the
// text between them and after the second: "Kestrel Books (June 1, 2010)".
type combo struct {
	with      string
	mid, post string
}

// record holds one object's values by fact key, as the page shows them.
// An absent fact has no key; an address holds [street, city line].
type record map[string][]string

// domain is one kind of site: the facts its records show, how to draw a
// record, and the SODs a newcomer would write for it.
type domain struct {
	name      string
	object    string    // the SOD's root type name ("book")
	heading   string    // the fact that heads a record
	facts     []factDef // in the order a site usually shows them
	listTitle string    // a list page's title ("Upcoming events")
	nav       []string  // category links of the site's navigation
	related   []string  // titles of look-alike boxes ("Customers also viewed")
	lookalike []string  // facts shown with other records' headings in those boxes
	blurbs    []string  // sentences of descriptions
	infoTitle string    // detail pages: the heading of a box of site information
	info      []string  // its sentences
	submenu   []string  // the entries of each navigation drop-down
	// reviewTitle and reviewLines make the reviews or comments box of
	// detail pages (names and dates that look like field values).
	reviewTitle string
	reviewLines []string
	facets      []string // list pages: facts whose values (of other records) fill the "refine by" box
	// siteHeads and siteTails make the site's name.
	siteHeads, siteTails []string
	// pageFact, on list pages, is a fact shown once per page (a roster's
	// team) rather than in every record; "" for none.
	pageFact string
	// setup draws the domain's template choices: formats, which facts are
	// optional (s.presence), which are only shown (distractors), extras.
	setup func(s *state)
	// drawPage, when set, draws the values the records of one page share
	// (into s.page) before its records are drawn.
	drawPage func(s *state)
	// draw fills one record (other: a look-alike record for sidebars).
	draw func(s *state, rec record, other bool)
	// sod draws the SOD a newcomer writes for the template.
	sod func(s *state) *sodSpec
	// names draws a value of a dictionary class that is on no page
	// (dictionary noise).
	names map[string]func(r *rng) string
	// wrong lists, per dictionary class, facts whose values are of
	// another class but may be wrongly listed in the class's seed list.
	wrong map[string][]string
}

func (d *domain) fact(key string) *factDef {
	for i := range d.facts {
		if d.facts[i].key == key {
			return &d.facts[i]
		}
	}
	panic("zoo: domain " + d.name + " has no fact " + key)
}

// state is the generation of one source.
type state struct {
	r      *rng
	seed   uint64
	dom    *domain
	list   bool
	f      formats
	t      *tmpl
	site   site
	tags   map[string]bool // template features drawn, for Features.Tags
	others []record        // look-alike records for sidebars, ads and carousels
	// presence is the share of records showing each optional fact.
	presence map[string]float64
	// extra holds domain-specific choices of the template (e.g. whether
	// a lineup repeats the headliner).
	extra map[string]bool
	// classes are the class names drawn per role (cls).
	classes map[string]string
	// pools are per-source pools of recurring values, by kind.
	pools map[string][]string
	// page holds the values of the page being drawn that its records
	// share (a roster's team).
	page record
}

func (s *state) tag(t string) { s.tags[t] = true }

// present draws whether an optional fact is shown on a record.
func (s *state) present(key string) bool {
	p, ok := s.presence[key]
	return !ok || s.r.chance(p)
}

// sortedTags lists the template features drawn.
func (s *state) sortedTags() []string {
	var out []string
	for t := range s.tags {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// site is a made-up website: its name, host and template habits.
type site struct {
	name, host string
	prefix     string // class-name prefix ("ps-", "a-", "")
	year       int    // the era the template looks like
	html5      bool
}

// cls draws a class name in the site's habit for the role the candidate
// names describe; a template uses the same name for a role on every page.
func (s *state) cls(names ...string) string {
	key := strings.Join(names, "|")
	if c, ok := s.classes[key]; ok {
		return c
	}
	c := s.site.prefix + pick(s.r, names)
	s.classes[key] = c
	return c
}

// values returns the values of key in rec, and whether it has any.
func (rec record) values(key string) ([]string, bool) {
	v, ok := rec[key]
	return v, ok && len(v) > 0
}

// has reports whether rec shows key.
func (rec record) has(key string) bool { _, ok := rec.values(key); return ok }

// classValues collects the values of dictionary class c shown in recs.
func (d *domain) classValues(c string, recs []record) []string {
	var out []string
	for _, rec := range recs {
		for _, f := range d.facts {
			if f.class != c {
				continue
			}
			for _, v := range rec[f.key] {
				if !slices.Contains(out, v) {
					out = append(out, v)
				}
			}
		}
	}
	return out
}
