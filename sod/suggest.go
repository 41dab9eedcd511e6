package sod

import (
	"fmt"
	"sort"
	"strings"
)

// closest returns the candidate nearest to name by edit distance, or "" when
// none is close enough to be a likely typo.
func closest(name string, candidates []string) string {
	best, bestD := "", -1
	for _, c := range candidates {
		if c == name {
			continue
		}
		d := EditDistance(strings.ToLower(name), strings.ToLower(c))
		if bestD < 0 || d < bestD || (d == bestD && c < best) {
			best, bestD = c, d
		}
	}
	n := len([]rune(name))
	if bestD < 0 || bestD > 1+n/4 || bestD >= n {
		return ""
	}
	return best
}

// didYouMean returns `; did you mean "x"?` for the closest candidate, or "".
func didYouMean(name string, candidates []string) string {
	if c := closest(name, candidates); c != "" {
		return fmt.Sprintf("; did you mean %q?", c)
	}
	return ""
}

// EditDistance is the edit distance between a and b, in runes, counting an
// insertion, a deletion, a substitution or a swap of two adjacent runes as
// one edit (optimal string alignment). It is ObjectRunner's one edit
// distance: every "did you mean" suggestion (SOD keys and types here,
// predefined recognizer names in package recognizers) uses it.
func EditDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// sortedKeys returns the keys of m, sorted.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
