package recognizers

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
	"github.com/objectrunner/objectrunner/sod"
)

// DefaultTimeout bounds one user regular-expression search over one text when
// the SOD gives no timeout.
const DefaultTimeout = time.Second

// Regex recognises the matches of a user regular expression. The syntax is
// regexp2's default, the Perl/.NET dialect (lookaround, backreferences, lazy
// quantifiers, named groups "(?<name>…)", also written "(?P<name>…)" as in
// Python: sod.CanonicalPattern). When the pattern has a group named
// "value", the matched value is that group rather than the whole match, e.g.
// `ISBN:\s*(?<value>\d{13})`; such a value, taken out of its context, is
// checked by CheckValue against the group's own sub-pattern.
//
// A Regex is safe for concurrent use.
type Regex struct {
	re      *regexp2.Regexp
	pattern string
	timeout time.Duration
	value   int           // group number of "value", or 0 for the whole match
	clock   *atomic.Int64 // the pattern's search time (RegexTime)
	// valueRe is the value group's sub-pattern alone (nil without a value
	// group, or when the sub-pattern does not compile alone: a
	// backreference to a group outside it).
	valueRe *regexp2.Regexp
}

// regexClocks holds, by pattern, the time every Regex of that pattern has
// spent searching in this process (RegexTime).
var regexClocks sync.Map // string → *atomic.Int64

func clockOf(pattern string) *atomic.Int64 {
	if c, ok := regexClocks.Load(pattern); ok {
		return c.(*atomic.Int64)
	}
	c, _ := regexClocks.LoadOrStore(pattern, new(atomic.Int64))
	return c.(*atomic.Int64)
}

// RegexTime returns the time the searches of every Regex with this pattern
// have taken in this process so far, those that timed out included. A run
// takes the difference over its pages to budget a pattern that is slow
// without ever reaching its timeout (objectrunner's slow-regex
// diagnostic); runs of one pattern in parallel share it.
func RegexTime(pattern string) time.Duration {
	return time.Duration(clockOf(pattern).Load())
}

// NewRegex compiles pattern. ignoreCase makes it case-insensitive; timeout
// bounds one Find (0 means DefaultTimeout).
func NewRegex(pattern string, ignoreCase bool, timeout time.Duration) (*Regex, error) {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	var opts regexp2.RegexOptions
	if ignoreCase {
		opts |= regexp2.IgnoreCase
	}
	canon := sod.CanonicalPattern(pattern)
	re, err := regexp2.Compile(canon, opts)
	if err != nil {
		return nil, fmt.Errorf("regex %q: %w", pattern, err)
	}
	re.MatchTimeout = timeout
	r := &Regex{re: re, pattern: pattern, timeout: timeout, clock: clockOf(pattern)}
	if n := re.GroupNumberFromName(sod.ValueGroup); n > 0 {
		r.value = n
		if sub, ok := sod.ValueSubpattern(canon); ok {
			if vr, err := regexp2.Compile(`^\s*(?:`+sub+`)\s*$`, opts); err == nil {
				vr.MatchTimeout = timeout
				r.valueRe = vr
			}
		}
	}
	return r, nil
}

// CheckValue implements ValueChecker. A value found through a group named
// "value" is only part of the match (`(?<value>\d+) pages` gives "320" of
// "320 pages"), so Find, which needs the whole context, cannot recognise
// it again: the value is an instance when the group's own sub-pattern
// matches the whole of it (spaces at its edges aside). Without a value group, or when the sub-pattern does
// not compile alone, it is Find's answer.
func (r *Regex) CheckValue(value string) (bool, error) {
	if r.valueRe != nil {
		ok, err := r.valueRe.MatchString(value)
		if err != nil {
			return false, r.timeoutError(value)
		}
		return ok, nil
	}
	ms, err := r.Find(value)
	return len(ms) > 0, err
}

// Name implements Recognizer: it is "regex".
func (r *Regex) Name() string { return "regex" }

// Pattern returns the source of the regular expression.
func (r *Regex) Pattern() string { return r.pattern }

// Timeout returns the bound on one Find.
func (r *Regex) Timeout() time.Duration { return r.timeout }

// Find implements Recognizer. Empty matches are skipped. It fails when the
// whole search takes longer than the timeout, twice; the error names the
// pattern. The timeout is wall-clock time, which a loaded machine
// stretches (a goroutine not scheduled for a second): a search that times
// out is run once more, so that the result does not depend on the load,
// while a pattern that really backtracks fails both times.
func (r *Regex) Find(text string) ([]Match, error) {
	ms, err := r.find(text)
	var te *timeoutError
	if err != nil && errors.As(err, &te) {
		ms, err = r.find(text)
	}
	return ms, err
}

// timeoutError is the error of a search that timed out.
type timeoutError struct{ msg string }

func (e *timeoutError) Error() string { return e.msg }

// find is one search of Find.
func (r *Regex) find(text string) ([]Match, error) {
	runes := []rune(text) // invalid bytes become one U+FFFD each, as in a range loop
	start := time.Now()
	defer func() { r.clock.Add(int64(time.Since(start))) }()
	var out []Match
	// Conversion from rune indexes to byte offsets walks forward once:
	// matches come in increasing order.
	ri, bi := 0, 0
	byteOf := func(idx int) int {
		if idx < ri { // a lookbehind group may start before the previous one
			ri, bi = 0, 0
		}
		for ri < idx && bi < len(text) {
			_, n := utf8.DecodeRuneInString(text[bi:])
			bi += n
			ri++
		}
		return bi
	}
	m, err := r.re.FindRunesMatch(runes)
	for {
		if err != nil {
			if strings.HasPrefix(err.Error(), "match timeout") {
				return nil, r.timeoutError(text)
			}
			return nil, fmt.Errorf("regex %q: %w", r.pattern, err)
		}
		if m == nil {
			return out, nil
		}
		g := &m.Group
		if r.value > 0 {
			g = m.GroupByNumber(r.value)
		}
		if g != nil && g.Length > 0 && len(g.Captures) > 0 {
			s := byteOf(g.Index)
			e := byteOf(g.Index + g.Length)
			if len(out) == 0 || s >= out[len(out)-1].End {
				out = append(out, Match{Start: s, End: e, Recognizer: "regex", Confidence: 1})
			}
		}
		if time.Since(start) > r.timeout {
			return nil, r.timeoutError(text)
		}
		m, err = r.re.FindNextMatch(m)
	}
}

func (r *Regex) timeoutError(text string) error {
	p := r.pattern
	if len(p) > 80 {
		p = p[:77] + "..."
	}
	return &timeoutError{fmt.Sprintf("regex %q timed out after %v on a text of %d bytes (simplify the pattern or raise its timeout)",
		strings.ToValidUTF8(p, "?"), r.timeout, len(text))}
}
