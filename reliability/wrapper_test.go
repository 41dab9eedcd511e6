//go:build linux

package reliability

import (
	"math/rand"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostileWrappers (group 6): saved wrappers that are cut short, edited,
// learned for another SOD or full of huge numbers are refused with an
// error naming the file and what is wrong, quickly.
func TestHostileWrappers(t *testing.T) {
	sodPath, wrapperPath := shopFixture(t)
	good := readFile(t, wrapperPath)
	d := dir(t)
	src := shopSource(t, d, 5)
	otherSOD := write(t, filepath.Join(d, "other.toml"), []byte(dictSOD))
	junk := make([]byte, 4096)
	rand.New(rand.NewSource(5)).Read(junk)
	nested := good[:strings.Index(good, `"template":`)] + `"template": ` + strings.Repeat(`{"type":"set","body":`, 20000) + `{"type":"slot"}` + strings.Repeat("}", 20000) + "}"
	for _, tc := range []struct {
		name, content string
		sod           string // --sod given with --wrapper
		want          string
	}{
		{"truncated", good[:len(good)/2], "", "wrapper: load: unexpected EOF"},
		{"empty", "", "", "wrapper: load: EOF"},
		{"binary", string(junk), "", "wrapper: load: invalid character"},
		{"another format version", strings.Replace(good, `"version": 3`, `"version": 99`, 1), "", "unsupported wrapper format version 99"},
		{"tampered slot", strings.Replace(good, `"slot": 2,`, `"slot": 7,`, 1), "", "slot 7 out of range"},
		{"tampered field", strings.Replace(good, `"field": "name"`, `"field": "nosuch"`, 1), "", `slot 0 fills field "nosuch", which the wrapper does not declare`},
		{"tampered template", strings.Replace(good, `"type": "slot"`, `"type": "bogus"`, 1), "", `unknown template node type "bogus"`},
		{"learned for another SOD", good, otherSOD, "was learned for another SOD"},
		{"huge slot number", strings.Replace(good, `"slot": 2,`, `"slot": 1e308,`, 1), "", "cannot unmarshal number 1e308"},
		{"huge integer", strings.Replace(good, `"page_min": 1`, `"page_min": 99999999999999999999`, 1), "", "cannot unmarshal number 99999999999999999999"},
		{"huge scope", strings.Replace(good, `"scope": -1`, `"scope": 9223372036854775807`, 1), "", "scope set 9223372036854775807 out of range"},
		{"huge float", strings.Replace(good, `"share": 1,`, `"share": 1e400,`, 1), "", "cannot unmarshal number 1e400"},
		{"template nested 20,000 deep", nested, "", "exceeded max depth"},
		// Issue 27, case 9: every field is checked on load, the key named.
		{"missing parent", strings.Replace(good, `"path": "price",`, `"path": "price", "parent": "nosuch",`, 1), "", `fields[1].parent: "nosuch" is not a tuple field`},
		{"negative share", strings.Replace(good, `"share": 1,`, `"share": -1,`, 1), "", "slots[0].share: -1 out of range [0, 1]"},
		{"share above 1", strings.Replace(good, `"coverage": 1,`, `"coverage": 7,`, 1), "", "slots[0].coverage: 7 out of range [0, 1]"},
		{"bad mult", strings.Replace(good, `"mult": "?",`, `"mult": "many",`, 1), "", `fields[2].mult (date): invalid multiplicity "many"`},
		{"mult disagreeing with many", strings.Replace(good, `"mult": "1",`, `"mult": "+",`, 1), "", "fields[0].many/optional (name): false/false disagree with mult"},
		{"bad page mult", strings.Replace(good, `"page_mult": "1"`, `"page_mult": "0"`, 1), "", "page_mult: invalid multiplicity"},
		{"negative scope", strings.Replace(good, `"scope": -1`, `"scope": -5`, 1), "", "scope: -5 is negative"},
		{"negative page_min", strings.Replace(good, `"page_min": 1`, `"page_min": -3`, 1), "", "page_min: -3 is negative"},
		{"option out of range", strings.Replace(good, `"SupThres": 0.25`, `"SupThres": 25`, 1), "", "options.SupThres: 25 out of range"},
		{"trailing garbage", good + "\n{\"version\": 3}", "", "trailing data after the wrapper's JSON"},
		{"trailing junk", good + "xyz", "", "trailing data after the wrapper's JSON"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.content == good && tc.sod == "" {
				t.Fatal("the tampering changed nothing")
			}
			w := write(t, filepath.Join(dir(t), "w.json"), []byte(tc.content))
			args := []string{"extract", "-q", "--wrapper", w, "--source", src}
			if tc.sod != "" {
				args = append(args, "--sod", tc.sod)
			}
			r := run(t, runOpts{}, args...)
			expect(t, r, 1, w, tc.want)
			if r.stdout != "" {
				t.Errorf("objects written: %.200s", r.stdout)
			}
			within(t, "wrapper: "+tc.name, r, smallBound)
		})
	}
	// The good wrapper with its own SOD still works.
	expect(t, run(t, runOpts{}, "extract", "-q", "--wrapper", wrapperPath, "--sod", sodPath, "--source", src), 0)
}
