// Package cputime reads the CPU time the process has used, for benchmarks
// that report throughput per CPU-second: on a shared machine, ratios of CPU
// times are steadier than wall-clock ratios.
package cputime
