package mapping

// Block starts. A block value (SlotMap.Block, join.go) extends an
// address's slot over the unmapped slots of its block, which may begin
// with other inline parts of the record ("<span>3.8 stars</span> ·
// <span class="address">…</span>" inside one <article>): the rating is
// no part of the address. The block's text before the slot's value is
// kept only when the field's recognizer finds a longer instance with it
// than without it.

import (
	"github.com/objectrunner/objectrunner/recognizers"
)

// Covered returns how many bytes of text r's instances cover.
func Covered(r recognizers.Recognizer, text string) int {
	ms, err := r.Find(text)
	if err != nil {
		return 0
	}
	n, end := 0, 0
	for _, m := range ms {
		a := max(m.Start, end)
		if m.End > a {
			n += m.End - a
			end = m.End
		}
	}
	return n
}
