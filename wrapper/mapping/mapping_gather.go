package mapping

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// Gather runs the template over the sample and collects slot statistics.
func Gather(w *State, pages [][]Token) []*slotStats {
	stats := make([]*slotStats, len(w.Template.Slots))
	for i := range stats {
		stats[i] = NewSlotStats()
	}
	valid := predefinedRecognizers(w.FieldSpecs)
	patTypes := patternTypes(w.FieldSpecs)
	partial := partialTypes(w.FieldSpecs)
	for pg, toks := range pages {
		root, ok := w.matchRoot(toks)
		if !ok {
			continue
		}
		title := pageTitle(toks)
		inSlot := slotTokens(root, len(toks))
		var visit func(r *mrec)
		visit = func(r *mrec) {
			for _, v := range r.Vals {
				st := stats[v.Slot]
				txt, a, b := ValueText(toks, v.A, v.B)
				if txt == "" || placeholderText(toks, a, b, txt) {
					continue // no value (missing.go)
				}
				st.Occ++
				st.Values[txt]++
				// A value counts as an instance of a type when that type's
				// annotations cover at least half of its words: a long
				// slot that merely contains a few instances does not.
				words := 0
				cover := map[string]int{}
				for x := a; x < b; x++ {
					if toks[x].Kind != KindWord {
						continue
					}
					words++
					for _, typ := range ownTypes(&toks[x]) {
						cover[typ]++
					}
				}
				seen := map[string]bool{}
				st.PerPage[pg]++
				if st.PerPage[pg] <= maxPageVals {
					st.PageVals[pg] = append(st.PageVals[pg], txt)
				}
				if st.PerPage[pg] == 1 {
					st.FirstVal[pg] = txt
					st.Nodes[pg] = toks[a].Node()
					gatherParts(st, toks, a, b, pg) // parts.go
				}
				if title != "" && len(txt) >= 3 && !inHead(toks[a].Node()) && strings.Contains(title, strings.ToLower(txt)) {
					st.InTitle++
				}
				if x, g := otherCut(toks, a, b, w.FieldSpecs, valid, ""); x < b {
					st.CutAt[toks[x].Text()+"\x00"+g]++
				}
				itemInstances(st, toks, a, b, valid)
				wholeInstances(st, toks, a, txt, inSlot, valid)
				if _, ok := st.Rows[pg]; !ok {
					if r, ok := valueRow(toks, a); ok {
						st.Rows[pg] = r
					}
				}
				if pl := pageLabel(toks, a); pl != nil {
					k := strings.Join(pl, " ")
					if st.LabVals[k] == nil {
						st.LabVals[k], st.LabPages[k] = map[string]int{}, map[int]bool{}
					}
					st.LabVals[k][txt]++
					st.LabPages[k][pg] = true
					if labelGap(toks, a) > labelNearTags {
						st.LabFar[k]++
					}
					countLabelEntity(st, toks, a, k, pg)
				}
				for typ := range cover {
					st.Some[typ]++
					if st.SomePages[typ] == nil {
						st.SomePages[typ] = map[int]bool{}
					}
					st.SomePages[typ][pg] = true
					if st.SomeVals[typ] == nil {
						st.SomeVals[typ] = map[string]int{}
					}
					st.SomeVals[typ][txt]++
				}
				for typ, c := range cover {
					if 2*c >= words {
						seen[typ] = true
					}
					if c == words {
						st.Full[typ]++
					}
				}
				if len(seen) > 0 {
					st.AnnOcc++
				}
				countItems(st, toks, a, b, seen, patTypes)
				countRests(st, toks, a, b, patTypes)
				countLabelRuns(st, toks, a, b, pg, patTypes)
				countPaths(st, toks, a, b)
				if len(seen) == 1 {
					for t := range seen {
						st.Only[t]++
					}
				}
				if len(seen) > 0 {
					st.TypeSets[strings.Join(slices.Sorted(maps.Keys(seen)), "\x00")]++
				}
				if pl := pageLabel(toks, a); pl != nil && len(seen) > 0 {
					k := strings.Join(pl, " ")
					if st.LabAnn[k] == nil {
						st.LabAnn[k] = map[string]int{}
					}
					for t := range seen {
						st.LabAnn[k][t]++
					}
				}
				for t := range seen {
					st.Types[t]++
					if st.AnnRecs[t] == nil {
						st.AnnRecs[t] = map[int]bool{}
					}
					st.AnnRecs[t][pg] = true
					best := 0.0
					for x := a; x < b; x++ {
						for _, an := range toks[x].Ann() {
							if an.Type == t {
								best = max(best, an.Confidence)
							}
						}
					}
					st.TypeConf[t] += best
					if st.TypeVals[t] == nil {
						st.TypeVals[t] = map[string]bool{}
					}
					st.TypeVals[t][txt] = true
				}
				for x := a; x < b; x++ {
					if toks[x].Kind != KindWord {
						st.Tagged++
						break
					}
				}
				for x := a; x < b; x++ {
					if toks[x].Kind != KindWord && lineBreak(&toks[x]) {
						st.Broken++
						break
					}
				}
				if WholeNode(toks, a, b) {
					st.Whole++
				}
				if rs := runs(toks, a, b); len(rs) > 1 {
					st.LeadOcc++
					lw, lc := 0, map[string]int{}
					for x := rs[0][0]; x < rs[0][1]; x++ {
						if toks[x].Kind == KindWord && !exalg.EdgeToken(&toks[x]) {
							lw++
							for _, typ := range toks[x].AnnTypes() {
								lc[typ]++
							}
						}
					}
					any := false
					for typ, c := range lc {
						if 2*c >= lw && !goesOn(toks, rs, typ, partial) {
							st.Lead[typ]++
							any = true
						}
					}
					if any {
						st.LeadAnn++
					}
					for x := rs[0][0] + 1; x+1 < rs[0][1]; x++ {
						t := &toks[x]
						if t.Kind != KindWord || len(t.Ann()) > 0 || exalg.EdgeToken(t) || !lowerInitial(t.Text()) {
							continue
						}
						l, r := &toks[x-1], &toks[x+1]
						if l.Kind != KindWord || r.Kind != KindWord || (len(l.Ann()) == 0 && len(r.Ann()) == 0) {
							continue
						}
						if st.LeadSep[t.Text()] == nil {
							st.LeadSep[t.Text()] = map[int]bool{}
						}
						st.LeadSep[t.Text()][pg] = true
					}
				}
				if segs := segments(toks, a, b); len(segs) > 1 {
					for typ := range cover {
						st.SegN[typ]++
						for i, sg := range segs {
							in, all := 0, 0
							for x := sg[0]; x < sg[1]; x++ {
								all++
								for _, t := range toks[x].AnnTypes() {
									if t == typ {
										in++
									}
								}
							}
							if in > 0 && in == cover[typ] && 2*in >= all {
								if st.SegL[typ] == nil {
									st.SegL[typ], st.SegR[typ] = map[int]int{}, map[int]int{}
								}
								st.SegL[typ][i]++
								st.SegR[typ][len(segs)-1-i]++
								if explainedCut(toks, segs, i, typ) {
									st.SegX[typ]++
								}
							}
						}
					}
				}
				// Words inside one text node between two annotated words
				// ("A, B and C" written as plain text) may separate items.
				for x := a; x < b; x++ {
					if toks[x].Kind == KindWord && len(toks[x].Ann()) > 0 {
						st.AnnWord[toks[x].Text()] = true
					}
				}
				for x := a + 1; x+1 < b; x++ {
					t := &toks[x]
					if conjToken(t) && capitalNear(toks, x, a, b, -1) && capitalNear(toks, x, a, b, 1) {
						if st.SepConj[t.Text()] == nil {
							st.SepConj[t.Text()] = map[int]bool{}
						}
						st.SepConj[t.Text()][pg] = true
					}
					weak := sepToken(t, weakSeps)
					if t.Kind != KindWord || len(t.Ann()) > 0 || (exalg.EdgeToken(t) && !weak) {
						continue
					}
					before, after := false, false
					if weak {
						// "&" or "/" between two annotated items, which
						// may be links: the nearest words on both sides,
						// across tags, are annotated.
						before = annotatedWord(toks, x, a, -1)
						after = annotatedWord(toks, x, b-1, 1)
					}
					// A word with always-split separators between it and
					// the annotated words on both sides ("A | B | C") is
					// an item, not a separator.
					splitL, splitR := false, false
					for y := x - 1; y >= a && toks[y].Node() == t.Node() && !before; y-- {
						before = len(toks[y].Ann()) > 0
						splitL = splitL || sepToken(&toks[y], itemSeps)
					}
					for y := x + 1; y < b && toks[y].Node() == t.Node() && !after; y++ {
						after = len(toks[y].Ann()) > 0
						splitR = splitR || sepToken(&toks[y], itemSeps)
					}
					if before && after && !(splitL && splitR) {
						if st.SepWord[t.Text()] == nil {
							st.SepWord[t.Text()] = map[int]bool{}
						}
						st.SepWord[t.Text()][pg] = true
					} else if (before || after) && !(splitL || splitR) && (weak || lowerInitial(t.Text()) && len(t.Text()) <= 4) &&
						capitalNeighbour(toks, x, a, b, t.Node(), before) {
						// "Mexican and Barbecue" with one of the two known:
						// a short lower-case word, or "&", "/", "+",
						// between an instance and a capitalised word, on
						// two pages or more.
						if st.SepHalf[t.Text()] == nil {
							st.SepHalf[t.Text()] = map[int]bool{}
						}
						st.SepHalf[t.Text()][pg] = true
					}
				}
				// A separator lies between items: a value that is one
				// run (a name alone in its link) holds none.
				rs := runs(toks, v.A, v.B)
				if len(rs) < 2 {
					rs = nil
				}
				for i, rn := range rs {
					if !sepGap(toks, rs, i) {
						continue
					}
					rt, ra, rb := ValueText(toks, rn[0], rn[1])
					if rt == "" || len(strings.Fields(rt)) > 3 {
						continue
					}
					if st.Runs[rt] == nil {
						st.Runs[rt] = map[int]bool{}
					}
					st.Runs[rt][pg] = true
					for x := ra; x < rb; x++ {
						if len(toks[x].Ann()) > 0 {
							st.RunAnn[rt] = true
						}
					}
				}
			}
			for _, k := range r.Kids {
				visit(k)
			}
		}
		visit(root)
	}
	return stats
}

// MapSlots assigns SOD fields to slots within object scope `scope` (-1: the
// page). A field's candidate slots are those where its types reach
// GeneraliseThres of the annotated values and MinAnnotated of the sample;
// single-valued fields take the best candidate that is not inside a set
// below the scope; set fields take every candidate close to the best one.
func MapSlots(w *State, stats []*slotStats, nPages int, scope int) ([]SlotMap, float64, *StopError) {
	valid := predefinedRecognizers(w.FieldSpecs)
	sets := slotSets(w.Template)
	labels := slotLabels(w.Template)
	minCnt := max(1, int(math.Ceil(w.Options.MinAnnotated*float64(nPages))))
	detail := scope < 0 && (w.Mult == "1" || w.Mult == "?")
	inScope := func(s int) (bool, int) {
		ss := sets[s]
		if scope < 0 {
			return true, len(ss)
		}
		for i, id := range ss {
			if id == scope {
				return true, len(ss) - i - 1
			}
		}
		return false, 0
	}
	// topConf holds, per field, the best mean annotation confidence of a
	// slot: annotation confidence weighs a slot relative to the others.
	topConf := make([]float64, len(w.FieldSpecs))
	for fi, f := range w.FieldSpecs {
		topConf[fi] = 1e-9
		for _, st := range stats {
			if st.Count(f.Types) > 0 {
				topConf[fi] = max(topConf[fi], st.MeanConf(f.Types))
			}
		}
	}
	// fallback holds the candidates of single fields in a set's slot
	// keyed by a learned label (learnedLabel).
	var cands, fallback []cand
	mx := newMarkupIndex(stats) // markup.go
	// kin holds, per field, the types of the other fields of its kind
	// (sameKind), which are no rivals in a slot's plurality.
	kin := make([][]string, len(w.FieldSpecs))
	for fi, f := range w.FieldSpecs {
		for gi, g := range w.FieldSpecs {
			if gi != fi && !g.Tuple && sameKind(f, g) {
				kin[fi] = append(kin[fi], g.Types...)
			}
		}
	}
	for fi, f := range w.FieldSpecs {
		if f.Tuple {
			continue
		}
		for s, st := range stats {
			ok, depth := inScope(s)
			if !ok || st.Occ == 0 {
				continue
			}
			single := f.Parent == "" && !f.Many
			c := st.Count(f.Types)
			share := 0.0
			if st.AnnOcc > 0 {
				share = float64(c) / float64(st.AnnOcc)
			}
			if w.Records != nil {
				share = companionShare(st, f, c) // companion.go
			}
			itemLevel := false
			plural := st.PluralityAmong(f.Types, kin[fi])
			if f.Many {
				// A list with one known item (setitems.go).
				// In record mode the single fields settled in a slot of
				// their own are no rivals (settledTypes).
				var settled []string
				if w.Records != nil {
					settled = settledTypes(w.FieldSpecs, stats, s)
				}
				if ic, is := st.ItemCount(f.Types); ic > c && (is >= w.Options.GeneraliseThres || is >= pluralityShare && st.ItemPluralityAmong(f.Types, settled)) {
					c, share, itemLevel, plural = ic, is, true, st.ItemPluralityAmong(f.Types, settled)
				}
			}
			// A label naming the field right before the slot's values
			// ("Publisher:", "<th>ISBN-13</th>", "<b>Publisher:</b>")
			// nominates it even with few or no annotations (a
			// dictionary that knows a few of the values), when its
			// values are plausible. The label may be template text or
			// page text that varies with the row (rows folded into a
			// set); the slot then gives only the values it precedes.
			label := ""
			if f.Parent == "" {
				label = namedLabel(st, f, nPages, minCnt, w.Options.GeneraliseThres, w.FieldSpecs)
			}
			named := label != ""
			lines, learned := false, false
			if single && depth > 0 && named && listHeading(stats, sets, s, label, nPages, minCnt) {
				named, label = false, "" // a list's heading (headlabel.go)
			}
			// A field of a single nested tuple is weighed as a single field
			// of the root: a slot inside a set (a sidebar's list of other
			// events' venues) is not its place unless the set's iterations
			// are the lines of its value or a learned label keys it.
			if (single || nestedSingle(w.FieldSpecs, f)) && depth > 0 && !named {
				// A single value inside a set: the lines of one value
				// written as an element each (an address in two <div>s)
				// when every iteration holds the field's type.
				if joinsLines(st, f, nPages) && aloneInSet(sets, s) {
					lines = true
				} else if rl := recordLike(w.FieldSpecs, f, s, stats, sets, minCnt, w.Options.GeneraliseThres); otherRecordRow(w, scope, rl) {
					continue // another object's row (recordrow.go)
				} else if label = learnedLabel(st, f, nPages, minCnt, w.Options.GeneraliseThres, w.FieldSpecs, !rl); label != "" {
					named, learned = true, true
				} else {
					continue
				}
			}
			if nestedSingle(w.FieldSpecs, f) && depth > 0 && joinsLines(st, f, nPages) && aloneInSet(sets, s) {
				lines = true // the same, for a field of a single nested tuple
			}
			ls := labelled(st, label)
			if named && ls.Occ < st.Occ && f.Many {
				// A set field's items are not keyed by labels: a label
				// before some items only is the previous item's role.
				named, label = false, ""
			}
			if named && ls.Occ < st.Occ {
				// The label precedes only some of the slot's values:
				// score those (their annotations are not counted).
				st, c, share = ls, 0, 0
			}
			var score float64
			basis, untyped := "annotations", false
			lead := false
			switch {
			case c >= w.CandMin(f, st, minCnt, c) && (share >= w.Options.GeneraliseThres || (share >= pluralityShare && plural)):
				// Weighed by how sure the annotations are: full dates
				// over bare years, values over template text that a
				// dictionary happens to know. A slot where the field's
				// types are the most frequent but below GeneraliseThres
				// (two noisy dictionaries that both know some team
				// names) counts for less.
				conf := st.MeanConf(f.Types)
				if itemLevel {
					conf = st.ItemMeanConf(f.Types)
				}
				score = float64(titled(st, f, single, detail, c)) * share * conf / max(topConf[fi], conf)
				if share < w.Options.GeneraliseThres {
					score *= 0.75
				}
				score, c, lead = leadAlso(st, f, c, share, score, w.Options.GeneraliseThres)
				if lead {
					basis = "lead"
				}
			case st.LeadCount(f.Types) >= minCnt && st.LeadShare(f.Types) >= w.Options.GeneraliseThres:
				// The values run on past the instance, over tags (a
				// byline followed by other page parts): their first
				// run of words holds it.
				c, share, lead = st.LeadCount(f.Types), st.LeadShare(f.Types), true
				score, basis = leadPenalty*float64(c)*share, "lead"
			case named:
				// Every value counts as an instance; no conflicting
				// annotations (plausible checked that).
				untyped = st.Count(f.Types) == 0
				if ic, _ := st.ItemCount(f.Types); ic > 0 {
					untyped = false
				}
				c, share = st.Occ, 1
				score, basis = float64(st.Occ), "label"
			default:
				continue
			}
			if !named {
				label = ""
			}
			sc := w.slotScore(st, fi, basis, score, label, labels[s], depth, nPages, detail, lines)
			sc.Untyped = untyped
			sc.Markup = mx.markupFactor(s, f)
			if r := valid[f.Path]; r != nil {
				sc.Valid = validShare(st, r)
				if f.WholeByPattern() {
					sc.Recognized = recognizedFactor(sc.Valid)
				}
			}
			score = sc.Total()
			if score <= 0 {
				// One value on every page: template text that a
				// recognizer happens to match ("Search" in a menu), not a
				// field of the objects.
				continue
			}
			cd := cand{Lines: lines, Lead: lead, Label: label, Field: fi, Slot: s, Cnt: c, Share: share, Cov: float64(c) / float64(st.Occ), Score: score, Part: false, Sc: sc}
			if learned {
				fallback = append(fallback, cd)
			} else {
				cands = append(cands, cd)
			}
		}
	}
	cands = withFallback(cands, fallback)
	if detail {
		otherRowLabel(w.FieldSpecs, cands, labels) // ownrow.go
	}
	peers := unrolledPeers(w.Template)
	cands = keepUnrolled(w.FieldSpecs, cands, dropCopies(w.FieldSpecs, cands, stats, w.Options.GeneraliseThres), peers)
	cands = dropParts(w.FieldSpecs, cands, stats, minCnt, w.Options.GeneraliseThres)
	cands = dropOutnumbered(w.FieldSpecs, cands, stats, valid, w.Options.GeneraliseThres)
	cands = dropOtherLabelled(w.FieldSpecs, cands, stats, valid, labels, w.Options.GeneraliseThres)
	cands = withPartCands(w, cands, stats, hasPattern(valid), minCnt, inScope)
	if scope < 0 && (w.Mult == "1" || w.Mult == "?") {
		cands = dropOtherRecords(w.FieldSpecs, cands, stats, sets, minCnt, w.Options.GeneraliseThres)
		cands = reclaimMandatory(w, cands, stats, nPages, minCnt, inScope) // reclaim.go
		cands = titledName(w, cands, stats)                                // titlename.go
	}
	cands = w.typedCands(cands, stats, valid) // typed.go
	var reg *region
	if detail {
		if reg = objectRegion(w, cands, stats); reg != nil {
			reg.weigh(w, cands, stats) // locality.go
		}
	}
	sort.SliceStable(cands, func(a, b int) bool { return cands[a].Score > cands[b].Score })
	used := map[int]bool{}
	shared := map[int]bool{}
	usedLab := map[string]bool{}
	// On a detail page a set field of the object comes from one place,
	// chosen among the slots the single fields left free.
	place := map[int]int{}
	done := map[int]bool{}
	waits := map[int]bool{}   // single fields left to share a taken slot (learnParts)
	var pending []cand        // part candidates met before their slot was taken
	chosen := map[int][]int{} // field -> its slots so far
	var out []SlotMap
	total := 0.0
	best := map[int]float64{}
	for _, single := range []bool{true, false} {
		// A record's set field, too, comes from one place: a venue's
		// name the artists' dictionary knows is not where the lineup is.
		if !single && scope < 0 && (w.Mult == "1" || w.Mult == "?" || w.Records != nil) {
			taken := maps.Clone(used)
			for s := range shared {
				taken[s] = true
			}
			place = detailPlaces(w, cands, stats, taken)
		}
		for _, c := range cands {
			f := w.FieldSpecs[c.Field]
			if single && !done[c.Field] && !waits[c.Field] && (f.Parent == "" && !f.Many) &&
				(used[c.Slot] || usedLab[fmt.Sprint(c.Slot, "|", c.Label)]) &&
				sharesTaken(w, out, c, stats, valid) {
				// Its best slot is another field's, each value holding
				// both instances side by side ("Sunday, May 23 @ 9:00
				// pm"): it takes its part there (learnParts), not a
				// weaker slot of its own (an "On sale" date).
				waits[c.Field] = true
			}
			if c.Part {
				pending = append(pending, c) // waits for a host (partcands.go)
				continue
			}
			if (f.Parent == "" && !f.Many) != single || used[c.Slot] || (c.Label == "" && shared[c.Slot]) || usedLab[fmt.Sprint(c.Slot, "|", c.Label)] {
				continue
			}
			if single && (done[c.Field] || waits[c.Field]) {
				continue
			}
			if single && setClaims(w.FieldSpecs, cands, c) {
				continue // a set field's own place (setclaim.go)
			}
			if single && detail && copiesTaken(w.FieldSpecs, chosen, c, stats, w.Options.GeneraliseThres) {
				continue // another field's value repeated (copytaken.go)
			}
			if !single && done[c.Field] && nestedSingle(w.FieldSpecs, f) && otherLabelRow(labels, sets, chosen[c.Field], c.Slot, f) {
				// A single field of a single nested tuple takes more
				// slots for the lines of its value, not another row of
				// its type (a fax after the phone).
				continue
			}
			if p, ok := place[c.Field]; ok && !single && !peerPlace(peers, p, c.Slot) && (!samePlace(sets, othersUsed(used, chosen[c.Field]), p, c.Slot) || otherRow(stats[p], stats[c.Slot]) || detail && otherParent(stats[p], stats[c.Slot])) {
				continue
			}
			if !single {
				if b, ok := best[c.Field]; ok && c.Score < 0.25*b {
					continue
				}
				if _, ok := best[c.Field]; !ok {
					best[c.Field] = c.Score
				}
			}
			if c.Label == "" {
				used[c.Slot] = true
			} else {
				// Rows of several kinds folded into one slot: each
				// label gives its values to its own field.
				shared[c.Slot], usedLab[fmt.Sprint(c.Slot, "|", c.Label)] = true, true
			}
			done[c.Field] = true
			chosen[c.Field] = append(chosen[c.Field], c.Slot)
			total += c.Score
			sm := w.slotMapOf(c, stats, valid, single)
			out = append(out, sm)
			waitParts(w, out, pending, c.Slot, stats, valid, done, waits)
		}
	}
	out = append(out, w.altSlots(cands, out, stats, valid, used)...)
	out = explainedSlots(w, out, stats, done, used, minCnt, inScope, detail)
	out = learnParts(w, out, stats, valid, done, minCnt)
	if scope < 0 && (w.Mult == "1" || w.Mult == "?") {
		out = leadItems(w, out, stats) // leaditem.go
		out = conjItems(w, out, stats) // leaditem.go
	}
	out = learnInstances(w, out, stats, valid, done, sets, scope, minCnt)
	if scope < 0 && (w.Records != nil || w.Mult == "1" || w.Mult == "?") {
		// One object per page or per record: not a list page's page
		// template, whose single slots are the page's.
		out = learnItems(w, out, stats, valid, done, minCnt, nPages, sets)
		out = learnRowItems(w, out, stats, valid, done, sets, minCnt, nPages)
	}
	// Lenient (see Induce): mandatory fields may stay without slot when
	// most of them have one, on a detail page half of them at least
	// (dropped and reported, as an optional field without slot is). With
	// two mandatory fields, one without a consistent slot (a newcomer's
	// `company = "1"` typed by a regex the pages do not fit) stopped the
	// whole run, though the other one and the optional fields were placed;
	// with three, one missing was already dropped.
	// A field an answer places (a pin to a slot of the scope, or "not on
	// these pages") stops nothing, and counts as placed: applyPins places
	// it below.
	answered := w.pinsPlacing(cands, stats, labels, inScope)
	lenient := false
	if w.Lenient {
		mand, placed := 0, 0
		for i, f := range w.FieldSpecs {
			if !f.Tuple && !f.Optional && f.Parent == "" {
				mand++
				if done[i] || answered[f.Path] {
					placed++
				}
			}
		}
		lenient = 2*placed > mand
		if w.Records == nil && (w.Mult == "1" || w.Mult == "?") {
			// A detail page: the object is the page, and half its
			// mandatory fields place it. Not on list pages: there a
			// lenient record pattern that places one of two is tried
			// before the page template (Induce), and took a wrong
			// pattern over the right one (a generated player list
			// lost every name).
			lenient = placed > 0 && 2*placed >= mand
		}
	}
	unplaced := func(f FieldSpec) bool {
		if f.Tuple || f.Optional || done[IndexOf(w.FieldSpecs, f.Path)] || lenient || answered[f.Path] {
			return false
		}
		if f.Parent != "" {
			if p := w.FieldSpecs[IndexOf(w.FieldSpecs, f.Parent)]; p.Optional {
				return false
			}
		}
		return true
	}
	// stop is a StopError asking the fields without slot where they are
	// (StopError.Questions): learning stopped, a user's answers let it go on.
	stop := func(e *StopError) *StopError {
		for _, f := range w.FieldSpecs {
			if unplaced(f) {
				e.ask = append(e.ask, f.Path)
			}
		}
		e.explain = explainMapping(w, cands, out, reg, stats, labels, inScope, nPages)
		e.taken, e.fields = map[int]string{}, w.FieldSpecs
		for _, sm := range out {
			e.taken[sm.Slot] = sm.Field
		}
		return e
	}
	for _, f := range w.FieldSpecs {
		if !unplaced(f) {
			continue
		}
		typ := strings.Join(f.Types, "|")
		// Explain with the slot holding most of the type's annotations.
		best, bestN := -1, 0
		for i, st := range stats {
			if n := sumOf(st.Some, f.Types); n > bestN {
				best, bestN = i, n
			}
		}
		if best < 0 {
			return out, total, stop(&StopError{Type: typ, Reason: fmt.Sprintf(
				"mandatory field %q: no slot of the template holds an annotated value", f.Path)})
		}
		st := stats[best]
		var others []string
		for t := range st.Some {
			if !slices.Contains(f.Types, t) {
				others = append(others, t)
			}
		}
		sort.Strings(others)
		c := st.Count(f.Types)
		reason := stopReason(f.Path, bestN, st.Occ, c, st.AnnOcc, minCnt, w.Options.GeneraliseThres)
		if len(others) > 0 {
			reason += "; the slot mixes it with " + strings.Join(others, ", ")
		}
		return out, total, stop(&StopError{Type: typ, Reason: reason})
	}
	out = w.abstain(out, cands, stats, scope, nPages)            // abstain.go
	out = w.distinctSlots(out, cands, stats, scope)              // copytaken.go
	out = w.applyPins(out, cands, stats, labels, inScope, scope) // pins.go
	out = ownPaths(w, out, stats)
	sort.Slice(out, func(a, b int) bool { return out[a].Slot < out[b].Slot })
	w.noteExplanation(scope, explainMapping(w, cands, out, reg, stats, labels, inScope, nPages))
	return out, total, nil
}
