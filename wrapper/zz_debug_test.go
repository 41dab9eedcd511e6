package wrapper

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

// ZDIR=/tmp/zoo/s0003... go test ./wrapper -run TestZZDebug -v
func TestZZDebug(t *testing.T) {
	dir := os.Getenv("ZDIR")
	if dir == "" {
		t.Skip()
	}
	s, err := sod.Load(filepath.Join(dir, "sod.toml"))
	if err != nil {
		t.Fatal(err)
	}
	store, err := dictionaries.Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	lists, _ := filepath.Glob(filepath.Join(dir, "dictionaries", "*.txt"))
	for _, l := range lists {
		class := strings.TrimSuffix(filepath.Base(l), ".txt")
		store.ImportFile(context.Background(), class, l, dictionaries.ImportOptions{})
	}
	recs, err := recognizers.ForSOD(s, store)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := annotate.NewAnnotator(s, recs, annotate.Options{})
	paths, _ := annotate.ListSource(filepath.Join(dir, "pages"))
	res, err := annotate.Sample(context.Background(), paths, filepath.Join(dir, "pages"), a, annotate.SampleOptions{})
	if err != nil {
		t.Log("sample:", err)
	}
	if res == nil {
		return
	}
	fmt.Printf("sample: %d pages, segment %q kinds %+v\n", len(res.Pages), res.Segment, res.Kinds)
	for _, st := range res.Stats {
		fmt.Printf("  type %-16s sample pages %d hits %d\n", st.Type, st.SamplePagesWithHits, st.SampleHits)
	}
	opt := DefaultOptions()
	w := &Wrapper{opt: opt, sodHash: s.Hash, mult: s.Mult.String(), pageMin: s.Mult.Min, fields: sodFields(s), scope: -1, ps: newPaths()}
	pages := res.Pages
	mode := os.Getenv("ZMODE")
	var toks [][]token
	if s.Mult.Many() && mode != "page" {
		rp, err := FindRecordPattern(pages, s, RecordOptions{})
		fmt.Printf("record pattern: %v err %v\n", rp, err)
		if rp != nil {
			for _, r := range sampleRecords(pages, rp, maxSampleRecords) {
				toks = append(toks, tokenizeNodes(r.nodes, r.page.ByNode, w.ps))
			}
		}
	}
	if toks == nil {
		for _, p := range pages {
			toks = append(toks, tokenize(p, w.ps))
		}
	}
	stats := w.learnTemplate(toks)
	fmt.Printf("template: %s\n", w.tmpl)
	sm, score, serr := mapSlots(w, stats, len(toks), -1)
	fmt.Printf("mapping score %.2f err %v\n", score, serr)
	for _, m := range sm {
		fmt.Printf("  slot %d -> %s share %.2f cov %.2f label %v valid %.2f\n", m.Slot, m.Field, m.Share, m.Coverage, m.Label, m.Valid)
	}
	// sample values per slot
	vals := map[int][]string{}
	for _, tk := range toks {
		root, ok := w.matchRoot(tk)
		if !ok {
			vals[-1] = append(vals[-1], "UNFIT")
			continue
		}
		collect(root, -1, func(v sval) {
			txt, a, b := valueText(tk, v.a, v.b)
			ty := map[string]bool{}
			for x := a; x < b; x++ {
				for _, t := range tk[x].annTypes() {
					ty[t] = true
				}
			}
			var tys []string
			for k := range ty {
				tys = append(tys, k)
			}
			sort.Strings(tys)
			lab := strings.Join(pageLabel(tk, a), " ")
			vals[v.slot] = append(vals[v.slot], fmt.Sprintf("%q%v<%s>", truncate(txt, 50), tys, lab))
		})
	}
	for i := -1; i < len(w.tmpl.Slots); i++ {
		v := vals[i]
		if len(v) == 0 {
			continue
		}
		st := &slotStats{}
		if i >= 0 {
			st = stats[i]
		}
		fmt.Printf("slot %d (occ %d annOcc %d types %v):\n", i, st.occ, st.annOcc, st.types)
		for j, x := range v {
			if j >= 8 {
				fmt.Printf("    ... %d more\n", len(v)-8)
				break
			}
			fmt.Printf("    %s\n", x)
		}
	}
}
