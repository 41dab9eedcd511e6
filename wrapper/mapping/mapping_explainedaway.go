package mapping

import (
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// explainedAway counts the values of st annotated only with types in gone
// (one or several: two fields over one dictionary class annotate a value
// with both their types).
func explainedAway(st *slotStats, gone map[string]bool) int {
	n := 0
	for set, c := range st.TypeSets {
		all := true
		for _, t := range strings.Split(set, "\x00") {
			all = all && gone[t]
		}
		if all {
			n += c
		}
	}
	return n
}

// stopReason says why mandatory field path has no slot, from the slot
// holding most of its annotations: touched of occ values touch it, c are
// mainly its instances, annOcc are mainly some type's. It names the
// condition that failed and the measured share: too few values (c below
// need), or too small a share of the slot's annotated values (c/annOcc
// below thres, another type dominating).
func stopReason(path string, touched, occ, c, annOcc, need int, thres float64) string {
	share := 0.0
	if annOcc > 0 {
		share = float64(c) / float64(annOcc)
	}
	head := fmt.Sprintf("mandatory field %q has no consistent slot: in the slot holding most of its annotations (%d of the slot's %d sample values touch it), ", path, touched, occ)
	switch {
	case c < need:
		return head + fmt.Sprintf("only %d values are mainly instances of it, fewer than the %d needed (share of the slot's annotated values %.2f)", c, need, share)
	case share < thres:
		return head + fmt.Sprintf("%d values are mainly instances of it (enough), but that is %.2f of the %d annotated values, below the %.2f needed", c, share, annOcc, thres)
	default:
		return head + fmt.Sprintf("%d values are mainly instances of it (share %.2f), but the slot went to another field or its values failed the checks", c, share)
	}
}

func IndexOf(fs []FieldSpec, path string) int {
	for i, f := range fs {
		if f.Path == path {
			return i
		}
	}
	return -1
}

// WholeNode reports whether tokens [a, b) are all the words of one text node,
// apart from separator punctuation at its edges.
func WholeNode(toks []Token, a, b int) bool {
	n := toks[a].Node()
	if toks[a].Kind != KindWord || toks[b-1].Node() != n {
		return false
	}
	for x := a - 1; x >= 0 && toks[x].Node() == n && toks[x].Kind == KindWord; x-- {
		if !exalg.EdgeToken(&toks[x]) {
			return false
		}
	}
	for x := b; x < len(toks) && toks[x].Node() == n && toks[x].Kind == KindWord; x++ {
		if !exalg.EdgeToken(&toks[x]) {
			return false
		}
	}
	return true
}

// slotLabels returns, for every slot, the words of the constant text just
// before it (up to three), lower-cased and reduced to letters and digits.
func slotLabels(t *Template) [][]string {
	out := make([][]string, len(t.Slots))
	exalg.Walk(t.Root, func(n Node) {
		seq, ok := n.(*SeqNode)
		if !ok {
			return
		}
		for i, c := range seq.Nodes {
			sl, ok := c.(*SlotNode)
			if !ok || i == 0 {
				continue
			}
			tx, ok := seq.Nodes[i-1].(*TextNode)
			if !ok {
				continue
			}
			var words []string
			for j := len(tx.Toks) - 1; j >= 0 && len(words) < 3; j-- {
				if tx.Toks[j].Kind == KindWord {
					ws := LabelWords(tx.Toks[j].Text)
					for k := len(ws) - 1; k >= 0 && len(words) < 3; k-- {
						words = append(words, ws[k])
					}
				}
			}
			out[sl.ID] = words
		}
	})
	return out
}

func alnum(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// appendAlnum appends alnum(s) to buf without a copy of s: strings.ToLower
// is unicode.ToLower rune by rune (an invalid byte is utf8.RuneError, which
// is neither letter nor digit), and alnum keeps the lowered letters and
// digits.
func appendAlnum(buf []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
				buf = append(buf, c)
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if r = unicode.ToLower(r); unicode.IsLetter(r) || unicode.IsDigit(r) {
			buf = utf8.AppendRune(buf, r)
		}
	}
	return buf
}

// hasAlnum reports whether alnum(s) != "".
func hasAlnum(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
				return true
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if r = unicode.ToLower(r); unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// LabelWords returns the label words of one word token: its letters and
// digits, lower-cased, as one word, or as several when "/" joins
// alternatives ("College/Univ." gives "college", "univ").
func LabelWords(text string) []string {
	var out []string
	for _, part := range strings.Split(text, "/") {
		if w := alnum(part); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// labelMatches reports whether a label word equals the field name, a word of
// it, or one of its type names (compared on letters and digits).

// Cut selects one segment of a slot value (see SlotMap.Cut).
type Cut struct {
	Index     int  `json:"index"`
	FromRight bool `json:"from_right,omitempty"`
}

// explainedCut reports whether segment i of a value, holding an instance
// of typ, is apart from the others for a reason: a tag separates it from
// a neighbouring segment, or another segment holds another type's
// instance.
func explainedCut(toks []Token, segs [][2]int, i int, typ string) bool {
	node := toks[segs[i][0]].Node()
	for j, sg := range segs {
		if j == i {
			continue
		}
		if (j == i-1 || j == i+1) && toks[sg[0]].Node() != node {
			return true
		}
		for x := sg[0]; x < sg[1]; x++ {
			for _, t := range toks[x].AnnTypes() {
				if t != typ {
					return true
				}
			}
		}
	}
	return false
}

// segmentRule learns a Cut for a slot whose sample values hold the field's
// instance in one segment among several, at a fixed index from the left or
// the right in at least thres of the values that were cut.
func segmentRule(st *slotStats, types []string, thres float64, predefined bool) *Cut {
	n, x := 0, 0
	for _, t := range types {
		n += st.SegN[t]
		x += st.SegX[t]
	}
	if n == 0 || float64(n) < 0.5*float64(st.Count(types)) {
		return nil
	}
	// A value is the slot's variable text: it is cut to one segment only
	// when the recognizer delimits it (predefined types) or when the other
	// segments are apart for a reason in most values (explainedCut) — not
	// at punctuation inside a name ("The Quiet Archive (1945)").
	if !predefined && 2*x < n {
		return nil
	}
	var best *Cut
	bc := 0
	for _, right := range []bool{false, true} {
		tally := map[int]int{}
		for _, t := range types {
			m := st.SegL[t]
			if right {
				m = st.SegR[t]
			}
			for i, c := range m {
				tally[i] += c
			}
		}
		for i, c := range tally {
			if c > bc || (c == bc && best != nil && !right && i < best.Index) {
				best, bc = &Cut{Index: i, FromRight: right}, c
			}
		}
	}
	if best == nil || float64(bc) < thres*float64(n) {
		return nil
	}
	return best
}

// titleBoost multiplies the score of a detail page's slot whose values
// the page's <title> contains.
const titleBoost = 3.0

// namedBoost multiplies the score of a slot whose label names its field
// (LabelAffinity >= AffinityName): the label is stronger evidence than a few dictionary hits.
const namedBoost = 2.0

// wordBefore returns the position of the last word with a letter or digit
// before token x, -1 when there is none.
func wordBefore(toks []Token, x int) int {
	y := x - 1
	for y >= 0 && (toks[y].Kind != KindWord || alnum(toks[y].Text()) == "") {
		y--
	}
	return y
}

// pageLabel returns the label right before token x on a page: the last
// run of words of one text node before x, skipping tags and punctuation
// ("Publisher" in "<th>Publisher:</th><td>"), lower-cased and reduced to
// letters and digits, when it has at most four words and a letter (a
// price or a date before a value is another value, not a label:
// labelLetters); nil otherwise.
func pageLabel(toks []Token, x int) []string {
	y := wordBefore(toks, x)
	if y < 0 {
		return nil
	}
	var run []string
	for n := toks[y].Node(); y >= 0 && toks[y].Kind == KindWord && toks[y].Node() == n; y-- {
		ws := LabelWords(toks[y].Text())
		for k := len(ws) - 1; k >= 0; k-- {
			if len(run) == 4 {
				return nil
			}
			run = append(run, ws[k])
		}
	}
	for i, j := 0, len(run)-1; i < j; i, j = i+1, j-1 {
		run[i], run[j] = run[j], run[i]
	}
	if !labelLetters(run) {
		return nil
	}
	return run
}

// namedLabel returns the page label (slotStats.labVals) that names field f
// before the slot's values on the most sample pages, when those are at
// least a quarter of the sample (and minCnt) and the values it precedes
// are plausible; "" otherwise.
func namedLabel(st *slotStats, f FieldSpec, nPages, minCnt int, thres float64, fields []FieldSpec) string {
	best, bestN, bestA := "", 0, 0
	for k, pgs := range st.LabPages {
		n := len(pgs)
		if n < minCnt || 4*n < nPages {
			continue
		}
		a := labelAffinity(strings.Fields(k), f)
		if a < affinityKind || a < bestA || (a == bestA && (n < bestN || (n == bestN && k > best))) || entityLabel(st, k, f) || st.farLabel(k) {
			continue
		}
		if !plausible(labelled(st, k), f, thres, minCnt) || otherPattern(labelled(st, k), f, fields, thres) {
			continue
		}
		if labelled(st, k).Occ == st.Occ && otherNames(st, f, fields, minCnt) {
			continue
		}
		best, bestN, bestA = k, n, a
	}
	return best
}

// absentAsOther reports whether a slot mapped to optional field f on its
// annotations (c) validates its values even when f's recognizer finds an
// instance in few of them (valid, validShare): the annotated values are
// f's (share thres), the recognizer finds instances in them (valid at
// least thres of the annotated share), f's pattern delimits values, and a
// value without an instance is a page without f, the row holding
// something else ("Born: Boston, MA" with no date).
func absentAsOther(f FieldSpec, c cand, valid, thres float64) bool {
	return f.Optional && !f.Many && f.WholeByPattern() && c.Label == "" && !c.Lead && c.Share >= thres && valid >= thres*c.Cov
}

// oneTextPenalty weighs a detail-page slot whose annotations for a field
// all fall on one text (slotStats.annotatedTexts): a quarter, so that a
// dictionary knowing one heading or menu word, however often it recurs
// there, does not outweigh a slot where it knows two distinct values
// that another dictionary disputes.
const oneTextPenalty = 0.25

// AnnotatedTexts is the number of distinct values of the slot counted as
// instances of the types.
func (st *slotStats) AnnotatedTexts(types []string) int {
	seen := map[string]bool{}
	for _, t := range types {
		for v := range st.TypeVals[t] {
			seen[v] = true
		}
	}
	return len(seen)
}

// fieldMin is the number of annotated values a slot needs to be mapped to
// f: minCnt (MinAnnotated of the sample), or, for an optional field, that
// share of the slot's own values when fewer (a college missing from half
// the rows of a roster, known to a sparse dictionary), and at least two.
func fieldMin(f FieldSpec, st *slotStats, minCnt int, minAnn float64) int {
	if !f.Optional {
		return minCnt
	}
	return max(2, min(minCnt, int(math.Ceil(minAnn*float64(st.Occ)))))
}

// otherNames reports whether a slot's values are another field's names
// and never f's: a dictionary of another field (not a pattern: a date
// written beside a publisher's name is otherPattern's) knows a third of
// them or more (and minCnt), while f's types annotate none. A breadcrumb
// link "Teams" before the player's own name does not make the name a team.
func otherNames(st *slotStats, f FieldSpec, fields []FieldSpec, minCnt int) bool {
	if st.Occ == 0 || st.Count(f.Types) > 0 {
		return false
	}
	for _, g := range fields {
		if g.Path == f.Path || g.Tuple || g.Patterned() {
			continue
		}
		if st.Count(g.Types) >= minCnt {
			return true
		}
	}
	return false
}

// learnedLabel returns, for a single field in a slot of a set (rows of
// several kinds folded into one set: "Area: …", "Reservations: …"), the
// page label whose values are the field's: the label before the slot's
// values on a quarter of the sample pages or more (and minCnt) whose
// values are instances of the field's types in thres of the cases and
// plausible, the one with most such instances; "" when none. The label
// need not name the field ("Reservations" before a phone number): the
// annotations say which row holds it. A label naming another field is
// that field's. With sparse (the set's iterations are no records of other
// objects: !recordLike), a label under which the field's annotations
// concentrate is its row even when few of its values are known
// (sparseRow, sparselabel.go).
func learnedLabel(st *slotStats, f FieldSpec, nPages, minCnt int, thres float64, fields []FieldSpec, sparse bool) string {
	best, bestN := "", 0
	for k, pgs := range st.LabPages {
		n := len(pgs)
		if n < minCnt || 4*n < nPages {
			continue
		}
		ann := 0
		for _, t := range f.Types {
			ann = max(ann, st.LabAnn[k][t])
		}
		ls := labelled(st, k)
		if ann < minCnt || (float64(ann) < thres*float64(ls.Occ) && !(sparse && sparseRow(st, k, f, ann, thres))) || ann < bestN || (ann == bestN && k > best) {
			continue
		}
		if names := strings.Fields(k); labelsOther(names, f, fields) || entityLabel(st, k, f) {
			continue
		}
		if !plausible(ls, f, thres, minCnt) || otherPattern(ls, f, fields, thres) {
			continue
		}
		best, bestN = k, ann
	}
	return best
}

// withFallback adds to cands the fallback candidates of the fields that
// have no candidate in cands: a row keyed by a learned label is the
// field's place only when no slot holds it otherwise.
func withFallback(cands, fallback []cand) []cand {
	has := map[int]bool{}
	for _, c := range cands {
		has[c.Field] = true
	}
	for _, c := range fallback {
		if !has[c.Field] {
			cands = append(cands, c)
		}
	}
	return cands
}

// otherPattern reports whether most of a slot's values are, mostly,
// instances of another field's pattern that f does not share: dates under a label
// "Published" are not a publisher's names.
func otherPattern(st *slotStats, f FieldSpec, fields []FieldSpec, thres float64) bool {
	for _, g := range fields {
		if g.Path == f.Path || !g.Patterned() || (g.Predefined == f.Predefined && g.Predefined != "") {
			continue
		}
		if f.Regex != nil && g.Regex != nil && *f.Regex == *g.Regex {
			continue
		}
		if r := patternRecognizer(g); r != nil && coverShare(st, r) >= thres {
			return true
		}
	}
	return false
}

// coverShare is the share of a slot's sample values that are mostly (two
// thirds of their length or more) one instance of r.
func coverShare(st *slotStats, r recognizers.Recognizer) float64 {
	if st.Occ == 0 {
		return 0
	}
	n := 0
	for v, c := range st.Values {
		if m, ok := longestMatch(r, v); ok && 3*(m[1]-m[0]) >= 2*len(v) {
			n += c
		}
	}
	return float64(n) / float64(st.Occ)
}

// labelled returns the statistics of the values of a slot that label
// precedes: counts and distinct values, with the share of whole-node values
// of the slot; no annotation counts.
func labelled(st *slotStats, label string) *slotStats {
	ls := &slotStats{Values: st.LabVals[label], Types: map[string]int{}, PerPage: map[int]int{}}
	for _, n := range ls.Values {
		ls.Occ += n
	}
	if st.Occ > 0 {
		ls.Whole = st.Whole * ls.Occ / st.Occ
	}
	for pg := range st.LabPages[label] {
		ls.PerPage[pg] = 1
	}
	ls.SomePages = st.SomePages
	return ls
}

// plausible reports whether the values a label nominates can be the
// field's: not mostly one constant, not mainly annotated with other types,
// and, for a field with a predefined recognizer, recognised in thres of
// the values.
func plausible(st *slotStats, f FieldSpec, thres float64, minCnt int) bool {
	if st.Occ == 0 {
		return false
	}
	top := 0
	for _, n := range st.Values {
		top = max(top, n)
	}
	if 2*top > st.Occ && len(st.Values) > 0 && st.Occ > 2 {
		return false
	}
	if other := st.AnnOcc - st.Count(f.Types); other >= minCnt && float64(other) > (1-thres)*float64(st.AnnOcc) {
		return false
	}
	if r := patternRecognizer(f); r != nil && validShare(st, r) < thres {
		return false
	}
	if patternRecognizer(f) == nil && st.Count(f.Types) == 0 && float64(letterless(st)) > (1-thres)*float64(st.Occ) {
		// A dictionary's names have letters: numbers after a label
		// that shares a word with the field's type ("Product ID:
		// 7894791" for a product) are another role's values.
		return false
	}
	return true
}

// letterless counts the slot's sample values without a letter.
func letterless(st *slotStats) int {
	n := 0
	for v, c := range st.Values {
		if !strings.ContainsFunc(v, unicode.IsLetter) {
			n += c
		}
	}
	return n
}

// validShare is the share of a slot's sample values in which recognizer r
// finds an instance (0 without r).
func validShare(st *slotStats, r recognizers.Recognizer) float64 {
	return shareBy(st, r, Validate)
}

// shareBy is the share of a slot's sample values that check accepts as
// instances of r (0 without r or values).
func shareBy(st *slotStats, r recognizers.Recognizer, check func(recognizers.Recognizer, string) (string, bool)) float64 {
	if r == nil || st.Occ == 0 {
		return 0
	}
	ok := 0
	for v, n := range st.Values {
		if _, found := check(r, v); found {
			ok += n
		}
	}
	return float64(ok) / float64(st.Occ)
}

// samePlace reports whether slot s belongs to the place chosen at slot p
// (detailPlaces): s is p, or a slot near it (at most placeSpan slots away)
// inside the same sets, with no slot of another field between them (the
// second author of a byline is an optional slot of its own).
func samePlace(sets [][]int, used map[int]bool, p, s int) bool {
	if s == p {
		return true
	}
	if max(s-p, p-s) > placeSpan || !nestedPlace(sets[s], sets[p]) {
		return false
	}
	for x := min(s, p) + 1; x < max(s, p); x++ {
		if used[x] {
			return false
		}
	}
	return true
}

// placeSpan is how many slots away from the chosen place a slot of the
// same field may be and still belong to it (samePlace).
const placeSpan = 3

// placeScore rates a slot as the one place of a detail page's set field
// (see detailPlaces).
func placeScore(st *slotStats, f FieldSpec) float64 {
	pages := map[int]bool{}
	for _, t := range f.Types {
		for pg := range st.SomePages[t] {
			pages[pg] = true
		}
	}
	v := float64(len(pages)) * st.novelty(f.Types)
	if len(st.PerPage) > 0 {
		if m := float64(st.Occ) / float64(len(st.PerPage)); m > 2 {
			v /= m / 2
		}
	}
	return v
}

// labelBefore reports whether the label right before token x on the page
// (pageLabel) is label.
//
// It reads the words pageLabel would give, last first, and compares each
// with its place in label, without building them: a label of one to four
// words (pageLabel gives nil or one to four words) equals the run when
// every word read is label's word at that place, as many as label has,
// and label has a letter (labelLetters).
func labelBefore(toks []Token, x int, label []string) bool {
	if len(label) == 0 {
		return pageLabel(toks, x) == nil
	}
	if len(label) > 4 {
		return false
	}
	y := x - 1
	for y >= 0 && (toks[y].Kind != KindWord || !hasAlnum(toks[y].Text())) {
		y--
	}
	if y < 0 {
		return false
	}
	var arr [64]byte
	c := 0 // the words read so far
	for n := toks[y].Node(); y >= 0 && toks[y].Kind == KindWord && toks[y].Node() == n; y-- {
		// LabelWords(text), last first: the parts between "/".
		text := toks[y].Text()
		for end := len(text); ; {
			i := strings.LastIndexByte(text[:end], '/')
			if w := appendAlnum(arr[:0], text[i+1:end]); len(w) > 0 {
				if c++; c > len(label) || string(w) != label[len(label)-c] {
					return false
				}
			}
			if i < 0 {
				break
			}
			end = i
		}
	}
	return c == len(label) && labelLetters(label)
}

// lowerInitial reports whether a word starts with a lower-case letter.
func lowerInitial(w string) bool {
	for _, r := range w {
		return unicode.IsLower(r)
	}
	return false
}

// predefinedRecognizers builds the predefined recognizers of the fields
// that have one (FieldSpec.Predefined), by field path; unknown names are
// left out.
func predefinedRecognizers(fields []FieldSpec) map[string]recognizers.Recognizer {
	out := map[string]recognizers.Recognizer{}
	for _, f := range fields {
		if r := patternRecognizer(f); r != nil {
			out[f.Path] = r
		}
	}
	return out
}

// patternRecognizer builds the field's predefined or regex recognizer; nil
// when it has none (or an unknown one: a wrapper saved by a build with
// other recognizers).
func patternRecognizer(f FieldSpec) recognizers.Recognizer {
	switch {
	case f.Predefined != "":
		if r, err := recognizers.NewPredefined(f.Predefined); err == nil {
			return r
		}
	case f.Regex != nil:
		if r, err := recognizers.NewRegex(f.Regex.Pattern, f.Regex.IgnoreCase, f.Regex.Timeout); err == nil {
			return r
		}
	}
	return nil
}

// cutSeps are the separators at which a value may be cut before another
// field's instance (otherCut).
var cutSeps = []string{";", "("}
