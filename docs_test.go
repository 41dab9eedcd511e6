package objectrunner_test

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// docsUpdate rewrites the generated parts of the docs from their sources:
//
//	go test -run TestDocs . -args -docs.update
var docsUpdate = flag.Bool("docs.update", false, "rewrite the docs' quoted Go code and command help from the sources")

// docFiles returns README.md and docs/*.md.
func docFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"README.md"}, files...)
}

// TestREADMEShort: the README fits on a few screens, and its test
// commands are the ones CI runs (.ci/run).
func TestREADMEShort(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(b, []byte("\n")); n > 300 {
		t.Errorf("README.md has %d lines, want at most 300: move reference material into docs/", n)
	}
	ci, err := os.ReadFile(filepath.Join(".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	block := readmeBlock(t, "## Run the tests", "sh")
	n := 0
	for _, line := range strings.Split(block, "\n") {
		cmd := strings.TrimSpace(strings.SplitN(line, "#", 2)[0])
		if cmd == "" {
			continue
		}
		n++
		if !bytes.Contains(ci, []byte("\n"+cmd+"\n")) && !strings.HasPrefix(cmd, ".ci/run") {
			t.Errorf("the README's test command %q is not a line of .ci/run", cmd)
		}
	}
	if n == 0 {
		t.Errorf("the README's \"## Run the tests\" block has no command")
	}
	gi, err := os.ReadFile(".gitignore")
	if err != nil || !bytes.Contains(gi, []byte("\n/out/\n")) {
		t.Errorf(".gitignore does not list /out/, where the README session writes (%v)", err)
	}
}

// mdLink matches an inline Markdown link; its target has no spaces.
var mdLink = regexp.MustCompile(`\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// TestDocsLinks checks that every relative link in README.md and docs/
// resolves: the file or directory exists and, for a #fragment, the
// Markdown file has a heading of that anchor.
func TestDocsLinks(t *testing.T) {
	anchors := map[string]map[string]bool{} // file → its anchors
	anchorsOf := func(file string) map[string]bool {
		if a, ok := anchors[file]; ok {
			return a
		}
		b, err := os.ReadFile(file)
		if err != nil {
			return nil
		}
		anchors[file] = headingAnchors(string(b))
		return anchors[file]
	}
	links := 0
	for _, file := range docFiles(t) {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range proseLines(string(b)) {
			for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				links++
				path, frag, _ := strings.Cut(target, "#")
				dest := file
				if path != "" {
					dest = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
					if _, err := os.Stat(dest); err != nil {
						t.Errorf("%s:%d: link %s: %v", file, i+1, target, err)
						continue
					}
				}
				if frag != "" {
					if !strings.HasSuffix(dest, ".md") {
						t.Errorf("%s:%d: link %s: a #fragment on a file that is not Markdown", file, i+1, target)
					} else if !anchorsOf(dest)[frag] {
						t.Errorf("%s:%d: link %s: %s has no heading with anchor #%s", file, i+1, target, dest, frag)
					}
				}
			}
		}
	}
	if links < 10 {
		t.Errorf("%d relative links in the docs: the README's Documentation table should link every docs/ file", links)
	}
}

// proseLines returns the lines of a Markdown text with fenced code blocks
// and inline code spans blanked, so that only prose links are checked.
func proseLines(s string) []string {
	lines := strings.Split(s, "\n")
	code := false
	span := regexp.MustCompile("`[^`]*`")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			code = !code
			lines[i] = ""
			continue
		}
		if code {
			lines[i] = ""
			continue
		}
		lines[i] = span.ReplaceAllString(l, "``")
	}
	return lines
}

// headingAnchors returns the anchors GitHub gives the headings of a
// Markdown text: lower case, punctuation other than "-" and "_" dropped,
// spaces as "-", "-1", "-2"… after repeats.
func headingAnchors(s string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	code := false
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			code = !code
		}
		if code || !strings.HasPrefix(l, "#") {
			continue
		}
		text := strings.TrimSpace(strings.TrimLeft(l, "#"))
		text = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`).ReplaceAllString(text, "$1")
		var sb strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				sb.WriteRune(r)
			case r == ' ':
				sb.WriteByte('-')
			}
		}
		a := sb.String()
		if n := seen[a]; n > 0 {
			out[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

// goMarker marks a quoted Go block: <!-- go: FILE --> quotes the whole
// file, <!-- go: FILE FUNC --> the body of function FUNC (a runnable
// Example, whose // Output: comment shows what it prints).
var goMarker = regexp.MustCompile("(?m)^<!-- go: (\\S+)(?: (\\S+))? -->\n```go\n")

// TestDocsGoBlocks checks that every Go block the docs mark as quoted is
// the code it quotes, so that the API examples in the docs compile and
// run (as the Examples and programs they quote); -docs.update rewrites
// them.
func TestDocsGoBlocks(t *testing.T) {
	blocks := 0
	for _, file := range docFiles(t) {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		var out strings.Builder
		last := 0
		stale := 0
		for _, m := range goMarker.FindAllStringSubmatchIndex(s, -1) {
			blocks++
			src, fn := s[m[2]:m[3]], ""
			if m[4] >= 0 {
				fn = s[m[4]:m[5]]
			}
			// The block's text ends where a line "```" starts (it may be empty).
			end := strings.Index("\n"+s[m[1]:], "\n```\n")
			if end < 0 {
				t.Fatalf("%s: unterminated Go block after <!-- go: %s %s -->", file, src, fn)
			}
			got := s[m[1] : m[1]+end]
			want, err := goSource(src, fn)
			if err != nil {
				t.Errorf("%s: <!-- go: %s %s -->: %v", file, src, fn, err)
				continue
			}
			if got != want {
				stale++
				if !*docsUpdate {
					t.Errorf("%s: the Go block quoting %s %s differs from it: run go test -run TestDocsGoBlocks . -args -docs.update", file, src, fn)
				}
			}
			out.WriteString(s[last:m[1]])
			out.WriteString(want)
			last = m[1] + end
		}
		out.WriteString(s[last:])
		if *docsUpdate && stale > 0 {
			if err := os.WriteFile(file, []byte(out.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: rewrote %d Go blocks", file, stale)
		}
	}
	if blocks < 5 {
		t.Errorf("%d quoted Go blocks in the docs; the library docs quote their examples", blocks)
	}
}

// goSource returns the Go file src (relative to the repository root), or
// the body of its function fn, unindented by one tab.
func goSource(src, fn string) (string, error) {
	b, err := os.ReadFile(filepath.FromSlash(src))
	if err != nil {
		return "", err
	}
	if fn == "" {
		return string(b), nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, src, b, parser.ParseComments)
	if err != nil {
		return "", err
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != fn || fd.Recv != nil {
			continue
		}
		body := string(b[fset.Position(fd.Body.Lbrace).Offset+1 : fset.Position(fd.Body.Rbrace).Offset])
		body = strings.Trim(body, "\n")
		lines := strings.Split(body, "\n")
		for i, l := range lines {
			lines[i] = strings.TrimPrefix(l, "\t")
		}
		return strings.Join(lines, "\n") + "\n", nil
	}
	return "", fmt.Errorf("%s has no function %s", src, fn)
}

// Markers of docs/cli.md's generated command help.
const (
	helpBegin = "<!-- help: begin (generated from the commands' -h: go test -run TestDocsCommandHelp . -args -docs.update) -->\n"
	helpEnd   = "<!-- help: end -->\n"
)

// TestDocsCommandHelp checks docs/cli.md's transcript of every command's
// help (the commands listed by objectrunner -h) against the command
// built from this tree; -docs.update rewrites it.
func TestDocsCommandHelp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command: skipped in -short mode")
	}
	file := filepath.Join("docs", "cli.md")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i, j := strings.Index(s, helpBegin), strings.Index(s, helpEnd)
	if i < 0 || j < i {
		t.Fatalf("%s: no generated help between %q and %q", file, helpBegin, helpEnd)
	}
	bin := filepath.Join(t.TempDir(), "objectrunner")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/objectrunner").CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/objectrunner: %v\n%s", err, out)
	}
	run := func(args ...string) string {
		out, err := exec.Command(bin, args...).Output()
		if err != nil {
			t.Fatalf("objectrunner %s: %v", strings.Join(args, " "), err)
		}
		return string(out)
	}
	top := run("-h")
	var want strings.Builder
	want.WriteString("\n### objectrunner -h\n\n```\n$ objectrunner -h\n" + top + "```\n")
	_, cmds, _ := strings.Cut(top, "\nCommands:\n")
	cmds, _, _ = strings.Cut(cmds, "\n\n")
	n := 0
	for _, line := range strings.Split(cmds, "\n") {
		name, _, _ := strings.Cut(strings.TrimSpace(line), "  ")
		if name == "" || name == "help" {
			continue
		}
		n++
		fmt.Fprintf(&want, "\n### %s\n\n```\n$ objectrunner %s -h\n%s```\n", name, name, run(append(strings.Fields(name), "-h")...))
	}
	if n < 12 {
		t.Fatalf("objectrunner -h lists %d commands, want every one:\n%s", n, top)
	}
	want.WriteString("\n")
	got := s[i+len(helpBegin) : j]
	if got == want.String() {
		return
	}
	if !*docsUpdate {
		t.Errorf("%s: the command help is out of date: run go test -run TestDocsCommandHelp . -args -docs.update", file)
		return
	}
	if err := os.WriteFile(file, []byte(s[:i+len(helpBegin)]+want.String()+s[j:]), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: rewrote the command help", file)
}
