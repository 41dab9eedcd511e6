package records

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// RecordOptions tune FindRecordPattern. The zero value means the defaults.
type RecordOptions struct {
	// MatchThreshold is τ1 of seed 001: the least normalised tree-matching
	// score for two records (or a record and the learned prototype) to be
	// taken as instances of one pattern (0: RecordDefaultMatchThreshold).
	MatchThreshold float64
	// PatternThreshold is τ2 of seed 001: a record is kept when its score
	// against the prototype is at least PatternThreshold times the median
	// score of the sample records against it (0: RecordDefaultPatternThreshold).
	PatternThreshold float64
	// MaxExemplars bounds the number of sample records kept as prototypes
	// (0: RecordDefaultMaxExemplars).
	MaxExemplars int
	// At, when set, takes the candidate segmentation at this parent path
	// and head (RecordAlternative.At: a user's answer) whatever its
	// score; RecordPattern.Pinned says whether one was found.
	At string
}

// Defaults of RecordOptions.
const (
	RecordDefaultMatchThreshold   = 0.5
	RecordDefaultPatternThreshold = 0.7
	RecordDefaultMaxExemplars     = 4
)

func (o RecordOptions) withDefaults() RecordOptions {
	if o.MatchThreshold <= 0 {
		o.MatchThreshold = RecordDefaultMatchThreshold
	}
	if o.PatternThreshold <= 0 {
		o.PatternThreshold = RecordDefaultPatternThreshold
	}
	if o.MaxExemplars <= 0 {
		o.MaxExemplars = RecordDefaultMaxExemplars
	}
	return o
}

// RecordPattern tells where the records of a list page are and what one
// looks like. It is learned by FindRecordPattern from annotated sample
// pages and applied by Records to any page of the source, using structure
// only. A record is a run of consecutive siblings: a head element (Head)
// followed by zero or more siblings whose labels are in Members, up to the
// next head; in the grammar of seed 001 the list is (Head Members*)+.
type RecordPattern struct {
	// Parent is the generalised path of the element(s) whose children are
	// the records, e.g. "html/body/table[2]/tr/td[2]/ul": steps are tag
	// names from the root; a step with [k] matches only the k-th element of
	// that tag among its siblings (as in annotate.NodePath), a step without
	// an index matches every element of that tag (the list may be split
	// over several parents, e.g. one <ul> per day heading).
	Parent string `json:"parent"`
	// Head is the tag name of a record's first node.
	Head string `json:"head"`
	// Members are the labels (tag names, "#" for text) of the siblings that
	// may follow the head inside one record; empty when a record is one
	// element.
	Members []string `json:"members,omitempty"`
	// Heading is the tag of the records' group heading, "" for none: the
	// element just before a run of records (or before their parent) whose
	// values every record below it shares, such as a day heading above
	// its events (heading.go). Records puts it before each record's nodes.
	Heading string `json:"heading,omitempty"`
	// Exemplars are tag skeletons of sample records used as the record
	// prototype, e.g. "li(a(#),div(#))": text is "#", repeated equal
	// siblings are collapsed to one, and a multi-node record is wrapped in
	// "@(…)".
	Exemplars []string `json:"exemplars"`
	// Exclude are the paths (as annotate.NodePath prints them) of elements
	// that matched Parent on the sample pages without holding records:
	// look-alike regions, such as a sidebar in the record markup, that
	// Records never segments.
	Exclude []string `json:"exclude,omitempty"`
	// Threshold is the least similarity to an exemplar for a candidate run
	// of siblings to be a record.
	Threshold float64 `json:"threshold"`
	// Stats describe the sample the pattern was learned from.
	Stats RecordStats `json:"stats"`
	// Alternatives are, after learning, the pattern's segmentation and
	// the runner-up's (RecordStats.RunnerUp), for a user to choose
	// between (alternatives.go); Pinned is RecordOptions.At when the
	// pattern is the segmentation it names. Neither is saved.
	Alternatives []RecordAlternative `json:"-"`
	Pinned       string              `json:"-"`

	steps     []recordStep
	members   map[string]bool
	exclude   map[string]bool
	exemplars []*recordTree
}

// RecordStats describe how a RecordPattern was learned.
type RecordStats struct {
	// Pages is the number of sample pages, Records the number of sample
	// records found in them.
	Pages   int `json:"pages"`
	Records int `json:"records"`
	// Complete is the share of sample records that hold every mandatory
	// entity type of the SOD.
	Complete float64 `json:"complete"`
	// Repetition is seed 002's cross-check of the record count: the share
	// of sample pages with two or more records where some word occurs
	// exactly once in every record and exactly as many times on the page
	// as there are records (0.5 when no page has two records).
	Repetition float64 `json:"repetition"`
	// Score is the candidate's score (see FindRecordPattern); RunnerUp the
	// score of the best candidate that cuts the sample differently (0 when
	// there was none), RunnerUpAt its parent tag path and head.
	Score      float64 `json:"score"`
	RunnerUp   float64 `json:"runner_up"`
	RunnerUpAt string  `json:"runner_up_at,omitempty"`
}

type recordStep struct {
	tag   string
	index int // 1-based among same-tag siblings; 0 matches any
}

// RecordError reports that no list region was found, or that a pattern is
// malformed.
type RecordError struct {
	// Reason says why, in words.
	Reason string
}

func (e *RecordError) Error() string { return "wrapper: record segmentation: " + e.Reason }

// init parses the textual fields into the pattern's working form.
func (rp *RecordPattern) init() error {
	if rp.Parent == "" {
		return &RecordError{Reason: "pattern has an empty parent path"}
	}
	rp.steps = nil
	for i, s := range strings.Split(rp.Parent, "/") {
		st := recordStep{tag: s}
		if j := strings.IndexByte(s, '['); j >= 0 {
			k, err := strconv.Atoi(strings.TrimSuffix(s[j+1:], "]"))
			if err != nil || k < 1 || !strings.HasSuffix(s, "]") {
				return &RecordError{Reason: fmt.Sprintf("parent path %q: step %d (%q) has a bad index", rp.Parent, i+1, s)}
			}
			st = recordStep{tag: s[:j], index: k}
		}
		if st.tag == "" {
			return &RecordError{Reason: fmt.Sprintf("parent path %q: step %d is empty", rp.Parent, i+1)}
		}
		rp.steps = append(rp.steps, st)
	}
	if rp.Head == "" {
		return &RecordError{Reason: "pattern has no head tag"}
	}
	rp.exclude = make(map[string]bool, len(rp.Exclude))
	for _, e := range rp.Exclude {
		rp.exclude[e] = true
	}
	rp.members = make(map[string]bool, len(rp.Members))
	for _, m := range rp.Members {
		rp.members[m] = true
	}
	if len(rp.Exemplars) == 0 {
		return &RecordError{Reason: "pattern has no exemplar record"}
	}
	rp.exemplars = nil
	for i, s := range rp.Exemplars {
		t, err := recordParseTree(s)
		if err != nil {
			return &RecordError{Reason: fmt.Sprintf("exemplar %d: %v", i+1, err)}
		}
		rp.exemplars = append(rp.exemplars, t)
	}
	if !(rp.Threshold > 0 && rp.Threshold <= 1) {
		return &RecordError{Reason: fmt.Sprintf("threshold %v is not in (0,1]", rp.Threshold)}
	}
	return nil
}

// UnmarshalJSON reads a pattern written by json.Marshal and checks it.
func (rp *RecordPattern) UnmarshalJSON(data []byte) error {
	type plain RecordPattern
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	*rp = RecordPattern(p)
	return rp.init()
}

// grouped reports whether records are runs of several siblings.
func (rp *RecordPattern) grouped() bool { return len(rp.Members) > 0 }

// Records cuts p into records: for each record, the consecutive sibling
// nodes that make it up, in document order. It uses structure only (the
// parent path, the head and member labels and the similarity to the
// exemplars), so it applies to pages that were not annotated. The parents
// are looked up by the exact path first; when that finds no record, by the
// tag names alone (ignoring indices), so that a page whose chrome shifts the
// list's position still segments; elements listed in Exclude are skipped
// either way. A page without records gives none. The cost is one walk down
// the parent path plus one tree match per candidate record against the
// exemplars (bounded by recordMaxTreeNodes), so linear in the page size.
func (rp *RecordPattern) Records(p *annotate.Page) [][]*html.Node {
	if rp == nil || p == nil || p.Doc == nil {
		return nil
	}
	if len(rp.exemplars) == 0 || len(rp.steps) == 0 {
		// A pattern built as a literal: prepare a copy, so that concurrent
		// calls never write to rp.
		cp := *rp
		if cp.init() != nil {
			return nil
		}
		rp = &cp
	}
	recs := rp.recordsUnder(rp.parents(p.Doc, true))
	if len(recs) == 0 {
		recs = rp.recordsUnder(rp.parents(p.Doc, false))
	}
	return recs
}

// parents returns the elements of doc at the pattern's parent path, in
// document order; without strict, indices are ignored.
func (rp *RecordPattern) parents(doc *html.Node, strict bool) []*html.Node {
	cur := []*html.Node{doc}
	for _, st := range rp.steps {
		var next []*html.Node
		for _, n := range cur {
			k := 0
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if c.Type != html.ElementNode || c.Data != st.tag {
					continue
				}
				k++
				if !strict || st.index == 0 || st.index == k {
					next = append(next, c)
				}
			}
		}
		if len(next) == 0 {
			return nil
		}
		cur = next
	}
	return cur
}

// recordsUnder segments the children of each parent that is not excluded.
func (rp *RecordPattern) recordsUnder(parents []*html.Node) [][]*html.Node {
	var out [][]*html.Node
	var memo map[*html.Node]*html.Node
	if rp.Heading != "" {
		memo = map[*html.Node]*html.Node{}
	}
	for _, par := range parents {
		if len(rp.exclude) > 0 && rp.exclude[annotate.NodePath(par)] {
			continue
		}
		for _, g := range recordGroups(par, rp.Head, rp.members) {
			t := recordSkeleton(g, rp.grouped())
			if t != nil && recordBestSimilarity(t, rp.exemplars, rp.Threshold) >= rp.Threshold {
				out = append(out, rp.withHeading(g, memo))
			}
		}
	}
	return out
}

// recordLabelOf is a child's label in a parent's child sequence: its tag,
// "#" for non-blank text, "" for what is not content.
func recordLabelOf(n *html.Node) string {
	switch n.Type {
	case html.ElementNode:
		return n.Data
	case html.TextNode:
		if strings.TrimSpace(n.Data) != "" {
			return recordTextLabel
		}
	}
	return ""
}

// recordGroups cuts par's children into runs: each starts at a child
// labelled head and takes the following children whose labels are members,
// up to the next head (the grammar (head member*)+). Children before the
// first head or not members are left out.
func recordGroups(par *html.Node, head string, members map[string]bool) [][]*html.Node {
	var out [][]*html.Node
	var cur []*html.Node
	for c := par.FirstChild; c != nil; c = c.NextSibling {
		l := recordLabelOf(c)
		switch {
		case l == "":
			continue
		case l == head:
			if cur != nil {
				out = append(out, cur)
			}
			cur = []*html.Node{c}
		case cur != nil && members[l]:
			cur = append(cur, c)
		default:
			if cur != nil {
				out = append(out, cur)
				cur = nil
			}
		}
	}
	if cur != nil {
		out = append(out, cur)
	}
	return out
}

// String prints the pattern for `wrapper show`: where the list is, its
// grammar, the exemplars and the learning statistics.
func (rp *RecordPattern) String() string {
	if rp == nil {
		return "<no record pattern>"
	}
	var b strings.Builder
	unit := rp.Head
	if len(rp.Members) > 0 {
		unit += " (" + strings.Join(rp.Members, "|") + ")*"
	}
	fmt.Fprintf(&b, "records: %s / (%s)+", rp.Parent, unit)
	if rp.Heading != "" {
		fmt.Fprintf(&b, ", each under its %s heading", rp.Heading)
	}
	b.WriteByte('\n')
	fmt.Fprintf(&b, "  threshold %.2f", rp.Threshold)
	if st := rp.Stats; st.Pages > 0 {
		fmt.Fprintf(&b, "; learned from %d pages, %d records, %.0f%% complete, repetition %.2f; score %.3f (runner-up %.3f)",
			st.Pages, st.Records, 100*st.Complete, st.Repetition, st.Score, st.RunnerUp)
	}
	b.WriteByte('\n')
	for _, e := range rp.Exclude {
		fmt.Fprintf(&b, "  except: %s\n", e)
	}
	if rp.Stats.RunnerUpAt != "" {
		fmt.Fprintf(&b, "  runner-up: %s\n", rp.Stats.RunnerUpAt)
	}
	for i, e := range rp.Exemplars {
		fmt.Fprintf(&b, "  exemplar %d: %s\n", i+1, e)
	}
	return b.String()
}
