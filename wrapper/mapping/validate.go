package mapping

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/objectrunner/objectrunner/sod"
)

// maxIterations bounds the learning iterations a saved wrapper may ask
// for (Options.MaxIterations); the default is 12.
const maxIterations = 10000

// ValidateFile checks every field of a saved wrapper (without its page
// wrapper, which is checked on its own) before it is built: a tampered or
// corrupt file is refused with the offending key, rather than extracting
// wrong objects — a field whose parent does not exist would lose every
// value without a missing-field diagnostic, a share out of [0,1] would
// give negative confidences. The template, slots and sets are checked
// against the template by fromWrapperFile.
func ValidateFile(f *WrapperFile) error {
	if _, err := sod.ParseMultiplicity(f.PageMult); err != nil {
		return fmt.Errorf("page_mult: %v", err)
	}
	if f.PageMin < 0 {
		return fmt.Errorf("page_min: %d is negative", f.PageMin)
	}
	if f.Scope < -1 {
		return fmt.Errorf("scope: %d is negative (-1: one object per page or record, else a template set)", f.Scope)
	}
	if err := validateOptions(f.Options); err != nil {
		return err
	}
	if err := validateFields("fields", f.Fields); err != nil {
		return err
	}
	if err := validateFields("page_fields", f.PageFields); err != nil {
		return err
	}
	for i, s := range f.Slots {
		key := fmt.Sprintf("slots[%d]", i)
		if err := unit(key+".share", s.Share); err != nil {
			return err
		}
		if err := unit(key+".coverage", s.Coverage); err != nil {
			return err
		}
		if err := unit(key+".valid", s.Valid); err != nil {
			return err
		}
	}
	declared := map[string]bool{}
	for _, fs := range f.Fields {
		declared[fs.Path] = true
	}
	for field := range f.NoSlot {
		if !declared[field] {
			return fmt.Errorf("no_slot: %q is not a field of the wrapper", field)
		}
	}
	for i, e := range f.Explain {
		if !declared[e.Field] {
			return fmt.Errorf("explain[%d]: %q is not a field of the wrapper", i, e.Field)
		}
	}
	return nil
}

// validateOptions checks the learning options a wrapper was learned with.
func validateOptions(o Options) error {
	switch {
	case o.SizeThres < 0:
		return fmt.Errorf("options.SizeThres: %d is negative", o.SizeThres)
	case o.MaxIterations < 0 || o.MaxIterations > maxIterations:
		return fmt.Errorf("options.MaxIterations: %d out of range [0, %d]", o.MaxIterations, maxIterations)
	}
	for _, x := range []struct {
		key string
		v   float64
	}{{"options.SupThres", o.SupThres}, {"options.GeneraliseThres", o.GeneraliseThres}, {"options.MinAnnotated", o.MinAnnotated}} {
		if err := unit(x.key, x.v); err != nil {
			return err
		}
	}
	return nil
}

// validateFields checks the field specs under key (fields, page_fields):
// unique paths, a parent that is a tuple field of the root declared
// before, a path that is the parent's and the name, a multiplicity in SOD
// syntax that agrees with many and optional, types for entity fields.
func validateFields(key string, fields []FieldSpec) error {
	byPath := make(map[string]*FieldSpec, len(fields))
	for i := range fields {
		fs := &fields[i]
		k := fmt.Sprintf("%s[%d]", key, i)
		if fs.Name == "" {
			return fmt.Errorf("%s.name: empty", k)
		}
		if byPath[fs.Path] != nil {
			return fmt.Errorf("%s.path: %q is declared twice", k, fs.Path)
		}
		want := fs.Name
		if fs.Parent != "" {
			p := byPath[fs.Parent]
			if p == nil || !p.Tuple || p.Parent != "" {
				return fmt.Errorf("%s.parent: %q is not a tuple field of the root declared before %q", k, fs.Parent, fs.Path)
			}
			want = fs.Parent + "." + fs.Name
		}
		if fs.Path != want {
			return fmt.Errorf("%s.path: %q, want %q (parent and name)", k, fs.Path, want)
		}
		m, err := sod.ParseMultiplicity(fs.Mult)
		if err != nil {
			return fmt.Errorf("%s.mult (%s): %v", k, fs.Path, err)
		}
		if fs.Many != m.Many() || fs.Optional != m.Optional() {
			return fmt.Errorf("%s.many/optional (%s): %v/%v disagree with mult %q", k, fs.Path, fs.Many, fs.Optional, fs.Mult)
		}
		if fs.Set < -1 {
			return fmt.Errorf("%s.set (%s): %d is negative", k, fs.Path, fs.Set)
		}
		if !fs.Tuple && len(fs.Types) == 0 {
			return fmt.Errorf("%s.types (%s): an entity field names no type", k, fs.Path)
		}
		if fs.Regex != nil && fs.Regex.Timeout < 0 {
			return fmt.Errorf("%s.regex.timeout (%s): %v is negative", k, fs.Path, fs.Regex.Timeout)
		}
		byPath[fs.Path] = fs
	}
	return nil
}

// unit checks that v is a share: a number in [0, 1].
func unit(key string, v float64) error {
	if math.IsNaN(v) || v < 0 || v > 1 {
		return fmt.Errorf("%s: %v out of range [0, 1]", key, v)
	}
	return nil
}

// DecodeWhole decodes one JSON value from r into v and refuses anything
// but white space after it.
func DecodeWhole(r io.Reader, v any) error {
	dec := json.NewDecoder(r)
	if err := dec.Decode(v); err != nil {
		return err
	}
	var extra json.RawMessage
	switch err := dec.Decode(&extra); {
	case errors.Is(err, io.EOF):
		return nil
	case err != nil:
		return fmt.Errorf("trailing data after the wrapper's JSON (byte %d): %v", dec.InputOffset(), err)
	default:
		return fmt.Errorf("trailing data after the wrapper's JSON (byte %d)", dec.InputOffset()-int64(len(extra)))
	}
}
