package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// Exit statuses beyond 0 (ok), 1 (error) and 2 (usage): a process stopped
// by a signal exits with 128 + the signal's number, as shells report it.
const (
	exitInterrupted = 128 + 2  // SIGINT (Ctrl-C)
	exitTerminated  = 128 + 15 // SIGTERM
	exitBrokenPipe  = 128 + 13 // SIGPIPE: standard output closed by its reader
)

// signalContext returns a context cancelled by the first SIGINT or
// SIGTERM, and a function that tells which signal it was (nil before any).
// A second signal kills the process as usual. SIGPIPE is caught too, so
// that writing to a closed standard output fails with EPIPE, which the
// command can stop on quietly, instead of killing the process mid-write.
func signalContext(parent context.Context) (ctx context.Context, caught func() os.Signal, stop func()) {
	ctx, cancel := context.WithCancel(parent)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	var mu sync.Mutex
	var got os.Signal
	done := make(chan struct{})
	go func() {
		select {
		case s := <-sigs:
			mu.Lock()
			got = s
			mu.Unlock()
			cancel()
			signal.Reset(os.Interrupt, syscall.SIGTERM) // the next one kills
		case <-done:
		}
	}()
	caught = func() os.Signal {
		mu.Lock()
		defer mu.Unlock()
		return got
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			close(done)
			signal.Stop(sigs)
			cancel()
		})
	}
	return ctx, caught, stop
}

// signalStatus is the process's exit status for a command that returned
// status after sig (nil: none) was caught: 128 + the signal's number when a
// signal stopped the command.
func signalStatus(status int, sig os.Signal) int {
	if status == 0 || sig == nil {
		return status
	}
	if sig == syscall.SIGTERM {
		return exitTerminated
	}
	return exitInterrupted
}

// isBrokenPipe reports whether err comes from writing to a pipe whose
// reader has gone (objectrunner extract | head -1).
func isBrokenPipe(err error) bool {
	return errors.Is(err, syscall.EPIPE)
}
