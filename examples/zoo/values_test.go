package zoo_test

import (
	"bufio"
	"encoding/json"
	"flag"
	"os"
	"slices"

	"github.com/objectrunner/objectrunner/eval"
	"github.com/objectrunner/objectrunner/internal/trust"
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
	// Diags are the kinds of the run's diagnostics naming the field.
	Diags []string `json:"diags,omitempty"`
	// Page is the value's page; Sample says it is one of the annotated
	// sample's pages (to compare the wrapper on the sample and the rest).
	Page   string `json:"page"`
	Sample bool   `json:"sample,omitempty"`
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
		diags := map[string][]string{}
		for _, f := range r.specs {
			diags[f.Path] = trust.Diagnosed(r.diags, f)
		}
		sample := map[string]bool{}
		for _, p := range r.sample {
			sample[p.Path] = true
		}
		for _, v := range r.values {
			j := r.truth.Judge(v.Page, v.Field, v.Text)
			if j == eval.ValueUnlabelled {
				continue
			}
			if err := enc.Encode(judgedValue{Seed: r.seed, Source: r.name, List: r.feat.List, Field: v.Field, Text: v.Text,
				Confidence: v.Confidence, Evidence: v.Evidence, Right: j == eval.ValueRight,
				Diags: diags[v.Field], Page: v.Page, Sample: sample[v.Page]}); err != nil {
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

var fieldsFlag = flag.String("zoo.fields", "", "with -zoo.values, write each template field's score, diagnostics and candidate slots to this JSON Lines file (to group wrong confident values by cause, docs/trust.md)")

// judgedField is one line of -zoo.fields.
type judgedField struct {
	Seed       uint64                     `json:"seed"`
	Source     string                     `json:"source"`
	Field      string                     `json:"field"`
	F1         float64                    `json:"f1"`
	Diags      []string                   `json:"diags,omitempty"`
	Candidates []wrapper.CandidateExplain `json:"candidates,omitempty"`
	Slots      []int                      `json:"slots,omitempty"`
}

// writeFields writes every result's field explanations to path.
func writeFields(path string, results []*result) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	for _, r := range results {
		f1 := map[string]float64{}
		diags := map[string][]string{}
		for _, fs := range r.fields {
			f1[fs.name] = fs.f1
			diags[fs.name] = fs.diagnosed
		}
		for _, e := range r.explain {
			cands := slices.Clone(e.Candidates)
			for i := range cands {
				cands[i].Samples, cands[i].Context = nil, ""
			}
			if err := enc.Encode(judgedField{Seed: r.seed, Source: r.name, Field: e.Field, F1: f1[e.Field], Diags: diags[e.Field],
				Candidates: cands, Slots: e.Slots}); err != nil {
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
