// Command objectrunner extracts structured objects from template-generated
// web pages, guided by a Structured Object Description (SOD).
//
// main only wires the process to Main; every subcommand is a type with a
// Run(ctx, args) error method, testable without os.Exit.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// Version is the objectrunner release; set with -ldflags "-X main.Version=…".
var Version = "0.1.0-dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	m := NewMain()
	os.Exit(m.Run(ctx, os.Args[1:]))
}

// Main holds the process's streams, so tests can run subcommands in memory.
type Main struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Log            *slog.Logger
}

// NewMain returns a Main wired to the process's standard streams.
func NewMain() *Main {
	return &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
}

// command is one subcommand.
type command struct {
	name    string // as typed, e.g. "sod check"
	summary string
	run     func(m *Main, ctx context.Context, args []string) error
}

// commands is the complete list of subcommands.
func commands() []command {
	return []command{
		{"sod check", "validate an SOD file and print its type tree", (*Main).runSODCheck},
		{"recognize", "list what the SOD's recognizers find in pages", (*Main).runRecognize},
		{"annotate", "annotate a source, report per type, write highlighted sample pages", (*Main).runAnnotate},
		{"extract", "induce a wrapper for a source and extract its objects", (*Main).runExtract},
		{"wrapper show", "print a saved wrapper's template", (*Main).runWrapperShow},
		{"eval", "score extraction results against ground truth", (*Main).runEval},
		{"dict import", "import word lists into a dictionary class", (*Main).runDictImport},
		{"dict list", "list dictionary classes or the entries of one", (*Main).runDictList},
		{"dict stats", "print dictionary statistics", (*Main).runDictStats},
		{"dict lookup", "look a text up in the dictionaries (exact and fuzzy)", (*Main).runDictLookup},
		{"dict grow", "add extracted values to a dictionary class", (*Main).runDictGrow},
		{"dict export", "write a dictionary class as a list or TSV", (*Main).runDictExport},
		{"version", "print the version", (*Main).runVersion},
		{"help", "show help for a command", (*Main).runHelp},
	}
}

// UsageError marks a bad command line: exit status 2.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, a ...any) error { return &UsageError{Msg: fmt.Sprintf(format, a...)} }

// Run executes the command line args and returns the exit status:
// 0 ok, 1 error, 2 usage.
func (m *Main) Run(ctx context.Context, args []string) int {
	if m.Log == nil {
		m.Log = slog.New(slog.NewTextHandler(m.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	}
	if len(args) == 0 {
		m.usage(m.Stderr)
		return 2
	}
	cmd, rest, ok := lookup(args)
	if !ok {
		fmt.Fprintf(m.Stderr, "objectrunner: unknown command %q\n\n", strings.Join(args[:min(2, len(args))], " "))
		m.usage(m.Stderr)
		return 2
	}
	err := cmd.run(m, ctx, rest)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	}
	var ue *UsageError
	if errors.As(err, &ue) {
		fmt.Fprintf(m.Stderr, "objectrunner %s: %v\nRun 'objectrunner help %s' for usage.\n", cmd.name, err, cmd.name)
		return 2
	}
	fmt.Fprintf(m.Stderr, "objectrunner %s: %v\n", cmd.name, err)
	return 1
}

// lookup finds the longest command name that prefixes args.
func lookup(args []string) (command, []string, bool) {
	for _, c := range commands() {
		words := strings.Fields(c.name)
		if len(args) >= len(words) && strings.Join(args[:len(words)], " ") == c.name {
			return c, args[len(words):], true
		}
	}
	return command{}, nil, false
}

func (m *Main) usage(w io.Writer) {
	fmt.Fprintln(w, "objectrunner: targeted extraction of structured objects from template-generated web pages")
	fmt.Fprintln(w, "\nUsage:\n  objectrunner <command> [flags] [args]\n\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-14s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'objectrunner help <command>' for a command's flags.")
}

func (m *Main) runVersion(ctx context.Context, args []string) error {
	if len(args) > 0 {
		return usagef("version takes no arguments")
	}
	fmt.Fprintf(m.Stdout, "objectrunner %s\n", Version)
	return nil
}

func (m *Main) runHelp(ctx context.Context, args []string) error {
	if len(args) == 0 {
		m.usage(m.Stdout)
		return nil
	}
	c, _, ok := lookup(args)
	if !ok {
		return usagef("unknown command %q", strings.Join(args, " "))
	}
	// Every subcommand prints its usage on -h.
	saved := m.Stderr
	m.Stderr = m.Stdout
	defer func() { m.Stderr = saved }()
	err := c.run(m, ctx, []string{"-h"})
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}

// newFlagSet returns a flag set for a subcommand that reports errors
// instead of exiting and prints its usage to m.Stderr.
func (m *Main) newFlagSet(name, argsUsage, description string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	fs.Usage = func() {
		fmt.Fprintf(m.Stderr, "Usage: objectrunner %s [flags] %s\n\n%s\n", name, argsUsage, description)
		var has bool
		fs.VisitAll(func(*flag.Flag) { has = true })
		if has {
			fmt.Fprintln(m.Stderr, "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses args, turning flag errors into usage errors.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return &UsageError{Msg: err.Error()}
	}
	return nil
}
