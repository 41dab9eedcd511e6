package annotate

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

// Options configure an Annotator.
type Options struct {
	// MinConfidence drops matches whose confidence is below it (0: keep all).
	MinConfidence float64
	// CacheEntries bounds the memo of recognizer results by text: how many
	// distinct texts are remembered, each with the results of every entity
	// type searched in it so far (DefaultCacheEntries; negative disables
	// it). Pages of one template repeat most of their text (navigation,
	// labels, footers), so each distinct short text is searched once per run
	// and looked up once per text node for all types (the results of a type
	// are stored in the entry atomically, the map is behind a RWMutex). Recognizers must be
	// deterministic for the Annotator's lifetime.
	CacheEntries int
	// RegexPageBudget and RegexRunBudget bound the time of user regexes on
	// one page and the time a run may lose to them (see budget.go); zero
	// selects PageBudgetFactor and RunBudgetFactor times the largest regex
	// timeout, negative means no bound.
	RegexPageBudget, RegexRunBudget time.Duration
}

// DefaultCacheEntries is the default of Options.CacheEntries.
const DefaultCacheEntries = 1 << 16

// maxCachedText is the longest text whose matches are memoised; longer texts
// (descriptions, reviews) rarely repeat.
const maxCachedText = 512

// textMatch is a recognizer match that passed the Annotator's filters
// (bounds, MinConfidence, WholeNode), with its Whole flag.
type textMatch struct {
	recognizers.Match
	Whole bool
}

// memoEntry holds, for one text, the filtered matches of each entity type
// (by index), nil until the type was searched.
type memoEntry struct {
	res []atomic.Pointer[[]textMatch]
}

// textMemo memoises filtered recognizer results by text for all types: one
// lookup per text node serves every type.
type textMemo struct {
	mu  sync.RWMutex
	m   map[string]*memoEntry
	max int
	nt  int
}

// entry returns text's memo entry, creating it while the memo has room; nil
// when text is not memoised.
func (c *textMemo) entry(text string) *memoEntry {
	if c == nil || len(text) > maxCachedText {
		return nil
	}
	c.mu.RLock()
	e, full := c.m[text], len(c.m) >= c.max
	c.mu.RUnlock()
	if e != nil || full {
		return e
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.m[text]; e != nil {
		return e
	}
	if len(c.m) >= c.max {
		return nil
	}
	e = &memoEntry{res: make([]atomic.Pointer[[]textMatch], c.nt)}
	c.m[strings.Clone(text)] = e
	return e
}

// EntityType is one entity type of an SOD as the annotator sees it.
type EntityType struct {
	// Name is the type's name, the Annotation.Type of its instances.
	Name string
	// Type is the SOD type.
	Type *sod.Type
	// Mandatory reports whether every object must hold an instance: the
	// type's field and all enclosing fields have a minimum multiplicity of at
	// least one, and no enclosing type is a disjunction. The SOD's page-level
	// multiplicity is not considered: a list source may have pages without
	// objects, but its objects still need the type.
	Mandatory bool
	// MaxPerPage is the most instances one page can hold by the SOD: the
	// product of the maximum multiplicities of the page (SOD.Mult) and of
	// the fields enclosing the type; sod.Unbounded when any is unbounded.
	MaxPerPage int
	// Recognizer finds the type's instances.
	Recognizer recognizers.Recognizer

	index int  // position in Annotator.types
	timed bool // the recognizer has a timeout: regex budgets apply
}

// Annotator finds the instances of an SOD's entity types in pages and records
// them as Annotations. It is safe for concurrent use on different pages when
// its recognizers are.
type Annotator struct {
	sod    *sod.SOD
	types  []*EntityType
	byName map[string]*EntityType
	opts   Options
	memo   *textMemo // nil when disabled
	budget regexBudgets
}

// NewAnnotator returns an annotator for the entity types of s, using recs
// (keyed by entity type name) to recognise them. Every entity type reachable
// from s.Root needs a recognizer.
func NewAnnotator(s *sod.SOD, recs map[string]recognizers.Recognizer, opts Options) (*Annotator, error) {
	if s == nil || s.Root == nil {
		return nil, errors.New("annotate: SOD without a root type")
	}
	a := &Annotator{sod: s, opts: opts, byName: map[string]*EntityType{}}
	var missing []string
	var walk func(t *sod.Type, name string, mandatory bool, maxN int, seen map[*sod.Type]bool)
	walk = func(t *sod.Type, name string, mandatory bool, maxN int, seen map[*sod.Type]bool) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		defer delete(seen, t)
		switch t.Kind {
		case sod.Entity:
			if t.Name != "" {
				name = t.Name
			}
			if et, ok := a.byName[name]; ok { // a type used by several fields
				et.Mandatory = et.Mandatory || mandatory
				if et.MaxPerPage != sod.Unbounded {
					et.MaxPerPage = addMax(et.MaxPerPage, maxN)
				}
				return
			}
			rec := recs[name]
			if rec == nil {
				missing = append(missing, name)
			}
			et := &EntityType{Name: name, Type: t, Mandatory: mandatory, MaxPerPage: maxN, Recognizer: rec, index: len(a.types)}
			a.types = append(a.types, et)
			a.byName[name] = et
		case sod.Tuple:
			for _, f := range t.Fields {
				walk(f.Type, f.Name, mandatory && f.Mult.Min >= 1, mulMax(maxN, f.Mult.Max), seen)
			}
		case sod.Disjunction:
			for _, alt := range t.Alternatives {
				walk(alt, alt.Name, false, maxN, seen)
			}
		}
	}
	pageMax := s.Mult.Max
	if s.Mult == (sod.Multiplicity{}) {
		pageMax = 1
	}
	walk(s.Root, s.Root.Name, true, pageMax, map[*sod.Type]bool{})
	if len(missing) > 0 {
		return nil, fmt.Errorf("annotate: no recognizer for entity type(s) %s", strings.Join(missing, ", "))
	}
	if len(a.types) == 0 {
		return nil, errors.New("annotate: the SOD has no entity types")
	}
	if n := opts.CacheEntries; n >= 0 {
		if n == 0 {
			n = DefaultCacheEntries
		}
		a.memo = &textMemo{m: map[string]*memoEntry{}, max: n, nt: len(a.types)}
	}
	a.initBudgets()
	return a, nil
}

func mulMax(a, b int) int {
	if a == sod.Unbounded || b == sod.Unbounded {
		return sod.Unbounded
	}
	return a * b
}

func addMax(a, b int) int {
	if a == sod.Unbounded || b == sod.Unbounded {
		return sod.Unbounded
	}
	return a + b
}

// Types returns the SOD's entity types in declaration order.
func (a *Annotator) Types() []*EntityType { return a.types }

// Type returns the entity type called name, or nil.
func (a *Annotator) Type(name string) *EntityType { return a.byName[name] }

// TypeError reports a recognizer failure (a regular-expression timeout) on
// one page and entity type.
type TypeError struct {
	Page, Type string
	Err        error
}

func (e *TypeError) Error() string {
	return fmt.Sprintf("%s: type %s: %v", e.Page, e.Type, e.Err)
}

func (e *TypeError) Unwrap() error { return e.Err }

// Annotate finds instances of the given entity types (all when none are
// given) in the text nodes of p and records them in p.Annotations and
// p.ByNode, replacing earlier annotations of those types. See AnnotateIn.
func (a *Annotator) Annotate(p *Page, types ...string) error {
	return a.AnnotateIn(p, nil, types...)
}

// AnnotateIn is Annotate restricted to the subtree rooted at scope (the whole
// document when scope is nil); annotations of the given types outside scope
// are removed too.
//
// Each text node is searched separately. A match of a WholeNode type is kept
// only when it covers the node's whole text, ignoring surrounding white space
// and punctuation; Annotation.Whole records that for every match. An
// annotation is propagated to the node's ancestors while each has a single
// child (seed 003, §3.2), stopping below <body>; those ancestors are listed in
// Annotation.Up and index it in p.ByNode. A recognizer error stops the page
// with a *TypeError naming page and type; p is then left unchanged.
func (a *Annotator) AnnotateIn(p *Page, scope *html.Node, types ...string) error {
	ets, err := a.resolve(types)
	if err != nil {
		return fmt.Errorf("%s: %w", p.Path, err)
	}
	if scope == nil {
		scope = p.Doc
	}
	redo := make(map[string]bool, len(ets))
	for _, et := range ets {
		redo[et.Name] = true
	}
	var fresh []*Annotation
	var ferr error
	clk := &pageClock{}
	textTypes, attrTypes := splitAttrTypes(ets) // attr.go
	walkText(scope, func(n *html.Node) bool {
		e := a.memo.entry(n.Data)
		for _, et := range textTypes {
			ms, err := a.matches(e, et, n.Data, clk)
			if err != nil {
				ferr = &TypeError{Page: p.Path, Type: et.Name, Err: err}
				return false
			}
			for _, m := range ms {
				start, end := m.Start, m.End
				fresh = append(fresh, &Annotation{
					Type: et.Name, Node: n, Start: start, End: end,
					Recognizer: m.Recognizer, Confidence: m.Confidence,
					Normalized: m.Normalized, Whole: m.Whole,
				})
			}
		}
		return true
	})
	if ferr != nil {
		return ferr
	}
	if fresh, ferr = a.annotateAttrs(p, scope, attrTypes, fresh); ferr != nil {
		return ferr
	}
	for _, an := range fresh {
		an.Up = propagate(an.Node)
	}
	p.merge(fresh, redo)
	return nil
}

// matches returns et's filtered matches in text, from e (text's memo entry,
// nil when not memoised) when known. Spans are trimmed of surrounding white
// space; matches outside text, empty ones, those below MinConfidence and,
// for a WholeNode type, those not covering the whole text are dropped.
func (a *Annotator) matches(e *memoEntry, et *EntityType, text string, clk *pageClock) ([]textMatch, error) {
	if e != nil {
		if ms := e.res[et.index].Load(); ms != nil {
			return *ms, nil
		}
	}
	raw, err := a.find(et, text, clk)
	if err != nil {
		return nil, err
	}
	var ms []textMatch
	for _, m := range raw {
		if m.Start < 0 || m.End > len(text) || m.Start >= m.End {
			continue
		}
		// A span never starts or ends with white space (Clean keeps a
		// space at inline boundaries; a pattern may take it in).
		for m.Start < m.End {
			r, n := utf8.DecodeRuneInString(text[m.Start:m.End])
			if !unicode.IsSpace(r) {
				break
			}
			m.Start += n
		}
		for m.End > m.Start {
			r, n := utf8.DecodeLastRuneInString(text[m.Start:m.End])
			if !unicode.IsSpace(r) {
				break
			}
			m.End -= n
		}
		if m.Start == m.End {
			continue
		}
		if m.Confidence < a.opts.MinConfidence {
			continue
		}
		whole := coversWhole(text, m.Start, m.End)
		if et.Type.WholeNode && !whole {
			continue
		}
		ms = append(ms, textMatch{Match: m, Whole: whole})
	}
	if e != nil {
		e.res[et.index].Store(&ms)
	}
	return ms, nil
}

func (a *Annotator) resolve(types []string) ([]*EntityType, error) {
	if len(types) == 0 {
		return a.types, nil
	}
	out := make([]*EntityType, 0, len(types))
	for _, name := range types {
		et := a.byName[name]
		if et == nil {
			return nil, fmt.Errorf("unknown entity type %q", name)
		}
		out = append(out, et)
	}
	return out, nil
}

// merge replaces the annotations of the types in redo by fresh, keeping
// p.Annotations in document order and rebuilding p.ByNode.
func (p *Page) merge(fresh []*Annotation, redo map[string]bool) {
	all := make([]*Annotation, 0, len(p.Annotations)+len(fresh))
	for _, an := range p.Annotations {
		if !redo[an.Type] {
			all = append(all, an)
		}
	}
	if len(all) > 0 && len(fresh) > 0 {
		all = append(all, fresh...)
		p.sortByDocument(all)
	} else if len(fresh) > 0 {
		// fresh is in document order by node; order each node's run by offset.
		for i := 0; i < len(fresh); {
			j := i + 1
			for j < len(fresh) && fresh[j].Node == fresh[i].Node {
				j++
			}
			if j-i > 1 {
				run := fresh[i:j]
				sort.SliceStable(run, func(x, y int) bool { return run[x].Start < run[y].Start })
			}
			i = j
		}
		all = fresh
	}
	p.Annotations = all
	p.ByNode = make(map[*html.Node][]*Annotation, len(all))
	for _, an := range all {
		p.ByNode[an.Node] = append(p.ByNode[an.Node], an)
		for _, up := range an.Up {
			p.ByNode[up] = append(p.ByNode[up], an)
		}
	}
}

// walkText calls f on each text node under n in document order until f
// returns false. Text under script and style elements (absent from cleaned
// trees) is skipped.
func walkText(n *html.Node, f func(*html.Node) bool) bool {
	if n.Type == html.TextNode {
		return f(n)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			if !f(c) {
				return false
			}
		case html.ElementNode:
			switch c.DataAtom {
			case atom.Script, atom.Style:
				continue
			}
			if !walkText(c, f) {
				return false
			}
		case html.DocumentNode:
			if !walkText(c, f) {
				return false
			}
		}
	}
	return true
}

// propagate returns the ancestors of text node n that have it as their only
// content: each element whose single child is the previous node, up to but
// excluding <body>.
func propagate(n *html.Node) []*html.Node {
	var up []*html.Node
	for c, p := n, n.Parent; p != nil && p.Type == html.ElementNode; c, p = p, p.Parent {
		if p.DataAtom == atom.Body || p.DataAtom == atom.Html || p.DataAtom == atom.Head {
			break
		}
		if p.FirstChild != c || c.NextSibling != nil {
			break
		}
		up = append(up, p)
	}
	return up
}

// trimBounds returns the span of s without surrounding white space and
// punctuation.
func trimBounds(s string) (lo, hi int) {
	lo, hi = 0, len(s)
	for lo < hi {
		r, size := utf8.DecodeRuneInString(s[lo:])
		if !unicode.IsSpace(r) && !unicode.IsPunct(r) {
			break
		}
		lo += size
	}
	for hi > lo {
		r, size := utf8.DecodeLastRuneInString(s[:hi])
		if !unicode.IsSpace(r) && !unicode.IsPunct(r) {
			break
		}
		hi -= size
	}
	return lo, hi
}

// coversWhole reports whether s[start:end] covers s but for surrounding white
// space and punctuation.
func coversWhole(s string, start, end int) bool {
	lo, hi := trimBounds(s)
	if lo >= hi { // only punctuation: the match must cover it all
		return start == 0 && end == len(s)
	}
	return start <= lo && end >= hi
}
