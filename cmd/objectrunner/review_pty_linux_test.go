//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/objectrunner/objectrunner/wrapper"
)

// openPTY opens a pseudo-terminal pair with the standard library only:
// the master from /dev/ptmx, unlocked (TIOCSPTLCK), and its slave
// /dev/pts/N (TIOCGPTN).
func openPTY() (master, slave *os.File, err error) {
	master, err = os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, err
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		master.Close()
		return nil, nil, fmt.Errorf("TIOCGPTN: %v", e)
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		master.Close()
		return nil, nil, fmt.Errorf("TIOCSPTLCK: %v", e)
	}
	slave, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		master.Close()
		return nil, nil, err
	}
	return master, slave, nil
}

// TestIsTerminal: a pty's slave is a terminal; /dev/null (a character
// device too) and a file are not.
func TestIsTerminal(t *testing.T) {
	master, slave, err := openPTY()
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	defer master.Close()
	defer slave.Close()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	file, err := os.Create(filepath.Join(t.TempDir(), "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	for _, tc := range []struct {
		name string
		f    *os.File
		want bool
	}{{"pty slave", slave, true}, {"/dev/null", null, false}, {"file", file, false}} {
		if got := isTerminal(tc.f); got != tc.want {
			t.Errorf("isTerminal(%s) = %v, want %v", tc.name, got, tc.want)
		}
		m := &Main{Stdin: tc.f}
		if got := m.stdinTerminal(); got != tc.want {
			t.Errorf("stdinTerminal(%s) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// cliEnv makes the test binary run the command line after "--" as
// objectrunner (TestCLIProcess), for a child on a pseudo-terminal.
const cliEnv = "OBJECTRUNNER_TEST_CLI"

// TestCLIProcess is the child of TestReviewPTY: it runs objectrunner
// with the arguments after "--" and exits with its status. Run directly
// (without the environment variable) it only checks it was not asked to.
func TestCLIProcess(t *testing.T) {
	if os.Getenv(cliEnv) != "1" {
		return
	}
	args := os.Args
	for i, a := range args {
		if a == "--" {
			args = args[i+1:]
			break
		}
	}
	os.Exit(NewMain().Run(context.Background(), args))
}

// ptyReader collects what the child writes on the terminal.
type ptyReader struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (r *ptyReader) run(f *os.File) {
	b := make([]byte, 4096)
	for {
		n, err := f.Read(b)
		r.mu.Lock()
		r.buf.Write(b[:n])
		r.mu.Unlock()
		if err != nil {
			return
		}
	}
}

func (r *ptyReader) text() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.buf.String()
}

// waitFor waits until the terminal's output after from holds s, and
// returns its length then.
func (r *ptyReader) waitFor(t *testing.T, from int, s string) int {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		txt := r.text()
		if i := strings.Index(txt[from:], s); i >= 0 {
			return from + i + len(s)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no %q on the terminal after 60s:\n%s", s, r.text()[from:])
	return 0
}

// TestReviewPTY runs `extract --review` on a pseudo-terminal: the
// question on the price is asked, the candidate showing the books' own
// prices is chosen by its number, other questions are skipped; the
// wrapper is learned again and every page gives its own price; the
// answers are saved, replayed with --answers, and kept in the wrapper.
func TestReviewPTY(t *testing.T) {
	master, slave, err := openPTY()
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	defer master.Close()
	pages, sodPath, dicts, want := shopSource(t)
	tmp := t.TempDir()
	out, answers, saved := filepath.Join(tmp, "out.jsonl"), filepath.Join(tmp, "answers.json"), filepath.Join(tmp, "w.json")
	cmd, term := ptyStart(t, master, slave, "extract", "-q", "--dict-dir", t.TempDir(), "--import", dicts,
		"--sod", sodPath, "--source", pages, "--review", "--save-answers", answers, "--save-wrapper", saved, "-o", out)
	asked := ptyAnswer(t, master, term, "price", want, "the books' own prices", true)
	ptyWait(t, cmd, term)
	if !asked {
		t.Fatalf("the price was not asked:\n%s", term.text())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if got := prices(t, string(b)); !rightPrices(got, want) {
		t.Fatalf("after the review, prices %v, want %v\n%s", got, want, term.text())
	}
	f, err := os.Open(answers)
	if err != nil {
		t.Fatal(err)
	}
	pins, err := wrapper.ReadAnswers(f, answers)
	f.Close()
	if err != nil || len(pins) != 1 || pins[0].Field != "price" {
		t.Fatalf("saved answers %v, %v", pins, err)
	}
	w, err := loadWrapper(saved)
	if err != nil || fmt.Sprint(w.Pins()) != fmt.Sprint(pins) {
		t.Fatalf("the saved wrapper's pins %v, want %v (%v)", w.Pins(), pins, err)
	}
	// Replayed without a terminal.
	status, replay, stderr := runCLI(t, "extract", "-q", "--dict-dir", t.TempDir(), "--import", dicts, "--sod", sodPath, "--source", pages, "--answers", answers)
	if status != 0 || !rightPrices(prices(t, replay), want) {
		t.Fatalf("--answers: status %d, prices %v\n%s", status, prices(t, replay), stderr)
	}
}

// stopSource writes a source where learning stops: the SOD asks for a
// title, a subtitle and a series, all of the title type, and only the
// heading holds titles (the dictionary's), so the subtitle and the
// series get no slot and fewer than half the mandatory fields are placed
// (wrapper's TestStopAsks). It returns the pages, the SOD, the
// dictionaries and each page's subtitle.
func stopSource(t *testing.T) (pages, sodPath, dicts string, subs map[string]string) {
	t.Helper()
	dir := t.TempDir()
	pages, dicts = filepath.Join(dir, "pages"), filepath.Join(dir, "dictionaries")
	for _, d := range []string{pages, dicts} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	subs = map[string]string{}
	var titles []string
	for i := range 8 {
		title := fmt.Sprintf("Book %c%c", 'K'+i, 'a'+i)
		sub := []string{"A Harbor Lane Story", "Quill and Stone", "Northfield Nights", "The Bright Owl", "Vantage Points", "Red Maple Days", "Coastline Tales", "Orchard Hill"}[i]
		name := fmt.Sprintf("%04d.html", i)
		subs[name], titles = sub, append(titles, title)
		page := fmt.Sprintf(`<html><body><div><h1>%s</h1><h2>%s</h2><p>%d pages</p></div></body></html>`, title, sub, 100+17*i)
		if err := os.WriteFile(filepath.Join(pages, name), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dicts, "title.txt"), []byte(strings.Join(titles, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sodPath = filepath.Join(dir, "sod.toml")
	sodText := `name = "books"
object = "book"
objects = "1"

[tuple.book]
title = "1"
subtitle = { type = "title", mult = "1" }
series = { type = "title", mult = "1" }

[entity.title]
dictionary = "title"
whole_node = true
`
	if err := os.WriteFile(sodPath, []byte(sodText), 0o644); err != nil {
		t.Fatal(err)
	}
	return pages, sodPath, dicts, subs
}

// TestReviewPTYStopped runs `extract --review` on a pseudo-terminal
// where learning stops (two of three mandatory fields without slot):
// without a terminal the run fails and the stop's questions go into the
// report; on the terminal they are asked, the subtitle is pinned by its
// number (the series skipped), learning goes on and every page gives its
// own subtitle.
func TestReviewPTYStopped(t *testing.T) {
	master, slave, err := openPTY()
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	defer master.Close()
	pages, sodPath, dicts, subs := stopSource(t)
	tmp := t.TempDir()
	store := t.TempDir()
	// Without a terminal: the learn stops, the questions are written.
	report := filepath.Join(tmp, "report.json")
	status, _, stderr := runCLI(t, "extract", "-q", "--dict-dir", store, "--import", dicts, "--sod", sodPath, "--source", pages, "--review", "--report", report)
	if status == 0 || !strings.Contains(stderr, "learning stopped") || !strings.Contains(stderr, "subtitle") {
		t.Fatalf("without a terminal: status %d, want a stop asking about the subtitle:\n%s", status, stderr)
	}
	out := filepath.Join(tmp, "out.jsonl")
	cmd, term := ptyStart(t, master, slave, "extract", "-q", "--dict-dir", store,
		"--sod", sodPath, "--source", pages, "--review", "-o", out)
	asked := ptyAnswer(t, master, term, "subtitle", subs, "the subtitles", false)
	ptyWait(t, cmd, term)
	if !asked || !strings.Contains(term.text(), "learning stopped") {
		t.Fatalf("the stop's question on the subtitle was not asked:\n%s", term.text())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var o struct {
			Page   string         `json:"page"`
			Object map[string]any `json:"object"`
		}
		if err := json.Unmarshal([]byte(line), &o); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		got[o.Page] = fmt.Sprint(o.Object["subtitle"])
	}
	if fmt.Sprint(got) != fmt.Sprint(subs) {
		t.Fatalf("after the answer, subtitles %v, want %v\n%s", got, subs, term.text())
	}
}

// ptyStart runs the CLI (this test binary, TestCLIProcess) with args on
// the pseudo-terminal's slave end and reads its master end.
func ptyStart(t *testing.T, master, slave *os.File, args ...string) (*exec.Cmd, *ptyReader) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^TestCLIProcess$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), cliEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close() // the child holds it
	term := &ptyReader{}
	go term.run(master)
	return cmd, term
}

// ptyAnswer answers the review's questions on the terminal: the question
// on field with the candidate whose sample value is want's for its page
// (first an answer that is not one when invalidFirst, which must be asked
// again), every other question with "s" (skip). It reports whether the
// field was asked; what names want's values in the failure message.
func ptyAnswer(t *testing.T, master *os.File, term *ptyReader, field string, want map[string]string, what string, invalidFirst bool) bool {
	t.Helper()
	candidate := regexp.MustCompile(`(?m)^  \[(\d+)\] slot \d+[^\n]*\n      (\S+): "([^"]*)"`)
	asks := regexp.MustCompile(`which slot holds (\S+)\?`)
	at, asked := 0, false
	for {
		start := at
		at = term.waitFor(t, at, "Answer [")
		q := term.text()[start:at]
		if m := asks.FindStringSubmatch(q); m == nil || m[1] != field {
			fmt.Fprint(master, "s\n")
		} else {
			pick := ""
			for _, c := range candidate.FindAllStringSubmatch(q, -1) {
				if want[c[2]] == c[3] {
					pick = c[1]
				}
			}
			if pick == "" {
				t.Fatalf("no candidate shows %s:\n%s", what, q)
			}
			if invalidFirst {
				fmt.Fprint(master, "x\n") // not an answer: asked again
				at = term.waitFor(t, at, `"x" is not an answer`)
			}
			fmt.Fprint(master, pick+"\n")
			asked = true
		}
		next := term.waitFor(t, at, "\n") // the echo of the answer
		time.Sleep(200 * time.Millisecond)
		if !strings.Contains(term.text()[next:], "Question") {
			return asked
		}
	}
}

// ptyWait waits a minute at most for cmd to end without error.
func ptyWait(t *testing.T, cmd *exec.Cmd, term *ptyReader) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("extract --review: %v\n%s", err, term.text())
		}
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("extract --review did not end:\n%s", term.text())
	}
}
