package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
)

// Version is the objectrunner release; set with -ldflags "-X main.Version=…".
var Version = "0.1.0-dev"

func main() {
	ctx, caught, stop := signalContext(context.Background())
	m := NewMain()
	status := m.Run(ctx, os.Args[1:])
	stop()
	os.Exit(signalStatus(status, caught()))
}

// Exit statuses.
const (
	exitOK       = 0
	exitError    = 1
	exitUsage    = 2
	exitTooUnfit = 3 // extract --max-unfit exceeded
)

// Main holds the process's streams, so tests can run subcommands in memory.
type Main struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Log is where messages go; Run builds it from the global flags
	// (--log-level, --log-format, -q) unless it is set and no such flag is given.
	Log *slog.Logger
	// Terminal overrides whether Stderr is a terminal (nil: detect), which
	// selects the progress bar over periodic progress lines.
	Terminal *bool

	glob     globals
	progress *progress // the live progress display, if any
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
		{"crawl", "fetch a web site politely into a WARC file (a source for every --source)", (*Main).runCrawl},
		{"annotate", "annotate a source, report per type, write highlighted sample pages", (*Main).runAnnotate},
		{"sources", "group the pages of a site by template", (*Main).runSources},
		{"extract", "induce a wrapper for a source and extract its objects", (*Main).runExtract},
		{"run", "run a corpus of sources for one SOD, growing dictionaries between rounds", (*Main).runRun},
		{"query", "query the repository by example: fields, ranges, keywords, joins", (*Main).runQuery},
		{"serve", "serve a query-by-example web page over the repository", (*Main).runServe},
		{"wrapper show", "print a saved wrapper's template", (*Main).runWrapperShow},
		{"eval", "score extraction results against ground truth", (*Main).runEval},
		{"dict import", "import word lists (files or directories) into dictionary classes", (*Main).runDictImport},
		{"dict list", "list dictionary classes or the entries of one", (*Main).runDictList},
		{"dict stats", "print dictionary statistics", (*Main).runDictStats},
		{"dict lookup", "look a text up in the dictionaries (exact and fuzzy)", (*Main).runDictLookup},
		{"dict grow", "add extracted values to a dictionary class", (*Main).runDictGrow},
		{"dict export", "write a dictionary class as a list or TSV", (*Main).runDictExport},
		{"version", "print the version", (*Main).runVersion},
		{"help", "show help for a command", (*Main).runHelp},
	}
}

// groups describes the command groups (the first word of two-word commands).
var groups = map[string]string{
	"sod":     "Structured Object Descriptions",
	"dict":    "dictionaries (isInstanceOf word lists in a Bleve store)",
	"wrapper": "saved wrappers",
}

// UsageError marks a bad command line: exit status 2.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, a ...any) error { return &UsageError{Msg: fmt.Sprintf(format, a...)} }

// ExitError carries an exit status other than 1 with its message.
type ExitError struct {
	Status int
	Err    error
}

func (e *ExitError) Error() string { return e.Err.Error() }
func (e *ExitError) Unwrap() error { return e.Err }

// Run executes the command line args and returns the exit status:
// 0 ok, 1 error, 2 usage, 3 too many pages did not fit (extract --max-unfit),
// 141 output pipe closed (see interrupt.go; main turns an error after SIGINT
// or SIGTERM into 130 or 143).
func (m *Main) Run(ctx context.Context, args []string) int {
	preset := m.Log
	m.glob = globals{}
	defer func() { m.Log = preset }()
	// Global flags before the command.
	gfs := flag.NewFlagSet("objectrunner", flag.ContinueOnError)
	gfs.SetOutput(io.Discard)
	version := gfs.Bool("version", false, "print the version and exit")
	m.glob.register(gfs)
	if err := gfs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			m.usage(m.Stdout)
			return exitOK
		}
		fmt.Fprintf(m.Stderr, "objectrunner: %v\n\n", err)
		m.usage(m.Stderr)
		return exitUsage
	}
	args = gfs.Args()
	if err := m.setupLog(preset); err != nil {
		fmt.Fprintf(m.Stderr, "objectrunner: %v\n", err)
		return exitUsage
	}
	if *version {
		fmt.Fprintf(m.Stdout, "objectrunner %s\n", Version)
		return exitOK
	}
	if len(args) == 0 {
		m.usage(m.Stderr)
		return exitUsage
	}
	if _, ok := groups[args[0]]; ok {
		if len(args) == 1 || isHelpFlag(args[1]) || args[1] == "help" {
			w, status := m.Stdout, exitOK
			if len(args) == 1 {
				w, status = m.Stderr, exitUsage
				fmt.Fprintf(w, "objectrunner %s: missing subcommand\n\n", args[0])
			}
			m.groupUsage(w, args[0])
			return status
		}
	}
	cmd, rest, ok := lookup(args)
	if !ok {
		if _, isGroup := groups[args[0]]; isGroup {
			fmt.Fprintf(m.Stderr, "objectrunner: unknown %s command %q\n", args[0], args[1])
			fmt.Fprintf(m.Stderr, "%s\n", didYouMean("objectrunner "+args[0], suggest(args[1], args[0])))
			m.groupUsage(m.Stderr, args[0])
			return exitUsage
		}
		fmt.Fprintf(m.Stderr, "objectrunner: unknown command %q\n", args[0])
		fmt.Fprintf(m.Stderr, "%s\n", didYouMean("objectrunner", suggest(args[0], "")))
		m.usage(m.Stderr)
		return exitUsage
	}
	err := cmd.run(m, ctx, rest)
	m.stopProgress()
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	}
	if isBrokenPipe(err) {
		return exitBrokenPipe // the reader of our output has gone: nothing to say
	}
	var ue *UsageError
	if errors.As(err, &ue) {
		fmt.Fprintf(m.Stderr, "objectrunner %s: %v\nRun 'objectrunner %s -h' for usage.\n", cmd.name, err, cmd.name)
		return exitUsage
	}
	fmt.Fprintf(m.Stderr, "objectrunner %s: %v\n", cmd.name, err)
	return exitStatus(err)
}

// lookup finds the command whose name prefixes args.
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
	fmt.Fprintln(w, "\nUsage:\n  objectrunner [global flags] <command> [flags] [args]\n\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-14s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Global flags (accepted before the command or among its flags):
  -h, --help            show help (also: objectrunner help <command>, <command> -h)
  --version             print the version
  -q                    quiet: only warnings and errors on stderr, no progress
  --log-level LEVEL     debug, info (default), warn or error
  --log-format FORMAT   text (default) or json, for the messages on stderr

Flags may come before or after a command's arguments; "--" ends the flags.
Exit status: 0 success, 1 error, 2 bad command line, 3 too many pages did not
fit the wrapper (extract --max-unfit).

Run 'objectrunner <command> -h' for a command's flags.
`)
}

// groupUsage lists the subcommands of a group.
func (m *Main) groupUsage(w io.Writer, group string) {
	fmt.Fprintf(w, "objectrunner %s: %s\n\nUsage:\n  objectrunner %s <command> [flags] [args]\n\nCommands:\n", group, groups[group], group)
	for _, c := range commands() {
		if g, sub, ok := strings.Cut(c.name, " "); ok && g == group {
			fmt.Fprintf(w, "  %-10s %s\n", sub, c.summary)
		}
	}
	fmt.Fprintf(w, "\nRun 'objectrunner %s <command> -h' for a command's flags.\n", group)
}

func (m *Main) runVersion(ctx context.Context, args []string) error {
	fs := m.newFlagSet("version", "", "Print the version.")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
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
	if _, ok := groups[args[0]]; ok && len(args) == 1 {
		m.groupUsage(m.Stdout, args[0])
		return nil
	}
	c, _, ok := lookup(args)
	if !ok {
		hint := ""
		if _, isGroup := groups[args[0]]; isGroup && len(args) > 1 {
			hint = didYouMean(args[0], suggest(args[1], args[0]))
		} else {
			hint = didYouMean("", suggest(args[0], ""))
		}
		return usagef("unknown command %q%s", strings.Join(args, " "), strings.TrimSuffix(" ("+strings.TrimSuffix(hint, "\n")+")", " ()"))
	}
	// Every subcommand prints its usage to stdout on -h.
	err := c.run(m, ctx, []string{"-h"})
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}
