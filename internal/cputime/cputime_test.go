//go:build unix

package cputime

import "testing"

func TestSelfGrows(t *testing.T) {
	before := Self()
	x := 0
	for i := range 50_000_000 {
		x += i % 7
	}
	if after := Self(); after <= before || x == 0 {
		t.Fatalf("CPU time %v after a busy loop, %v before", after, before)
	}
}
