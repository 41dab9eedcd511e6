package main

import (
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/objectrunner/objectrunner"
)

// progress shows how far the stages of a run are. On a terminal it draws a
// bar with the rate and the estimated time left, redrawn in place at most
// every redrawEvery; log messages are written above it. Otherwise (a file,
// a pipe, a CI log) it logs a plain line when a stage ends and at most
// every lineEvery while it runs.
//
// It is a few dozen lines rather than a progress-bar library because what
// it needs is small (one bar, no nesting, output shared with slog) and the
// libraries that were considered draw to the terminal on their own
// goroutine, which interleaves badly with log lines.
type progress struct {
	mu  sync.Mutex
	w   io.Writer
	tty bool
	log *slog.Logger
	now func() time.Time

	label       string
	done, total int
	start       time.Time // the stage's start
	last        time.Time // last redraw (terminal) or line (plain)
	drawn       bool      // a bar is on the terminal's last line
}

const (
	redrawEvery = 100 * time.Millisecond
	lineEvery   = 5 * time.Second
	barWidth    = 24
)

// startProgress returns the progress display of a command, or nil with -q.
func (m *Main) startProgress() *progress {
	if m.glob.quiet {
		return nil
	}
	p := &progress{w: m.Stderr, tty: m.isTerminal(), log: m.Log, now: time.Now}
	m.progress = p
	return p
}

// stopProgress ends the progress display, if any.
func (m *Main) stopProgress() {
	if m.progress != nil {
		m.progress.finish()
		m.progress = nil
	}
}

// update reports done of total units of the stage called label; a new
// label ends the previous stage.
func (p *progress) update(label string, done, total int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	var line []any // logged once the lock is released (the log writes through p)
	defer func() {
		p.mu.Unlock()
		if line != nil {
			p.log.Info("progress", line...)
		}
	}()
	now := p.now()
	if label != p.label {
		p.endStage()
		p.label, p.start, p.last = label, now, now
	}
	p.done, p.total = done, total
	complete := total > 0 && done >= total
	if p.tty {
		if complete || now.Sub(p.last) >= redrawEvery || !p.drawn {
			p.draw()
			p.last = now
		}
		if complete {
			fmt.Fprintln(p.w)
			p.drawn = false
			p.label = ""
		}
		return
	}
	if complete || now.Sub(p.last) >= lineEvery {
		line = p.line()
		p.last = now
		if complete {
			p.label = ""
		}
	}
}

// report is an objectrunner.Config.Progress callback.
func (p *progress) report(pr objectrunner.Progress) {
	label := pr.Stage
	if pr.Detail != "" {
		label += ": " + pr.Detail
	}
	p.update(label, pr.Done, pr.Total)
}

// finish ends the current stage's bar.
func (p *progress) finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.endStage()
	p.label = ""
}

// endStage closes the bar of an unfinished stage (a stage that stopped
// early) by keeping its last state on screen.
func (p *progress) endStage() {
	if p.tty && p.drawn {
		fmt.Fprintln(p.w)
		p.drawn = false
	}
}

// rate returns the units per second since the stage started and the time
// left at that rate (-1 when unknown).
func (p *progress) rate() (float64, time.Duration) {
	el := p.now().Sub(p.start).Seconds()
	if el <= 0 || p.done == 0 {
		return 0, -1
	}
	r := float64(p.done) / el
	if p.total <= 0 || p.done >= p.total {
		return r, 0
	}
	return r, time.Duration(float64(p.total-p.done) / r * float64(time.Second))
}

// draw redraws the bar on the terminal's last line.
func (p *progress) draw() {
	var b strings.Builder
	b.WriteString("\r")
	b.WriteString(p.label)
	if p.total > 0 {
		fill := min(barWidth, p.done*barWidth/p.total)
		fmt.Fprintf(&b, " [%s%s] %d/%d %3d%%", strings.Repeat("=", fill), strings.Repeat(" ", barWidth-fill),
			p.done, p.total, p.done*100/p.total)
	} else {
		fmt.Fprintf(&b, " %d", p.done)
	}
	r, eta := p.rate()
	if r > 0 {
		fmt.Fprintf(&b, "  %s pages/s", fmtRate(r))
	}
	if eta > 0 {
		fmt.Fprintf(&b, "  ETA %s", fmtETA(eta))
	}
	b.WriteString("\x1b[K")
	io.WriteString(p.w, b.String())
	p.drawn = true
}

// line returns the stage's state as the attributes of a log message.
func (p *progress) line() []any {
	r, eta := p.rate()
	args := []any{"stage", p.label, "done", p.done, "total", p.total}
	if r > 0 {
		args = append(args, "pages_per_s", fmtRate(r))
	}
	if eta > 0 {
		args = append(args, "eta", fmtETA(eta))
	}
	return args
}

// writeAbove writes b (a log record) above the bar.
func (p *progress) writeAbove(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.tty || !p.drawn {
		return p.w.Write(b)
	}
	io.WriteString(p.w, "\r\x1b[K")
	n, err := p.w.Write(b)
	p.draw()
	return n, err
}

func fmtRate(r float64) string {
	if r >= 100 {
		return fmt.Sprintf("%.0f", r)
	}
	return fmt.Sprintf("%.1f", r)
}

func fmtETA(d time.Duration) string {
	if d < time.Second {
		return "<1s"
	}
	return d.Round(time.Second).String()
}
