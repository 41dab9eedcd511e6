//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestExtractOutputSpecial: -o and --report naming a named pipe (as
// /dev/null or /dev/stdout are devices) are written directly; renaming a
// temporary file over them would replace the pipe or device with a plain
// file (as root, `-o /dev/null` broke /dev/null for the whole machine).
func TestExtractOutputSpecial(t *testing.T) {
	wrapperFile, pages := learnedWrapper(t)
	for _, flag := range []string{"-o", "--report"} {
		t.Run(flag, func(t *testing.T) {
			dir := t.TempDir()
			fifo := filepath.Join(dir, "pipe")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skip("no named pipes here:", err)
			}
			read := make(chan []byte)
			go func() {
				b, _ := os.ReadFile(fifo) // opens once the writer does, reads to its close
				read <- b
			}()
			args := []string{"extract", "-q", "--wrapper", wrapperFile, "--source", pages, flag, fifo}
			if flag != "-o" {
				args = append(args, "-o", filepath.Join(dir, "out.jsonl"))
			}
			status, _, stderr := runCLI(t, args...)
			if status != 0 {
				t.Fatalf("status %d, stderr:\n%s", status, stderr)
			}
			if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
				t.Fatalf("the pipe was replaced (%v): its reader waits for ever", err)
			}
			got := <-read
			want := []byte("\n")
			if flag == "--report" {
				want = []byte(`"exit_status": 0`)
			}
			if !bytes.Contains(got, want) || (flag == "-o" && bytes.Count(got, []byte("\n")) != 193) {
				t.Errorf("read from the pipe (%d bytes):\n%.300s", len(got), got)
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if strings.HasPrefix(e.Name(), ".") {
					t.Errorf("temporary file left: %s", e.Name())
				}
			}
		})
	}
}
