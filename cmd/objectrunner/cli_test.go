package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestHelpEverywhere checks that every command prints its usage on stdout
// and exits 0 for -h, --help and "help CMD", with nothing on stderr.
func TestHelpEverywhere(t *testing.T) {
	for _, c := range commands() {
		if c.name == "help" {
			continue
		}
		words := strings.Fields(c.name)
		for _, args := range [][]string{
			append(append([]string{}, words...), "-h"),
			append(append([]string{}, words...), "--help"),
			append([]string{"help"}, words...),
			append(append([]string{}, words...), "some-arg", "--help"), // help after an argument
		} {
			status, out, stderr := runCLI(t, args...)
			if status != 0 || !strings.Contains(out, "Usage: objectrunner "+c.name) || stderr != "" {
				t.Errorf("%q: status %d, stdout %.80q, stderr %q; want 0 and the usage on stdout", args, status, out, stderr)
			}
		}
	}
}

// TestTopLevel checks the top-level conventions: help, version, groups,
// unknown commands and exit statuses.
func TestTopLevel(t *testing.T) {
	for _, tc := range []struct {
		name       string
		args       []string
		wantStatus int
		wantOut    []string // substrings of stdout
		wantErr    []string // substrings of stderr
	}{
		{"-h", []string{"-h"}, 0, []string{"Commands:", "extract", "Exit status: 0 success, 1 error, 2 bad command line, 3 too many pages"}, nil},
		{"--help", []string{"--help"}, 0, []string{"Commands:", "--log-format"}, nil},
		{"help", []string{"help"}, 0, []string{"Commands:"}, nil},
		{"--version", []string{"--version"}, 0, []string{"objectrunner " + Version + "\n"}, nil},
		{"version", []string{"version"}, 0, []string{"objectrunner " + Version + "\n"}, nil},
		{"bare", nil, 2, nil, []string{"Commands:"}},
		{"bare dict", []string{"dict"}, 2, nil, []string{"objectrunner dict: missing subcommand", "import", "list", "stats", "lookup", "grow", "export"}},
		{"bare sod", []string{"sod"}, 2, nil, []string{"missing subcommand", "check"}},
		{"bare wrapper", []string{"wrapper"}, 2, nil, []string{"missing subcommand", "show"}},
		{"dict -h", []string{"dict", "-h"}, 0, []string{"objectrunner dict <command>", "lookup"}, nil},
		{"help dict", []string{"help", "dict"}, 0, []string{"objectrunner dict <command>", "export"}, nil},
		{"sod --help", []string{"sod", "--help"}, 0, []string{"check"}, nil},
		{"unknown dict command", []string{"dict", "nosuch"}, 2, nil, []string{`unknown dict command "nosuch"`, "import"}},
		{"unknown command", []string{"nosuch"}, 2, nil, []string{`unknown command "nosuch"`}},
		{"did you mean extract", []string{"extrct"}, 2, nil, []string{`unknown command "extrct"`, "Did you mean 'objectrunner extract'?"}},
		{"did you mean eval", []string{"evl", "--truth", "x"}, 2, nil, []string{"Did you mean 'objectrunner eval'?"}},
		{"did you mean a group", []string{"dcit", "import"}, 2, nil, []string{"Did you mean 'objectrunner dict'?"}},
		{"did you mean a prefix", []string{"extr"}, 2, nil, []string{"Did you mean 'objectrunner extract'?"}},
		{"did you mean dict lookup", []string{"dict", "lokup"}, 2, nil, []string{`unknown dict command "lokup"`, "Did you mean 'objectrunner dict lookup'?"}},
		{"help did you mean", []string{"help", "wraper"}, 2, nil, []string{"Did you mean 'wrapper'?"}},
		{"unknown global flag", []string{"--nosuch", "extract"}, 2, nil, []string{"flag provided but not defined: -nosuch"}},
		{"bad log level", []string{"--log-level", "loud", "version"}, 2, nil, []string{`unknown log level "loud"`}},
		{"bad log format", []string{"version", "--log-format", "xml"}, 2, nil, []string{"want text or json"}},
		{"usage error names -h", []string{"extract"}, 2, nil, []string{"--source is required", "Run 'objectrunner extract -h' for usage."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, out, stderr := runCLI(t, tc.args...)
			if status != tc.wantStatus {
				t.Fatalf("status %d, want %d\nstdout:\n%s\nstderr:\n%s", status, tc.wantStatus, out, stderr)
			}
			for _, w := range tc.wantOut {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tc.wantErr {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
		})
	}
}

// TestFlagsAfterArguments checks that flags are accepted after positional
// arguments, that "--" ends them, and that global flags work in both
// places.
func TestFlagsAfterArguments(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "dicts")
	list := filepath.Join(dir, "author.txt")
	os.WriteFile(list, []byte("Jane Austen\nToni Morrison\nÉmile Zola\n"), 0o644)
	if status, _, stderr := runCLI(t, "dict", "import", list, "--dir", store); status != 0 {
		t.Fatalf("import: %d %s", status, stderr)
	}
	dash := filepath.Join(dir, "-odd.txt")
	os.WriteFile(dash, []byte("X\n"), 0o644)
	for _, tc := range []struct {
		name       string
		args       []string
		wantStatus int
		wantOut    string
	}{
		{"flags after the class", []string{"dict", "list", "author", "--limit", "1", "--dir", store}, 0, "Émile Zola\t1\t0.80\n"},
		{"flags on both sides", []string{"dict", "list", "--dir", store, "author", "--limit=2"}, 0, "Émile Zola\t1\t0.80\nJane Austen\t1\t0.80\n"},
		{"global flag after the argument", []string{"dict", "list", "author", "--dir", store, "-q", "--limit", "1"}, 0, "Émile Zola\t1\t0.80\n"},
		{"global flag before the command", []string{"-q", "dict", "list", "author", "--dir", store, "--limit", "1"}, 0, "Émile Zola\t1\t0.80\n"},
		{"-- ends the flags", []string{"dict", "import", "--class", "odd", "--dir", store, "--", dash}, 0, dash + ": odd: 1 new, 0 updated, 0 unchanged, 0 skipped lines\n"},
		{"too many arguments", []string{"dict", "list", "author", "team", "--dir", store}, 2, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, out, stderr := runCLI(t, tc.args...)
			if status != tc.wantStatus || out != tc.wantOut {
				t.Errorf("%q: status %d, stdout %q; want %d, %q\nstderr:\n%s", tc.args, status, out, tc.wantStatus, tc.wantOut, stderr)
			}
		})
	}
}

// TestLogFlags checks --log-format json, --log-level and -q on a real
// extraction: JSON lines, levels filtered, -q hiding INFO and progress.
func TestLogFlags(t *testing.T) {
	src := filepath.Join("..", "..", "examples", "concerts-a")
	dicts := t.TempDir()
	base := []string{"extract", "--dict-dir", dicts, "--import", filepath.Join(src, "dictionaries"),
		"--sod", filepath.Join(src, "sod.toml"), "--source", filepath.Join(src, "pages"), "-o", filepath.Join(t.TempDir(), "out.jsonl")}
	t.Run("json", func(t *testing.T) {
		status, _, stderr := runCLI(t, append(base, "--log-format", "json")...)
		if status != 0 {
			t.Fatalf("status %d:\n%s", status, stderr)
		}
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		msgs := map[string]bool{}
		for _, l := range lines {
			var rec map[string]any
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Fatalf("stderr line is not JSON: %q (%v)", l, err)
			}
			msgs[rec["msg"].(string)] = true
		}
		for _, want := range []string{"wrapper learned", "extracted", "progress"} {
			if !msgs[want] {
				t.Errorf("no %q message in the JSON log:\n%s", want, stderr)
			}
		}
	})
	for _, tc := range []struct {
		name string
		flag []string
	}{{"-q", []string{"-q"}}, {"--log-level warn", []string{"--log-level", "warn"}}, {"-q before the command", nil}} {
		t.Run(tc.name, func(t *testing.T) {
			args := append(append([]string{}, base...), tc.flag...)
			if tc.flag == nil {
				args = append([]string{"-q"}, base...)
			}
			status, _, stderr := runCLI(t, args...)
			if status != 0 {
				t.Fatalf("status %d:\n%s", status, stderr)
			}
			if strings.Contains(stderr, "level=INFO") || strings.Contains(stderr, "progress") {
				t.Errorf("INFO or progress lines with %v:\n%s", tc.flag, stderr)
			}
		})
	}
	t.Run("debug", func(t *testing.T) {
		status, _, stderr := runCLI(t, append(base, "--log-level", "debug")...)
		if status != 0 || !strings.Contains(stderr, "level=INFO msg=extracted") {
			t.Errorf("status %d, stderr:\n%s", status, stderr)
		}
	})
}

// TestReport checks the JSON run report of a learning run, the exit
// status 3 of --max-unfit when a wrapper is applied to pages of another
// template, and the warning about a sample far below its target size.
func TestReport(t *testing.T) {
	ex := filepath.Join("..", "..", "examples")
	dicts := t.TempDir()
	dir := t.TempDir()
	wrapperFile := filepath.Join(dir, "w.json")
	reportFile := filepath.Join(dir, "report.json")
	status, _, stderr := runCLI(t, "extract", "-q", "--dict-dir", dicts, "--import", filepath.Join(ex, "bookdetail-a", "dictionaries"),
		"--sod", filepath.Join(ex, "bookdetail-a", "sod.toml"), "--source", filepath.Join(ex, "bookdetail-a", "pages"),
		"-o", filepath.Join(dir, "a.jsonl"), "--save-wrapper", wrapperFile, "--report", reportFile, "--preview", filepath.Join(dir, "preview"))
	if status != 0 {
		t.Fatalf("learn: status %d\n%s", status, stderr)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "preview", "index.html")); err != nil || !strings.Contains(string(b), "What the wrapper extracts: 20 page(s)") {
		t.Errorf("--preview: no index of the 20 sample pages (%v)", err)
	}
	var rep struct {
		ExitStatus int `json:"exit_status"`
		Pages      int `json:"pages"`
		Processed  int `json:"processed"`
		Objects    int `json:"objects"`
		Unfit      struct {
			Pages   int     `json:"pages"`
			Share   float64 `json:"share"`
			Reasons []struct {
				Reason   string   `json:"reason"`
				Pages    int      `json:"pages"`
				Examples []string `json:"examples"`
			} `json:"reasons"`
		} `json:"unfit"`
		Fields []struct {
			Field          string  `json:"field"`
			FillRate       float64 `json:"fill_rate"` // absent (0) for nested fields only
			MeanConfidence float64 `json:"mean_confidence"`
			Slots          int     `json:"slots"`
		} `json:"fields"`
		Sample *struct {
			Pages  int `json:"pages"`
			Target int `json:"target"`
			Types  []struct {
				Type string `json:"type"`
			} `json:"types"`
		} `json:"sample"`
		Wrapper *struct {
			Mode  string `json:"mode"`
			Slots int    `json:"slots"`
		} `json:"wrapper"`
		Timings     map[string]float64 `json:"timings_s"`
		Diagnostics []struct {
			Kind    string `json:"kind"`
			Message string `json:"message"`
		} `json:"diagnostics"`
		Error string `json:"error"`
	}
	read := func() {
		t.Helper()
		rep.Sample, rep.Wrapper, rep.Fields, rep.Diagnostics, rep.Error = nil, nil, nil, nil, ""
		b, err := os.ReadFile(reportFile)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &rep); err != nil {
			t.Fatalf("report is not JSON: %v\n%s", err, b)
		}
	}
	read()
	if rep.ExitStatus != 0 || rep.Pages != 82 || rep.Processed != 82 || rep.Objects != 82 || rep.Unfit.Pages != 0 {
		t.Errorf("learn report: %+v", rep)
	}
	want := map[string]bool{"title": true, "author": true, "isbn_13": true, "publisher": true, "publication_date": true}
	for _, f := range rep.Fields {
		if !want[f.Field] {
			t.Errorf("unexpected field %q in the report", f.Field)
		}
		delete(want, f.Field)
		if f.FillRate <= 0.9 || f.MeanConfidence <= 0 || f.MeanConfidence > 1 || f.Slots == 0 {
			t.Errorf("field %+v: want a fill rate above 0.9, a confidence in (0,1] and a slot", f)
		}
	}
	if len(want) > 0 {
		t.Errorf("fields missing from the report: %v", want)
	}
	if rep.Sample == nil || rep.Sample.Pages != 20 || rep.Sample.Target != 20 || len(rep.Sample.Types) != 5 {
		t.Errorf("sample summary: %+v", rep.Sample)
	}
	if rep.Wrapper == nil || rep.Wrapper.Mode != "page" || rep.Wrapper.Slots == 0 {
		t.Errorf("wrapper summary: %+v", rep.Wrapper)
	}
	for _, k := range []string{"sample", "induce", "extract"} {
		if _, ok := rep.Timings[k]; !ok {
			t.Errorf("no %s timing: %v", k, rep.Timings)
		}
	}

	// The wrapper on pages of another template: every page is unfit.
	other := filepath.Join(ex, "bookdetail-b", "pages")
	status, _, stderr = runCLI(t, "extract", "-q", "--wrapper", wrapperFile, "--source", other,
		"-o", filepath.Join(dir, "b.jsonl"), "--report", reportFile, "--max-unfit", "0.2")
	if status != 3 || !strings.Contains(stderr, "82 of 82 pages (100.0%) did not fit the wrapper, more than --max-unfit 0.2") {
		t.Errorf("--max-unfit 0.2: status %d, want 3; stderr:\n%s", status, stderr)
	}
	read()
	if rep.ExitStatus != 3 || rep.Unfit.Pages != 82 || rep.Unfit.Share != 1 || len(rep.Unfit.Reasons) == 0 ||
		rep.Unfit.Reasons[0].Reason == "" || len(rep.Unfit.Reasons[0].Examples) != 5 || rep.Sample != nil || !strings.Contains(rep.Error, "--max-unfit") {
		t.Errorf("unfit report: %+v", rep)
	}
	// Within the limit the run goes on, and fails only for having no objects.
	status, _, _ = runCLI(t, "extract", "-q", "--wrapper", wrapperFile, "--source", other, "-o", filepath.Join(dir, "b.jsonl"), "--max-unfit", "1",
		"--preview", filepath.Join(dir, "preview-b"), "--sample", "5")
	if status != 1 {
		t.Errorf("--max-unfit 1: status %d, want 1 (no objects)", status)
	}
	// The preview of pages that do not fit says why.
	if b, err := os.ReadFile(filepath.Join(dir, "preview-b", "index.html")); err != nil || !strings.Contains(string(b), "5 page(s)") || !strings.Contains(string(b), "did not fit: ") {
		t.Errorf("--preview with --wrapper: %v\n%s", err, b)
	}
	if status, _, _ := runCLI(t, "extract", "--wrapper", wrapperFile, "--source", other, "--max-unfit", "1.5"); status != 2 {
		t.Errorf("--max-unfit 1.5: status %d, want 2", status)
	}

	// A 3-page source: far below the sample's target of 20.
	tiny := t.TempDir()
	for _, n := range []string{"0000.html", "0001.html", "0002.html"} {
		b, err := os.ReadFile(filepath.Join(ex, "bookdetail-a", "pages", n))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(tiny, n), b, 0o644)
	}
	status, _, stderr = runCLI(t, "extract", "--log-level", "warn", "--dict-dir", dicts, "--sod", filepath.Join(ex, "bookdetail-a", "sod.toml"),
		"--source", tiny, "-o", filepath.Join(dir, "tiny.jsonl"), "--report", reportFile)
	read()
	const warn = "the sample has 3 pages, far below its target of 20"
	found := false
	for _, d := range rep.Diagnostics {
		found = found || d.Kind == "small-sample" && strings.Contains(d.Message, warn)
	}
	if !strings.Contains(stderr, warn) || !found {
		t.Errorf("tiny source (status %d): no warning about the sample size\nstderr:\n%s\ndiagnostics: %+v", status, stderr, rep.Diagnostics)
	}
}

// TestProgress drives the progress display with a fake clock: a bar with
// rate and ETA on a terminal, log lines every few seconds otherwise.
func TestProgress(t *testing.T) {
	now := time.Unix(0, 0)
	clock := func() time.Time { return now }
	t.Run("terminal", func(t *testing.T) {
		var b bytes.Buffer
		m := &Main{Stderr: &b}
		m.setupLog(nil)
		p := &progress{w: &b, tty: true, log: m.Log, now: clock}
		m.progress = p
		p.update("extract", 0, 100)
		now = now.Add(2 * time.Second)
		p.update("extract", 50, 100)
		if got := b.String(); !strings.Contains(got, "\rextract [============            ] 50/100  50%  25.0 pages/s  ETA 2s\x1b[K") {
			t.Errorf("bar at 50%%: %q", got)
		}
		b.Reset()
		m.Log.Info("hello")
		if got := b.String(); !strings.HasPrefix(got, "\r\x1b[K") || !strings.Contains(got, "msg=hello\n\rextract [") {
			t.Errorf("a log line must clear the bar and redraw it below: %q", got)
		}
		b.Reset()
		now = now.Add(time.Second)
		p.update("extract", 100, 100)
		if got := b.String(); !strings.HasSuffix(got, "100/100 100%  33.3 pages/s\x1b[K\n") {
			t.Errorf("completed bar: %q", got)
		}
	})
	t.Run("plain", func(t *testing.T) {
		var b bytes.Buffer
		m := &Main{Stderr: &b}
		m.setupLog(nil)
		p := &progress{w: &b, tty: false, log: m.Log, now: clock}
		m.progress = p
		start := now
		for i := 0; i <= 1000; i++ {
			now = start.Add(time.Duration(i) * 20 * time.Millisecond) // 20 s in all
			p.update("extract", i, 1000)
		}
		lines := strings.Split(strings.TrimSpace(b.String()), "\n")
		// One line every 5 s (at 5, 10, 15 s) and one at the end.
		if len(lines) != 4 || !strings.Contains(lines[0], "msg=progress stage=extract done=250 total=1000 pages_per_s=50.0 eta=15s") ||
			!strings.Contains(lines[3], "done=1000 total=1000") || strings.Contains(b.String(), "\r") {
			t.Errorf("plain progress lines:\n%s", b.String())
		}
	})
}
