package objectrunner_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

// readmeBlock returns the body of the first fenced code block of language
// lang ("" for a bare fence) after the line heading in README.md.
func readmeBlock(t *testing.T, heading, lang string) string {
	t.Helper()
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "\n"+heading+"\n")
	if i < 0 {
		t.Fatalf("README.md has no heading %q", heading)
	}
	s = s[i:]
	fence := "\n```" + lang + "\n"
	j := strings.Index(s, fence)
	if j < 0 {
		t.Fatalf("README.md: no ```%s block after %q", lang, heading)
	}
	s = s[j+len(fence):]
	k := strings.Index(s, "\n```\n")
	if k < 0 {
		t.Fatalf("README.md: unterminated block after %q", heading)
	}
	return s[:k+1]
}

// installREADME runs the README's install command, with GOBIN set to a
// temporary directory, and returns the directory holding objectrunner.
func installREADME(t *testing.T) string {
	t.Helper()
	block := readmeBlock(t, "## Install", "sh")
	cmd := strings.TrimSpace(strings.SplitN(block, "#", 2)[0])
	if cmd != "go install ./cmd/objectrunner" {
		t.Fatalf("README install command is %q, want go install ./cmd/objectrunner", cmd)
	}
	bin := t.TempDir()
	c := exec.Command("go", "install", "./cmd/objectrunner")
	c.Env = append(os.Environ(), "GOBIN="+bin)
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("go install ./cmd/objectrunner: %v\n%s", err, out)
	}
	return bin
}

// TestREADMESession runs the README's set-up extraction and typical
// session, line by line as a shell would, from a directory that looks like
// the repository root (its examples/, ../shared beside it) with a fresh
// dictionary store, and checks what they leave behind: everything in out/.
func TestREADMESession(t *testing.T) {
	shared := sharedData(t)
	if testing.Short() {
		t.Skip("the README session takes about a minute: skipped in -short mode")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the session is a POSIX shell script")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	bin := installREADME(t)
	block := readmeBlock(t, "## Set up: one extraction, then the tests", "sh") +
		readmeBlock(t, "## A typical session", "sh")
	// A stand-in for the repository root: examples/ and ../shared.
	top := t.TempDir()
	root := filepath.Join(top, "repo")
	os.Mkdir(root, 0o755)
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	if err := os.Symlink(abs("examples"), filepath.Join(root, "examples")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(abs(filepath.Dir(shared)), filepath.Join(top, "shared")); err != nil {
		t.Fatal(err)
	}
	script := "set -e -x\n" + block
	cmd := exec.Command(bash, "-c", script)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"OBJECTRUNNER_DICT_DIR="+filepath.Join(top, "dicts"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the README session failed: %v\nstderr (tail):\n%s", err, tail(stderr.String(), 40))
	}
	// What the session leaves behind: everything in out/.
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if n := e.Name(); n != "examples" && n != "out" {
			t.Errorf("the session wrote %s into the repository root, want everything in out/", n)
		}
	}
	out := filepath.Join(root, "out")
	lines := 0
	f, err := os.Open(filepath.Join(out, "books.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines++
	}
	f.Close()
	if lines != 2000 {
		t.Errorf("books.jsonl has %d lines, want 2000", lines)
	}
	var rep struct {
		ExitStatus int `json:"exit_status"`
		Objects    int `json:"objects"`
	}
	if b, err := os.ReadFile(filepath.Join(out, "run.json")); err != nil || json.Unmarshal(b, &rep) != nil || rep.ExitStatus != 0 || rep.Objects != 2000 {
		t.Errorf("run.json: %+v (%v)", rep, err)
	}
	for _, p := range []string{"concerts.jsonl", "books.wrapper.json", "preview/index.html", "annotated/index.html"} {
		if _, err := os.Stat(filepath.Join(out, p)); err != nil {
			t.Errorf("the session did not write %s: %v", p, err)
		}
	}
	o := stdout.String()
	for _, want := range []string{
		"book: tuple  (sod \"swde-book\", objects per page: 1)",    // sod check
		"gazetteers/book/title.txt: title: ",                       // dict import
		"title: ",                                                  // recognize
		"wrote 20 highlighted sample pages",                        // annotate
		"Mode: page",                                               // wrapper show
		"Template (a slot is *N, *N:field when a field reads it):", // wrapper show
		"title             2000  2000       1.000    1.000  1.000", // eval
	} {
		if !strings.Contains(o, want) {
			t.Errorf("the session's output lacks %q", want)
		}
	}
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// TestREADMESOD: the README's SOD in brief is a valid SOD, and its table
// lists exactly the predefined recognizers the product has.
func TestREADMESOD(t *testing.T) {
	block := readmeBlock(t, "## The SOD in brief", "toml")
	s, err := sod.Parse("README.md", []byte(block))
	if err != nil {
		t.Fatalf("the README's SOD does not load: %v", err)
	}
	if s.Root == nil || len(s.Root.Fields) == 0 {
		t.Fatalf("the README's SOD has no root fields")
	}
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var row string
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "| `[entity.NAME]` |") {
			row = line
		}
	}
	if row == "" {
		t.Fatal("README.md: no `[entity.NAME]` row in the SOD table")
	}
	i, j := strings.Index(row, "`predefined` ("), strings.Index(row, ") or `dictionary`")
	if i < 0 || j < i {
		t.Fatalf("README.md: the entity row does not list the predefined recognizers: %s", row)
	}
	var listed []string
	for _, f := range strings.Split(row[i+len("`predefined` ("):j], ",") {
		listed = append(listed, strings.Trim(strings.TrimSpace(f), "`"))
	}
	if got, want := strings.Join(listed, " "), strings.Join(recognizers.PredefinedNames(), " "); got != want {
		t.Errorf("README lists predefined recognizers %q, the product has %q", got, want)
	}
}
