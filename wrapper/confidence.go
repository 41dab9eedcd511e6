package wrapper

// evidence returns the slot's part of a value's evidence for field f.
func (w *Wrapper) evidence(sm *SlotMap, f FieldSpec) Evidence {
	return Evidence{Share: sm.Share, Coverage: sm.Coverage, Recognizer: w.valid[f.Path] != nil, Valid: sm.Valid,
		Labelled: len(sm.Label) > 0 || len(sm.Row) > 0 || len(sm.ItemLabel) > 0, Dictionary: f.Dictionary,
		Doubt: w.doubt[f.Path]}
}
