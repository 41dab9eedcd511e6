package mapping

// Row roles. Label-value rows in one order whose presence varies from
// record to record ("<dt>Telephone:</dt><dd>…</dd>", "<dt>Fax:</dt>…",
// "<dt>Online:</dt>…" each on some records only, between rows every
// record has) are alike tag for tag: ExAlg cannot tell which row a
// <dt> or <dd> is, folds the varying rows into one set and a field's
// value lands among the other rows' values (a fax for the phone). The
// tokenizer gives the rows of such a container roles of their own, as it
// does for shuffled rows (roworder.go, relabel), without moving them: the
// template then holds one optional part per row kind.
//
// Learned from the sample with the shuffled rows (learnRowOrder): a
// container place (a path, the same in every record) where a label that
// is frequent enough (labelMinRecords of the records), never annotated,
// never twice in one container and always at that one place is absent
// from some of the containers there; then every such label at that place
// gets roles (rowOrder.stay), so that the rows every record has are cut
// apart from the optional ones.

import (
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// RowRoles turns the roles of optional rows on (a switch for the tests
// that show what it does).
var RowRoles = true

// optionalRows returns the labels whose rows get roles in place (see the
// comment at the top of the file), leaving out the shuffled labels keys.
func (st *rowStats) optionalRows(minRecs int, keys map[string]bool) map[string]bool {
	if !RowRoles {
		return nil
	}
	// A text ending with a comma ("Harbor Lights Tavern, " before the
	// address) is a value going on, not a label.
	ok := func(k string) bool {
		return !keys[k] && !st.bad[k] && st.recsWith[k] >= minRecs && len(st.places[k]) == 1 && !strings.ContainsAny(k, ",;")
	}
	placeOf := func(k string) string {
		for p := range st.places[k] {
			return p
		}
		return ""
	}
	// Places where a label is missing from some containers, and how
	// many labels sit there.
	optional := map[string]bool{}
	labels := map[string]int{}
	for k := range st.recsWith {
		if !ok(k) {
			continue
		}
		p := placeOf(k)
		labels[p]++
		if st.conts[p] >= minRecs && st.at[[2]string{k, p}] < st.conts[p] {
			optional[p] = true
		}
	}
	out := map[string]bool{}
	for k := range st.recsWith {
		if p := placeOf(k); ok(k) && optional[p] && labels[p] >= 2 {
			out[k] = true
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// InPlace returns the row u as it gets roles in place: a label element
// (a <dt>) and its value, not the siblings after them up to the next
// label (an unlabelled <dd> after "<dt>Our price:</dt><dd>…</dd>" on one
// page, after the MSRP row on the next, keeps the roles of its own
// tags). A text label ("Food: <span>Thai</span> · <span>$$</span><br>")
// keeps its row up to the next label or <br>: its value runs over
// several siblings. The <br> that ends the row, before the next label,
// is the row's: the number of <br> between rows varies with the
// optional rows.
func (u rowUnit) InPlace() rowUnit {
	if u.value != nil && u.First.Type == html.ElementNode && u.Last != u.value {
		u.Last = u.value
		return u
	}
	if u.brk != nil {
		u.Last = u.brk
	}
	return u
}

// rowBreak reports whether <br> c ends a row: the next row (a label, or
// an element: an unlabelled row) or nothing follows it, not a plain text
// without a label, a value's next line ("Address: 12 Elm St<br>Denver,
// CO").
func rowBreak(c *html.Node) bool {
	for n := c.NextSibling; n != nil; n = n.NextSibling {
		if n.Type == html.CommentNode || n.Type == html.TextNode && strings.TrimSpace(n.Data) == "" || n.Type == html.ElementNode && Skipped(n) {
			continue
		}
		if n.Type != html.TextNode {
			return true
		}
		k, _, _, _, _ := rowStart(n)
		return k != ""
	}
	return true
}

// sortMoving puts the shuffled rows among order (indexes into us, in the
// page's order) in canonical order (their labels sorted), in the places
// shuffled rows have; rows of labels kept in place (stay) do not move.
func (em *rowEmitter) sortMoving(order []int, us []rowUnit) {
	var at, moving []int
	for i, u := range order {
		if !em.stay[us[u].Key] {
			at = append(at, i)
			moving = append(moving, u)
		}
	}
	slices.SortStableFunc(moving, func(a, b int) int { return strings.Compare(us[a].Key, us[b].Key) })
	for j, i := range at {
		order[i] = moving[j]
	}
}
