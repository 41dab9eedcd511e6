package dictionaries

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// childEnv switches the test binary into a child process (see runChild):
// "import <dir>" imports generated entries forever, printing "batch" after
// each durable batch; "hold <dir>" opens the store and waits.
const childEnv = "OBJECTRUNNER_DICT_TEST_CHILD"

const childBatch = 1000

// runChild is the child process's main.
func runChild() {
	mode, dir, _ := strings.Cut(os.Getenv(childEnv), " ")
	s, err := Open(dir, &Options{BatchSize: childBatch})
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	switch mode {
	case "hold":
		fmt.Println("locked")
		time.Sleep(60 * time.Second)
	case "import":
		pr, pw := io.Pipe()
		go func() {
			w := bufio.NewWriter(pw)
			for i := 0; ; i++ {
				fmt.Fprintf(w, "Child Entry %d\n", i)
			}
		}()
		_, err := s.Import(context.Background(), "kill", pr, ImportOptions{
			Source:   "child",
			Progress: func(ImportReport) { fmt.Println("batch") },
		})
		fmt.Println("error:", err)
	}
	os.Exit(2)
}

// startChild starts the test binary as a child in mode on dir and returns it
// with a reader of its standard output.
func startChild(t *testing.T, mode, dir string) (*exec.Cmd, *bufio.Scanner) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+mode+" "+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return cmd, bufio.NewScanner(out)
}

func TestLockAcrossProcesses(t *testing.T) {
	dir := t.TempDir()
	cmd, out := startChild(t, "hold", dir)
	if !out.Scan() || out.Text() != "locked" {
		t.Fatalf("child did not lock the store: %q", out.Text())
	}
	for _, ro := range []bool{false, true} {
		t.Run(fmt.Sprintf("readonly=%v", ro), func(t *testing.T) {
			t0 := time.Now()
			s, err := Open(dir, &Options{ReadOnly: ro})
			took := time.Since(t0)
			if err == nil {
				s.Close()
				t.Fatal("Open succeeded while another process holds the store")
			}
			if !errors.Is(err, ErrInUse) {
				t.Fatalf("Open error = %v, want ErrInUse", err)
			}
			if took > 2*time.Second {
				t.Errorf("Open took %v to fail, want at most ~1s", took)
			}
			if want := fmt.Sprintf("pid %d", cmd.Process.Pid); !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), dir) {
				t.Errorf("error %q does not name %s and %s", err, dir, want)
			}
		})
	}
	cmd.Process.Kill()
	cmd.Wait()
	// The kernel drops the dead child's lock.
	s, err := Open(dir, nil)
	if err != nil {
		t.Fatalf("Open after the holder died: %v", err)
	}
	s.Close()
}

func TestKilledImportKeepsCompletedBatches(t *testing.T) {
	dir := t.TempDir()
	cmd, out := startChild(t, "import", dir)
	batches := 0
	for batches < 5 && out.Scan() {
		if out.Text() != "batch" {
			t.Fatalf("child: %s", out.Text())
		}
		batches++
	}
	if batches < 5 {
		t.Fatalf("child wrote only %d batches before stopping", batches)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()

	s, err := Open(dir, nil)
	if err != nil {
		t.Fatalf("reopening after the kill: %v", err)
	}
	defer s.Close()
	st, err := s.Selectivity("kill")
	if err != nil {
		t.Fatal(err)
	}
	if st.Entries%childBatch != 0 {
		t.Errorf("%d entries after the kill: not a whole number of %d-entry batches", st.Entries, childBatch)
	}
	// Batches reported done are there; at most the one in flight more.
	if lo, hi := batches*childBatch, (batches+2)*childBatch; st.Entries < lo || st.Entries > hi {
		t.Errorf("%d entries after the kill, want %d to %d (%d batches reported)", st.Entries, lo, hi, batches)
	}
	// Every entry is whole, and the store still takes writes.
	n := 0
	if err := s.Entries("kill", func(e *Entry) error {
		if e.Count != 1 || !strings.HasPrefix(e.Original, "Child Entry ") {
			return fmt.Errorf("bad entry %+v", e)
		}
		n++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n != st.Entries {
		t.Errorf("Entries visited %d, Selectivity counts %d", n, st.Entries)
	}
	rep, err := s.Import(context.Background(), "kill", strings.NewReader("Child Entry 0\nAfter The Kill\n"), ImportOptions{Source: "child"})
	if err != nil || rep.New != 1 || rep.Unchanged != 1 {
		t.Errorf("import after the kill: %+v, %v; want 1 new, 1 unchanged", rep, err)
	}
}
