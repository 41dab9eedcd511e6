package records

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestAlternativesAndAt: on each synthetic layout, the pattern keeps its
// segmentation and the runner-up's as alternatives (record counts per
// sample page, first record); At takes the runner-up (the old winner
// becomes the runner-up, nothing is left to choose), and an At that names
// no candidate changes nothing and pins nothing.
func TestAlternativesAndAt(t *testing.T) {
	for _, tc := range recordSynthTemplates {
		t.Run(tc.name, func(t *testing.T) {
			var samples []*annotate.Page
			for j, n := range []int{0, 1, 3, 5, 2, 7, 4, 1, 6, 3} {
				evs := recordSynthEvents(j, n)
				samples = append(samples, pagetest.Marked(t, fmt.Sprint(j), recordSynthPage(j, tc.render(j, evs)), recordSynthMarks(evs)))
			}
			learn := func(at string) *RecordPattern {
				rp, err := FindRecordPattern(samples, recordTestSOD(t), RecordOptions{At: at})
				if err != nil {
					t.Fatal(err)
				}
				return rp
			}
			rp := learn("")
			if len(rp.Alternatives) != 2 || !rp.Alternatives[0].Chosen || rp.Alternatives[1].Chosen || rp.Pinned != "" {
				t.Fatalf("alternatives %+v, pinned %q: want the chosen one and the runner-up", rp.Alternatives, rp.Pinned)
			}
			best, other := rp.Alternatives[0], rp.Alternatives[1]
			if other.At != rp.Stats.RunnerUpAt || other.Score != rp.Stats.RunnerUp || best.Score != rp.Stats.Score {
				t.Errorf("runner-up %s %.3f, stats say %s %.3f (score %.3f vs %.3f)", other.At, other.Score, rp.Stats.RunnerUpAt, rp.Stats.RunnerUp, best.Score, rp.Stats.Score)
			}
			n := 0
			for _, p := range best.Pages {
				n += p.Records
				if p.Records < 1 || p.First == "" || p.FirstPath == "" || p.Path != samples[p.Index].Path {
					t.Errorf("page %+v: want records, the first one's text and path", p)
				}
			}
			if n != rp.Stats.Records {
				t.Errorf("the chosen alternative counts %d records, the pattern %d", n, rp.Stats.Records)
			}
			pinned := learn(other.At)
			if pinned.Pinned != other.At || pinned.Alternatives != nil || pinned.Stats.RunnerUpAt != best.At || pinned.String() == rp.String() {
				t.Errorf("At %s: pinned %q, alternatives %d, runner-up %s; pattern:\n%s", other.At, pinned.Pinned, len(pinned.Alternatives), pinned.Stats.RunnerUpAt, pinned)
			}
			none := learn("html/nowhere > p")
			if none.Pinned != "" || none.String() != rp.String() {
				t.Errorf("an At naming no candidate: pinned %q, pattern:\n%s\nwant:\n%s", none.Pinned, none, rp)
			}
		})
	}
}
