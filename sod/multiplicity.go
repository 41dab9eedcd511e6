package sod

import (
	"fmt"
	"strconv"
	"strings"
)

// maxBound caps the numbers of a multiplicity; larger bounds are surely typos.
const maxBound = 1_000_000

// multiplicityForms lists the valid multiplicity syntaxes, for error messages.
const multiplicityForms = `"1" (exactly one), "?" (zero or one), "*" (zero or more), "+" (one or more), ` +
	`"n" (exactly n, n ≥ 1), "n-m" (between n and m, n ≤ m, m ≥ 1), "n-" (at least n)`

// ParseMultiplicity parses a multiplicity in SOD syntax: "1", "?", "*", "+",
// "n" (exactly n), "n-m" (at least n, at most m) or "n-" (at least n).
// Surrounding spaces are ignored. A multiplicity that allows no instance at
// all ("0", "0-0") is rejected, as is m < n.
func ParseMultiplicity(s string) (Multiplicity, error) {
	t := strings.TrimSpace(s)
	switch t {
	case "1":
		return One, nil
	case "?":
		return Multiplicity{0, 1}, nil
	case "*":
		return Multiplicity{0, Unbounded}, nil
	case "+":
		return Multiplicity{1, Unbounded}, nil
	case "":
		return Multiplicity{}, fmt.Errorf("empty multiplicity; expected one of %s", multiplicityForms)
	}
	lo, hi, isRange := strings.Cut(t, "-")
	n, err := bound(lo)
	if err != nil {
		return Multiplicity{}, fmt.Errorf("invalid multiplicity %q: %v; expected one of %s", s, err, multiplicityForms)
	}
	if !isRange {
		if n == 0 {
			return Multiplicity{}, fmt.Errorf("invalid multiplicity %q: it allows no instance (use \"?\" or \"*\" for an optional field); expected one of %s", s, multiplicityForms)
		}
		return Multiplicity{n, n}, nil
	}
	if strings.TrimSpace(hi) == "" {
		return Multiplicity{n, Unbounded}, nil
	}
	m, err := bound(hi)
	if err != nil {
		return Multiplicity{}, fmt.Errorf("invalid multiplicity %q: %v; expected one of %s", s, err, multiplicityForms)
	}
	switch {
	case m < n:
		return Multiplicity{}, fmt.Errorf("invalid multiplicity %q: the maximum %d is below the minimum %d; expected one of %s", s, m, n, multiplicityForms)
	case m == 0:
		return Multiplicity{}, fmt.Errorf("invalid multiplicity %q: it allows no instance; expected one of %s", s, multiplicityForms)
	}
	return Multiplicity{n, m}, nil
}

// bound parses one number of a multiplicity: decimal digits only.
func bound(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, fmt.Errorf("missing number")
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("%q is not a non-negative whole number", s)
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > maxBound {
		return 0, fmt.Errorf("%s is too large (at most %d)", s, maxBound)
	}
	return n, nil
}
