//go:build linux

package reliability

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer safe to read while a process writes it.
type lockedBuffer struct {
	mu  chan struct{}
	buf bytes.Buffer
}

func newLockedBuffer() *lockedBuffer { return &lockedBuffer{mu: make(chan struct{}, 1)} }

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu <- struct{}{}
	defer func() { <-b.mu }()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu <- struct{}{}
	defer func() { <-b.mu }()
	return b.buf.String()
}

var interrupted = regexp.MustCompile(`interrupted after (\d+) of (\d+) pages \((\d+) objects written\)`)

// TestInterrupt (group 5): SIGINT or SIGTERM in the middle of an extraction
// stops it with status 130 or 143, every line written is complete, and the
// counts it reports are those of the pages whose objects were written.
// With -o FILE, FILE keeps its previous content and the lines written are
// in FILE.partial.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("a source of 20,000 pages")
	}
	_, wrapperPath := shopFixture(t)
	src := shopSource(t, dir(t), 20000)
	for _, tc := range []struct {
		sig    syscall.Signal
		status int
		toFile bool
	}{
		{syscall.SIGINT, 130, false},
		{syscall.SIGTERM, 143, false},
		{syscall.SIGINT, 130, true},
	} {
		name := fmt.Sprintf("%v to stdout", tc.sig)
		if tc.toFile {
			name = fmt.Sprintf("%v with -o", tc.sig)
		}
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(dir(t), "out.jsonl")
			args := []string{"extract", "--wrapper", wrapperPath, "--source", src, "--workers", "2"}
			if tc.toFile {
				write(t, out, []byte("{\"previous\":\"good\"}\n"))
				args = append(args, "-o", out)
			}
			cmd := exec.Command(bin, args...)
			stdout, stderr := newLockedBuffer(), newLockedBuffer()
			cmd.Stdout, cmd.Stderr = stdout, stderr
			start := time.Now()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			// Signal once objects are being written (the output is buffered
			// by 64 KB).
			waitFor(t, time.Minute, func() bool {
				if !tc.toFile {
					return len(stdout.String()) > 200<<10
				}
				tmps, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".out.jsonl.tmp-*"))
				return len(tmps) == 1 && fileSize(tmps[0]) > 200<<10
			})
			if err := cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("still running 10 s after the signal")
			}
			r := result{stdout: stdout.String(), stderr: stderr.String(), wall: time.Since(start)}
			r.status, r.maxRSS = status(cmd.ProcessState, nil)
			expect(t, r, tc.status, "interrupted after")
			m := interrupted.FindStringSubmatch(r.stderr)
			if m == nil {
				t.Fatalf("no count of what was done:\n%s", r.stderr)
			}
			done_, total, objects := atoi(m[1]), atoi(m[2]), atoi(m[3])
			written := r.stdout
			if tc.toFile {
				if got := readFile(t, out); got != "{\"previous\":\"good\"}\n" {
					t.Errorf("the previous output was changed: %.100q", got)
				}
				written = readFile(t, out+".partial")
				if !strings.Contains(r.stderr, out+".partial") {
					t.Errorf("stderr does not say where the partial output is")
				}
			}
			lines := jsonLines(t, written)
			if total != 20000 || done_ == 0 || done_ >= total || objects != done_ || lines != objects {
				t.Errorf("reported %d of %d pages, %d objects; %d lines written (one object per page)", done_, total, objects, lines)
			}
			t.Logf("MEASURE %-45s stopped after %d of %d pages, %d complete lines", name, done_, total, lines)
		})
	}
}

func fileSize(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return st.Size()
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// TestClosedPipe (group 5): objectrunner extract | head -1: when the reader
// of the output goes away the run stops quietly, with status 141 as a
// process killed by SIGPIPE, and no error message.
func TestClosedPipe(t *testing.T) {
	_, wrapperPath := shopFixture(t)
	src := shopSource(t, dir(t), 3000)
	cmd := exec.Command(bin, "extract", "-q", "--wrapper", wrapperPath, "--source", src)
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(pipe).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, `{"page":"0000.html"`) {
		t.Fatalf("first line %q, %v", line, err)
	}
	pipe.Close()
	cmd.Wait()
	st, _ := status(cmd.ProcessState, nil)
	if st != 141 {
		t.Errorf("status %d, want 141", st)
	}
	if strings.Contains(stderr.String(), "objectrunner extract:") || strings.Contains(stderr.String(), "broken pipe") {
		t.Errorf("an error was printed:\n%s", stderr.String())
	}
}

// TestOutputFileKept (group 5): -o FILE is written through a temporary file
// and renamed when the run succeeds; a run that fails leaves a previous
// output as it was and nothing beside it.
func TestOutputFileKept(t *testing.T) {
	sodPath, wrapperPath := shopFixture(t)
	other := filepath.Join(dir(t), "other")
	write(t, filepath.Join(other, "a.html"), []byte("<html><body><table><tr><td>another template</td></tr></table></body></html>"))
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"source that does not exist", []string{"--wrapper", wrapperPath, "--source", filepath.Join(other, "nope")}, "does not exist"},
		{"pages of another template", []string{"--wrapper", wrapperPath, "--source", other}, "no objects extracted from 1 pages"},
		{"learning fails", []string{"--sod", sodPath, "--source", other}, "source discarded"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := dir(t)
			out := write(t, filepath.Join(d, "out.jsonl"), []byte("{\"previous\":\"good\"}\n"))
			r := run(t, runOpts{}, append(append([]string{"extract", "-q"}, tc.args...), "-o", out)...)
			expect(t, r, 1, tc.want)
			if got := readFile(t, out); got != "{\"previous\":\"good\"}\n" {
				t.Errorf("the previous output was changed: %.100q", got)
			}
			if entries, _ := os.ReadDir(d); len(entries) != 1 {
				t.Errorf("%d files beside the output", len(entries)-1)
			}
			within(t, "-o kept: "+tc.name, r, smallBound)
		})
	}
}
