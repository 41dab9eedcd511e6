package sod

import (
	"fmt"
	"io"
	"strings"
)

// Format prints the SOD's type tree, one field per line, e.g.
//
//	book: tuple  (objects per page: 1)
//	├── title: entity [dictionary title, whole node]  1
//	├── author: entity [dictionary author]  +
//	└── credits: tuple credit  *
//	    ├── name: entity [dictionary person]  1
//	    └── role: entity [dictionary role]  ?
//	order: start <= end
//
// A field declared with scope = "page" ends with "(per page)".
// A field's type name is printed after its kind when it differs from the
// field name. Alternatives of a disjunction are printed as its children,
// without a multiplicity. A tuple or disjunction used several times is
// printed in full each time unless its subtree is large, in which case later
// uses say "(members as above)". Order restrictions follow the tree.
func (s *SOD) Format(w io.Writer) error {
	var b strings.Builder
	if s == nil || s.Root == nil {
		b.WriteString("(empty SOD)\n")
	} else {
		note := fmt.Sprintf("objects per page: %s", s.Mult)
		if s.Name != "" && s.Name != s.Root.Name {
			note = fmt.Sprintf("sod %q, %s", s.Name, note)
		}
		fmt.Fprintf(&b, "%s: %s  (%s)\n", s.Root.Name, describeType(s.Root, s.Root.Name), note)
		f := &formatter{b: &b, expanded: map[*Type]bool{}, size: map[*Type]int{}}
		f.children(s.Root, "")
		for _, o := range s.Orders {
			fmt.Fprintf(&b, "order: %s\n", o)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// String returns the Format output.
func (s *SOD) String() string {
	var b strings.Builder
	s.Format(&b)
	return b.String()
}

// repeatLimit is the largest subtree (in lines) that Format prints again
// where a type is used a second time; larger ones are printed once and then
// referred to, which keeps the output linear in the size of the SOD.
const repeatLimit = 16

// formatter prints a type tree.
type formatter struct {
	b        *strings.Builder
	expanded map[*Type]bool // types whose members were printed
	size     map[*Type]int  // lines below a type, saturated at repeatLimit+1
}

// lines counts the lines printed below t, up to repeatLimit+1.
func (f *formatter) lines(t *Type) int {
	if n, ok := f.size[t]; ok {
		return n
	}
	f.size[t] = repeatLimit + 1 // guards against cycles in hand-built SODs
	n := 0
	for _, c := range t.children() {
		n = min(n+1+f.lines(c), repeatLimit+1)
	}
	f.size[t] = n
	return n
}

// children prints the fields or alternatives of t below prefix.
func (f *formatter) children(t *Type, prefix string) {
	f.expanded[t] = true
	type line struct {
		name string
		typ  *Type
		mult string
		page bool
	}
	var lines []line
	switch t.Kind {
	case Tuple:
		for _, fl := range t.Fields {
			lines = append(lines, line{fl.Name, fl.Type, fl.Mult.String(), fl.PageScope})
		}
	case Disjunction:
		for _, a := range t.Alternatives {
			lines = append(lines, line{a.Name, a, "", false})
		}
	}
	for i, l := range lines {
		branch, indent := "├── ", "│   "
		if i == len(lines)-1 {
			branch, indent = "└── ", "    "
		}
		fmt.Fprintf(f.b, "%s%s%s: %s", prefix, branch, l.name, describeType(l.typ, l.name))
		if l.mult != "" {
			fmt.Fprintf(f.b, "  %s", l.mult)
		}
		if l.page {
			f.b.WriteString("  (per page)")
		}
		repeat := l.typ != nil && f.expanded[l.typ] && f.lines(l.typ) > repeatLimit
		if repeat {
			fmt.Fprintf(f.b, "  (members as above)")
		}
		f.b.WriteByte('\n')
		if l.typ != nil && !repeat {
			f.children(l.typ, prefix+indent)
		}
	}
}

// describeType prints a type as seen from a field called name: its kind,
// its name when different, and an entity's recognizer.
func describeType(t *Type, name string) string {
	if t == nil {
		return "(no type)"
	}
	s := t.Kind.String()
	if t.Name != name {
		s += " " + t.Name
	}
	if t.Kind == Entity {
		var parts []string
		if t.Recognizer != nil {
			parts = append(parts, t.Recognizer.String())
		} else {
			parts = append(parts, "no recognizer")
		}
		if a := attrString(t); a != "" {
			parts = append(parts, a)
		}
		if t.WholeNode {
			parts = append(parts, "whole node")
		}
		s += " [" + strings.Join(parts, ", ") + "]"
	}
	return s
}

// String describes a type in one line, e.g. `entity title [dictionary
// title, whole node]`, `tuple book (4 fields)`, `disjunction place
// (address | venue)`.
func (t *Type) String() string {
	if t == nil {
		return "<nil>"
	}
	switch t.Kind {
	case Entity:
		return describeType(t, "")
	case Tuple:
		return fmt.Sprintf("tuple %s (%d fields)", t.Name, len(t.Fields))
	case Disjunction:
		names := make([]string, len(t.Alternatives))
		for i, a := range t.Alternatives {
			names[i] = a.Name
		}
		return fmt.Sprintf("disjunction %s (%s)", t.Name, strings.Join(names, " | "))
	}
	return fmt.Sprintf("%s %s", t.Kind, t.Name)
}

// String describes the recognizer, e.g. "dictionary title",
// "predefined date", `regex '\d+', ignore case, timeout 500ms`.
func (r *Recognizer) String() string {
	if r == nil {
		return "no recognizer"
	}
	switch r.Kind {
	case Regex:
		s := "regex '" + r.Pattern + "'"
		if r.IgnoreCase {
			s += ", ignore case"
		}
		if r.Timeout > 0 {
			s += ", timeout " + r.Timeout.String()
		}
		return s
	case Predefined:
		return "predefined " + r.Name
	case Dictionary:
		return "dictionary " + r.Class
	}
	return string(r.Kind)
}

// String prints the restriction, e.g. "start <= end" or "start < end".
func (o Order) String() string {
	op := "<="
	if o.Strict {
		op = "<"
	}
	return fmt.Sprintf("%s %s %s", o.Before, op, o.After)
}
