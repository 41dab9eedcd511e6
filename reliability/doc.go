// Package reliability holds ObjectRunner's hostile-input and fault suite:
// tests only, run with the rest (go test ./...; the slow cases are skipped
// under -short). They run the objectrunner command as a user would — the
// binary is built once per run — on inputs generated in temporary
// directories, each under a timeout, and assert what the user must get: a
// clear error naming the file, line or field, an exit status, time and
// peak memory (the child's maximum resident set size) under a stated bound,
// and nothing already written lost. Every case logs its time and peak
// memory ("go test -v ./reliability" prints the table docs/reliability.md reports).
//
// Files, one per group of cases:
//
//	main_test.go       building the binary, running it (timeout, rusage),
//	                   the generated source and wrapper the cases share
//	sod_test.go        1. hostile SODs
//	regex_test.go      2. catastrophic user regexes
//	pages_test.go      3. hostile pages and sources
//	dict_test.go       4. dictionaries: big, hostile lists; two writers;
//	                   kill -9; read-only store; readers beside a writer
//	interrupt_test.go  5. SIGINT, SIGTERM, a closed output pipe, -o FILE
//	wrapper_test.go    6. broken, tampered and foreign wrapper files
//	serve_test.go      issue 27: requests that killed serve or held
//	                   gigabytes, on the binary (RSS after a burst)
//	stale_test.go      issue 27: kill -9 leaves .tmp- files; the next run
//	                   removes them
//	diskfull_test.go   issue 27: a full disk (tmpfs) and the run report
//	fuzz_test.go       7. every parser has a fuzz target run by
//	                   scripts/fuzz.sh
//
// The suite needs Linux (signals, rusage, setuid to an unprivileged user
// for permission cases when run as root).
package reliability
