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

// TestLockAcrossProcesses: while another process writes the store, a
// second writer fails within its timeout naming the holder, and a reader
// opens at once (it reads the snapshot).
func TestLockAcrossProcesses(t *testing.T) {
	dir := t.TempDir()
	cmd, out := startChild(t, "hold", dir)
	if !out.Scan() || out.Text() != "locked" {
		t.Fatalf("child did not lock the store: %q", out.Text())
	}
	t0 := time.Now()
	s, err := Open(dir, nil)
	took := time.Since(t0)
	if err == nil {
		s.Close()
		t.Fatal("a second writer opened the store while another process holds it")
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
	t0 = time.Now()
	r, err := Open(dir, &Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("reader beside a writer process: %v", err)
	}
	r.Close()
	if took := time.Since(t0); took > 500*time.Millisecond {
		t.Errorf("reader took %v to open", took)
	}
	cmd.Process.Kill()
	cmd.Wait()
	// The kernel drops the dead child's lock.
	s, err = Open(dir, nil)
	if err != nil {
		t.Fatalf("Open after the holder died: %v", err)
	}
	s.Close()
}

// TestReaderBesideImportingProcess: readers open and look up at once, again
// and again, while another process imports batch after batch; what they
// see is the last snapshot, whole.
func TestReaderBesideImportingProcess(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Import(context.Background(), "kill", strings.NewReader("Before The Import\n"), ImportOptions{Source: "seed"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	cmd, out := startChild(t, "import", dir)
	for batches := 0; batches < 3; batches++ {
		if !out.Scan() || out.Text() != "batch" {
			t.Fatalf("child: %q", out.Text())
		}
		t0 := time.Now()
		r, err := Open(dir, &Options{ReadOnly: true})
		if err != nil {
			t.Fatalf("reader during the import: %v", err)
		}
		e, err := r.Lookup("kill", "before the import")
		st, serr := r.Selectivity("kill")
		r.Close()
		if err != nil || e == nil || serr != nil || st.Entries != 1 {
			t.Fatalf("reader during the import: %v, %v, %+v, %v", e, err, st, serr)
		}
		if took := time.Since(t0); took > time.Second {
			t.Errorf("reader took %v", took)
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
}

// TestTwoWritingProcesses: two processes import into one store at the same
// time: one of them fails at once with ErrInUse naming the other, the
// other's entries are all there, and nothing is corrupt.
func TestTwoWritingProcesses(t *testing.T) {
	dir := t.TempDir()
	first, out1 := startChild(t, "import", dir)
	if !out1.Scan() || out1.Text() != "batch" {
		t.Fatalf("first child: %q", out1.Text())
	}
	_, out2 := startChild(t, "import", dir)
	if !out2.Scan() || !strings.HasPrefix(out2.Text(), "error: ") || !strings.Contains(out2.Text(), "in use by another process") ||
		!strings.Contains(out2.Text(), fmt.Sprintf("pid %d", first.Process.Pid)) {
		t.Fatalf("second child: %q, want an in-use error naming pid %d", out2.Text(), first.Process.Pid)
	}
	for i := 0; i < 2; i++ {
		if !out1.Scan() || out1.Text() != "batch" {
			t.Fatalf("first child after the second tried: %q", out1.Text())
		}
	}
	first.Process.Signal(syscall.SIGKILL)
	first.Wait()
	s, err := Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st, err := s.Selectivity("kill")
	if err != nil || st.Entries < 3*childBatch || st.Entries%childBatch != 0 {
		t.Fatalf("%+v, %v: want whole batches, at least 3", st, err)
	}
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
	// The writer that reopened the store published what the killed one
	// left (it had no time to): readers see the same entries.
	r, err := Open(dir, &Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if rst, err := r.Selectivity("kill"); err != nil || rst.Entries != st.Entries {
		t.Errorf("reader after the kill sees %+v, %v; the writer %d entries", rst, err, st.Entries)
	}
	r.Close()
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
