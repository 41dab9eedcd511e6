package wrapper

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// FormatVersion is the version of the wrapper file format written by Save.
// Version 2 added role rules (class tokens and row labels change how a
// page is tokenized) and fields read by row label or from item slots:
// a reader of version 1 would misread such a wrapper without noticing,
// so it refuses it instead. Version 3 added label roles on detail pages
// and the learned order of shuffled rows (row_order), which change how a
// page is tokenized too. Load reads versions 1 to 3.
const FormatVersion = 3

// oldestFormat is the oldest version Load reads.
const oldestFormat = 1

func toFile(n Node) *mapping.FileNode {
	switch n := n.(type) {
	case *TextNode:
		return &mapping.FileNode{Type: "text", Toks: n.Toks}
	case *SlotNode:
		return &mapping.FileNode{Type: "slot"}
	case *SeqNode:
		f := &mapping.FileNode{Type: "seq"}
		for _, c := range n.Nodes {
			f.Nodes = append(f.Nodes, toFile(c))
		}
		return f
	case *SetNode:
		return &mapping.FileNode{Type: "set", Body: toFile(n.Body), Sep: n.Sep}
	case *OptionalNode:
		return &mapping.FileNode{Type: "optional", Body: toFile(n.Body)}
	case *DisjunctionNode:
		f := &mapping.FileNode{Type: "or"}
		for _, c := range n.Alts {
			f.Nodes = append(f.Nodes, toFile(c))
		}
		return f
	}
	return nil
}

func fromFile(f *mapping.FileNode, depth int) (Node, error) {
	if f == nil {
		return nil, fmt.Errorf("missing template node")
	}
	if depth > 200 {
		return nil, fmt.Errorf("template nested too deeply")
	}
	switch f.Type {
	case "text":
		if len(f.Toks) == 0 {
			return nil, fmt.Errorf("empty text node")
		}
		return &TextNode{NodeType: NodeText, Toks: f.Toks}, nil
	case "slot":
		return &SlotNode{NodeType: NodeSlot}, nil
	case "seq", "or":
		var kids []Node
		for _, c := range f.Nodes {
			k, err := fromFile(c, depth+1)
			if err != nil {
				return nil, err
			}
			kids = append(kids, k)
		}
		if f.Type == "or" {
			return &DisjunctionNode{NodeType: NodeDisjunction, Alts: kids}, nil
		}
		return &SeqNode{NodeType: NodeSeq, Nodes: kids}, nil
	case "set", "optional":
		b, err := fromFile(f.Body, depth+1)
		if err != nil {
			return nil, err
		}
		if f.Type == "set" {
			return &SetNode{NodeType: NodeSet, Body: b, Sep: f.Sep}, nil
		}
		return &OptionalNode{NodeType: NodeOptional, Body: b}, nil
	}
	return nil, fmt.Errorf("unknown template node type %q", f.Type)
}

// Save writes the wrapper as versioned JSON: format version, the hash of the
// SOD it was learned for and its text (SODText, when known), options, fields, slot mapping, the template (also
// as printable text) and, in record mode, the record pattern (an optional
// field of format version 1).
func (w *Wrapper) Save(out io.Writer) error {
	f := w.file()
	f.SODText = w.sodText
	if w.page != nil {
		f.Page = w.page.file()
	}
	f.PageFields, f.FieldOrder, f.PageDropped = w.pageFields, w.order, w.pageDrop
	if w.saveExplain {
		f.Explain = w.explain
		if w.page != nil {
			f.Page.Explain = w.page.explain
		}
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return fmt.Errorf("wrapper: save: %w", err)
	}
	return nil
}

// file converts the wrapper, without its page wrapper, to its saved form.
func (w *Wrapper) file() *mapping.WrapperFile {
	f := &mapping.WrapperFile{Version: FormatVersion, SODHash: w.sodHash, SODName: w.sodName, PageMult: w.mult, PageMin: w.pageMin,
		Options: w.opt, Fields: w.fields, Slots: w.slots, Scope: w.scope, Template: w.tmpl.String(), Root: toFile(w.tmpl.Root), Records: w.rp}
	for sl := range w.contain {
		f.Contained = append(f.Contained, sl)
	}
	sort.Ints(f.Contained)
	f.MinSegments = w.minSegs
	f.NoSlot = w.noSlot
	f.Doubt = w.doubt
	f.LabelKeys = w.keyed
	f.Pins = w.savedPins()
	f.Shapes = w.shapes
	f.Classes = w.ps.Cls.File()
	f.RowOrder = w.ps.Rows.File()
	for sl, keep := range w.itemPaths {
		if f.ItemPaths == nil {
			f.ItemPaths = map[int][]string{}
		}
		for id := range keep {
			f.ItemPaths[sl] = append(f.ItemPaths[sl], w.ps.String(id))
		}
		sort.Strings(f.ItemPaths[sl])
	}
	return f
}

// Load reads a wrapper written by Save. It rejects format versions outside
// [oldestFormat, FormatVersion].
func Load(r io.Reader) (*Wrapper, error) {
	var f mapping.WrapperFile
	if err := mapping.DecodeWhole(r, &f); err != nil {
		return nil, fmt.Errorf("wrapper: load: %w", err)
	}
	if f.Version < oldestFormat || f.Version > FormatVersion {
		return nil, fmt.Errorf("wrapper: load: unsupported wrapper format version %d (this build reads versions %d to %d)", f.Version, oldestFormat, FormatVersion)
	}
	if err := mapping.ValidateFile(&f); err != nil {
		return nil, fmt.Errorf("wrapper: load: %w", err)
	}
	if f.Page != nil {
		if err := mapping.ValidateFile(f.Page); err != nil {
			return nil, fmt.Errorf("wrapper: load: page: %w", err)
		}
	}
	w, err := fromWrapperFile(&f)
	if err != nil {
		return nil, err
	}
	if f.Page != nil {
		if f.Page.Page != nil || len(f.Page.PageFields) > 0 {
			return nil, errors.New("wrapper: load: page: a page wrapper cannot have page-scope fields of its own")
		}
		if f.Page.Records != nil || f.Page.Scope != -1 {
			return nil, errors.New("wrapper: load: page: the page wrapper must be a page-mode wrapper of one object per page")
		}
		pw, err := fromWrapperFile(f.Page)
		if err != nil {
			return nil, fmt.Errorf("wrapper: load: page: %w", err)
		}
		w.page = pw
	}
	for _, pf := range f.PageFields {
		if pf.Parent != "" || pf.Tuple || !pf.Page {
			return nil, fmt.Errorf("wrapper: load: page_fields: %q is not a page-scope entity field of the root", pf.Path)
		}
	}
	w.pageFields, w.order, w.pageDrop = f.PageFields, f.FieldOrder, f.PageDropped
	if f.SODText != "" {
		if err := w.SetSODText(f.SODText); err != nil {
			return nil, fmt.Errorf("wrapper: load: sod_text: %w", err)
		}
	}
	w.explain = f.Explain
	if w.page != nil && f.Page != nil {
		w.page.explain = f.Page.Explain
	}
	return w, nil
}

// fromWrapperFile builds a wrapper, without its page wrapper, from its
// saved form.
func fromWrapperFile(f *mapping.WrapperFile) (*Wrapper, error) {
	root, err := fromFile(f.Root, 0)
	if err != nil {
		return nil, fmt.Errorf("wrapper: load: template: %w", err)
	}
	w := &Wrapper{opt: f.Options, sodHash: f.SODHash, sodName: f.SODName, mult: f.PageMult, pageMin: f.PageMin, fields: f.Fields,
		slots: f.Slots, scope: f.Scope, tmpl: &Template{Root: root}, ps: mapping.NewPathsFor(f.Fields), rp: f.Records, noSlot: f.NoSlot, doubt: f.Doubt}
	for i, p := range f.Pins {
		if err := p.Check(); err != nil {
			return nil, fmt.Errorf("wrapper: load: pins[%d]: %w", i, err)
		}
		f.Pins[i].PageIndex = -1
	}
	w.opt.Pins = f.Pins
	w.tmpl.Index()
	declared := make(map[string]bool, len(w.fields))
	for _, fs := range w.fields {
		declared[fs.Path] = true
	}
	for _, s := range w.slots {
		if s.Slot < 0 || s.Slot >= len(w.tmpl.Slots) {
			return nil, fmt.Errorf("wrapper: load: slot %d out of range (template has %d)", s.Slot, len(w.tmpl.Slots))
		}
		if !declared[s.Field] {
			return nil, fmt.Errorf("wrapper: load: slot %d fills field %q, which the wrapper does not declare", s.Slot, s.Field)
		}
	}
	if w.scope >= len(w.tmpl.Sets) {
		return nil, fmt.Errorf("wrapper: load: scope set %d out of range", w.scope)
	}
	for i, fs := range w.fields {
		if fs.Tuple && fs.Set >= len(w.tmpl.Sets) {
			return nil, fmt.Errorf("wrapper: load: fields[%d].set (%s): set %d out of range (template has %d)", i, fs.Path, fs.Set, len(w.tmpl.Sets))
		}
	}
	for _, sl := range f.Contained {
		if sl < 0 || sl >= len(w.tmpl.Slots) {
			return nil, fmt.Errorf("wrapper: load: contained slot %d out of range (template has %d)", sl, len(w.tmpl.Slots))
		}
		if w.contain == nil {
			w.contain = map[int]bool{}
		}
		w.contain[sl] = true
	}
	for sl, n := range f.MinSegments {
		if sl < 0 || sl >= len(w.tmpl.Slots) || n < 0 {
			return nil, fmt.Errorf("wrapper: load: min_segments: slot %d (%d segments) out of range (template has %d slots)", sl, n, len(w.tmpl.Slots))
		}
	}
	w.minSegs = f.MinSegments
	for sl := range f.Shapes {
		if sl < 0 || sl >= len(w.tmpl.Slots) {
			return nil, fmt.Errorf("wrapper: load: shapes: slot %d out of range (template has %d slots)", sl, len(w.tmpl.Slots))
		}
	}
	w.shapes = f.Shapes
	if w.rp != nil && w.scope != -1 {
		return nil, fmt.Errorf("wrapper: load: a record-mode wrapper has object scope %d (want -1: one object per record)", w.scope)
	}
	if len(f.Classes) > 0 {
		cr, err := mapping.ClassRulesFromFile(f.Classes)
		if err != nil {
			return nil, fmt.Errorf("wrapper: load: %w", err)
		}
		w.ps.Cls = cr
	}
	ro, err := mapping.RowOrderFromFile(f.RowOrder)
	if err != nil {
		return nil, fmt.Errorf("wrapper: load: %w", err)
	}
	w.ps.Rows = ro
	// Item paths are interned before freeze, so that they keep their ids.
	for sl, ps := range f.ItemPaths {
		if sl < 0 || sl >= len(w.tmpl.Slots) {
			return nil, fmt.Errorf("wrapper: load: item_paths: slot %d out of range (template has %d slots)", sl, len(w.tmpl.Slots))
		}
		if w.itemPaths == nil {
			w.itemPaths = map[int]map[int32]bool{}
		}
		keep := map[int32]bool{}
		for _, p := range ps {
			keep[w.ps.Parse(p)] = true
		}
		w.itemPaths[sl] = keep
	}
	// Own paths too (ownpaths.go).
	for _, sm := range w.slots {
		for _, p := range sm.Own {
			w.ps.Parse(p)
		}
	}
	// The labels of the fields read by their label (labelkey.go).
	w.keyed = f.LabelKeys
	w.internKeys()
	w.freeze()
	w.link()
	return w, nil
}
