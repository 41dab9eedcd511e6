package main

import (
	"context"
	"errors"
)

// TODO(in progress): replaced by the stage's implementation.
func (m *Main) runEval(ctx context.Context, args []string) error {
	return errors.New("not implemented yet")
}
