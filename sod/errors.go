package sod

import (
	"cmp"
	"slices"
	"strings"
)

// Error is one problem found in an SOD file, at a position.
type Error struct {
	Pos Pos
	Msg string
}

// Error formats the error as "file:line:col: message".
func (e *Error) Error() string {
	if p := e.Pos.String(); p != "" {
		return p + ": " + e.Msg
	}
	return e.Msg
}

// ErrorList is every problem found while loading an SOD, in file order.
// Load and Parse return a non-empty ErrorList (as an error) when the
// description is invalid.
type ErrorList []*Error

// Error prints every error, one per line.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Unwrap returns the errors, so errors.As finds an *Error in the list.
func (l ErrorList) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

// sort orders the list by file position; errors without a line come first.
func (l ErrorList) sort() {
	slices.SortStableFunc(l, func(a, b *Error) int {
		return cmp.Or(
			cmp.Compare(a.Pos.File, b.Pos.File),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Col, b.Pos.Col),
		)
	})
}
