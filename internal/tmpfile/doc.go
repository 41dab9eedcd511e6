// Package tmpfile creates the temporary files that outputs are written
// through (written beside the final file, renamed into place when
// complete) and removes the ones a killed process left behind.
//
// A temporary file of path DIR/NAME is DIR/.NAME.tmp-PID-RANDOM, where PID
// is the process writing it. A process killed with SIGKILL cannot remove
// it; the next Create of the same name — or Clean on the directory —
// removes every such file whose process is gone (or, where that cannot be
// told, that was not modified for StaleAge). Files named by older builds,
// .NAME.tmp-RANDOM without a process id, are removed once they are
// StaleAge old.
package tmpfile
