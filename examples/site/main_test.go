package main

import (
	"strings"
	"testing"
)

// TestListenInUse: an address already in use is named, with what to do.
func TestListenInUse(t *testing.T) {
	ln, err := listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	_, err = listen(addr)
	if err == nil {
		t.Fatalf("listening twice on %s succeeded", addr)
	}
	for _, want := range []string{"-addr " + addr, "in use", "give another port"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}
