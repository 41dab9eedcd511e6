package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
)

// globals are the flags every command accepts: before the command name or
// among its own flags.
type globals struct {
	quiet     bool
	logLevel  string
	logFormat string
	set       bool // a logging flag was given
}

// register adds the global flags to fs.
func (g *globals) register(fs *flag.FlagSet) {
	fs.Var(quietFlag{g}, "q", "quiet: only warnings and errors on stderr, no progress")
	fs.Func("log-level", "messages on stderr at this level and above: debug, info, warn or error (default info)", func(s string) error {
		if _, err := parseLevel(s); err != nil {
			return err
		}
		g.logLevel, g.set = s, true
		return nil
	})
	fs.Func("log-format", "format of the messages on stderr: text or json (default text)", func(s string) error {
		if s != "text" && s != "json" {
			return fmt.Errorf("want text or json, not %q", s)
		}
		g.logFormat, g.set = s, true
		return nil
	})
}

// quietFlag is -q, a boolean flag.
type quietFlag struct{ g *globals }

func (q quietFlag) String() string { return strconv.FormatBool(q.g != nil && q.g.quiet) }
func (quietFlag) IsBoolFlag() bool { return true }
func (q quietFlag) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	q.g.quiet, q.g.set = b, true
	return nil
}

func parseLevel(s string) (slog.Level, error) {
	switch strings.ToLower(s) {
	case "debug":
		return slog.LevelDebug, nil
	case "info", "":
		return slog.LevelInfo, nil
	case "warn", "warning":
		return slog.LevelWarn, nil
	case "error":
		return slog.LevelError, nil
	}
	return 0, fmt.Errorf("unknown log level %q: want debug, info, warn or error", s)
}

// setupLog builds m.Log from the global flags. preset, a logger given by the
// caller, is kept when no logging flag was given.
func (m *Main) setupLog(preset *slog.Logger) error {
	if preset != nil && !m.glob.set {
		m.Log = preset
		return nil
	}
	level := slog.LevelInfo
	if m.glob.quiet {
		level = slog.LevelWarn
	}
	if m.glob.logLevel != "" {
		l, err := parseLevel(m.glob.logLevel)
		if err != nil {
			return err
		}
		level = l
	}
	var out io.Writer = logWriter{m}
	opts := &slog.HandlerOptions{Level: level}
	if m.glob.logFormat == "json" {
		m.Log = slog.New(slog.NewJSONHandler(out, opts))
	} else {
		m.Log = slog.New(slog.NewTextHandler(out, opts))
	}
	return nil
}

// logWriter writes log records to m.Stderr, clearing a progress bar first.
type logWriter struct{ m *Main }

func (w logWriter) Write(b []byte) (int, error) {
	if p := w.m.progress; p != nil {
		return p.writeAbove(b)
	}
	return w.m.Stderr.Write(b)
}

// newFlagSet returns a flag set for a subcommand, with the global flags,
// that reports errors instead of exiting. Its usage goes to stderr after a
// bad flag and to stdout when asked for (-h, --help).
func (m *Main) newFlagSet(name, argsUsage, description string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	m.glob.register(fs)
	fs.Usage = func() {
		w := fs.Output()
		if argsUsage != "" {
			argsUsage = " " + argsUsage
		}
		fmt.Fprintf(w, "Usage: objectrunner %s [flags]%s\n\n%s\n", name, argsUsage, description)
		header := "\nFlags (before or after the arguments):"
		fs.VisitAll(func(f *flag.Flag) {
			if f.Name == "q" || f.Name == "log-level" || f.Name == "log-format" {
				return
			}
			if header != "" {
				fmt.Fprintln(w, header)
				header = ""
			}
			printFlag(w, f)
		})
		fmt.Fprintln(w, "\nGlobal flags: -q, --log-level LEVEL, --log-format text|json (see 'objectrunner -h').")
	}
	return fs
}

// printFlag prints one flag as flag.PrintDefaults does.
func printFlag(w io.Writer, f *flag.Flag) {
	name, usage := flag.UnquoteUsage(f)
	dash := "-"
	if len(f.Name) > 1 {
		dash = "--"
	}
	line := "  " + dash + f.Name
	if name != "" {
		line += " " + name
	}
	if len(line) <= 4 {
		line += "\t"
	} else {
		line += "\n    \t"
	}
	line += strings.ReplaceAll(usage, "\n", "\n    \t")
	if d := f.DefValue; d != "" && d != "false" && d != "0" {
		if name == "string" {
			line += fmt.Sprintf(" (default %q)", d)
		} else {
			line += fmt.Sprintf(" (default %v)", d)
		}
	}
	fmt.Fprintln(w, line)
}

// isHelpFlag reports whether arg asks for help.
func isHelpFlag(arg string) bool {
	switch arg {
	case "-h", "--h", "-help", "--help":
		return true
	}
	return false
}

// parseFlags parses args, allowing flags after positional arguments
// (interspersed, as in "dict list author --limit 3"); "--" ends the flags.
// Flag errors become usage errors; -h and --help print the usage to stdout
// and return flag.ErrHelp. Afterwards fs.Args() holds the positional
// arguments, and the logger reflects the global flags.
func (m *Main) parseFlags(fs *flag.FlagSet, args []string) error {
	for _, a := range args {
		if a == "--" {
			break
		}
		if isHelpFlag(a) {
			fs.SetOutput(m.Stdout)
			fs.Usage()
			fs.SetOutput(m.Stderr)
			return flag.ErrHelp
		}
	}
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return err
			}
			return &UsageError{Msg: err.Error()}
		}
		rest := fs.Args()
		used := len(args) - len(rest)
		if used > 0 && args[used-1] == "--" {
			pos = append(pos, rest...)
			break
		}
		if len(rest) == 0 {
			break
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
	// Leave the positional arguments in fs.Args().
	if err := fs.Parse(append([]string{"--"}, pos...)); err != nil {
		return &UsageError{Msg: err.Error()}
	}
	return m.setupLog(m.Log)
}

// isTerminal reports whether w is a terminal (a character device).
func (m *Main) isTerminal() bool {
	if m.Terminal != nil {
		return *m.Terminal
	}
	f, ok := m.Stderr.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
