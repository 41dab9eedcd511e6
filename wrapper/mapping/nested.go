package mapping

// Kept by the issue 21 ablation (zoo seeds 1-100, 15000-15149): part of
// the annotation factor (ownTypes: which matches count as a type's
// instances); off, s0232 born falls from 1.00 to 0.00.

// Annotations inside a longer instance of another type.
//
// A recognizer's match that lies inside a longer match of another type
// in the same text node is part of that instance, not a value of its own:
// the "6" of a height "6 ft 6 in" or of a date "6/3/1999" for a number
// field whose pattern is one or two digits, an author's name inside a
// publisher's name. Such a match still marks the words (roles are told
// apart as before), but when slots are weighed for the fields it counts
// for nothing: the slot's values are the longer type's instances
// (ownTypes, used by gather).

import (
	"github.com/objectrunner/objectrunner/annotate"
)

// ownTypes returns the distinct annotation types of token t, leaving out
// the types whose every annotation on t lies inside a longer annotation of
// another type on the same text node.
func ownTypes(t *Token) []string {
	var out []string
	for _, a := range t.Ann() {
		if containedInOther(a, t.Ann()) || glued(a) { // glued.go
			continue
		}
		dup := false
		for _, s := range out {
			if s == a.Type {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, a.Type)
		}
	}
	return out
}

// containedInOther reports whether annotation a lies inside a longer
// annotation of another type on the same node among anns.
func containedInOther(a *annotate.Annotation, anns []*annotate.Annotation) bool {
	for _, o := range anns {
		if o == a || o.Type == a.Type || o.Node != a.Node {
			continue
		}
		if o.Start <= a.Start && a.End <= o.End && o.End-o.Start > a.End-a.Start {
			return true
		}
	}
	return false
}
