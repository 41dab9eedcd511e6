//go:build unix

package tmpfile

import (
	"errors"
	"syscall"
)

// alive tells whether process pid exists (signal 0 checks without
// sending; EPERM: it exists under another user).
func alive(pid int) tristate {
	switch err := syscall.Kill(pid, 0); {
	case err == nil, errors.Is(err, syscall.EPERM):
		return yes
	case errors.Is(err, syscall.ESRCH):
		return no
	}
	return unknown
}
