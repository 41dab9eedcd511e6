package orbeam

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRemoveLoopbackFiles(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	write := func(name, content string) string {
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	old := write("beamloopbackworker-1", "") // before the round: not ours
	before := loopbackFiles()
	empty := write("beamloopbackworker-2", "")   // the round's placeholder
	full := write("beamloopbackworker-3", "bin") // content: not a placeholder
	other := write("other-4", "")
	removeLoopbackFiles(before)
	for p, want := range map[string]bool{old: true, empty: false, full: true, other: true} {
		_, err := os.Stat(p)
		if got := err == nil; got != want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(p), got, want)
		}
	}
}
