//go:build linux

package reliability

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiskFullReport (issue 27, case 10): when the disk fills, the run
// fails, says so, and says that its report was not written (it used to
// drop the report's error when the run had failed already). The disk is a
// tmpfs of 8 KB; the case is skipped where mounting one is not allowed.
func TestDiskFullReport(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("mounting a tmpfs needs root")
	}
	_, wrapperPath := shopFixture(t)
	d := dir(t)
	full := filepath.Join(d, "full")
	if err := os.Mkdir(full, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=8k", "tmpfs", full).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs: %v %s", err, out)
	}
	defer exec.Command("umount", full).Run()
	src := shopSource(t, d, 200)
	report := filepath.Join(full, "report.json")
	r := run(t, runOpts{}, "extract", "--wrapper", wrapperPath, "--source", src, "-o", filepath.Join(full, "out.jsonl"), "--report", report)
	expect(t, r, 1, "no space left on device", "the report "+report+" was not written")
	if _, err := os.Stat(report); err == nil {
		t.Errorf("a report was written, yet the run says it was not")
	}
	if m, _ := filepath.Glob(filepath.Join(full, ".*")); len(m) > 0 {
		t.Errorf("temporary files left on the full disk: %v", m)
	}
	if strings.Count(r.stderr, "no space left on device") == 0 {
		t.Errorf("nothing says the disk is full:\n%s", clip(r.stderr))
	}
	within(t, "disk full: run and report failures reported", r, smallBound)
}
