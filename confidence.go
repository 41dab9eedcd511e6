package objectrunner

import (
	"slices"

	"github.com/objectrunner/objectrunner/wrapper"
)

// lowConfidence is the reason under which Report.Incomplete lists the pages
// where Config.MinConfidence left a mandatory field without value.
const lowConfidence = "a mandatory field's values are all below the minimum confidence"

// lowConfidence's twin for abstention: the reason under which
// Report.Incomplete lists the pages where a refuted field (abstain.go) was
// a mandatory field's only values.
const refutedValues = "a mandatory field's values are refuted by its doubt notes (left out)"

// dropBelowAll applies dropBelow to the objects of one page before
// Report.take (fields: the wrapper's), and returns the page's error: err, or, when it is nil and
// a mandatory field lost all its values, a partial MismatchError (the
// page is incomplete; Config.Strict then drops those objects).
func (rep *Report) dropBelowAll(objs []*wrapper.Object, err error, min float64, fields []wrapper.FieldSpec) error {
	if min <= 0 || len(objs) == 0 {
		return err
	}
	incomplete := false
	for _, o := range objs {
		incomplete = rep.dropBelow(o, min, fields) || incomplete
	}
	if incomplete && err == nil {
		return &wrapper.MismatchError{Reason: lowConfidence, Partial: true}
	}
	return err
}

// dropBelow removes from o the values whose confidence is below min
// (Config.MinConfidence), counting them per dotted field path in
// rep.Fields (FieldStats.BelowConfidence) and in rep.BelowConfidence
// (dropValues). It returns whether it added a missing mandatory field.
func (rep *Report) dropBelow(o *wrapper.Object, min float64, fields []wrapper.FieldSpec) bool {
	return dropValues(o, fields, func(path string, v wrapper.Value) bool {
		if v.Confidence >= min {
			return false
		}
		rep.BelowConfidence++
		rep.fieldStats(path).BelowConfidence++
		return true
	})
}

// dropValues removes from o the leaf values drop says to. A nested tuple
// value left without fields is removed with them (drop is not asked about
// it: its leaf values were), and a field left without values is removed
// from the object. A mandatory field of the root that had values and is
// left without is added to o.Missing (fields: the wrapper's). It returns
// whether it added one.
func dropValues(o *wrapper.Object, fields []wrapper.FieldSpec, drop func(path string, v wrapper.Value) bool) bool {
	var walk func(prefix string, fs []wrapper.Field) []wrapper.Field
	walk = func(prefix string, fs []wrapper.Field) []wrapper.Field {
		kept := fs[:0]
		for _, f := range fs {
			path := prefix + f.Name
			vals := f.Values[:0]
			for _, v := range f.Values {
				if f.Tuple {
					v.Fields = walk(path+".", v.Fields)
					if len(v.Fields) == 0 {
						continue
					}
				} else if drop(path, v) {
					continue
				}
				vals = append(vals, v)
			}
			f.Values = vals
			if len(f.Values) > 0 {
				kept = append(kept, f)
			}
		}
		return kept
	}
	before := make([]string, 0, len(o.Fields))
	for _, f := range o.Fields {
		before = append(before, f.Name)
	}
	o.Fields = walk("", o.Fields)
	if len(o.Fields) == len(before) {
		return false
	}
	has := map[string]bool{}
	for _, f := range o.Fields {
		has[f.Name] = true
	}
	added := false
	for _, f := range fields {
		if f.Parent == "" && !f.Optional && slices.Contains(before, f.Name) && !has[f.Name] && !slices.Contains(o.Missing, f.Name) {
			o.Missing = append(o.Missing, f.Name)
			added = true
		}
	}
	return added
}

// dropRefutedAll leaves out, unless keep (Config.KeepRefuted), the values
// of the fields whose doubt notes refute them (wrapper.Evidence.Refuted:
// abstain rather than guess), counting them per dotted field path in
// rep.Fields (FieldStats.Refuted, with the refuting kinds) and in
// rep.Refuted. It returns the page's error as dropBelowAll does.
func (rep *Report) dropRefutedAll(objs []*wrapper.Object, err error, keep bool, fields []wrapper.FieldSpec) error {
	if keep || len(objs) == 0 {
		return err
	}
	incomplete := false
	for _, o := range objs {
		incomplete = dropValues(o, fields, func(path string, v wrapper.Value) bool {
			kinds := v.Evidence.Refuted()
			if len(kinds) == 0 {
				return false
			}
			rep.Refuted++
			st := rep.fieldStats(path)
			st.Refuted++
			if len(st.RefutedExamples) < MaxRejectedExamples && !slices.Contains(st.RefutedExamples, v.Text) {
				st.RefutedExamples = append(st.RefutedExamples, v.Text)
			}
			for _, k := range kinds {
				if !slices.Contains(st.RefutedBy, k) {
					st.RefutedBy = append(st.RefutedBy, k)
				}
			}
			return true
		}) || incomplete
	}
	if incomplete && err == nil {
		return &wrapper.MismatchError{Reason: refutedValues, Partial: true}
	}
	return err
}

// fieldStats returns the stats of a dotted field path, made on first use.
func (rep *Report) fieldStats(path string) *FieldStats {
	if rep.Fields == nil {
		rep.Fields = map[string]*FieldStats{}
	}
	st := rep.Fields[path]
	if st == nil {
		st = &FieldStats{}
		rep.Fields[path] = st
	}
	return st
}
