package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ", ") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

func main() {
	url := flag.String("url", "", "the page to open")
	var clicks stringList
	flag.Var(&clicks, "click", "click the element matching this CSS `selector` (repeatable, in order)")
	downloads := flag.String("downloads", "", "the directory downloads go to")
	want := flag.String("want", "", "wait until a download of this file name is complete in -downloads")
	dom := flag.String("dom", "", "write the DOM after the clicks to this file")
	timeout := flag.Duration("timeout", 30*time.Second, "give up after this long")
	flag.Parse()
	if *url == "" || (*want != "" && *downloads == "") {
		fmt.Fprintln(os.Stderr, "usage: headless -url URL [-click SELECTOR]... [-downloads DIR -want NAME] [-dom FILE]")
		os.Exit(2)
	}
	if err := run(*url, clicks, *downloads, *want, *dom, *timeout); err != nil {
		fmt.Fprintln(os.Stderr, "headless:", err)
		os.Exit(1)
	}
}

func run(url string, clicks []string, downloads, want, dom string, timeout time.Duration) error {
	profile, err := os.MkdirTemp("", "headless-profile-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(profile)
	b, err := start(profile)
	if err != nil {
		return err
	}
	defer b.close()
	deadline := time.Now().Add(timeout)

	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := b.call("", "Target.createTarget", map[string]any{"url": "about:blank"}, &target, deadline); err != nil {
		return err
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached, deadline); err != nil {
		return err
	}
	s := attached.SessionID
	if downloads != "" {
		abs, err := filepath.Abs(downloads)
		if err != nil {
			return err
		}
		if err := b.call("", "Browser.setDownloadBehavior", map[string]any{"behavior": "allow", "downloadPath": abs, "eventsEnabled": true}, nil, deadline); err != nil {
			return err
		}
	}
	if err := b.call(s, "Page.enable", nil, nil, deadline); err != nil {
		return err
	}
	loaded := b.expect(s, "Page.loadEventFired")
	if err := b.call(s, "Page.navigate", map[string]any{"url": url}, nil, deadline); err != nil {
		return err
	}
	if err := b.wait(loaded, deadline); err != nil {
		return fmt.Errorf("loading %s: %w", url, err)
	}
	for _, sel := range clicks {
		if err := b.click(s, sel, deadline); err != nil {
			return err
		}
	}
	if want != "" {
		if err := waitFile(filepath.Join(downloads, want), deadline); err != nil {
			return err
		}
	}
	if dom != "" {
		var r struct {
			Result struct {
				Value string `json:"value"`
			} `json:"result"`
		}
		if err := b.call(s, "Runtime.evaluate", map[string]any{"expression": "document.documentElement.outerHTML", "returnByValue": true}, &r, deadline); err != nil {
			return err
		}
		if err := os.WriteFile(dom, []byte(r.Result.Value), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// click clicks the element sel matches: scrolled into view, the mouse
// pressed and released at its centre.
func (b *browser) click(s, sel string, deadline time.Time) error {
	q, _ := json.Marshal(sel)
	expr := `(function () { var e = document.querySelector(` + string(q) + `); if (!e) return null;
	  e.scrollIntoView({block: "center"}); var r = e.getBoundingClientRect();
	  return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()`
	var r struct {
		Result struct {
			Value *struct{ X, Y float64 } `json:"value"`
		} `json:"result"`
	}
	if err := b.call(s, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &r, deadline); err != nil {
		return err
	}
	at := r.Result.Value
	if at == nil {
		return fmt.Errorf("click: no element matches %q", sel)
	}
	for _, typ := range []string{"mouseMoved", "mousePressed", "mouseReleased"} {
		ev := map[string]any{"type": typ, "x": at.X, "y": at.Y}
		if typ != "mouseMoved" {
			ev["button"], ev["clickCount"] = "left", 1
		}
		if err := b.call(s, "Input.dispatchMouseEvent", ev, nil, deadline); err != nil {
			return fmt.Errorf("click %q: %w", sel, err)
		}
	}
	return nil
}

// waitFile waits until path exists, non-empty, with no partial download
// beside it.
func waitFile(path string, deadline time.Time) error {
	for time.Now().Before(deadline) {
		if st, err := os.Stat(path); err == nil && st.Size() > 0 {
			if _, err := os.Stat(path + ".crdownload"); errors.Is(err, os.ErrNotExist) {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("no download %s", path)
}

// browser is a Chromium reached over its debugging pipe.
type browser struct {
	cmd *exec.Cmd
	out io.WriteCloser // the browser's fd 3
	mu  sync.Mutex
	id  int
	// replies by message id; events by session and method.
	replies map[int]chan message
	events  map[string]chan message
	done    chan struct{}
	stderr  strings.Builder
}

type message struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Params    any             `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

func start(profile string) (*browser, error) {
	name := os.Getenv("CHROMIUM")
	if name == "" {
		name = "chromium"
	}
	toBrowser, ours, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	theirs, fromBrowser, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(name, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+profile, "--remote-debugging-pipe", "about:blank")
	cmd.ExtraFiles = []*os.File{toBrowser, fromBrowser} // fds 3 and 4
	b := &browser{cmd: cmd, out: ours, replies: map[int]chan message{}, events: map[string]chan message{}, done: make(chan struct{})}
	cmd.Stderr = &b.stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	toBrowser.Close()
	fromBrowser.Close()
	go b.read(theirs)
	return b, nil
}

// read dispatches the browser's messages until the pipe closes.
func (b *browser) read(r io.Reader) {
	defer close(b.done)
	br := bufio.NewReader(r)
	for {
		raw, err := br.ReadBytes(0)
		if err != nil {
			return
		}
		var m message
		if json.Unmarshal(raw[:len(raw)-1], &m) != nil {
			continue
		}
		b.mu.Lock()
		if m.ID != 0 {
			if c := b.replies[m.ID]; c != nil {
				c <- m
				delete(b.replies, m.ID)
			}
		} else if c := b.events[m.SessionID+" "+m.Method]; c != nil {
			select {
			case c <- m:
			default:
			}
		}
		b.mu.Unlock()
	}
}

// expect registers for the next event method of session s.
func (b *browser) expect(s, method string) chan message {
	c := make(chan message, 1)
	b.mu.Lock()
	b.events[s+" "+method] = c
	b.mu.Unlock()
	return c
}

func (b *browser) wait(c chan message, deadline time.Time) error {
	select {
	case <-c:
		return nil
	case <-b.done:
		return fmt.Errorf("the browser exited: %s", b.stderr.String())
	case <-time.After(time.Until(deadline)):
		return errors.New("timed out")
	}
}

// call sends method with params to session s ("" the browser) and reads
// the reply's result into result (when not nil).
func (b *browser) call(s, method string, params, result any, deadline time.Time) error {
	b.mu.Lock()
	b.id++
	m := message{ID: b.id, Method: method, SessionID: s, Params: params}
	c := make(chan message, 1)
	b.replies[m.ID] = c
	b.mu.Unlock()
	raw, err := json.Marshal(m)
	if err != nil {
		return err
	}
	if _, err := b.out.Write(append(raw, 0)); err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	select {
	case r := <-c:
		if r.Error != nil {
			return fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		if result != nil {
			return json.Unmarshal(r.Result, result)
		}
		return nil
	case <-b.done:
		return fmt.Errorf("%s: the browser exited: %s", method, b.stderr.String())
	case <-time.After(time.Until(deadline)):
		return fmt.Errorf("%s: timed out", method)
	}
}

// close asks the browser to close, and kills it if it does not.
func (b *browser) close() {
	_ = b.call("", "Browser.close", nil, nil, time.Now().Add(3*time.Second))
	b.out.Close()
	select {
	case <-b.done:
	case <-time.After(3 * time.Second):
		_ = b.cmd.Process.Kill()
	}
	_ = b.cmd.Wait()
}
