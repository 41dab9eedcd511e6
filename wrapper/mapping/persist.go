package mapping

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
	RowOrder *RowOrderFile `json:"row_order,omitempty"`
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
	// Pins are the answers the wrapper was learned with (pins.go;
	// optional).
	Pins []Pin `json:"pins,omitempty"`
	// LabelKeys are the fields without slot read by the label that names
	// them (labelkey.go; optional: a reader without them leaves those
	// fields empty, as before).
	LabelKeys []LabelKey `json:"label_keys,omitempty"`
}
