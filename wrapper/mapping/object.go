package mapping

// Field is the values of one SOD field of an object.
type Field struct {
	Name string
	// Many marks a set field (printed as an array); Tuple a nested tuple
	// (values are objects).
	Many  bool
	Tuple bool
	// Values holds one value for single fields.
	Values []Value
}

// Value is one extracted value.
type Value struct {
	// Text is the value as it appears on the page, trimmed of template
	// punctuation (entity fields).
	Text string
	// Normalized is a canonical form from the recognizer (ISO date, …), if any.
	Normalized string
	// Confidence in [0,1] is derived from Evidence (Evidence.Confidence).
	Confidence float64
	// Evidence is what the confidence was derived from (not written out).
	Evidence Evidence
	// Path is the DOM path of the element holding the value.
	Path string
	// Unrecognized marks a value of a field with a predefined or regex
	// recognizer in which that recognizer finds no instance: its slot
	// does not validate (SlotMap.Validate) and kept it. Not written out;
	// the run report counts them (a slot that mostly holds something
	// else).
	Unrecognized bool
	// Fields are the fields of a nested tuple value.
	Fields []Field
}
