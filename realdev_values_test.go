package objectrunner_test

import (
	"encoding/json"
	"flag"
	"os"
	"strings"

	"github.com/objectrunner/objectrunner/eval"
	"github.com/objectrunner/objectrunner/internal/trust"
	"github.com/objectrunner/objectrunner/wrapper"
)

var realDevValues = flag.String("realdev.values", "", "TestRealDev writes every judged value (site, field, confidence, evidence, right) to this JSON Lines file (docs/trust.md)")

// realDevValue is one line of -realdev.values.
type realDevValue struct {
	Site       string           `json:"site"`
	Page       string           `json:"page"`
	Field      string           `json:"field"`
	Text       string           `json:"text"`
	Confidence float64          `json:"confidence"`
	Evidence   wrapper.Evidence `json:"evidence"`
	Right      bool             `json:"right"`
}

// judgedLines returns the JSON lines of -realdev.values for the values
// of one site judged against truth.
func judgedLines(site string, truth *eval.Truth, vals []trust.Value) string {
	var b strings.Builder
	for _, v := range vals {
		j := truth.Judge(v.Page, v.Field, v.Text)
		if j == eval.ValueUnlabelled {
			continue
		}
		line, _ := json.Marshal(realDevValue{Site: site, Page: v.Page, Field: v.Field, Text: v.Text,
			Confidence: v.Confidence, Evidence: v.Evidence, Right: j == eval.ValueRight})
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// writeRealDevValues writes the lines to -realdev.values, if set.
func writeRealDevValues(lines []string) error {
	if *realDevValues == "" {
		return nil
	}
	return os.WriteFile(*realDevValues, []byte(strings.Join(lines, "")), 0o644)
}
