package objectrunner

import (
	"strings"
	"testing"
)

func TestDiagnoseStopped(t *testing.T) {
	tests := []struct {
		name string
		rep  *Report
		want []string // the fields named by stopped diagnostics
	}{
		{"learning stopped", &Report{Stopped: `wrapper: stopped early: type "category": no consistent slot`,
			StoppedFields: []string{"name", "category", "location.address"}}, []string{"name", "category", "location.address"}},
		{"a wrapper was learned", &Report{}, nil},
	}
	for _, tc := range tests {
		var got []string
		for _, d := range Diagnose(tc.rep) {
			if d.Kind != DiagStopped {
				continue
			}
			got = append(got, d.Field)
			if !strings.Contains(d.Message, "no consistent slot") || !strings.Contains(d.Message, d.Field) {
				t.Errorf("%s: message %q does not say the field and why learning stopped", tc.name, d.Message)
			}
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%s: stopped diagnostics name %v, want %v", tc.name, got, tc.want)
		}
	}
}
