package sod

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// WarnFields is the number of fields above which Warnings says that
// learning will be slow (MaxFields is the limit).
const WarnFields = 64

// Warnings returns what is valid in the SOD but likely wrong or slow, in
// file order, each message starting with "warning: ":
//
//   - more than WarnFields fields: learning a wrapper slows with every
//     entity type and field;
//   - one type used by several fields with conflicting multiplicities
//     (one field takes one value, another several): the values of one type
//     are told apart by their position on the page only, and a set of them
//     may end up in the single-valued field ("A and B and C").
func (s *SOD) Warnings() []*Error {
	if s == nil {
		return nil
	}
	var out []*Error
	tuples := make([]*Type, 0, len(s.Types))
	for _, t := range s.Types {
		if t.Kind == Tuple {
			tuples = append(tuples, t)
		}
	}
	slices.SortFunc(tuples, func(a, b *Type) int { return cmp.Or(comparePos(a.Pos, b.Pos), cmp.Compare(a.Name, b.Name)) })
	fields := 0
	type use struct {
		tuple *Type
		field *Field
	}
	byType := map[*Type][]use{}
	var types []*Type
	for _, t := range tuples {
		fields += len(t.Fields)
		for _, f := range t.Fields {
			if f.Type.Kind == Tuple {
				continue
			}
			if byType[f.Type] == nil {
				types = append(types, f.Type)
			}
			byType[f.Type] = append(byType[f.Type], use{t, f})
		}
	}
	if fields > WarnFields {
		out = append(out, &Error{Pos: Pos{File: s.File, Line: 1, Col: 1},
			Msg: fmt.Sprintf("warning: %d fields: learning a wrapper slows with every field and entity type (at most %d are accepted; real objects have tens)", fields, MaxFields)})
	}
	for _, t := range types {
		us := byType[t]
		many, one := 0, 0
		for _, u := range us {
			if u.field.Mult.Many() {
				many++
			} else {
				one++
			}
		}
		if many == 0 || one == 0 {
			continue
		}
		var desc []string
		for _, u := range us {
			desc = append(desc, fmt.Sprintf("%s.%s (%s)", u.tuple.Name, u.field.Name, u.field.Mult))
		}
		out = append(out, &Error{Pos: us[0].field.Pos,
			Msg: fmt.Sprintf("warning: type %q is used with conflicting multiplicities by fields %s: values of one type are told apart by position only, so several values may be put in the single-valued field; give each field a type of its own", t.Name, strings.Join(desc, ", "))})
	}
	ErrorList(out).sort()
	return out
}

// comparePos orders positions by line, then column.
func comparePos(a, b Pos) int {
	return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
}
