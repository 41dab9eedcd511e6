package zoo_test

import (
	"bufio"
	"encoding/json"
	"flag"
	"os"

	"github.com/objectrunner/objectrunner/eval"
	"github.com/objectrunner/objectrunner/wrapper"
)

var valuesFlag = flag.String("zoo.values", "", "write every judged value (seed, field, confidence, evidence, right) to this JSON Lines file, to measure and fit confidence (docs/trust.md)")

// judgedValue is one line of -zoo.values.
type judgedValue struct {
	Seed       uint64           `json:"seed"`
	Source     string           `json:"source"`
	List       bool             `json:"list"`
	Field      string           `json:"field"`
	Text       string           `json:"text"`
	Confidence float64          `json:"confidence"`
	Evidence   wrapper.Evidence `json:"evidence"`
	Right      bool             `json:"right"`
}

// writeValues writes the judged values of every result to path.
func writeValues(path string, results []*result) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	for _, r := range results {
		if r.truth == nil {
			continue
		}
		for _, v := range r.values {
			j := r.truth.Judge(v.Page, v.Field, v.Text)
			if j == eval.ValueUnlabelled {
				continue
			}
			if err := enc.Encode(judgedValue{Seed: r.seed, Source: r.name, List: r.feat.List, Field: v.Field, Text: v.Text,
				Confidence: v.Confidence, Evidence: v.Evidence, Right: j == eval.ValueRight}); err != nil {
				f.Close()
				return err
			}
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
