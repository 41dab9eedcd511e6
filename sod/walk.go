package sod

import (
	"cmp"
	"slices"
)

// children returns the types a type directly contains: the types of a
// tuple's fields or a disjunction's alternatives.
func (t *Type) children() []*Type {
	switch t.Kind {
	case Tuple:
		cs := make([]*Type, len(t.Fields))
		for i, f := range t.Fields {
			cs[i] = f.Type
		}
		return cs
	case Disjunction:
		return t.Alternatives
	}
	return nil
}

// field returns the tuple field called name, or nil.
func (t *Type) field(name string) *Field {
	for _, f := range t.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// members returns the fields Walk visits below t: a tuple's fields, or one
// field per alternative of a disjunction, named after the alternative's
// type, with multiplicity "?" (at most one alternative is present).
func (t *Type) members() []*Field {
	switch t.Kind {
	case Tuple:
		return t.Fields
	case Disjunction:
		fs := make([]*Field, len(t.Alternatives))
		for i, a := range t.Alternatives {
			fs[i] = &Field{Name: a.Name, Type: a, Mult: Multiplicity{0, 1}, Pos: a.Pos}
		}
		return fs
	}
	return nil
}

// Walk visits every field of the type tree depth-first, in declaration
// order, with its path of field names from the root (e.g. ["credits",
// "name"]). The alternatives of a disjunction are visited as fields named
// after their types with multiplicity "?". When fn returns false the
// field's own members are skipped. The path slice is reused between calls:
// copy it to keep it.
func (s *SOD) Walk(fn func(path []string, f *Field) bool) {
	if s == nil || s.Root == nil {
		return
	}
	var path []string
	var walk func(t *Type)
	walk = func(t *Type) {
		for _, f := range t.members() {
			path = append(path, f.Name)
			if fn(path, f) {
				walk(f.Type)
			}
			path = path[:len(path)-1]
		}
	}
	walk(s.Root)
}

// Field returns the field at path (field names from the root, as Walk gives
// them), or nil.
func (s *SOD) Field(path ...string) *Field {
	if s == nil || s.Root == nil || len(path) == 0 {
		return nil
	}
	t := s.Root
	var f *Field
	for _, name := range path {
		f = nil
		for _, m := range t.members() {
			if m.Name == name {
				f = m
				break
			}
		}
		if f == nil {
			return nil
		}
		t = f.Type
	}
	return f
}

// Entities returns the entity types reachable from the root, each once, in
// declaration order (by Pos; types without positions keep the order in
// which a depth-first walk meets them).
func (s *SOD) Entities() []*Type {
	if s == nil || s.Root == nil {
		return nil
	}
	var out []*Type
	seen := map[*Type]bool{}
	var visit func(t *Type)
	visit = func(t *Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		if t.Kind == Entity {
			out = append(out, t)
		}
		for _, c := range t.children() {
			visit(c)
		}
	}
	visit(s.Root)
	slices.SortStableFunc(out, func(a, b *Type) int {
		return cmp.Or(cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Col, b.Pos.Col))
	})
	return out
}
