package zoo_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/examples/zoo"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

var determinismFlag = flag.Bool("zoo.determinism", true, "run every zoo source a second time (4 workers, a shuffled file listing, through RunFS) and require byte-identical wrappers and output")

// shuffledFS is an fs.FS whose directory listings come in a random order
// (fixed by its seed), as some file systems and archives give them: a run
// must not depend on the order in which files are listed.
type shuffledFS struct {
	fs.FS
	seed uint64
}

// ReadDir lists name's entries in an order drawn from the seed and name.
func (s shuffledFS) ReadDir(name string) ([]fs.DirEntry, error) {
	es, err := fs.ReadDir(s.FS, name)
	if err != nil {
		return nil, err
	}
	h := fnv.New64a()
	h.Write([]byte(name))
	r := rand.New(rand.NewPCG(s.seed, h.Sum64()))
	r.Shuffle(len(es), func(i, j int) { es[i], es[j] = es[j], es[i] })
	return es, nil
}

// TestShuffledFS checks the test's own wrapper: the listing really comes
// out of order, and holds every entry.
func TestShuffledFS(t *testing.T) {
	dir := t.TempDir()
	var names []string
	for i := range 20 {
		n := fmt.Sprintf("%04d.html", i)
		names = append(names, n)
		if err := os.WriteFile(filepath.Join(dir, n), []byte("<p>x</p>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	es, err := fs.ReadDir(shuffledFS{os.DirFS(dir), 1}, ".")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range es {
		got = append(got, e.Name())
	}
	if strings.Join(got, " ") == strings.Join(names, " ") {
		t.Errorf("shuffledFS lists in sorted order: %v", got)
	}
	if len(got) != len(names) {
		t.Errorf("shuffledFS lists %d entries, want %d", len(got), len(names))
	}
}

// runOutput is what a run gives that must not depend on how it ran: the
// saved wrapper and the JSON Lines of the objects.
type runOutput struct {
	wrapper, objects []byte
}

// checkDeterminism runs the pipeline on the pages of dir a second time,
// this time through RunFS over a shuffled listing with 4 workers (the
// first run: Run over the directory, 1 worker), and reports any byte that
// differs in the wrapper or the output. induce are the first run's
// options, its pins (a review's answers) with them: a run without them
// learns another wrapper.
func checkDeterminism(t *testing.T, dir string, s *sod.SOD, recs map[string]recognizers.Recognizer, induce wrapper.Options, first runOutput) {
	t.Helper()
	cfg := objectrunner.Config{SOD: s, Recognizers: recs, Induce: &induce, Workers: 4, KeepDuplicates: true} // as runPipeline
	var out bytes.Buffer
	rep, err := objectrunner.RunFS(context.Background(), shuffledFS{os.DirFS(filepath.Join(dir, "pages")), 7}, cfg, func(o *wrapper.Object) error {
		b, err := json.Marshal(o)
		out.Write(b)
		out.WriteByte('\n')
		return err
	})
	if err != nil {
		t.Errorf("%s: second run (RunFS, shuffled listing, 4 workers): %v", dir, err)
		return
	}
	second := runOutput{objects: out.Bytes()}
	if rep.Wrapper != nil {
		var b bytes.Buffer
		if err := rep.Wrapper.Save(&b); err != nil {
			t.Fatal(err)
		}
		second.wrapper = b.Bytes()
	}
	if d := firstDiff(first.wrapper, second.wrapper); d != "" {
		t.Errorf("%s: the wrapper differs between a run with 1 worker and one with 4 workers over a shuffled listing: %s", t.Name(), d)
	}
	if d := firstDiff(first.objects, second.objects); d != "" {
		t.Errorf("%s: the output differs between a run with 1 worker and one with 4 workers over a shuffled listing: %s", t.Name(), d)
	}
}

// firstDiff describes the first line where a and b differ ("" when they
// are equal).
func firstDiff(a, b []byte) string {
	if bytes.Equal(a, b) {
		return ""
	}
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range max(len(la), len(lb)) {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d: %.300q against %.300q", i+1, x, y)
		}
	}
	return "they differ"
}

// TestPinnedDeterminism: a run with pins (a review's answers) learns the
// same wrapper and objects over a shuffled listing with 4 workers: the
// check's second run learns with the pins too, and a pin that matches no
// slot is reported (pin-unmatched) while the run stays deterministic.
func TestPinnedDeterminism(t *testing.T) {
	defer func(v bool) { *determinismFlag = v }(*determinismFlag)
	*determinismFlag = true
	const seed = 1 // a fixed non-regression seed
	field := zoo.Generate(seed).Features.Fields[0].Name
	for _, tc := range []struct {
		name string
		pin  wrapper.Pin
		note bool // a pin-unmatched diagnostic is expected
	}{
		{"absent", wrapper.Pin{Field: field, Absent: true}, false},
		{"gone", wrapper.Pin{Field: field, Slot: 9999, Context: "no such text"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runSeed(t, seed, tc.pin) // fails on a wrapper or output that differs
			noted := slices.ContainsFunc(r.diags, func(d objectrunner.Diagnostic) bool { return d.Kind == "pin-unmatched" && d.Field == field })
			if noted != tc.note {
				t.Errorf("pin %v: pin-unmatched noted %v, want %v", tc.pin, noted, tc.note)
			}
		})
	}
}
