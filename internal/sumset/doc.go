// Package sumset holds an exact set of 64-bit sums (page hashes), with the
// position each was added at, in about 2.5 bytes of memory per sum: a run
// over any number of pages keeps almost nothing per distinct page, and the
// garbage collector neither scans nor paces its heap goal by it.
//
// The set is an open-addressing table (linear probing, at most four fifths
// full) kept in two parts, slot for slot: in memory, a 16-bit fingerprint
// of each slot's sum (0: empty), mapped outside the Go heap where the
// system allows (mmap_unix.go); on disk, in an unlinked temporary file,
// each slot's whole sum and position (16 bytes), read back only where a
// fingerprint matches — for a sum in the set, and for about one in 65,536
// probes of a sum that is not — so membership is exact. Without a
// temporary file the records are kept in memory too.
package sumset
