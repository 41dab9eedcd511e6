package wrapper

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// oldestFormat is the oldest version Load reads.
const oldestFormat = 1

func fromFile(f *mapping.FileNode, depth int) (mapping.Node, error) {
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
		return &mapping.TextNode{NodeType: mapping.NodeText, Toks: f.Toks}, nil
	case "slot":
		return &SlotNode{NodeType: mapping.NodeSlot}, nil
	case "seq", "or":
		var kids []mapping.Node
		for _, c := range f.Nodes {
			k, err := fromFile(c, depth+1)
			if err != nil {
				return nil, err
			}
			kids = append(kids, k)
		}
		if f.Type == "or" {
			return &mapping.DisjunctionNode{NodeType: mapping.NodeDisjunction, Alts: kids}, nil
		}
		return &mapping.SeqNode{NodeType: mapping.NodeSeq, Nodes: kids}, nil
	case "set", "optional":
		b, err := fromFile(f.Body, depth+1)
		if err != nil {
			return nil, err
		}
		if f.Type == "set" {
			return &mapping.SetNode{NodeType: mapping.NodeSet, Body: b, Sep: f.Sep}, nil
		}
		return &mapping.OptionalNode{NodeType: mapping.NodeOptional, Body: b}, nil
	}
	return nil, fmt.Errorf("unknown template node type %q", f.Type)
}

// Save writes the wrapper as versioned JSON: format version, the hash of the
// SOD it was learned for and its text (SODText, when known), options, fields, slot mapping, the template (also
// as printable text) and, in record mode, the record pattern (an optional
// field of format version 1).
func (w *Wrapper) Save(out io.Writer) error {
	f := w.File()
	f.SODText = w.State.SODText
	if w.Page != nil {
		f.Page = w.Page.File()
	}
	f.PageFields, f.FieldOrder, f.PageDropped = w.PageFields, w.Order, w.PageDropped
	if w.SaveExplain {
		f.Explain = w.Explain
		if w.Page != nil {
			f.Page.Explain = w.Page.Explain
		}
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return fmt.Errorf("wrapper: save: %w", err)
	}
	return nil
}

// Load reads a wrapper written by Save. It rejects format versions outside
// [oldestFormat, FormatVersion].
func Load(r io.Reader) (*Wrapper, error) {
	var f mapping.WrapperFile
	if err := mapping.DecodeWhole(r, &f); err != nil {
		return nil, fmt.Errorf("wrapper: load: %w", err)
	}
	if f.Version < oldestFormat || f.Version > mapping.FormatVersion {
		return nil, fmt.Errorf("wrapper: load: unsupported wrapper format version %d (this build reads versions %d to %d)", f.Version, oldestFormat, mapping.FormatVersion)
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
		w.Page = pw
	}
	for _, pf := range f.PageFields {
		if pf.Parent != "" || pf.Tuple || !pf.Page {
			return nil, fmt.Errorf("wrapper: load: page_fields: %q is not a page-scope entity field of the root", pf.Path)
		}
	}
	w.PageFields, w.Order, w.PageDropped = f.PageFields, f.FieldOrder, f.PageDropped
	if f.SODText != "" {
		if err := w.SetSODText(f.SODText); err != nil {
			return nil, fmt.Errorf("wrapper: load: sod_text: %w", err)
		}
	}
	w.Explain = f.Explain
	if w.Page != nil && f.Page != nil {
		w.Page.Explain = f.Page.Explain
	}
	return asWrapper(w), nil
}

// fromWrapperFile builds a wrapper, without its page wrapper, from its
// saved form.
func fromWrapperFile(f *mapping.WrapperFile) (*mapping.State, error) {
	root, err := fromFile(f.Root, 0)
	if err != nil {
		return nil, fmt.Errorf("wrapper: load: template: %w", err)
	}
	w := &mapping.State{Options: f.Options, SODHash: f.SODHash, SODName: f.SODName, Mult: f.PageMult, PageMin: f.PageMin, FieldSpecs: f.Fields,
		SlotMaps: f.Slots, Scope: f.Scope, Template: &mapping.Template{Root: root}, Paths: mapping.NewPathsFor(f.Fields), Records: f.Records, NoSlot: f.NoSlot, Doubt: f.Doubt, Rival: f.Rival}
	for i, p := range f.Pins {
		if err := p.Check(); err != nil {
			return nil, fmt.Errorf("wrapper: load: pins[%d]: %w", i, err)
		}
		f.Pins[i].PageIndex = -1
	}
	w.Options.Pins = f.Pins
	w.Template.Index()
	declared := make(map[string]bool, len(w.FieldSpecs))
	for _, fs := range w.FieldSpecs {
		declared[fs.Path] = true
	}
	for _, s := range w.SlotMaps {
		if s.Slot < 0 || s.Slot >= len(w.Template.Slots) {
			return nil, fmt.Errorf("wrapper: load: slot %d out of range (template has %d)", s.Slot, len(w.Template.Slots))
		}
		if !declared[s.Field] {
			return nil, fmt.Errorf("wrapper: load: slot %d fills field %q, which the wrapper does not declare", s.Slot, s.Field)
		}
	}
	if w.Scope >= len(w.Template.Sets) {
		return nil, fmt.Errorf("wrapper: load: scope set %d out of range", w.Scope)
	}
	for i, fs := range w.FieldSpecs {
		if fs.Tuple && fs.Set >= len(w.Template.Sets) {
			return nil, fmt.Errorf("wrapper: load: fields[%d].set (%s): set %d out of range (template has %d)", i, fs.Path, fs.Set, len(w.Template.Sets))
		}
	}
	for _, sl := range f.Contained {
		if sl < 0 || sl >= len(w.Template.Slots) {
			return nil, fmt.Errorf("wrapper: load: contained slot %d out of range (template has %d)", sl, len(w.Template.Slots))
		}
		if w.ContainedSets == nil {
			w.ContainedSets = map[int]bool{}
		}
		w.ContainedSets[sl] = true
	}
	for sl, n := range f.MinSegments {
		if sl < 0 || sl >= len(w.Template.Slots) || n < 0 {
			return nil, fmt.Errorf("wrapper: load: min_segments: slot %d (%d segments) out of range (template has %d slots)", sl, n, len(w.Template.Slots))
		}
	}
	w.MinSegments = f.MinSegments
	for sl := range f.Shapes {
		if sl < 0 || sl >= len(w.Template.Slots) {
			return nil, fmt.Errorf("wrapper: load: shapes: slot %d out of range (template has %d slots)", sl, len(w.Template.Slots))
		}
	}
	w.Shapes = f.Shapes
	if w.Records != nil && w.Scope != -1 {
		return nil, fmt.Errorf("wrapper: load: a record-mode wrapper has object scope %d (want -1: one object per record)", w.Scope)
	}
	if len(f.Classes) > 0 {
		cr, err := mapping.ClassRulesFromFile(f.Classes)
		if err != nil {
			return nil, fmt.Errorf("wrapper: load: %w", err)
		}
		w.Paths.Cls = cr
	}
	ro, err := mapping.RowOrderFromFile(f.RowOrder)
	if err != nil {
		return nil, fmt.Errorf("wrapper: load: %w", err)
	}
	w.Paths.Rows = ro
	// Item paths are interned before freeze, so that they keep their ids.
	for sl, ps := range f.ItemPaths {
		if sl < 0 || sl >= len(w.Template.Slots) {
			return nil, fmt.Errorf("wrapper: load: item_paths: slot %d out of range (template has %d slots)", sl, len(w.Template.Slots))
		}
		if w.ItemPaths == nil {
			w.ItemPaths = map[int]map[int32]bool{}
		}
		keep := map[int32]bool{}
		for _, p := range ps {
			keep[w.Paths.Parse(p)] = true
		}
		w.ItemPaths[sl] = keep
	}
	// Own paths too (ownpaths.go).
	for _, sm := range w.SlotMaps {
		for _, p := range sm.Own {
			w.Paths.Parse(p)
		}
	}
	// The labels of the fields read by their label (labelkey.go).
	w.Keyed = f.LabelKeys
	w.InternKeys()
	w.Freeze()
	w.Link()
	return w, nil
}
