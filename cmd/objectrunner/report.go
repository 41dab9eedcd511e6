package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/internal/tmpfile"
	"github.com/objectrunner/objectrunner/wrapper"
)

// judge turns the outcome of a run into the command's error: a run that
// went through but left more than maxUnfit of its pages unfit exits with
// status 3 (monitoring a scheduled job), one that extracted nothing with 1.
func (m *Main) judge(rep *objectrunner.Report, runErr error, maxUnfit float64) error {
	if runErr != nil || rep == nil {
		return runErr
	}
	if share := rep.UnfitShare(); share > maxUnfit {
		return &ExitError{Status: exitTooUnfit, Err: fmt.Errorf(
			"%d of %d pages (%.1f%%) did not fit the wrapper, more than --max-unfit %g",
			rep.UnfitPages(), rep.Processed, 100*share, maxUnfit)}
	}
	if rep.Objects == 0 {
		return noObjects(rep) // output.go: counts and the most common reason
	}
	return nil
}

// runReport is the JSON written by extract --report: the run's summary
// with the command's exit status and error.
type runReport struct {
	ExitStatus int    `json:"exit_status"`
	Error      string `json:"error,omitempty"`
	*objectrunner.Summary
	// Questions are the learned wrapper's open review points (review.go).
	Questions []wrapper.Question `json:"questions,omitempty"`
}

// exitStatus is the status Run returns for a subcommand's error (the one
// place that decides it).
func exitStatus(err error) int {
	var ee *ExitError
	var ue *UsageError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ee):
		return ee.Status
	case errors.As(err, &ue):
		return exitUsage
	case isBrokenPipe(err):
		return exitBrokenPipe
	}
	return exitError
}

// writeReport writes the JSON run report to path through a temporary file
// in the same directory, so a reader never sees half a report (directly
// when path is a device or a pipe, see tmpfile.Special).
func writeReport(path string, rep *objectrunner.Report, runErr error) error {
	r := runReport{ExitStatus: exitStatus(runErr), Summary: rep.Summary()}
	var stop *wrapper.StopError
	switch {
	case rep.Wrapper != nil:
		r.Questions = rep.Wrapper.Questions()
	case errors.As(runErr, &stop):
		// Learning stopped: where are the fields without slot?
		r.Questions = stop.Questions()
	}
	if runErr != nil {
		r.Error = runErr.Error()
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	err = tmpfile.WriteFile(path, func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	})
	if err != nil {
		return fmt.Errorf("--report: %w", err)
	}
	return nil
}
