package mapping

// Inline row labels. Rows written as text "Label: value" one after the
// other, cut by <br> ("Neighborhood: Uptown<br>Online: www.x.example"),
// that ExAlg left in one slot give items (runs between tags) that open
// with their label: an item is a patterned field's instance also when it
// is one after its label (patternItems), and the label before it keys it
// as for a row in elements of its own (SlotMap.ItemLabel).

// maxInlineLabelWords is the most words an inline row label may have.
const maxInlineLabelWords = 3

// afterInlineLabel returns the first token after the label the words
// [a, b) open with, written "Label:" (one to maxInlineLabelWords words
// with a letter, then a ":" token, then more words); a when there is
// none.
func afterInlineLabel(toks []Token, a, b int) int {
	words := 0
	for x := a; x < b && toks[x].Kind == KindWord; x++ {
		if toks[x].Text() == ":" {
			if words == 0 || x+1 >= b {
				return a
			}
			return x + 1
		}
		if alnum(toks[x].Text()) == "" || words == maxInlineLabelWords {
			return a
		}
		words++
	}
	return a
}
