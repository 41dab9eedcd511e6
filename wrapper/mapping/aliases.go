package mapping

import (
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"github.com/objectrunner/objectrunner/wrapper/records"
)

// The template, its tokens and the induction options are ExAlg's
// (package exalg), the record pattern is record segmentation's (package
// records); these aliases keep them part of this package's API.
type (
	// Kind is the kind of a token (exalg.Kind).
	Kind = exalg.Kind
	// Template is an induced template (exalg.Template).
	Template = exalg.Template
	// Node is a node of a template tree (exalg.Node).
	Node = exalg.Node
	// NodeType identifies the kind of a template node (exalg.NodeType).
	NodeType = exalg.NodeType
	// Tok is one template token (exalg.Tok).
	Tok = exalg.Tok
	// TextNode is constant template text (exalg.TextNode).
	TextNode = exalg.TextNode
	// SlotNode is a data slot (exalg.SlotNode).
	SlotNode = exalg.SlotNode
	// SeqNode is a tuple (exalg.SeqNode).
	SeqNode = exalg.SeqNode
	// SetNode is a set constructor (exalg.SetNode).
	SetNode = exalg.SetNode
	// OptionalNode is an optional part (exalg.OptionalNode).
	OptionalNode = exalg.OptionalNode
	// DisjunctionNode is a choice between alternatives (exalg.DisjunctionNode).
	DisjunctionNode = exalg.DisjunctionNode

	// RecordPattern tells where the records of a list page are
	// (records.RecordPattern).
	RecordPattern = records.RecordPattern
	// RecordOptions tune records.FindRecordPattern (records.RecordOptions).
	RecordOptions = records.RecordOptions
	// RecordStats are a record pattern's statistics (records.RecordStats).
	RecordStats = records.RecordStats
	// RecordError is records.FindRecordPattern's error when no candidate
	// holds the SOD's types (records.RecordError).
	RecordError = records.RecordError

	// Token is a page token as ExAlg reads it; the tokenizer (token.go)
	// makes them, extraction matches them.
	Token = exalg.Token
)

// Token kinds (exalg.Kind).
const (
	KindStart    = exalg.KindStart
	KindEnd      = exalg.KindEnd
	KindWord     = exalg.KindWord
	KindSentinel = exalg.KindSentinel
)

// Template node types (exalg.NodeType).
const (
	NodeText        = exalg.NodeText
	NodeSlot        = exalg.NodeSlot
	NodeSeq         = exalg.NodeSeq
	NodeSet         = exalg.NodeSet
	NodeOptional    = exalg.NodeOptional
	NodeDisjunction = exalg.NodeDisjunction
)

// Options tune wrapper induction: ExAlg's parameters (exalg.Options, whose
// fields are promoted and saved in the wrapper file as before) and the
// user's answers.
type Options struct {
	exalg.Options
	// Pins are the user's answers to the wrapper's questions (pins.go):
	// fields pinned to a slot, absent, or shown by an example. Saved in
	// the wrapper file as "pins", not among the options.
	Pins []Pin `json:"-"`
}
