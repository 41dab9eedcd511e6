package repository

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// explainHit says how a hit's score was computed.
func explainHit(h *Hit) string {
	if h.Joined != nil {
		return fmt.Sprintf("score %.4f = %s object %.4f × %s object %.4f\n  %s: %s\n  %s: %s",
			h.Score, h.SOD, h.Relevance*h.Confidence, h.Joined.SOD, h.Joined.Relevance*h.Joined.Confidence,
			h.SOD, indent(explainOne(h)), h.Joined.SOD, indent(explainOne(h.Joined)))
	}
	return explainOne(h)
}

func indent(s string) string { return strings.ReplaceAll(s, "\n", "\n    ") }

// explainOne explains the score of one object.
func explainOne(h *Hit) string {
	var b strings.Builder
	score := h.Relevance * h.Confidence
	if h.RawScore > 0 {
		best := h.RawScore / h.Relevance
		fmt.Fprintf(&b, "score %.4f = relevance %.4f × confidence %.4f\n", score, h.Relevance, h.Confidence)
		fmt.Fprintf(&b, "relevance: full-text score %.4f / best match %.4f\n", h.RawScore, best)
	} else {
		fmt.Fprintf(&b, "score %.4f = confidence %.4f (no full-text part: relevance 1)\n", score, h.Confidence)
	}
	fmt.Fprintf(&b, "confidence: mean over fields of each field's mean value confidence: %s", confidenceParts(h.Object))
	return b.String()
}

// confidenceParts lists each field's mean confidence from a stored object.
func confidenceParts(raw json.RawMessage) string {
	var o storedObject
	if json.Unmarshal(raw, &o) != nil {
		return "?"
	}
	byPath := map[string][]float64{}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case float64:
			byPath[path] = append(byPath[path], x)
		case []any:
			for _, e := range x {
				walk(path, e)
			}
		case map[string]any:
			for name, y := range x {
				p := name
				if path != "" {
					p = path + pathSep + name
				}
				walk(p, y)
			}
		}
	}
	walk("", o.Confidence)
	paths := make([]string, 0, len(byPath))
	for p := range byPath {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var out []string
	for _, p := range paths {
		nums := byPath[p]
		sum := 0.0
		for _, n := range nums {
			sum += n
		}
		s := fmt.Sprintf("%s %.3f", p, sum/float64(len(nums)))
		if len(nums) > 1 {
			s += fmt.Sprintf(" (%d values)", len(nums))
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}
