package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// extract's review flags (issue 24; docs/review.md): --review asks the
// wrapper's questions on a terminal, --answers replays answers from a
// file, --example teaches a field by one value on one page, and
// --save-answers writes the answers used for a later --answers.
type reviewFlags struct {
	review   *bool
	answers  *string
	save     *string
	examples stringList
	// filePins are the answers read from --answers (configure).
	filePins []wrapper.Pin
}

func addReviewFlags(fs *flag.FlagSet) *reviewFlags {
	r := &reviewFlags{
		review: fs.Bool("review", false, "when the learned wrapper is unsure (close candidate slots, a field without slot, several\n"+
			"values for a single field), ask on the terminal: a number picks a candidate, n \"none of\n"+
			"these\" (the field is not on these pages), s skips; then learn again and extract. Without a\n"+
			"terminal (and without --answers) the questions go into the report (see docs/review.md)"),
		answers: fs.String("answers", "", "replay the answers in this file (JSON, as --save-answers writes) when learning"),
		save:    fs.String("save-answers", "", "write the answers used (--answers, --example and those given with --review) to this file"),
	}
	fs.Var(&r.examples, "example", "teach a field by example: `FIELD=VALUE@PAGE` pins the field to the slot whose value on\n"+
		"page PAGE (its path in the source, or its name) is VALUE (repeatable)")
	return r
}

// used reports whether any review flag is given.
func (r *reviewFlags) used() bool {
	return *r.review || *r.answers != "" || *r.save != "" || len(r.examples) > 0
}

// configure reads the answers and examples into opt's pins and, with
// --review on a terminal, sets cfg.Review to ask the questions on in and
// out. It returns the pins given and a function returning every answer
// used so far.
func (r *reviewFlags) configure(cfg *objectrunner.Config, opt *wrapper.Options, in io.Reader, out io.Writer, terminal bool) (func() []wrapper.Pin, error) {
	var pins []wrapper.Pin
	if *r.answers != "" {
		f, err := os.Open(*r.answers)
		if err != nil {
			return nil, fmt.Errorf("--answers: %w", err)
		}
		defer f.Close()
		if pins, err = wrapper.ReadAnswers(f, *r.answers); err != nil {
			return nil, fmt.Errorf("--answers: %w", err)
		}
		r.filePins = pins
	}
	for _, e := range r.examples {
		p, err := wrapper.ParseExample(e)
		if err != nil {
			return nil, usagef("--example: %v", err)
		}
		pins = replacePin(pins, p)
	}
	opt.Pins = pins
	given := pins
	if *r.review && terminal && *r.answers == "" {
		br := bufio.NewReader(in)
		cfg.Review = func(qs []wrapper.Question) ([]wrapper.Pin, error) {
			got, err := askQuestions(br, out, qs)
			for _, p := range got {
				given = replacePin(given, p)
			}
			return got, err
		}
	}
	return func() []wrapper.Pin { return given }, nil
}

// checkFields checks that the answers of --answers and the examples of
// --example name fields of s, before the source is read: a misspelt field
// is a bad command line (status 2) for --example, an error naming the
// file for --answers.
func (r *reviewFlags) checkFields(s *sod.SOD) error {
	if err := wrapper.CheckPinFields(r.filePins, s); err != nil {
		return fmt.Errorf("--answers %s: %w", *r.answers, err)
	}
	for _, e := range r.examples {
		p, err := wrapper.ParseExample(e)
		if err != nil {
			return usagef("--example: %v", err)
		}
		if err := wrapper.CheckPinFields([]wrapper.Pin{p}, s); err != nil {
			return usagef("--example %s: %v", e, err)
		}
	}
	return nil
}

// replacePin adds p to pins, replacing an answer on the same field.
func replacePin(pins []wrapper.Pin, p wrapper.Pin) []wrapper.Pin {
	out := make([]wrapper.Pin, 0, len(pins)+1)
	for _, q := range pins {
		if q.Field != p.Field {
			out = append(out, q)
		}
	}
	return append(out, p)
}

// errStopAsking: the user stopped the questions (q).
var errStopAsking = errors.New("stop asking")

// askQuestions asks qs in turn on in and out and returns the answers: a
// candidate's number pins the field to it, "n" (none of these) says the
// field is not on these pages, "s" or an empty line skips, "q" stops
// asking (keeping the answers given); end of input stops too.
func askQuestions(in *bufio.Reader, out io.Writer, qs []wrapper.Question) ([]wrapper.Pin, error) {
	if len(qs) == 0 {
		fmt.Fprintln(out, "The wrapper is sure of every field: no question.")
		return nil, nil
	}
	fmt.Fprintf(out, "The wrapper is unsure of %d field(s).\n", len(qs))
	var pins []wrapper.Pin
	for i, q := range qs {
		ask := "which slot holds " + q.Field + "?"
		if q.Kind == wrapper.QuestionRecords {
			ask = "where are the records (how many does a page hold)?"
		}
		fmt.Fprintf(out, "\nQuestion %d of %d: %s\n  %s\n", i+1, len(qs), ask, q.Why)
		wrapper.WriteCandidates(out, q)
		p, err := askOne(in, out, q)
		if errors.Is(err, errStopAsking) {
			break
		}
		if err != nil {
			return pins, err
		}
		if p != nil {
			pins = append(pins, *p)
		}
	}
	fmt.Fprintf(out, "\n%d answer(s) given.\n", len(pins))
	return pins, nil
}

// askOne reads the answer to q, asking again after an answer it cannot
// read.
func askOne(in *bufio.Reader, out io.Writer, q wrapper.Question) (*wrapper.Pin, error) {
	for {
		fmt.Fprintf(out, "Answer [1-%d, n = none of these, s = skip, q = stop]: ", len(q.Candidates))
		line, err := in.ReadString('\n')
		if err != nil && (err != io.EOF || line == "") {
			if err == io.EOF {
				fmt.Fprintln(out)
				return nil, errStopAsking
			}
			return nil, err
		}
		a := strings.ToLower(strings.TrimSpace(line))
		switch a {
		case "", "s", "skip":
			return nil, nil
		case "n", "none":
			if q.Kind == wrapper.QuestionRecords {
				return nil, nil // no segmentation to pin: as skip
			}
			return &wrapper.Pin{Field: q.Field, Absent: true}, nil
		case "q", "quit", "stop":
			return nil, errStopAsking
		}
		if k, err := strconv.Atoi(a); err == nil && k >= 1 && k <= len(q.Candidates) {
			p := q.Candidates[k-1].Pin(q.Field)
			return &p, nil
		}
		fmt.Fprintf(out, "%q is not an answer.\n", a)
	}
}

// writeAnswers writes pins to path as an answers file.
func writeAnswers(path string, pins []wrapper.Pin) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("--save-answers: %w", err)
	}
	if err := wrapper.WriteAnswers(f, pins); err != nil {
		f.Close()
		return fmt.Errorf("--save-answers: %w", err)
	}
	return f.Close()
}

// stdinTerminal reports whether m.Stdin is a terminal.
func (m *Main) stdinTerminal() bool {
	f, ok := m.Stdin.(*os.File)
	return ok && isTerminal(f)
}

// logAnswers says, after a learning run with answers (--answers, --example
// or given with --review), which answers the wrapper was learned with and
// which of them matched no slot (the pin-unmatched diagnostics), so that
// a run taught by an example says it was.
func (m *Main) logAnswers(rep *objectrunner.Report, pins []wrapper.Pin) {
	if rep.Wrapper == nil || len(pins) == 0 {
		return
	}
	unmatched := map[string]bool{}
	for _, d := range objectrunner.Diagnose(rep) {
		if d.Kind == mapping.NotePin {
			unmatched[d.Field] = true
		}
	}
	said := make([]string, len(pins))
	for i, p := range pins {
		said[i] = p.String()
		if unmatched[p.Field] {
			said[i] += " (matches no slot: see the pin-unmatched diagnostic)"
		}
	}
	m.Log.Info(fmt.Sprintf("learned with %d answer(s): %s", len(pins), strings.Join(said, "; ")))
}

// whereQuestions says where the open questions of a run can be read and
// answered: the report and the preview's review page when the run writes
// them, else the flags that would (a newcomer told "the questions are in
// --report" had given no --report). stopped: learning stopped, and no
// preview is written.
func whereQuestions(reportPath, previewDir string, stopped bool) string {
	var where []string
	if reportPath != "" {
		where = append(where, "the questions are in "+reportPath)
	}
	if previewDir != "" && !stopped {
		where = append(where, "choose on "+filepath.Join(previewDir, "review.html"))
	}
	if len(where) == 0 {
		where = append(where, "--report FILE writes the questions, --preview DIR a page to answer them")
	}
	return "extract --review on a terminal asks them; " + strings.Join(where, "; ")
}

// logQuestions says, after a learning run, how many questions remain
// open and where they are: asked with --review on a terminal, written to
// --report otherwise (and printed on stderr with --review and no report).
// When learning stopped (runErr a StopError), the questions are the
// stop's: where the fields without slot are.
func (m *Main) logQuestions(rep *objectrunner.Report, runErr error, r *reviewFlags, reportPath, previewDir string) {
	var qs []wrapper.Question
	var stop *wrapper.StopError
	switch {
	case rep.Wrapper != nil && rep.Sample != nil:
		qs = rep.Wrapper.Questions()
	case rep.Wrapper == nil && errors.As(runErr, &stop):
		qs = stop.Questions()
	}
	if len(qs) == 0 {
		return
	}
	fields := make([]string, len(qs))
	for i, q := range qs {
		fields[i] = q.Field
	}
	what := "wrapper unsure of"
	if stop != nil {
		what = "learning stopped: asks about"
	}
	m.Log.Info(fmt.Sprintf("%s %d field(s): %s (%s)", what, len(qs), strings.Join(fields, ", "), whereQuestions(reportPath, previewDir, stop != nil)))
	if *r.review && !m.stdinTerminal() && *r.answers == "" {
		fmt.Fprintln(m.Stderr, "--review: the standard input is not a terminal: the questions are not asked.")
		wrapper.WriteQuestions(m.Stderr, qs)
	}
}
