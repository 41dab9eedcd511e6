package wrapper

import (
	"encoding/json"
	"fmt"
	"io"
)

// FormatVersion is the version of the wrapper file format written by Save.
const FormatVersion = 1

type fileNode struct {
	Type  string      `json:"type"`
	Toks  []Tok       `json:"toks,omitempty"`
	Nodes []*fileNode `json:"nodes,omitempty"`
	Body  *fileNode   `json:"body,omitempty"`
	Sep   []Tok       `json:"sep,omitempty"`
}

type wrapperFile struct {
	Version  int         `json:"version"`
	SODHash  string      `json:"sod_hash"`
	SODName  string      `json:"sod_name,omitempty"`
	PageMult string      `json:"page_mult"`
	PageMin  int         `json:"page_min"`
	Options  Options     `json:"options"`
	Fields   []FieldSpec `json:"fields"`
	Slots    []SlotMap   `json:"slots"`
	Scope    int         `json:"scope"`
	Template string      `json:"template_text"`
	Root     *fileNode   `json:"template"`
}

func toFile(n Node) *fileNode {
	switch n := n.(type) {
	case *TextNode:
		return &fileNode{Type: "text", Toks: n.Toks}
	case *SlotNode:
		return &fileNode{Type: "slot"}
	case *SeqNode:
		f := &fileNode{Type: "seq"}
		for _, c := range n.Nodes {
			f.Nodes = append(f.Nodes, toFile(c))
		}
		return f
	case *SetNode:
		return &fileNode{Type: "set", Body: toFile(n.Body), Sep: n.Sep}
	case *OptionalNode:
		return &fileNode{Type: "optional", Body: toFile(n.Body)}
	case *DisjunctionNode:
		f := &fileNode{Type: "or"}
		for _, c := range n.Alts {
			f.Nodes = append(f.Nodes, toFile(c))
		}
		return f
	}
	return nil
}

func fromFile(f *fileNode, depth int) (Node, error) {
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
// SOD it was learned for, options, fields, slot mapping and the template
// (also as printable text).
func (w *Wrapper) Save(out io.Writer) error {
	f := wrapperFile{Version: FormatVersion, SODHash: w.sodHash, SODName: w.sodName, PageMult: w.mult, PageMin: w.pageMin,
		Options: w.opt, Fields: w.fields, Slots: w.slots, Scope: w.scope, Template: w.tmpl.String(), Root: toFile(w.tmpl.Root)}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	if err := enc.Encode(&f); err != nil {
		return fmt.Errorf("wrapper: save: %w", err)
	}
	return nil
}

// Load reads a wrapper written by Save. It rejects other format versions.
func Load(r io.Reader) (*Wrapper, error) {
	var f wrapperFile
	dec := json.NewDecoder(r)
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("wrapper: load: %w", err)
	}
	if f.Version != FormatVersion {
		return nil, fmt.Errorf("wrapper: load: unsupported wrapper format version %d (this build reads version %d)", f.Version, FormatVersion)
	}
	root, err := fromFile(f.Root, 0)
	if err != nil {
		return nil, fmt.Errorf("wrapper: load: template: %w", err)
	}
	w := &Wrapper{opt: f.Options, sodHash: f.SODHash, sodName: f.SODName, mult: f.PageMult, pageMin: f.PageMin, fields: f.Fields,
		slots: f.Slots, scope: f.Scope, tmpl: &Template{Root: root}, ps: newPaths()}
	w.tmpl.index()
	for _, s := range w.slots {
		if s.Slot < 0 || s.Slot >= len(w.tmpl.Slots) {
			return nil, fmt.Errorf("wrapper: load: slot %d out of range (template has %d)", s.Slot, len(w.tmpl.Slots))
		}
	}
	if w.scope >= len(w.tmpl.Sets) {
		return nil, fmt.Errorf("wrapper: load: scope set %d out of range", w.scope)
	}
	w.freeze()
	w.link()
	return w, nil
}
