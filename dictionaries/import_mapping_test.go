package dictionaries

import (
	"fmt"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"

	"github.com/objectrunner/objectrunner/internal/cputime"
)

// BenchmarkImportMapping indexes 100,000 generated entries straight into
// a Bleve (scorch) index, in batches of 10,000, with the class mapping and
// with fields of it left out, down to the document ID and the stored
// entry alone: what one Bleve document per name costs, whatever the
// store does around it (entries per CPU-second; see docs/dictionaries.md).
func BenchmarkImportMapping(b *testing.B) {
	const n, batch = 100_000, 10_000
	names := syntheticNames(n)
	now := time.Unix(1_800_000_000, 0)
	entries := make([]*Entry, n)
	for i, nm := range names {
		e := &Entry{Original: nm, Norm: fmt.Sprintf("%s %d", Normalize(nm), i)}
		e.observe(Provenance{Kind: "import", Source: "/data/names.txt"}, 1, 0.8, now)
		entries[i] = e
	}
	without := func(fields ...string) mapping.IndexMapping {
		m := indexMapping().(*mapping.IndexMappingImpl)
		for _, f := range fields {
			delete(m.DefaultMapping.Properties, f)
		}
		return m
	}
	for _, v := range []struct {
		name string
		m    mapping.IndexMapping
	}{
		{"class-mapping", indexMapping()},
		{"without-norm", without(fieldNorm)},
		{"without-norm-conf", without(fieldNorm, fieldConf)},
		{"id-and-stored-entry", without(fieldNorm, fieldConf, fieldWords)},
	} {
		b.Run(v.name, func(b *testing.B) {
			var cpu time.Duration
			for i := 0; i < b.N; i++ {
				dir := b.TempDir()
				c0 := cputime.Self()
				idx, err := bleve.NewUsing(dir+"/class", v.m, scorch.Name, scorch.Name, nil)
				if err != nil {
					b.Fatal(err)
				}
				bt := idx.NewBatch()
				for _, e := range entries {
					doc, err := entryDoc(e)
					if err != nil {
						b.Fatal(err)
					}
					if err := bt.Index(e.Norm, doc); err != nil {
						b.Fatal(err)
					}
					if bt.Size() >= batch {
						if err := idx.Batch(bt); err != nil {
							b.Fatal(err)
						}
						bt = idx.NewBatch()
					}
				}
				if err := idx.Batch(bt); err != nil {
					b.Fatal(err)
				}
				if err := idx.Close(); err != nil {
					b.Fatal(err)
				}
				cpu += cputime.Self() - c0
			}
			b.ReportMetric(float64(n*b.N)/cpu.Seconds(), "entries/cpu-s")
		})
	}
}
