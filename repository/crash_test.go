package repository

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// childEnv switches the test binary into a child process (TestMain):
// "index DIR" indexes generated books into source "big" forever, printing
// "batch" after each durable batch; "commit-crash DIR" indexes a few and
// dies between moving the new index into place and naming it in the
// manifest.
const childEnv = "OBJECTRUNNER_REPO_TEST_CHILD"

func TestMain(m *testing.M) {
	if v := os.Getenv(childEnv); v != "" {
		runChild(v)
		return
	}
	code := m.Run()
	if bench.dir != "" && os.Getenv("OBJECTRUNNER_BENCH_REPO") == "" {
		os.RemoveAll(bench.dir)
	}
	os.Exit(code)
}

func bigBook(i int) *wrapper.Object {
	return obj(fmt.Sprintf("p%05d.html", i/10), i%10, 1, "title", fmt.Sprintf("Book %d", i), "author", []string{"Child Author"}, "price", "$9.99")
}

func runChild(v string) {
	mode, dir, _ := strings.Cut(v, " ")
	s, err := sod.Parse("book.toml", []byte(bookSOD))
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	w, err := NewWriter(dir, s, "big", os.TempDir(), WriterOptions{SODText: bookSOD, BatchSize: 200,
		PageText: func(string) (string, error) { return "generated page", nil },
		Batched:  func(int) { fmt.Println("batch") }})
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	switch mode {
	case "index":
		for i := 0; ; i++ {
			if err := w.Add(bigBook(i)); err != nil {
				fmt.Println("error:", err)
				os.Exit(1)
			}
		}
	case "commit-crash":
		for i := range 50 {
			if err := w.Add(bigBook(i)); err != nil {
				fmt.Println("error:", err)
				os.Exit(1)
			}
		}
		testHookCommitted = func() { os.Exit(3) }
		_, err := w.Commit(5)
		fmt.Println("error: commit returned", err)
	}
	os.Exit(2)
}

func startChild(t *testing.T, mode, dir string) (*exec.Cmd, *bufio.Scanner) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+mode+" "+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return cmd, bufio.NewScanner(out)
}

// A writer killed while indexing, or dying in the middle of its commit,
// leaves every source as it was; the next commit cleans up after it.
func TestCrashSafety(t *testing.T) {
	dir := buildFixture(t)
	big := fixtureSource{sod: "book", name: "big", pages: map[string]string{}}
	for i := range 10 {
		big.objects = append(big.objects, bigBook(i))
	}
	indexSource(t, dir, big)
	want := map[string]int{"shop-a": 5, "shop-b": 2, "events": 3, "big": 10}
	check := func(when string) {
		t.Helper()
		for src, n := range want {
			sodName := "book"
			if src == "events" {
				sodName = "concert"
			}
			if got := countSource(t, dir, sodName, src); got != n {
				t.Errorf("%s: source %s holds %d objects, want %d", when, src, got, n)
			}
		}
	}

	// 1. SIGKILL while indexing.
	cmd, out := startChild(t, "index", dir)
	batches := 0
	for batches < 3 && out.Scan() {
		if out.Text() != "batch" {
			t.Fatalf("child: %s", out.Text())
		}
		batches++
	}
	if batches < 3 {
		t.Fatalf("child wrote %d batches before stopping", batches)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	check("after a writer was killed mid-index")
	if n := len(indexDirs(t, dir)); n != 5 {
		t.Errorf("%d index directories, want the 4 sources' and the dead writer's", n)
	}

	// 2. Death between the rename and the manifest.
	cmd, out = startChild(t, "commit-crash", dir)
	for out.Scan() {
		if out.Text() != "batch" {
			t.Errorf("child: %s", out.Text())
		}
	}
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 {
		t.Fatalf("commit-crash child: %v, want exit status 3", err)
	}
	check("after a writer died mid-commit")

	// 3. The next commit replaces big and removes the leftovers.
	for i := 10; i < 25; i++ {
		big.objects = append(big.objects, bigBook(i))
	}
	indexSource(t, dir, big)
	want["big"] = 25
	check("after a new commit")
	dirs := indexDirs(t, dir)
	sort.Strings(dirs)
	if len(dirs) != 4 {
		t.Errorf("index directories after the commit: %v, want one per source", dirs)
	}
}
