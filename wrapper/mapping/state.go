package mapping

import (
	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// State is what a Wrapper learned and extraction reads: the template, the slot
// to field mapping, the record pattern, the page-scope wrapper and what
// induction noted (explanations, doubts, abstentions). Package wrapper's
// Wrapper embeds it; Induce fills it.
type State struct {
	Template   *Template
	Options    Options
	SODHash    string
	SODName    string
	SODText    string // the SOD's source, when known (SODText)
	Mult       string // objects per page, SOD syntax
	PageMin    int    // least objects per page
	FieldSpecs []FieldSpec
	SlotMaps   []SlotMap
	bySlot     map[int][]*SlotMap // several when labels share a slot out (SlotMap.Label)
	Scope      int                // set whose iterations are the objects; -1: the page
	// Records, when set, cuts list pages into records: the template is then a
	// record's template and every record is an object (record mode).
	Records *RecordPattern
	// RecordPage holds, during record-mode induction, each sample record's
	// sample page; SamplePages the number of sample pages (recmin.go).
	RecordPage  []int
	SamplePages int
	// ContainedSets holds the set slots whose items lie inside the element that
	// holds the value's start (record mode; see refineSets).
	ContainedSets map[int]bool
	// MinSegments holds, for slots with a Cut, the fewest segments of a value
	// that holds an instance (record mode; see learnMinSegments).
	MinSegments map[int]int
	// ItemPaths holds, for set slots, the occurrence paths where items may
	// start (record mode; see refineSets).
	ItemPaths map[int]map[int32]bool
	// Shapes holds, for slots with a Cut, the shapes of the segments that
	// held the sample's instances (record mode; see learnMinSegments).
	Shapes map[int][]string
	// Page, when set, is the page-mode wrapper of the page-scope fields
	// (PageFields), extracted once per page and copied into every object;
	// Order is the SOD order of the root fields, PageDropped says which
	// page-scope fields were dropped and why (see pagescope.go).
	Page        *State
	PageFields  []FieldSpec
	Order       []string
	PageDropped string
	// elsewhere, during the induction of a page wrapper, holds the types
	// of the objects' fields, read from the records (see explainedSlots).
	elsewhere []string
	// Valid holds, by field path, the predefined recognizers of fields
	// whose type has one (FieldSpec.Predefined), built by link: values
	// are normalised with them at extraction, and validated in the slots
	// that learned to (SlotMap.Validate).
	Valid map[string]recognizers.Recognizer
	// ownOf maps the occurrence paths of SlotMap.Own to their slot.
	ownOf map[int32]int
	// Lenient, during induction, lets a mapping leave mandatory fields
	// without slot instead of stopping (see Induce).
	Lenient bool
	// Explain holds how the fields' slots were chosen (fieldexplain.go);
	// Trials, during induction, the explanation of each object scope
	// tried; SaveExplain makes Save write Explain.
	Explain     []FieldExplain
	Trials      map[int][]FieldExplain
	SaveExplain bool
	// Abstained holds, by object scope, the notes of the fields mapSlots
	// abstained on (abstain.go); Notes reports those of the kept scope
	// with those measured on the sample (notes.go). Not saved.
	Abstained map[int][]Note
	// Doubt maps a field to the kinds of its doubt notes on the sample
	// (doubt.go), which lower its values' confidence. Saved.
	Doubt map[string][]string
	// Rival maps a field to its rival term (rival.go): the share of the
	// score its chosen slot holds against a better-scored candidate slot
	// another field took. Saved.
	Rival map[string]float64
	// NoSlot maps an entity field without slot to why it has none
	// (noslot.go).
	NoSlot map[string]string
	// scopes holds, while Notes runs, what sampleScopes found on each
	// sample page (notes.go), so the notes share one tokenization and
	// match of the sample. Not saved.
	scopes map[*annotate.Page][]scopeHit
	// pinNotes holds, by object scope, the notes of the pins that
	// matched no slot (pins.go). Not saved.
	pinNotes map[int][]Note
	// pinFound holds, by object scope, the slot each example pin found
	// (pins.go); Save writes the pin so.
	pinFound map[int]map[string]Pin
	// Keyed are the fields read by their label (labelkey.go), keyPath
	// their labels' interned DOM paths. Saved.
	Keyed   []LabelKey
	keyPath []int32
	// keyNotes are the notes of the fields moved from a slot to their
	// label (labelkey.go). Not saved.
	keyNotes []Note

	// Paths interns the DOM paths of the sample's tokens.
	Paths   *Paths
	keys    map[exalg.BaseKey]int32
	keyList []exalg.BaseKey
	// Lookup tables built once by freeze: the key of a start or end tag by
	// path (a tag's text is the last step of its path), and the paths that
	// hold template words, by path and word.
	tagKey   [2][]int32
	wordKeys []map[string]int32
}
