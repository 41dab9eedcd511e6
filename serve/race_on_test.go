//go:build race

package serve

// raceEnabled: the race detector is on; its shadow memory and slow-down
// make the memory and time bounds of the burst tests meaningless.
const raceEnabled = true
