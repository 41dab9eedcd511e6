package mapping

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// Slot parts as candidates (issue 24, docs/review.md). A field's value is
// sometimes a part of a slot's text: the publisher in "Published by:
// Vance, Tremaine and Nakamura, On sale: 2003-09-10", the position in
// "2, #, 27 | Left Wing", the publisher in "Quillon Media (01 May 2020)".
// No slot holds it alone, so no slot candidate shows it. A Piece is a
// reading of one part of a slot's text, learned from where the field's
// annotations fall in the sample's values; a question offers it as a
// candidate (CandidateExplain.Piece) and its answer pins the slot with
// the piece (Pin.Piece), which extraction replays (SlotMap.Piece) and the
// saved wrapper keeps.

// Piece selects a part of a slot's value (SlotMap.Piece, Pin.Piece).
// With After, the part is the text after the label After and a colon
// inside the value ("Published by: X"), up to the next such label
// ("…, On sale: …") or the value's end. Otherwise the value is split at
// tags, at separator punctuation (segSeps) and at commas, and the part is
// piece Index counted from the left (or from the right when FromRight).
//
// With Rest, the part runs on from that piece to the value's end (from
// the left: "Tremaine and Nakamura, Sep 2004" … ) or, from the right, from
// the value's start to that piece: all but the last Index pieces
// ("Vance, Tremaine and Nakamura" of "Vance, Tremaine and Nakamura, Sep
// 2004", Index 1).
type Piece struct {
	Index     int      `json:"index,omitempty"`
	FromRight bool     `json:"from_right,omitempty"`
	Rest      bool     `json:"rest,omitempty"`
	After     []string `json:"after,omitempty"`
	// Lead: the part is the text before the value's first "label:"
	// ("Harbor House" of "Harbor House, On sale: 2003-09-10"), the whole
	// value when it holds none.
	Lead bool `json:"lead,omitempty"`
}

// String says the reading in words.
func (p Piece) String() string {
	if len(p.After) > 0 {
		return fmt.Sprintf("the text after %q: inside the value", strings.Join(p.After, " "))
	}
	if p.Lead {
		return "the text before the first \"label:\" inside the value"
	}
	switch {
	case p.Rest && p.FromRight:
		return fmt.Sprintf("the value less its last %d part(s) (split at tags, separators and commas)", p.Index)
	case p.Rest:
		return fmt.Sprintf("the value less its first %d part(s) (split at tags, separators and commas)", p.Index)
	case p.FromRight:
		return fmt.Sprintf("part %d from the right (the value split at tags, separators and commas)", p.Index+1)
	}
	return fmt.Sprintf("part %d from the left (the value split at tags, separators and commas)", p.Index+1)
}

// pieceSep reports whether word token t separates pieces: separator
// punctuation (segSeps) or a comma.
func pieceSep(t *Token) bool {
	return t.Kind != KindWord || len(t.Text()) <= 3 && strings.Trim(t.Text(), segSeps+",") == ""
}

// pieces splits the value [a, b) at tags, separators and commas.
func pieces(toks []Token, a, b int) [][2]int {
	var out [][2]int
	start := a
	for x := a; x <= b; x++ {
		if x == b || pieceSep(&toks[x]) {
			if x > start {
				out = append(out, [2]int{start, x})
			}
			start = x + 1
		}
	}
	return out
}

// labelParts finds the "label: text" parts of the value [a, b): for each
// colon, the label is the run of at most four words before it, back to
// a tag or a separator; its text runs from after the colon to the next
// part's label (less the separators before it) or the value's end.
func labelParts(toks []Token, a, b int) (labels [][]string, spans [][2]int, lead [2]int) {
	type lab struct {
		words      []string
		start, end int // the label's first token, the token after the colon
	}
	var ls []lab
	for x := a; x < b; x++ {
		if toks[x].Kind != KindWord || toks[x].Text() != ":" {
			continue
		}
		y := x - 1
		var ws []string
		for y >= a && toks[y].Kind == KindWord && !pieceSep(&toks[y]) && len(ws) <= 4 {
			ws = append(LabelWords(toks[y].Text()), ws...)
			y--
		}
		if len(ws) == 0 || len(ws) > 4 || !labelLetters(ws) {
			continue
		}
		ls = append(ls, lab{words: ws, start: y + 1, end: x + 1})
	}
	if len(ls) > 0 {
		e := ls[0].start
		for e > a && pieceSep(&toks[e-1]) {
			e--
		}
		lead = [2]int{a, e}
	}
	for i, l := range ls {
		e := b
		if i+1 < len(ls) {
			e = ls[i+1].start
		}
		for e > l.end && pieceSep(&toks[e-1]) {
			e--
		}
		s := l.end
		for s < e && pieceSep(&toks[s]) {
			s++
		}
		if s < e {
			labels = append(labels, l.words)
			spans = append(spans, [2]int{s, e})
		}
	}
	return labels, spans, lead
}

// pieceSpan is the part of [a, b) that p reads, ok false when there is
// none.
func pieceSpan(toks []Token, a, b int, p *Piece) (int, int, bool) {
	if p.Lead {
		ls, _, ld := labelParts(toks, a, b)
		if len(ls) == 0 {
			return a, b, true // no label inside: the whole value
		}
		return ld[0], ld[1], ld[0] < ld[1]
	}
	if len(p.After) > 0 {
		ls, sp, _ := labelParts(toks, a, b)
		for i, l := range ls {
			if slices.Equal(l, p.After) {
				return sp[i][0], sp[i][1], true
			}
		}
		return 0, 0, false
	}
	ps := pieces(toks, a, b)
	i, j, ok := p.pick(len(ps))
	if !ok {
		return 0, 0, false
	}
	return ps[i][0], ps[j][1], true
}

// pick returns the first and last of n pieces that p reads.
func (p *Piece) pick(n int) (int, int, bool) {
	switch {
	case p.Rest && (p.Index < 1 || p.Index >= n):
		return 0, 0, false
	case p.Rest && p.FromRight:
		return 0, n - 1 - p.Index, true
	case p.Rest:
		return p.Index, n - 1, true
	case p.Index >= n:
		return 0, 0, false
	case p.FromRight:
		return n - 1 - p.Index, n - 1 - p.Index, true
	}
	return p.Index, p.Index, true
}

// maxRestPieces: the Rest parts are recorded for values of at most this
// many pieces.
const maxRestPieces = 12

// partVal is one sample value cut into parts (slotStats.Parts): its
// pieces and its label parts, each with its text and the types whose
// annotations cover at least half of its words.
type partVal struct {
	Pieces     []string
	PieceTypes [][]string
	// Heads[k-1] and Tails[k-1] are the value less its last k pieces
	// and less its first k (Piece.Rest), HeadTypes and TailTypes their
	// types.
	Heads, Tails         []string
	HeadTypes, TailTypes [][]string
	Labels               []string // label words joined by " "
	LabelTexts           []string
	LabelTypes           [][]string
	// Lead is the text before the first label part, LeadTypes its types.
	Lead      string
	LeadTypes []string
}

// gatherParts records the parts of a sample's first value on page pg
// (a value of one piece and no label part is not recorded).
func gatherParts(st *slotStats, toks []Token, a, b, pg int) {
	ps := pieces(toks, a, b)
	ls, sp, ld := labelParts(toks, a, b)
	if len(ps) < 2 && len(ls) == 0 {
		return
	}
	var pv partVal
	if len(ls) == 0 {
		ld = [2]int{a, b} // no label inside: the whole value
	}
	if ld[0] < ld[1] {
		pv.Lead, _, _ = ValueText(toks, ld[0], ld[1])
		pv.LeadTypes = spanTypes(toks, ld[0], ld[1])
	}
	for _, p := range ps {
		txt, _, _ := ValueText(toks, p[0], p[1])
		pv.Pieces = append(pv.Pieces, txt)
		pv.PieceTypes = append(pv.PieceTypes, spanTypes(toks, p[0], p[1]))
	}
	if n := len(ps); n >= 2 && n <= maxRestPieces {
		for k := 1; k < n; k++ {
			h, _, _ := ValueText(toks, ps[0][0], ps[n-1-k][1])
			t, _, _ := ValueText(toks, ps[k][0], ps[n-1][1])
			pv.Heads = append(pv.Heads, h)
			pv.Tails = append(pv.Tails, t)
			pv.HeadTypes = append(pv.HeadTypes, spanTypes(toks, ps[0][0], ps[n-1-k][1]))
			pv.TailTypes = append(pv.TailTypes, spanTypes(toks, ps[k][0], ps[n-1][1]))
		}
	}
	for i, l := range ls {
		txt, _, _ := ValueText(toks, sp[i][0], sp[i][1])
		pv.Labels = append(pv.Labels, strings.Join(l, " "))
		pv.LabelTexts = append(pv.LabelTexts, txt)
		pv.LabelTypes = append(pv.LabelTypes, spanTypes(toks, sp[i][0], sp[i][1]))
	}
	if st.Parts == nil {
		st.Parts = map[int]*partVal{}
	}
	st.Parts[pg] = &pv
}

// spanTypes returns the types whose own annotations cover at least half
// of the words of [a, b).
func spanTypes(toks []Token, a, b int) []string {
	words := 0
	cover := map[string]int{}
	for x := a; x < b; x++ {
		if toks[x].Kind != KindWord || pieceSep(&toks[x]) {
			continue
		}
		words++
		for _, t := range ownTypes(&toks[x]) {
			cover[t]++
		}
	}
	return mainTypes(cover, words)
}

// read returns the text p reads from the recorded value, "" when none.
func (pv *partVal) read(p *Piece) string {
	if p.Lead {
		return pv.Lead
	}
	if len(p.After) > 0 {
		k := strings.Join(p.After, " ")
		for i, l := range pv.Labels {
			if l == k {
				return pv.LabelTexts[i]
			}
		}
		return ""
	}
	if p.Rest {
		k := p.Index - 1
		switch {
		case k < 0 || k >= len(pv.Heads):
			return ""
		case p.FromRight:
			return pv.Heads[k]
		}
		return pv.Tails[k]
	}
	i, _, ok := p.pick(len(pv.Pieces))
	if !ok {
		return ""
	}
	return pv.Pieces[i]
}

// minPartHits: a piece is offered when it holds the field's instance on
// this many sample values at least.
const minPartHits = 2

// bestPiece returns the piece of slot statistics st that holds an
// instance of types on most sample values (ties: a label part, then
// from the left, then the lower index), and on how many; nil when none
// does on minPartHits values. A piece equal to the whole value on every
// page is no part.
func bestPiece(st *slotStats, types []string) (*Piece, int) {
	if len(st.Parts) == 0 {
		return nil, 0
	}
	hits := map[string]int{}
	rules := map[string]*Piece{}
	texts := map[string]map[string]bool{}
	add := func(p *Piece, pv *partVal) {
		k := fmt.Sprintf("%v|%d|%v|%v|%v", p.After, p.Index, p.FromRight, p.Rest, p.Lead)
		if rules[k] == nil {
			rules[k] = p
			texts[k] = map[string]bool{}
		}
		hits[k]++
		txt := pv.read(p)
		texts[k][txt] = true
	}
	has := func(ts []string) bool {
		return slices.ContainsFunc(ts, func(t string) bool { return slices.Contains(types, t) })
	}
	for _, pv := range st.Parts {
		for i, l := range pv.Labels {
			if has(pv.LabelTypes[i]) {
				add(&Piece{After: strings.Fields(l)}, pv)
			}
		}
		if pv.Lead != "" && has(pv.LeadTypes) {
			add(&Piece{Lead: true}, pv)
		}
		if len(pv.Pieces) < 2 {
			continue
		}
		for i := range pv.Pieces {
			if has(pv.PieceTypes[i]) {
				add(&Piece{Index: i}, pv)
				add(&Piece{Index: len(pv.Pieces) - 1 - i, FromRight: true}, pv)
			}
		}
		for k := range pv.Heads {
			if has(pv.HeadTypes[k]) {
				add(&Piece{Index: k + 1, FromRight: true, Rest: true}, pv)
			}
			if has(pv.TailTypes[k]) {
				add(&Piece{Index: k + 1, Rest: true}, pv)
			}
		}
	}
	var best *Piece
	bk, bh := "", 0
	rank := func(p *Piece) int {
		switch {
		case len(p.After) > 0 || p.Lead:
			return 0
		case p.Rest:
			return 3
		case !p.FromRight:
			return 1
		}
		return 2
	}
	for k, h := range hits {
		p := rules[k]
		if len(texts[k]) < 2 {
			continue // one text on every page: template text, not the field's values
		}
		if best == nil || h > bh || h == bh && (rank(p) < rank(best) || rank(p) == rank(best) && (p.Index < best.Index || p.Index == best.Index && k < bk)) {
			best, bk, bh = p, k, h
		}
	}
	if bh < minPartHits {
		return nil, 0
	}
	return best, bh
}

// offerParts fills fe.Parts, for a single field f: for each slot of the
// scope whose sample values hold the field's instances as a part of their
// text (bestPiece), that part, best first (at most MaxCandidates).
func (w *State) offerParts(fe *FieldExplain, f FieldSpec, stats []*slotStats, labels [][]string, inScope func(int) (bool, int)) {
	if f.Many || f.Tuple {
		return
	}
	type part struct {
		slot, hits int
		p          *Piece
	}
	var ps []part
	for s, st := range stats {
		if ok, _ := inScope(s); !ok || st.Occ == 0 {
			continue
		}
		if p, h := bestPiece(st, f.Types); p != nil {
			ps = append(ps, part{s, h, p})
		}
	}
	sort.SliceStable(ps, func(a, b int) bool { return ps[a].hits > ps[b].hits })
	for _, p := range ps {
		if len(fe.Parts) == MaxCandidates {
			break
		}
		ce := CandidateExplain{Slot: p.slot, Score: newScore("part", 0), Piece: p.p, Hits: p.hits}
		w.describePart(&ce, stats[p.slot], labels[p.slot])
		ce.Nth = nthOf(labels, p.slot)
		if len(ce.Samples) == 0 {
			continue
		}
		fe.Parts = append(fe.Parts, ce)
	}
}

// describePart fills the parts of a part candidate a user reads, as
// describe does: its values are the piece's on each sample page.
func (w *State) describePart(ce *CandidateExplain, st *slotStats, label []string) {
	describeWhere(ce, st, label)
	seen := map[int]bool{}
	whole := true
	for _, i := range slices.Sorted(maps.Keys(st.Parts)) {
		txt := st.Parts[i].read(ce.Piece)
		if txt == "" {
			continue
		}
		if txt != st.FirstVal[i] {
			whole = false
		}
		pg := w.recPageOf(i)
		if seen[pg] || len(ce.Samples) == MaxSamplePages {
			continue
		}
		seen[pg] = true
		s := CandidateSample{Index: pg, Values: Short([]string{txt}), Count: 1}
		if n := st.Nodes[i]; n != nil {
			s.Nearby = prevText(n, 60)
		}
		ce.Samples = append(ce.Samples, s)
	}
	if whole {
		ce.Samples = nil // the whole value everywhere: no part
	}
}

// pieceFound reports whether piece p reads a part of slot st's value on
// one sample value at least (a pin whose piece reads none is unmatched).
func pieceFound(st *slotStats, p *Piece) bool {
	for _, pv := range st.Parts {
		if txt := pv.read(p); txt != "" {
			return true
		}
	}
	return false
}

// maxPartOffer bounds the part candidates a question offers.
const maxPartOffer = 2

// partAsk reports whether a single field's explanation fe asks about a
// part: its best part candidate holds the field's instances on more
// sample values than its slots do as whole values (FieldExplain.Instances),
// on minPartHits values and a quarter of the sample at least.
//
// Asked of open-ended names only (a pattern's instance is read inside a
// value already: SlotMap.Match), and when the field's slots hold whole
// instances on fewer than half of the sample: on zoo seeds 47000-47299
// asking otherwise asked on 72 of 260 templates right everywhere (dates,
// times and prices inside other slots' texts) for no field fixed.
func partAsk(fe FieldExplain, f FieldSpec) bool {
	if len(fe.Parts) == 0 || f.Patterned() || 2*fe.Instances >= fe.Sample {
		return false
	}
	h := fe.Parts[0].Hits
	return h >= minPartHits && 4*h >= fe.Sample && h > fe.Instances
}

// partQuestion makes q a "part" question about field f.
func (w *State) partQuestion(q *Question, fe FieldExplain, f FieldSpec) {
	p := fe.Parts[0]
	q.Kind = QuestionPart
	q.Why = fmt.Sprintf("%s's instances are part of slot %d's text (%s) on %d sample values, more than its slot(s) %v hold whole (%d)",
		f.Path, p.Slot, p.Piece, p.Hits, fe.Slots, fe.Instances)
}
