package mapping

import "testing"

// TestEvidenceConfidence checks how a value's confidence follows from its
// evidence: the slot's share scaled by its coverage, raised to at least
// 0.9 (and the annotation's confidence) by an annotation of the field's
// types inside the value, rounded to three decimals.
func TestEvidenceConfidence(t *testing.T) {
	tests := []struct {
		name string
		e    Evidence
		want float64
	}{
		{"full share and coverage", Evidence{Share: 1, Coverage: 1}, 1},
		{"coverage half or more counts fully", Evidence{Share: 0.8, Coverage: 0.5}, 0.8},
		{"low coverage scales the share", Evidence{Share: 1, Coverage: 0.2}, 0.7},
		{"rounded to three decimals", Evidence{Share: 0.833, Coverage: 0.37}, 0.725},
		{"no share", Evidence{Coverage: 1}, 0},
		{"annotated: at least 0.9", Evidence{Share: 0.5, Coverage: 0.1, Annotated: true, AnnotationConfidence: 0.6}, 0.9},
		{"annotated: the annotation's confidence", Evidence{Share: 0.5, Coverage: 0.1, Annotated: true, AnnotationConfidence: 0.95}, 0.95},
		{"annotated with confidence 0 still counts", Evidence{Share: 0.2, Annotated: true}, 0.9},
		{"a rival multiplies it", Evidence{Share: 1, Coverage: 1, Rival: 0.4}, 0.4},
		{"a rival lowers an annotated value too", Evidence{Share: 0.5, Annotated: true, Rival: 0.5}, 0.45},
		{"the doubt ceiling caps the product", Evidence{Share: 1, Coverage: 1, Rival: 0.45, Doubt: []string{NoteConstant}}, 0.45},
		{"an incomplete instance of a partial recognizer caps it", Evidence{Share: 1, Coverage: 1, Recognizer: true, Recognized: true, Complete: 0.75}, 0.75},
		{"a complete one keeps it", Evidence{Share: 1, Coverage: 1, Recognizer: true, Recognized: true, Complete: 0.95}, 0.95},
		{"recognizer and label do not move it", Evidence{Share: 0.6, Coverage: 1, Recognizer: true, Recognized: true, Labelled: true, Valid: 1}, 0.6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.e.Confidence(); got != tc.want {
				t.Errorf("Confidence() = %v, want %v", got, tc.want)
			}
		})
	}
}
