package mapping

import (
	"sort"
)

type FileNode struct {
	Type  string      `json:"type"`
	Toks  []Tok       `json:"toks,omitempty"`
	Nodes []*FileNode `json:"nodes,omitempty"`
	Body  *FileNode   `json:"body,omitempty"`
	Sep   []Tok       `json:"sep,omitempty"`
}

type WrapperFile struct {
	Version int    `json:"version"`
	SODHash string `json:"sod_hash"`
	SODName string `json:"sod_name,omitempty"`
	// SODText is the SOD's source text (optional: older files lack it);
	// its SHA-256 is SODHash.
	SODText  string      `json:"sod_text,omitempty"`
	PageMult string      `json:"page_mult"`
	PageMin  int         `json:"page_min"`
	Options  Options     `json:"options"`
	Fields   []FieldSpec `json:"fields"`
	Slots    []SlotMap   `json:"slots"`
	Scope    int         `json:"scope"`
	Template string      `json:"template_text"`
	Root     *FileNode   `json:"template"`
	// Records, when present, is the record pattern of a record-mode
	// wrapper (the template is then a record's); absent in page mode.
	Records *RecordPattern `json:"records,omitempty"`
	// Contained lists the set slots whose items are cut where the value
	// leaves the element holding its start (record mode; optional).
	Contained []int `json:"contained_slots,omitempty"`
	// MinSegments maps a slot with a Cut to the fewest segments of a value
	// that holds an instance (record mode; optional).
	MinSegments map[int]int `json:"min_segments,omitempty"`
	// ItemPaths maps a set slot to the occurrence paths where its items
	// may start (record mode; optional).
	ItemPaths map[int][]string `json:"item_paths,omitempty"`
	// Shapes maps a slot with a Cut to the shapes of the segments that held
	// the sample's instances (record mode; optional).
	Shapes map[int][]string `json:"shapes,omitempty"`
	// Classes maps a bare occurrence path (tag names) to the class tokens
	// that give an element there a role of its own (record mode;
	// optional; list_class.go).
	Classes map[string][]string `json:"classes,omitempty"`
	// RowOrder lists the labels of rows put in canonical order when a
	// page is tokenized (optional; roworder.go).
	RowOrder *rowOrderFile `json:"row_order,omitempty"`
	// PageFields, FieldOrder, PageDropped and Page hold the page-scope
	// fields (optional fields of format version 1): their specs, the SOD
	// order of the root fields, which were dropped and why, and the
	// page-mode wrapper that extracts them.
	PageFields  []FieldSpec  `json:"page_fields,omitempty"`
	FieldOrder  []string     `json:"field_order,omitempty"`
	PageDropped string       `json:"page_dropped,omitempty"`
	Page        *WrapperFile `json:"page,omitempty"`
	// Explain, when the wrapper was saved with its explanation
	// (SaveExplanation), holds how each field's slots were chosen
	// (fieldexplain.go; optional, not read by extraction).
	Explain []FieldExplain `json:"explain,omitempty"`
	// NoSlot maps an entity field without slot to why it has none
	// (optional; Wrapper.NoSlotReason).
	NoSlot map[string]string `json:"no_slot,omitempty"`
	// Doubt maps a field to the kinds of its doubt notes (doubt.go).
	Doubt map[string][]string `json:"doubt,omitempty"`
	// Rival maps a field to its rival term (rival.go).
	Rival map[string]float64 `json:"rival,omitempty"`
	// Pins are the answers the wrapper was learned with (pins.go;
	// optional).
	Pins []Pin `json:"pins,omitempty"`
	// LabelKeys are the fields without slot read by the label that names
	// them (labelkey.go; optional: a reader without them leaves those
	// fields empty, as before).
	LabelKeys []LabelKey `json:"label_keys,omitempty"`
}

// FormatVersion is the version of the wrapper file format written by Save.
// Version 2 added role rules (class tokens and row labels change how a
// page is tokenized) and fields read by row label or from item slots:
// a reader of version 1 would misread such a wrapper without noticing,
// so it refuses it instead. Version 3 added label roles on detail pages
// and the learned order of shuffled rows (row_order), which change how a
// page is tokenized too. Load reads versions 1 to 3.
const FormatVersion = 3

func toFile(n Node) *FileNode {
	switch n := n.(type) {
	case *TextNode:
		return &FileNode{Type: "text", Toks: n.Toks}
	case *SlotNode:
		return &FileNode{Type: "slot"}
	case *SeqNode:
		f := &FileNode{Type: "seq"}
		for _, c := range n.Nodes {
			f.Nodes = append(f.Nodes, toFile(c))
		}
		return f
	case *SetNode:
		return &FileNode{Type: "set", Body: toFile(n.Body), Sep: n.Sep}
	case *OptionalNode:
		return &FileNode{Type: "optional", Body: toFile(n.Body)}
	case *DisjunctionNode:
		f := &FileNode{Type: "or"}
		for _, c := range n.Alts {
			f.Nodes = append(f.Nodes, toFile(c))
		}
		return f
	}
	return nil
}

// File converts the wrapper, without its page wrapper, to its saved form.
func (w *State) File() *WrapperFile {
	f := &WrapperFile{Version: FormatVersion, SODHash: w.SODHash, SODName: w.SODName, PageMult: w.Mult, PageMin: w.PageMin,
		Options: w.Options, Fields: w.FieldSpecs, Slots: w.SlotMaps, Scope: w.Scope, Template: w.Template.String(), Root: toFile(w.Template.Root), Records: w.Records}
	for sl := range w.ContainedSets {
		f.Contained = append(f.Contained, sl)
	}
	sort.Ints(f.Contained)
	f.MinSegments = w.MinSegments
	f.NoSlot = w.NoSlot
	f.Doubt = w.Doubt
	f.Rival = w.Rival
	f.LabelKeys = w.Keyed
	f.Pins = w.savedPins()
	f.Shapes = w.Shapes
	f.Classes = w.Paths.Cls.File()
	f.RowOrder = w.Paths.Rows.File()
	for sl, keep := range w.ItemPaths {
		if f.ItemPaths == nil {
			f.ItemPaths = map[int][]string{}
		}
		for id := range keep {
			f.ItemPaths[sl] = append(f.ItemPaths[sl], w.Paths.String(id))
		}
		sort.Strings(f.ItemPaths[sl])
	}
	return f
}
