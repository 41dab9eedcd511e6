package objectrunner

import (
	"context"
	"errors"
	"fmt"
	"path"
	"slices"
	"time"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// Asking when unsure (issue 24; docs/review.md). The pins of
// Config.Induce are honoured when the wrapper is learned; an example's
// page that the sample does not hold is read, annotated and added to the
// sample, so that the example can be found. Config.Review, when set, is
// shown the learned wrapper's questions, or a stopped learn's (the
// fields without slot), and may answer: the wrapper is then learned
// again, from the same sample, with the answers added to the pins.

// examplePages adds to pages the pages the pins' examples name that the
// sample lacks, read from src and annotated with a.
func examplePages(ctx context.Context, src *pageSource, a *annotate.Annotator, pages []*annotate.Page, pins []wrapper.Pin) ([]*annotate.Page, error) {
	for _, p := range pins {
		if p.Example == "" || slices.ContainsFunc(pages, func(pg *annotate.Page) bool { return samePage(pg.Path, p.Page) }) {
			continue
		}
		if err := src.list(); err != nil {
			return nil, err
		}
		i := slices.IndexFunc(src.names, func(n string) bool { return samePage(src.rel(n), p.Page) })
		if i < 0 {
			return nil, fmt.Errorf("example %s=%s@%s: the source has no page %s", p.Field, p.Example, p.Page, p.Page)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		pg, err := src.read(src.names[i], nil)
		if err != nil {
			return nil, fmt.Errorf("example %s=%s@%s: %w", p.Field, p.Example, p.Page, err)
		}
		pg.Path = src.rel(src.names[i])
		if err := a.Annotate(pg); err != nil {
			return nil, fmt.Errorf("example %s=%s@%s: %w", p.Field, p.Example, p.Page, err)
		}
		pages = append(pages, pg)
	}
	return pages, nil
}

// samePage reports whether the page at rel is the one name names (its
// path, or its base name).
func samePage(rel, name string) bool {
	return rel == name || path.Base(rel) == name
}

// review shows the questions of w, or of the stop err when learning
// stopped (StopError.Questions), to ask and, when it answers, learns
// again from pages with the answers added to opt's pins. It returns w and
// err unchanged when there is no question or no answer, and the time
// spent waiting for the answers (not induction's).
func review(pages []*annotate.Page, s *sod.SOD, opt wrapper.Options, w *wrapper.Wrapper, err error, ask func([]wrapper.Question) ([]wrapper.Pin, error)) (*wrapper.Wrapper, time.Duration, error) {
	var qs []wrapper.Question
	var stop *wrapper.StopError
	switch {
	case err == nil:
		qs = w.Questions()
	case errors.As(err, &stop):
		qs = stop.Questions()
	}
	if len(qs) == 0 {
		return w, 0, err
	}
	start := time.Now()
	answers, aerr := ask(qs)
	waited := time.Since(start)
	if aerr != nil {
		return w, waited, aerr
	}
	if len(answers) == 0 {
		return w, waited, err
	}
	pins := slices.Clone(opt.Pins)
	for _, a := range answers {
		// A new answer replaces an earlier one on the same field.
		pins = slices.DeleteFunc(pins, func(p wrapper.Pin) bool { return p.Field == a.Field })
		pins = append(pins, a)
	}
	opt.Pins = pins
	w, err = wrapper.Induce(pages, s, opt)
	return w, waited, err
}
