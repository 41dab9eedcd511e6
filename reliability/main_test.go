//go:build linux

package reliability

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// bin is the objectrunner binary built by TestMain; base a world-readable
// directory for fixtures (an unprivileged user runs some cases).
var bin, base string

// nobody is the unprivileged user the permission cases run as when the
// suite runs as root (root reads and writes whatever the modes say).
const nobody = 65534

func TestMain(m *testing.M) {
	code, err := setup(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "reliability:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

func setup(m *testing.M) (int, error) {
	var err error
	if base, err = os.MkdirTemp("", "objectrunner-reliability-"); err != nil {
		return 0, err
	}
	defer os.RemoveAll(base)
	if err := os.Chmod(base, 0o755); err != nil {
		return 0, err
	}
	bin = filepath.Join(base, "objectrunner")
	build := exec.Command("go", "build", "-o", bin, "../cmd/objectrunner")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		return 0, fmt.Errorf("building objectrunner: %w", err)
	}
	return m.Run(), nil
}

// result is what one run of the binary gave.
type result struct {
	status         int // exit status; 128+n when killed by signal n
	stdout, stderr string
	wall           time.Duration
	cpu            time.Duration // user + system time of the process
	maxRSS         int64         // bytes
}

// runOpts tune run.
type runOpts struct {
	timeout time.Duration // default 60 s
	stdin   io.Reader
	env     []string
	asUser  bool // as nobody when the suite runs as root
}

// run runs the binary with args, killing it after the timeout (a hang
// fails the case), and returns its status, output, time and peak memory.
func run(t *testing.T, o runOpts, args ...string) result {
	t.Helper()
	if o.timeout == 0 {
		o.timeout = 60 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr, cmd.Stdin = &stdout, &stderr, o.stdin
	cmd.Env = append(os.Environ(), o.env...)
	if o.asUser && os.Getuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatalf("objectrunner %s: %v", strings.Join(args, " "), err)
	}
	hwm := watchPeak(cmd.Process.Pid)
	err := cmd.Wait()
	r := result{wall: time.Since(start), stdout: stdout.String(), stderr: stderr.String()}
	if ctx.Err() != nil {
		t.Fatalf("objectrunner %s: still running after %v (killed)", strings.Join(args, " "), o.timeout)
	}
	r.status, _ = status(cmd.ProcessState, err)
	if ps := cmd.ProcessState; ps != nil {
		r.cpu = ps.UserTime() + ps.SystemTime()
	}
	r.maxRSS = hwm() // 0 when the process ended before a sample
	if r.status < 0 {
		t.Fatalf("objectrunner %s: %v", strings.Join(args, " "), err)
	}
	return r
}

// watchPeak samples the peak resident set size of process pid (VmHWM in
// /proc/PID/status, a high-water mark) every millisecond, then every 5 ms,
// until the returned function is called, which returns the last sample in
// bytes (0 if none: the process ended within a millisecond or two).
// rusage's ru_maxrss is no good for a child: it starts from the parent's
// peak, which the child shares until it execs.
func watchPeak(pid int) func() int64 {
	var mu sync.Mutex
	var peak int64
	done := make(chan struct{})
	stopped := make(chan struct{})
	path := fmt.Sprintf("/proc/%d/status", pid)
	go func() {
		defer close(stopped)
		for n := 0; ; n++ {
			// Until it execs, the child is a copy of this process sharing
			// its memory: count it only once it runs objectrunner.
			if b, err := os.ReadFile(path); err == nil && bytes.HasPrefix(b, []byte("Name:\tobjectrunner\n")) {
				if i := bytes.Index(b, []byte("VmHWM:")); i >= 0 {
					var kb int64
					fmt.Sscan(string(b[i+len("VmHWM:"):]), &kb)
					mu.Lock()
					peak = max(peak, kb<<10)
					mu.Unlock()
				}
			}
			wait := 5 * time.Millisecond
			if n < 50 {
				wait = time.Millisecond // short runs: catch them after exec
			}
			select {
			case <-done:
				return
			case <-time.After(wait):
			}
		}
	}()
	return func() int64 {
		close(done)
		<-stopped
		mu.Lock()
		defer mu.Unlock()
		return peak
	}
}

// status returns a finished process's exit status (128+signal when a
// signal killed it; -1 when it did not run) and peak RSS in bytes.
func status(ps *os.ProcessState, err error) (int, int64) {
	if ps == nil {
		return -1, 0
	}
	var rss int64
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss << 10 // KiB on Linux
	}
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal()), rss
	}
	return ps.ExitCode(), rss
}

// bound is a case's stated limits.
type bound struct {
	wall time.Duration
	rss  int64 // bytes
}

const mb = 1 << 20

// within checks r against b and logs the case's figures; docs/reliability.md's
// tables come from these lines.
//
// The time checked is the lesser of the wall time and the CPU time of the
// process: a busy machine stretches the wall time but not the CPU time,
// and a process working on several cores spends more CPU time than wall
// time, while a case gone quadratic or stuck spends more of both.
func within(t *testing.T, name string, r result, b bound) {
	t.Helper()
	rss := fmt.Sprintf("%6d MB", r.maxRSS/mb)
	if r.maxRSS == 0 {
		rss = "  (n/a)" // ended before its memory could be sampled
	}
	t.Logf("MEASURE %-45s %7.2f s (cpu %.2f s) %s   (bound %v, %d MB)", name, r.wall.Seconds(), r.cpu.Seconds(), rss, b.wall, b.rss/mb)
	took := r.wall
	if r.cpu > 0 {
		took = min(r.wall, r.cpu)
	}
	if b.wall > 0 && took > b.wall {
		t.Errorf("%s took %v (wall %v, cpu %v), bound %v", name, took, r.wall, r.cpu, b.wall)
	}
	if b.rss > 0 && r.maxRSS > b.rss {
		t.Errorf("%s peaked at %d MB, bound %d MB", name, r.maxRSS/mb, b.rss/mb)
	}
}

// expect checks the exit status and that stderr holds every want.
func expect(t *testing.T, r result, status int, want ...string) {
	t.Helper()
	if r.status != status {
		t.Errorf("status %d, want %d; stderr:\n%s", r.status, status, clip(r.stderr))
	}
	for _, w := range want {
		if !strings.Contains(r.stderr, w) {
			t.Errorf("stderr does not contain %q:\n%s", w, clip(r.stderr))
		}
	}
}

func clip(s string) string {
	if len(s) > 3000 {
		return s[:1500] + "\n…\n" + s[len(s)-1500:]
	}
	return s
}

// dir returns a fresh world-readable directory under base.
func dir(t *testing.T) string {
	t.Helper()
	d, err := os.MkdirTemp(base, "case-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(d, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { makeWritable(d); os.RemoveAll(d) })
	return d
}

// makeWritable restores write permission under d so that it can be removed.
func makeWritable(d string) {
	filepath.Walk(d, func(p string, fi os.FileInfo, err error) error {
		if err == nil && fi.IsDir() {
			os.Chmod(p, 0o755)
		}
		return nil
	})
}

func write(t *testing.T, path string, data []byte) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The shared source: detail pages of a shop, recognised by a regex and two
// predefined recognizers (no dictionary needed).
const shopSOD = `object = "item"
[tuple.item]
name = "1"
price = "1"
date = "?"
[entity.name]
regex = 'Model \p{L}+ \d+'
whole_node = true
[entity.price]
predefined = "price"
[entity.date]
predefined = "date"
`

var shopNames = []string{"Xylo", "Brava", "Cirro", "Delta", "Ember", "Fjord", "Gale", "Helix", "Iris", "Jade"}

// shopPage returns page i of the shop source.
func shopPage(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<html><head><title>Shop</title></head><body><div id="nav"><a href="/">Home</a> <a href="/c">Catalog</a></div>`)
	fmt.Fprintf(&b, `<div class="item"><h1>Model %s %d</h1><p class="price">Price: $%d.99</p>`, shopNames[i%len(shopNames)], i+2, 10+i%50)
	if i%4 != 3 {
		fmt.Fprintf(&b, `<p class="date">Released March %d, 2011</p>`, i%28+1)
	}
	fmt.Fprintf(&b, `<p class="desc">A fine model, number %d of the range, %s.</p></div>`, i, strings.Repeat("sturdy ", i%5+1))
	b.WriteString(`<div id="foot">Copyright Shop</div></body></html>`)
	return b.String()
}

// shopSource writes n shop pages into dir/name and returns that directory.
func shopSource(t *testing.T, root string, n int) string {
	t.Helper()
	src := filepath.Join(root, "pages")
	for i := range n {
		write(t, filepath.Join(src, fmt.Sprintf("%04d.html", i)), []byte(shopPage(i)))
	}
	return src
}

// shop is the shared fixture: an SOD file and a wrapper learned from 30
// shop pages, built once.
var shop struct {
	once     sync.Once
	sod, wrp string
	err      error
}

func shopFixture(t *testing.T) (sodPath, wrapperPath string) {
	t.Helper()
	shop.once.Do(func() {
		d, err := os.MkdirTemp(base, "shop-")
		if err != nil {
			shop.err = err
			return
		}
		os.Chmod(d, 0o755)
		shop.sod = write(t, filepath.Join(d, "shop.toml"), []byte(shopSOD))
		src := shopSource(t, d, 30)
		shop.wrp = filepath.Join(d, "shop.wrapper.json")
		r := run(t, runOpts{}, "extract", "-q", "--sod", shop.sod, "--source", src, "--save-wrapper", shop.wrp, "-o", filepath.Join(d, "out.jsonl"))
		if r.status != 0 {
			shop.err = fmt.Errorf("learning the shop wrapper: status %d\n%s", r.status, r.stderr)
		}
	})
	if shop.err != nil {
		t.Fatal(shop.err)
	}
	return shop.sod, shop.wrp
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// jsonLines counts the lines of JSON Lines output and checks that each is
// one complete JSON object.
func jsonLines(t *testing.T, data string) int {
	t.Helper()
	n := 0
	for _, l := range strings.Split(data, "\n") {
		if l == "" {
			continue
		}
		if !json.Valid([]byte(l)) || !strings.HasPrefix(l, "{") {
			t.Errorf("not a complete JSON object: %.80q", l)
		}
		n++
	}
	if data != "" && !strings.HasSuffix(data, "\n") {
		t.Errorf("output does not end with a complete line")
	}
	return n
}
