//go:build unix

package sumset

import (
	"syscall"
	"unsafe"
)

// allocSlots returns n zeroed fingerprints in anonymous memory mapped
// outside the Go heap (the garbage collector neither scans nor paces by
// it), and the function that unmaps them; on failure, on the heap.
func allocSlots(n int) ([]uint16, func()) {
	b, err := syscall.Mmap(-1, 0, n*2, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]uint16, n), func() {}
	}
	return unsafe.Slice((*uint16)(unsafe.Pointer(&b[0])), n), func() { syscall.Munmap(b) }
}
