package records

// Group headings: a value printed once above several records and shared by
// them (a day heading above that day's events, when the events do not
// repeat their date).
//
// The records are still the repeated siblings (seed 001): one event, not
// one day. But the SOD's mandatory types are then split between the record
// and the heading above it, and a segmentation into records alone would
// miss a mandatory type in every record and lose to the coarser one of a
// heading with its records (one "record" per day). So a candidate's
// records may take a group heading: the element just before the record's
// run of records, inside its parent (a heading among the records' own
// siblings) or, at the start of the parent, the element just before the
// parent (one list per day). The heading's annotations count for every
// record below it (for the share of mandatory types) and once (for the
// coverage), and Records puts the heading node before the record's own
// nodes, so that the record template sees the heading's value as one of
// the record's.
//
// A label is taken as the heading only when the sample says so: on at
// least half of the annotated records, the node before them holds a
// mandatory type the record lacks and no type the record holds (a row of
// another record holds the record's own types and is no heading), and
// the record holds a mandatory type of its own; over those records, the
// records hold more mandatory types on average than the heading adds (they
// are records missing a value, not one field each of a record whose head
// is the heading: the <dd>s below a <dt>); and some heading serves two
// records or more (it is shared, not one more field of each record). The
// records' own types are weighed on average, not record by record: with
// dictionaries that know a fifth of the names, many records of a day show
// one mandatory type of their own (an address), and a rule on each
// record would lose the heading on most of them.

import (
	"golang.org/x/net/html"
)

// recordHeadingShare is the least share of a candidate's annotated
// records whose preceding heading supplies a mandatory type they lack.
const recordHeadingShare = 0.5

// recordPrecedingHeading returns the element a record starting at first
// may take its group heading from: going back over the records before it
// (siblings labelled head or a member), the first other element; at the
// start of the parent, the element just before the parent, unless it has
// the parent's tag (another list of the same kind, whose records came
// before). Text or nothing there gives nil. memo, when not nil, keeps the
// answer for every record start asked, so that the records of one parent,
// asked in document order, cost one walk in all rather than one each.
func recordPrecedingHeading(first *html.Node, head string, members map[string]bool, memo map[*html.Node]*html.Node) *html.Node {
	if first == nil {
		return nil
	}
	h := recordFindHeading(first, head, members, memo)
	if memo != nil {
		memo[first] = h
	}
	return h
}

func recordFindHeading(first *html.Node, head string, members map[string]bool, memo map[*html.Node]*html.Node) *html.Node {
	for s := first.PrevSibling; s != nil; s = s.PrevSibling {
		if h, ok := memo[s]; ok {
			return h // an earlier record's start: the same walk from there
		}
		l := recordLabelOf(s)
		switch {
		case l == "" || l == head || members[l]:
			continue
		case s.Type == html.ElementNode:
			return s
		default:
			return nil
		}
	}
	par := first.Parent
	if par == nil || par.Type != html.ElementNode {
		return nil
	}
	for s := par.PrevSibling; s != nil; s = s.PrevSibling {
		switch l := recordLabelOf(s); {
		case l == "":
			continue
		case s.Type == html.ElementNode && s.Data != par.Data && !recordNoHead[l]:
			return s
		default:
			return nil
		}
	}
	return nil
}

// learnHeading picks the candidate's group heading label (see the file
// comment), "" for none, and adds the headings' annotations to the
// groups: counts to every group below a heading, weights to the first.
func (c *recordCand) learnHeading(pgs []*recordPage, rt recordTypes) {
	mandatory := make([]bool, len(rt.names))
	for _, t := range rt.mandatory {
		mandatory[t] = true
	}
	type stat struct {
		good      int
		own, adds int // mandatory types the good records hold, the headings add to them
		nodes     map[*html.Node]int
	}
	stats := map[string]*stat{}
	var order []string
	heads := make([]*html.Node, len(c.groups))
	found := make([]*html.Node, len(c.groups))
	memo := map[*html.Node]*html.Node{}
	annotated := 0
	for i, g := range c.groups {
		found[i] = recordPrecedingHeading(g.nodes[0], c.head, c.members, memo)
		if g.counts == nil {
			continue
		}
		annotated++
		h := found[i]
		if h == nil {
			continue
		}
		hc := pgs[g.page].counts[h]
		if hc == nil {
			continue
		}
		adds, clash := 0, false
		for t, v := range hc {
			if v == 0 {
				continue
			}
			if g.counts[t] > 0 {
				clash = true
			} else if mandatory[t] {
				adds++
			}
		}
		own := g.present(rt)
		if adds == 0 || clash || own == 0 {
			continue
		}
		heads[i] = h
		st := stats[h.Data]
		if st == nil {
			st = &stat{nodes: map[*html.Node]int{}}
			stats[h.Data] = st
			order = append(order, h.Data)
		}
		st.good++
		st.own += own
		st.adds += adds
		st.nodes[h]++
	}
	best, bestGood := "", 0
	for _, l := range order {
		st := stats[l]
		shared := len(st.nodes) < st.good
		if shared && st.own > st.adds && float64(st.good) >= recordHeadingShare*float64(annotated) && st.good > bestGood {
			best, bestGood = l, st.good
		}
	}
	c.heading = best
	if best == "" {
		return
	}
	counted := map[*html.Node]bool{}
	for i, g := range c.groups {
		h := found[i]
		if h == nil || h.Data != best || (heads[i] == nil && g.counts != nil) {
			continue
		}
		pg := pgs[g.page]
		hc := pg.counts[h]
		if hc == nil {
			continue
		}
		if g.counts == nil {
			g.counts = make([]int32, len(hc))
			g.weights = make([]float64, len(hc))
		}
		for t, v := range hc {
			g.counts[t] += v
			if !counted[h] {
				g.weights[t] += pg.weights[h][t]
			}
		}
		counted[h] = true
	}
}

// withHeading returns the record's nodes with its group heading first,
// when the pattern has one and the record has it (memo: see
// recordPrecedingHeading).
func (rp *RecordPattern) withHeading(g []*html.Node, memo map[*html.Node]*html.Node) []*html.Node {
	if rp.Heading == "" || len(g) == 0 {
		return g
	}
	h := recordPrecedingHeading(g[0], rp.Head, rp.members, memo)
	if h == nil || h.Data != rp.Heading {
		return g
	}
	return append([]*html.Node{h}, g...)
}
