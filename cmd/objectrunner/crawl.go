package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/objectrunner/objectrunner/crawl"
)

// runCrawl fetches a site politely into a WARC file (see package crawl).
func (m *Main) runCrawl(ctx context.Context, args []string) error {
	fs := m.newFlagSet("crawl", "URL...",
		"Crawl a web site politely from its start URLs and/or sitemaps and store every\n"+
			"exchange (request, response, metadata) in a WARC file, the web archiving format\n"+
			"that every --source takes. Only the allowed hosts are ever requested (default:\n"+
			"those of the start URLs); robots.txt is obeyed; one request at a time per host,\n"+
			"--delay apart; 5xx, 429 and network errors are retried with doubling backoff;\n"+
			"redirects are recorded and followed as pages of their own. Writing to an existing\n"+
			"WARC file resumes the crawl: what it holds is not fetched again.\n\n"+
			"With --sod, one command goes from a URL to objects: the crawl is followed by\n"+
			"'extract --templates' on the WARC file (the site's pages are grouped by template,\n"+
			"each template is sampled, and the one whose sample best satisfies the SOD is learned\n"+
			"and extracted),\n"+
			"-o names the objects file and --warc the WARC file.")
	out := fs.String("o", "", "WARC file to write or resume (.warc.gz or .warc); with --sod, the objects file\n(required; its directory is created)")
	sodPath := fs.String("sod", "", "after crawling, extract the objects of this SOD from the crawled pages (extract --templates)")
	warcOut := fs.String("warc", "", "with --sod: the WARC file to write or resume (default: -o with the extension .warc.gz)")
	// Flags handed to extract with --sod, as given.
	var passed []string
	for _, f := range []struct{ name, help string }{
		{"import", "with --sod: import the word lists in this directory or file into the dictionary store first; repeatable (as extract --import)"},
		{"dict-dir", "with --sod: dictionary store directory (as extract --dict-dir)"},
		{"format", "with --sod: output format jsonl, json or csv (as extract --format)"},
		{"report", "with --sod: write extract's JSON run report to this file (as extract --report)"},
		{"save-wrapper", "with --sod: save the learned wrapper to this file (as extract --save-wrapper)"},
		{"min-confidence", "with --sod: leave out values below this confidence (as extract --min-confidence)"},
	} {
		fs.Func(f.name, f.help, func(v string) error {
			passed = append(passed, "--"+f.name, v)
			return nil
		})
	}
	var sitemaps, includes, excludes stringList
	fs.Var(&sitemaps, "sitemap", "sitemap.xml (or sitemap index) URL whose pages are start URLs; repeatable")
	allow := fs.String("allow", "", "hosts that may be requested, comma-separated: example.com (and its subdomains, any\nport) or host:port (default: the hosts of the start URLs and sitemaps)")
	fs.Var(&includes, "include", "only fetch URLs matching this regular expression (RE2); repeatable (any matches)")
	fs.Var(&excludes, "exclude", "never fetch URLs matching this regular expression; repeatable")
	maxDepth := fs.Int("max-depth", 0, "most link hops from a start URL (0: no limit)")
	maxPages := fs.Int("max-pages", 0, "most URLs fetched, counting those already in the WARC file (0: no limit)")
	delay := fs.Duration("delay", crawl.DefaultDelay, "wait between two requests to one host")
	concurrency := fs.Int("concurrency", crawl.DefaultConcurrency, "requests in flight at once, to different hosts (one per host)")
	userAgent := fs.String("user-agent", crawl.DefaultUserAgent, "User-Agent sent, also matched against robots.txt")
	retries := fs.Int("retries", crawl.DefaultRetries, "retries of a 5xx, 429 or failed request (0: none)")
	backoff := fs.Duration("backoff", crawl.DefaultBackoff, "wait before the first retry, doubled for each next one")
	timeout := fs.Duration("timeout", crawl.DefaultTimeout, "time limit of one fetch")
	ignoreRobots := fs.Bool("ignore-robots", false, "do not obey robots.txt (only for sites you own)")
	recrawl := fs.Bool("recrawl", false, "revalidate the pages already in the WARC file with conditional requests\n(ETag, Last-Modified): unchanged pages answer 304 and are kept, changed ones are stored anew")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case *out == "" && *sodPath != "":
		return usagef("-o FILE is required: the objects file (the WARC file is --warc)")
	case *out == "":
		return usagef("-o FILE.warc.gz is required")
	case *sodPath == "" && (*warcOut != "" || len(passed) > 0):
		return usagef("--warc, --import, --dict-dir, --format, --report, --save-wrapper and --min-confidence go with --sod")
	case fs.NArg() == 0 && len(sitemaps) == 0:
		return usagef("give start URLs or --sitemap")
	case *delay < 0 || *backoff < 0 || *timeout <= 0:
		return usagef("--delay and --backoff must not be negative, --timeout must be positive")
	case *maxDepth < 0 || *maxPages < 0 || *retries < 0:
		return usagef("--max-depth, --max-pages and --retries must not be negative")
	}
	warcPath := *out
	if *sodPath != "" {
		warcPath = *warcOut
		if warcPath == "" {
			warcPath = strings.TrimSuffix(*out, filepath.Ext(*out)) + ".warc.gz"
		}
		if filepath.Clean(warcPath) == filepath.Clean(*out) {
			return usagef("--warc %s is the objects file -o: give another", warcPath)
		}
	}
	cfg := crawl.Config{Start: fs.Args(), Sitemaps: sitemaps, Out: warcPath, MaxDepth: *maxDepth, MaxPages: *maxPages,
		Delay: *delay, Concurrency: *concurrency, UserAgent: *userAgent, Retries: *retries, Backoff: *backoff,
		Timeout: *timeout, IgnoreRobots: *ignoreRobots, Recrawl: *recrawl, Software: "objectrunner/" + Version}
	if *delay == 0 {
		cfg.Delay = time.Nanosecond // no wait (0 selects the default)
	}
	if *retries == 0 {
		cfg.Retries = -1
	}
	if *backoff == 0 {
		cfg.Backoff = time.Nanosecond
	}
	for _, a := range strings.Split(*allow, ",") {
		if a = strings.TrimSpace(a); a != "" {
			cfg.Allowed = append(cfg.Allowed, a)
		}
	}
	for _, l := range []struct {
		name string
		in   []string
		out  *[]*regexp.Regexp
	}{{"--include", includes, &cfg.Include}, {"--exclude", excludes, &cfg.Exclude}} {
		for _, s := range l.in {
			re, err := regexp.Compile(s)
			if err != nil {
				return usagef("%s %q: %v", l.name, s, err)
			}
			*l.out = append(*l.out, re)
		}
	}
	// The output files' directories are created (out/site.warc.gz).
	for _, f := range []string{warcPath, *out} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			return err
		}
	}
	pr := m.startProgress()
	if pr != nil {
		cfg.Progress = func(st crawl.Stats) { pr.update("crawl", st.Answered, st.Queued+1) }
	}
	start := time.Now()
	st, err := crawl.Crawl(ctx, cfg)
	m.stopProgress()
	if st != nil {
		m.Log.Info("crawled", "warc", warcPath, "fetched", st.Fetched, "pages_200", st.Pages, "errors", st.Errors, "retries", st.Retries,
			"redirects", st.Redirects, "robots_refused", st.Robots, "offsite_links", st.Offsite, "filtered", st.Filtered,
			"resumed", st.Resumed, "not_modified", st.NotModified, "time", time.Since(start).Round(time.Millisecond))
		if st.FirstError != "" {
			m.Log.Warn("URLs failed", "count", st.Errors, "first", st.FirstError)
		}
		if st.Resumed > 0 {
			// Said in words: a second crawl to the same file (the README's
			// crawl, then crawl --sod) fetches nothing, which surprises.
			m.Log.Info(fmt.Sprintf("resumed %s: its %d URLs were not fetched again, %d new ones were (delete the file to crawl afresh)", warcPath, st.Resumed, st.Fetched))
		}
		if err == nil && st.Pages == 0 && st.Resumed == 0 {
			err = fmt.Errorf("no page fetched (status 200)")
		}
	}
	if err != nil && errors.Is(err, context.Canceled) {
		return fmt.Errorf("interrupted: run the same command again to resume (%s keeps what was fetched): %w", warcPath, err)
	}
	if err != nil || *sodPath == "" {
		return err
	}
	// The extract stage, as 'extract --templates' on the WARC file.
	xargs := append([]string{"--sod", *sodPath, "--source", warcPath, "--templates", "-o", *out}, passed...)
	m.Log.Info("extracting from the crawl", "args", strings.Join(xargs, " "))
	return m.runExtract(ctx, xargs)
}
