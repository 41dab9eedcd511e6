package mapping

import (
	"golang.org/x/net/html"
)

// Locality. On a detail page the fields of one object come from one
// region of the page: the book's title, author, ISBN, price and page
// count sit in its detail block, while a recommendations sidebar, a
// "customers also bought" carousel or another format's box repeat
// look-alikes (another book's "Club Price: $9.71", a "66 Ratings" count)
// that annotations and labels alone cannot tell apart.
//
// The region is learned from the fields that name the object, the
// anchors: every dictionary field (a title, an author, a cuisine names one
// object) at its best candidate slot, whatever the runner-up. A price, a
// date or a number has look-alikes all over the page (the sidebar's
// price under a label naming the field can outweigh the book's own), so a
// patterned field anchors the region only when the dictionary fields give
// fewer than two anchors, and only when its placement is not in doubt:
// its best slot holds about one value per page (anchorOne), is not read
// from the first words of longer values (Lead), and is its only candidate
// or weighs at least anchorMargin times the next one (or a rule placed
// it). With anchors in two slots or more (two fields' best slot being
// one is one place, no region), the region on a sample page is the
// smallest DOM subtree holding the anchors' values there (their lowest
// common ancestor). Taking every dictionary field, doubtful or not, errs
// on the side of a larger region: a field's own slot beside the object's
// name (a phone number under the heading, away from the address rows)
// stays inside. A single field's candidate
// slot whose values lie outside the region on most of the sample pages
// where both are known gets the Locality factor outsidePenalty: it is
// taken only when the region holds no candidate of the field, and the
// field's slot is then flagged (SlotMap.Outside, the run's diagnostic
// "outside-region"). When the region is the whole page body on most
// sample pages (the anchors far apart), there is no region and no factor.
//
// Set fields are not weighed here: a detail page's set field already
// comes from one place near the single fields (detailPlaces).

// AnchorMargin is how much a field's best candidate must outweigh its
// next one for the field to anchor the region.
const AnchorMargin = 2.0

// AnchorOne is the least multiplicity fit (onePerPage) of an anchor's
// slot: a slot holding about one value per page, not a list.
const AnchorOne = 0.67

// OutsidePenalty is the Locality factor of a slot outside the region:
// low enough that no candidate inside it loses to one outside.
const OutsidePenalty = 0.01

// Locality turns the weighing by locality on (a switch for the test that
// shows what it does).
var Locality = true

// Within reports whether x is root or one of its descendants.
func Within(x, root *html.Node) bool {
	for ; x != nil; x = x.Parent {
		if x == root {
			return true
		}
	}
	return false
}
