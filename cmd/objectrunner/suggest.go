package main

import "strings"

// suggest returns the command names closest to the mistyped word, for a
// "did you mean" hint: names within edit distance 2 of it (1 for words of
// three letters or fewer), or names it prefixes, nearest first. group
// restricts the candidates to the subcommands of a group ("" for the top
// level, where a group's name stands for its commands).
func suggest(word, group string) []string {
	word = strings.ToLower(word)
	var names []string
	seen := map[string]bool{}
	for _, c := range commands() {
		g, sub, two := strings.Cut(c.name, " ")
		switch {
		case group == "" && two:
			if !seen[g] {
				seen[g] = true
				names = append(names, g)
			}
		case group == "" && !two:
			names = append(names, c.name)
		case group != "" && two && g == group:
			names = append(names, sub)
		}
	}
	limit := 2
	if len([]rune(word)) <= 3 {
		limit = 1
	}
	best := []string{}
	bestD := limit + 1
	for _, n := range names {
		d := editDistance(word, n)
		if strings.HasPrefix(n, word) && len(word) >= 2 && d > 1 {
			d = 1 // "extr" for "extract"
		}
		switch {
		case d < bestD:
			best, bestD = []string{n}, d
		case d == bestD:
			best = append(best, n)
		}
	}
	return best
}

// editDistance is the Damerau–Levenshtein distance (optimal string
// alignment) between a and b, counting insertions, deletions,
// substitutions and transpositions of adjacent runes.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// didYouMean formats the hint for suggest's names, "" when there are none.
func didYouMean(prefix string, names []string) string {
	if len(names) == 0 {
		return ""
	}
	for i, n := range names {
		names[i] = "'" + strings.TrimSpace(prefix+" "+n) + "'"
	}
	return "Did you mean " + strings.Join(names, " or ") + "?\n"
}
