package tmpfile

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// deadPid returns the id of a process that has ended.
func deadPid(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if runtime.GOOS == "windows" {
		t.Skip("no true(1)")
	}
	if err := cmd.Run(); err != nil {
		t.Skip("cannot run true(1):", err)
	}
	return cmd.Process.Pid
}

func TestClean(t *testing.T) {
	dir := t.TempDir()
	dead := strconv.Itoa(deadPid(t))
	self := strconv.Itoa(os.Getpid())
	old := time.Now().Add(-2 * StaleAge)
	tests := []struct {
		name    string
		mod     time.Time
		removed bool
	}{
		{".out.jsonl.tmp-" + dead + "-123", time.Now(), true}, // its process is gone
		{".out.jsonl.tmp-" + self + "-123", old, false},       // this process's, however old
		{".out.jsonl.tmp-1-123", time.Now(), false},           // pid 1 lives
		{".out.jsonl.tmp-98765", time.Now(), false},           // an older build's name, recent
		{".out.jsonl.tmp-98766", old, true},                   // an older build's name, old
		{"out.jsonl", old, false},                             // not hidden
		{".out.jsonl", old, false},                            // no suffix
		{".other.tmp-" + dead + "-1", time.Now(), true},       // another name (Clean with nil)
	}
	for _, tc := range tests {
		p := filepath.Join(dir, tc.name)
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, tc.mod, tc.mod); err != nil {
			t.Fatal(err)
		}
	}
	want := 0
	for _, tc := range tests {
		if tc.removed {
			want++
		}
	}
	if n := Clean(dir, nil); n != want {
		t.Errorf("Clean removed %d files, want %d", n, want)
	}
	for _, tc := range tests {
		_, err := os.Stat(filepath.Join(dir, tc.name))
		if gone := os.IsNotExist(err); gone != tc.removed {
			t.Errorf("%s: removed %v, want %v", tc.name, gone, tc.removed)
		}
	}
}

func TestCreate(t *testing.T) {
	dir := t.TempDir()
	dead := strconv.Itoa(deadPid(t))
	stale := filepath.Join(dir, ".a.json.tmp-"+dead+"-1")
	other := filepath.Join(dir, ".b.json.tmp-"+dead+"-1")
	for _, p := range []string{stale, other} {
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := For(filepath.Join(dir, "a.json"))
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale file of a.json is still there")
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("the file of another name was removed: %v", err)
	}
	if want := ".a.json.tmp-" + strconv.Itoa(os.Getpid()) + "-"; len(filepath.Base(f.Name())) <= len(want) || filepath.Base(f.Name())[:len(want)] != want {
		t.Errorf("created %s, want a name starting %s", f.Name(), want)
	}
}
