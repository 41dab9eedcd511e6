//go:build linux

package reliability

import (
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// killWhenTemp starts the binary with args, waits until a temporary file
// matching glob exists, kills it with SIGKILL and returns the leftovers.
func killWhenTemp(t *testing.T, glob string, args ...string) []string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	waitFor(t, time.Minute, func() bool {
		m, _ := filepath.Glob(glob)
		return len(m) > 0
	})
	cmd.Process.Kill()
	cmd.Wait()
	m, _ := filepath.Glob(glob)
	if len(m) == 0 {
		t.Fatalf("no temporary file %s left by kill -9 (the case tests nothing)", glob)
	}
	return m
}

// TestKilledRunTempFiles (issue 27, case 8): kill -9 leaves the hidden
// temporary files of `extract -o` and `run --out`; the next run of the same
// output removes them (their process is gone) and leaves none of its own.
func TestKilledRunTempFiles(t *testing.T) {
	sodPath, wrapperPath := shopFixture(t)
	d := dir(t)
	big := shopSource(t, filepath.Join(d, "big"), 3000)
	small := shopSource(t, filepath.Join(d, "small"), 10)

	t.Run("extract -o", func(t *testing.T) {
		out := filepath.Join(dir(t), "out.jsonl")
		glob := filepath.Join(filepath.Dir(out), ".out.jsonl.tmp-*")
		left := killWhenTemp(t, glob, "extract", "--wrapper", wrapperPath, "--source", big, "-o", out)
		r := run(t, runOpts{}, "extract", "-q", "--wrapper", wrapperPath, "--source", small, "-o", out)
		expect(t, r, 0)
		if m, _ := filepath.Glob(glob); len(m) > 0 {
			t.Errorf("left after the next run: %v (killed run left %v)", m, left)
		}
		if n := jsonLines(t, readFile(t, out)); n != 10 {
			t.Errorf("%d objects, want 10", n)
		}
		within(t, "extract -o after kill -9: stale temp removed", r, smallBound)
	})
	t.Run("run --out", func(t *testing.T) {
		c := dir(t)
		out := filepath.Join(c, "out")
		glob := filepath.Join(out, ".*.tmp-*")
		args := []string{"run", "--sod", sodPath, "--dict-dir", filepath.Join(c, "dict"), "--out", out}
		left := killWhenTemp(t, glob, append(args, big)...)
		r := run(t, runOpts{}, append(append([]string{}, args...), small)...)
		expect(t, r, 0, "removed temporary files of an earlier run that was killed")
		if m, _ := filepath.Glob(glob); len(m) > 0 {
			t.Errorf("left after the next run: %v (killed run left %v)", m, left)
		}
		within(t, "run --out after kill -9: stale temp removed", r, bound{wall: 30 * time.Second, rss: 300 * mb})
	})
}
