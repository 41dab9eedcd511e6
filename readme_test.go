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

// TestREADMEGoProgram checks that the README's complete Go program is
// examples/library/main.go, which builds with the module and is run by its
// own test.
func TestREADMEGoProgram(t *testing.T) {
	prog, err := os.ReadFile(filepath.Join("examples", "library", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	if got := readmeBlock(t, "## Go library", "go"); got != string(prog) {
		t.Errorf("the README's Go program differs from examples/library/main.go: copy the file into the README")
	}
}

// TestREADMEHelp checks the README's transcript of every command's help
// against the installed command.
func TestREADMEHelp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command: skipped in -short mode")
	}
	bin := installREADME(t)
	block := readmeBlock(t, "### Commands", "")
	var cmds []string
	for _, line := range strings.Split(block, "\n") {
		if rest, ok := strings.CutPrefix(line, "$ objectrunner "); ok {
			cmds = append(cmds, rest)
		}
	}
	if len(cmds) < 12 {
		t.Fatalf("the README's transcript shows %d commands, want every one", len(cmds))
	}
	var want strings.Builder
	for _, c := range cmds {
		out, err := exec.Command(filepath.Join(bin, "objectrunner"), strings.Fields(c)...).Output()
		if err != nil {
			t.Fatalf("objectrunner %s: %v", c, err)
		}
		want.WriteString("$ objectrunner " + c + "\n")
		want.Write(out)
		want.WriteString("\n")
	}
	if got := strings.TrimRight(block, "\n"); got != strings.TrimRight(want.String(), "\n") {
		t.Errorf("the README's help transcript is out of date; the commands print:\n%s", want.String())
	}
}

// TestREADMESession runs the README's typical session, line by line as a
// shell would, from a directory that looks like the repository root (its
// examples/, ../shared beside it) with a fresh dictionary store, and checks
// what it leaves behind.
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
	block := readmeBlock(t, "## A typical session", "sh")
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
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the README session failed: %v\nstderr (tail):\n%s", err, tail(stderr.String(), 40))
	}
	// What the session leaves behind.
	lines := 0
	f, err := os.Open(filepath.Join(root, "books.jsonl"))
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
	if b, err := os.ReadFile(filepath.Join(root, "run.json")); err != nil || json.Unmarshal(b, &rep) != nil || rep.ExitStatus != 0 || rep.Objects != 2000 {
		t.Errorf("run.json: %+v (%v)", rep, err)
	}
	for _, p := range []string{"books.wrapper.json", "preview/index.html", "annotated/index.html"} {
		if _, err := os.Stat(filepath.Join(root, p)); err != nil {
			t.Errorf("the session did not write %s: %v", p, err)
		}
	}
	o := out.String()
	for _, want := range []string{
		"book: tuple  (sod \"swde-book\", objects per page: 1)",    // sod check
		"gazetteers/book/title.txt: title: ",                       // dict import
		"title: ",                                                  // recognize
		"wrote 20 highlighted sample pages",                        // annotate
		"Mode: page",                                               // wrapper show
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
