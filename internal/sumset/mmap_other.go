//go:build !unix

package sumset

// allocSlots returns n zeroed slots on the heap.
func allocSlots(n int) ([]uint64, func()) {
	return make([]uint64, n), func() {}
}
