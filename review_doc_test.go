package objectrunner_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/wrapper"
)

// TestReviewDocSession runs the session of docs/review.md as written,
// line by line as a shell would, from a directory that looks like the
// repository root (its examples/), with the command installed the way
// the session's first line says.
func TestReviewDocSession(t *testing.T) {
	if testing.Short() {
		t.Skip("installs the command: skipped in -short mode")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the session is a POSIX shell script")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	b, err := os.ReadFile(filepath.Join("docs", "review.md"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "\n## A session\n")
	j := strings.Index(s[max(i, 0):], "\n```sh\n")
	if i < 0 || j < 0 {
		t.Fatal("docs/review.md: no ```sh block after \"## A session\"")
	}
	block := s[i+j+len("\n```sh\n"):]
	block = block[:strings.Index(block, "\n```\n")+1]
	install, script, _ := strings.Cut(block, "\n")
	if install != "go install ./cmd/objectrunner" {
		t.Fatalf("the session's first line is %q, want go install ./cmd/objectrunner", install)
	}
	bin := t.TempDir()
	c := exec.Command("go", "install", "./cmd/objectrunner")
	c.Env = append(os.Environ(), "GOBIN="+bin)
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("go install ./cmd/objectrunner: %v\n%s", err, out)
	}
	root := t.TempDir()
	abs, err := filepath.Abs("examples")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(abs, filepath.Join(root, "examples")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bash, "-c", "set -e -x\n"+script)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the session failed: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "Question 1 of 1: price") {
		t.Errorf("step 1 printed no question on price:\n%s", stderr.String())
	}
	rep, err := os.ReadFile(filepath.Join(root, "out", "review.json"))
	if err != nil || !bytes.Contains(rep, []byte(`"questions"`)) {
		t.Errorf("out/review.json holds no questions (%v)", err)
	}
	if page, err := os.ReadFile(filepath.Join(root, "out", "preview", "review.html")); err != nil || !bytes.Contains(page, []byte("which slot holds price?")) {
		t.Errorf("out/preview/review.html does not ask about price (%v)", err)
	}
	objs, err := os.ReadFile(filepath.Join(root, "out", "shop.jsonl"))
	if err != nil || !bytes.Contains(objs, []byte(`"page":"0007.html","index":0,"object":{"title":"The Lantern of Birch","author":"Ben Vale","price":"$17.49"}`)) {
		t.Errorf("out/shop.jsonl does not give page 0007.html's own price (%v):\n%.400s", err, objs)
	}
}

// TestRunReview: Config.Review is shown the learned wrapper's questions;
// its answer is honoured (the wrapper learned again with it as a pin),
// and an answer of none keeps the wrapper learned first.
func TestRunReview(t *testing.T) {
	dir := filepath.Join("examples", "review-shop")
	lists, _ := filepath.Glob(filepath.Join(dir, "dictionaries", "*.txt"))
	for _, pick := range []int{0, 1, -1} {
		t.Run(fmt.Sprint("pick ", pick), func(t *testing.T) {
			var asked []wrapper.Question
			var answer wrapper.Pin
			cfg := objectrunner.Config{Review: func(qs []wrapper.Question) ([]wrapper.Pin, error) {
				asked = qs
				if pick < 0 || len(asked) == 0 || len(asked[0].Candidates) <= pick {
					return nil, nil
				}
				answer = asked[0].Candidates[pick].Pin(asked[0].Field)
				return []wrapper.Pin{answer}, nil
			}}
			out, rep := runWith(t, filepath.Join(dir, "sod.toml"), filepath.Join(dir, "pages"), lists, cfg)
			if len(asked) != 1 || asked[0].Field != "price" || len(asked[0].Candidates) != 2 {
				t.Fatalf("asked %+v, want one question on price with two candidates", asked)
			}
			first := fmt.Sprintf(`"page":"0000.html","index":0,"object":{"title":"The Garden of Ash","author":"Ada Moss","price":%q}`,
				asked[0].Candidates[max(pick, 0)].Samples[0].Values[0])
			if pick < 0 {
				if len(rep.Wrapper.Pins()) != 0 {
					t.Errorf("pins %v without an answer", rep.Wrapper.Pins())
				}
				return
			}
			if fmt.Sprint(rep.Wrapper.Pins()) != fmt.Sprint([]wrapper.Pin{answer}) || !strings.Contains(string(out), first) {
				t.Errorf("answer %v: pins %v, first object:\n%.300s\nwant %s", answer, rep.Wrapper.Pins(), out, first)
			}
		})
	}
}
