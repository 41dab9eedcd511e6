package main

import (
	"context"
	"errors"
)

// TODO(in progress): replaced by the stage's implementation.
func (m *Main) runDictImport(ctx context.Context, args []string) error {
	return errors.New("not implemented yet")
}

// TODO(in progress): replaced by the stage's implementation.
func (m *Main) runDictList(ctx context.Context, args []string) error {
	return errors.New("not implemented yet")
}

// TODO(in progress): replaced by the stage's implementation.
func (m *Main) runDictStats(ctx context.Context, args []string) error {
	return errors.New("not implemented yet")
}

// TODO(in progress): replaced by the stage's implementation.
func (m *Main) runDictLookup(ctx context.Context, args []string) error {
	return errors.New("not implemented yet")
}

// TODO(in progress): replaced by the stage's implementation.
func (m *Main) runDictGrow(ctx context.Context, args []string) error {
	return errors.New("not implemented yet")
}

// TODO(in progress): replaced by the stage's implementation.
func (m *Main) runDictExport(ctx context.Context, args []string) error {
	return errors.New("not implemented yet")
}
