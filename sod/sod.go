package sod

import (
	"fmt"
	"time"
)

// Kind says what a Type is.
type Kind int

const (
	// Entity is an atomic type: a string recognised by one recognizer.
	Entity Kind = iota
	// Tuple is an unordered collection of fields, each with a multiplicity.
	Tuple
	// Disjunction is a choice between mutually exclusive alternatives.
	Disjunction
)

func (k Kind) String() string {
	switch k {
	case Entity:
		return "entity"
	case Tuple:
		return "tuple"
	case Disjunction:
		return "disjunction"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Unbounded is the Max of a multiplicity with no upper bound ("*", "+", "n-").
const Unbounded = -1

// Multiplicity bounds how many instances a field holds: "1" is {1,1},
// "?" {0,1}, "*" {0,Unbounded}, "+" {1,Unbounded}, "2-5" {2,5}, "2-" {2,Unbounded}.
type Multiplicity struct {
	Min int
	Max int // Unbounded for no upper bound
}

// One is the multiplicity "1".
var One = Multiplicity{Min: 1, Max: 1}

// Optional reports whether zero instances are allowed.
func (m Multiplicity) Optional() bool { return m.Min == 0 }

// Many reports whether more than one instance is allowed (the field is a set).
func (m Multiplicity) Many() bool { return m.Max == Unbounded || m.Max > 1 }

// Allows reports whether n instances satisfy the multiplicity.
func (m Multiplicity) Allows(n int) bool {
	return n >= m.Min && (m.Max == Unbounded || n <= m.Max)
}

// String prints the multiplicity in SOD syntax.
func (m Multiplicity) String() string {
	switch {
	case m.Min == 1 && m.Max == 1:
		return "1"
	case m.Min == 0 && m.Max == 1:
		return "?"
	case m.Min == 0 && m.Max == Unbounded:
		return "*"
	case m.Min == 1 && m.Max == Unbounded:
		return "+"
	case m.Max == Unbounded:
		return fmt.Sprintf("%d-", m.Min)
	case m.Min == m.Max:
		return fmt.Sprintf("%d", m.Min)
	}
	return fmt.Sprintf("%d-%d", m.Min, m.Max)
}

// RecognizerKind names the three kinds of entity recognizers of the paper.
type RecognizerKind string

const (
	// Regex is a user regular expression (regexp2 syntax).
	Regex RecognizerKind = "regex"
	// Predefined is a built-in recognizer chosen by name (date, price, isbn, …).
	Predefined RecognizerKind = "predefined"
	// Dictionary is an isInstanceOf recognizer served by a dictionary class.
	Dictionary RecognizerKind = "dictionary"
)

// Recognizer describes how instances of an entity type are recognised.
type Recognizer struct {
	Kind RecognizerKind
	// Pattern is the regular expression, for Regex.
	Pattern string
	// IgnoreCase makes a Regex pattern case-insensitive.
	IgnoreCase bool
	// Name is the predefined recognizer's name, for Predefined.
	Name string
	// Class is the dictionary class, for Dictionary.
	Class string
	// Timeout bounds one regular-expression search over one text (0: the default).
	Timeout time.Duration
	// Pos is where the recognizer was declared.
	Pos Pos
}

// Type is a node of the SOD type tree.
type Type struct {
	Name string
	Kind Kind

	// Recognizer is set for Entity types.
	Recognizer *Recognizer
	// Attr, when set, is the HTML attribute (one of Attributes) an Entity's
	// values are taken from instead of page text: the recognizer runs on
	// that attribute's value (URLs resolved) of every element carrying it.
	Attr string

	// WholeNode requires an instance of an Entity type to cover the whole
	// text of a DOM node (after trimming whitespace and punctuation).
	WholeNode bool

	// Fields are the fields of a Tuple, in declaration order.
	Fields []*Field
	// Alternatives are the members of a Disjunction.
	Alternatives []*Type

	// Pos is where the type was declared.
	Pos Pos
}

// Field is one member of a tuple: a named type with a multiplicity. A field
// whose multiplicity allows more than one instance is a set type.
type Field struct {
	Name string
	Type *Type
	Mult Multiplicity
	Pos  Pos
	// PageScope marks a field of the root tuple of a list SOD whose value
	// appears once per page and belongs to every object of that page (SOD
	// key scope = "page"). It is false for ordinary, per-record fields.
	PageScope bool
}

// Order is a restriction between two date fields of one object:
// Before must not come after After (e.g. start <= end).
type Order struct {
	Before, After string // field names
	Strict        bool   // "<" rather than "<="
	Pos           Pos
}

// SOD is a loaded, validated Structured Object Description.
type SOD struct {
	// Name of the description (defaults to the root type's name).
	Name string
	// Root is the type of one object.
	Root *Type
	// Mult is how many objects one page holds: One for detail pages,
	// "+" or "*" for list pages.
	Mult Multiplicity
	// Types holds every named type, by name.
	Types map[string]*Type
	// Orders are the order restrictions between date fields.
	Orders []Order
	// File is the path the SOD was loaded from ("" when loaded from bytes).
	File string
	// Hash is a hex SHA-256 of the SOD's source bytes; wrappers record it.
	Hash string
	// Text is the SOD's source (the bytes Hash is computed from); saved
	// wrappers carry it, so that they can be applied without the file.
	Text string
}

// Pos is a position in an SOD file.
type Pos struct {
	File      string
	Line, Col int // 1-based; 0 when unknown
}

func (p Pos) String() string {
	switch {
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}
