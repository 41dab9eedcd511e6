package mapping

import (
	"github.com/objectrunner/objectrunner/recognizers"
)

// Collect visits the values of rec and its nested iterations, skipping the
// iterations of set `skip`.
func Collect(r *Mrec, skip int, f func(v Sval)) {
	for _, v := range r.Vals {
		f(v)
	}
	for _, k := range r.Kids {
		if skip >= 0 && k.Set == skip {
			continue
		}
		Collect(k, skip, f)
	}
}

func Contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// Validate runs a predefined recognizer over a value's text: ok reports an
// instance found, norm is the normalised form of the longest one ("" when
// the recognizer gives none).
func Validate(r recognizers.Recognizer, txt string) (norm string, ok bool) {
	ms, err := r.Find(txt)
	if err != nil {
		return "", true // the search could not complete: keep the value
	}
	best := -1
	for _, m := range ms {
		if m.End-m.Start > best {
			best, norm = m.End-m.Start, m.Normalized
		}
	}
	return norm, best >= 0
}

// ValidateValue is validate for a value as extracted, out of the text it
// was found in: one the recognizer's own check accepts (a regex's "value"
// group, recognizers.ValueChecker) is an instance too. Slots are judged
// on their whole texts by validate, where the group's context is present.
func ValidateValue(r recognizers.Recognizer, txt string) (norm string, ok bool) {
	if norm, ok = Validate(r, txt); ok {
		return norm, true
	}
	if vc, isVC := r.(recognizers.ValueChecker); isVC {
		ok, err := vc.CheckValue(txt)
		return "", ok || err != nil
	}
	return "", false
}
