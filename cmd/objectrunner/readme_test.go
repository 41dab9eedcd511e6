package main

import (
	"os"
	"strings"
	"testing"
)

// TestREADMECommands: the README's command table names every command the
// binary has, and no command it does not have.
func TestREADMECommands(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "\n## Commands\n")
	if i < 0 {
		t.Fatal("README.md has no \"## Commands\" section")
	}
	s = s[i+1:]
	if j := strings.Index(s[3:], "\n## "); j >= 0 {
		s = s[:j+3]
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(s, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cell := strings.SplitN(line[1:], "|", 2)[0]
		for _, name := range strings.Split(cell, ",") {
			listed[strings.Trim(strings.TrimSpace(name), "`")] = true
		}
	}
	have := map[string]bool{}
	for _, c := range commands() {
		have[c.name] = true
		if !listed[c.name] {
			t.Errorf("README's command table does not list %q", c.name)
		}
	}
	for name := range listed {
		if !have[name] {
			t.Errorf("README's command table lists %q, which is not a command", name)
		}
	}
}
