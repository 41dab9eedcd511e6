package wrapper

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadTampered: a saved wrapper cut short, edited by hand or holding
// numbers out of any range fails to load with an error that says what is
// wrong, and never panics.
func TestLoadTampered(t *testing.T) {
	c := loadCase(t, filepath.Join("testdata", "induce", "concert"))
	w, err := Induce(c.pages, c.sod, c.opt)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := w.Save(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	firstSlot := `"slot": 0,`
	if !strings.Contains(good, firstSlot) {
		t.Fatalf("no %s in\n%s", firstSlot, good)
	}
	for _, tc := range []struct {
		name, src, want string
	}{
		{"empty", "", "wrapper: load: EOF"},
		{"truncated", good[:len(good)/2], "wrapper: load: unexpected EOF"},
		{"binary", "\x00\x01\xff{", "wrapper: load: invalid character"},
		{"version", strings.Replace(good, `"version": 3`, `"version": 99`, 1), "unsupported wrapper format version 99"},
		{"slot out of range", strings.Replace(good, firstSlot, `"slot": 99999999,`, 1), "slot 99999999 out of range"},
		{"negative slot", strings.Replace(good, firstSlot, `"slot": -5,`, 1), "slot -5 out of range"},
		{"slot 1e308", strings.Replace(good, firstSlot, `"slot": 1e308,`, 1), "cannot unmarshal number 1e308"},
		{"int overflow", strings.Replace(good, `"page_min": 1`, `"page_min": 99999999999999999999`, 1), "cannot unmarshal number 99999999999999999999"},
		{"float overflow", strings.Replace(good, `"share": 1,`, `"share": 1e400,`, 1), "cannot unmarshal number 1e400"},
		{"unknown node", strings.Replace(good, `"type": "slot"`, `"type": "bogus"`, 1), `unknown template node type "bogus"`},
		{"undeclared field", strings.Replace(good, `"field": "`, `"field": "nosuch`, 1), `which the wrapper does not declare`},
		{"no_slot of an undeclared field", strings.Replace(good, `"scope":`, `"no_slot": {"nosuch": "why"}, "scope":`, 1), `no_slot: "nosuch" is not a field`},
		{"explanation of an undeclared field", strings.Replace(good, `"scope":`, `"explain": [{"field": "nosuch"}], "scope":`, 1), `explain[0]: "nosuch" is not a field`},
		{"nested 20,000 deep", good[:strings.Index(good, `"template":`)] + `"template": ` + strings.Repeat(`{"type":"set","body":`, 20000) + `{"type":"slot"}` + strings.Repeat("}", 20000) + "}", "exceeded max depth"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.src == good {
				t.Fatal("the tampering changed nothing")
			}
			_, err := Load(strings.NewReader(tc.src))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Load: %v, want %q", err, tc.want)
			}
		})
	}
}
