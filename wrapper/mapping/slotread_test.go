package mapping

import "testing"

func TestSlotMapReading(t *testing.T) {
	for _, tc := range []struct {
		name string
		sm   SlotMap
		want string
	}{
		{"no rule", SlotMap{}, "the whole value"},
		{"cut", SlotMap{Cut: &Cut{Index: 1, FromRight: true}}, "segment 2 from the right (the value split at tags and separators)"},
		{"item and part share a slot",
			SlotMap{Item: true, Validate: true},
			"the first item (split at tags and separators) that is wholly an instance of the field's type; values the recognizer finds no instance in are dropped"},
		{"part", SlotMap{Part: true}, "the slot's text less the instance of the field that shares it"},
		{"label and separators", SlotMap{Label: []string{"by"}, SepWords: []string{"and"}}, `only after the label "by"; items split at ["and"]`},
	} {
		if got := tc.sm.Reading(); got != tc.want {
			t.Errorf("%s: Reading()=%q, want %q", tc.name, got, tc.want)
		}
	}
}
