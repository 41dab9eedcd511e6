package wrapper

// Options tune wrapper induction. The zero value is not useful; start from
// DefaultOptions.
type Options struct {
	// Annotations enables ObjectRunner's use of entity annotations as an
	// extra criterion for token roles (seed ObjectRunner, Algorithm 2).
	// False runs plain ExAlg (the paper's "EA" baseline); annotations are then
	// only used afterwards, to map slots to SOD fields.
	Annotations bool
	// SizeThres is the minimum number of dtokens of a large equivalence
	// class (ExAlg's SIZETHRES).
	SizeThres int
	// SupThres is the minimum support of a frequent equivalence class, as a
	// fraction of the number of sample pages (ExAlg's SUPTHRES / n).
	SupThres float64
	// GeneraliseThres is the share an annotation type must reach among the
	// annotated occurrences of a role or slot to be generalised to all of
	// them (0.7 in the ObjectRunner paper).
	GeneraliseThres float64
	// MinAnnotated is the minimum fraction of a slot's sample occurrences
	// that must carry the field's annotation type for the slot to be mapped
	// to that field.
	MinAnnotated float64
	// MaxIterations bounds the FINDEQ/HANDINV/DIFFEQ loop.
	MaxIterations int
	// Pins are the user's answers to the wrapper's questions (pins.go):
	// fields pinned to a slot, absent, or shown by an example. Saved in
	// the wrapper file as "pins", not among the options.
	Pins []Pin `json:"-"`
}

// DefaultOptions returns the parameters of the papers: SIZETHRES 3,
// SUPTHRES 0.25·n, generalisation threshold 0.7, annotations on.
func DefaultOptions() Options {
	return Options{
		Annotations:     true,
		SizeThres:       3,
		SupThres:        0.25,
		GeneraliseThres: 0.7,
		MinAnnotated:    0.1,
		MaxIterations:   12,
	}
}
