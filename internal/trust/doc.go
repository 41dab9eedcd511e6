// Package trust measures how far a run's output can be trusted, for the
// project's tests (the template zoo, the real development sites): every
// emitted value judged against the truth (eval.Truth.Judge) and binned by
// its confidence (eval.Reliability), the values that fail their own
// field's regex or predefined recognizer, and whether the run's
// diagnostics (objectrunner.Diagnose) name the fields that score badly.
//
// It holds measurement only: nothing in the pipeline imports it.
package trust
