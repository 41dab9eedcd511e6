package mapping

import (
	"strings"
	"sync"

	"github.com/objectrunner/objectrunner/recognizers"
)

// A value's text is searched by its field's predefined recognizer two to
// four times while one object is built: carve looks for the longest then
// the first instance (share.go, firstinst.go), value takes the normalised
// form (validateValue) and agree checks the type again (Recognized), each
// time on the same text. memoRecognizer remembers the last few searches of
// a predefined recognizer (a pure function of the text: it never fails) so
// that the search runs once. The remembered texts and normalised forms are
// copies: a page's text is recycled once its objects are built.
type memoRecognizer struct {
	r    recognizers.Recognizer
	mu   sync.Mutex
	ents [memoEntries]memoEntry
	next int
}

// memoEntries is how many searches a memoRecognizer remembers: the values
// of one object (and of the objects of the other worker).
const memoEntries = 8

// memoMaxText is the longest text a memoRecognizer remembers (values are
// short; a page's whole text is not worth a copy).
const memoMaxText = 256

type memoEntry struct {
	text string
	ms   []recognizers.Match
	ok   bool
}

// memoPredefined wraps a predefined recognizer in a memoRecognizer.
func memoPredefined(r recognizers.Recognizer) recognizers.Recognizer {
	return &memoRecognizer{r: r}
}

// Name implements recognizers.Recognizer.
func (m *memoRecognizer) Name() string { return m.r.Name() }

// Find implements recognizers.Recognizer: r's matches of text, remembered
// for a later search of the same text. A remembered search's slice is
// shared, never changed (an entry is replaced whole): the callers, this
// package's readers of Valid (longestMatch, firstMatch, longestInstance,
// covered, foreignInstance...), only read it.
func (m *memoRecognizer) Find(text string) ([]recognizers.Match, error) {
	if len(text) > memoMaxText {
		return m.r.Find(text)
	}
	m.mu.Lock()
	for i := range m.ents {
		if e := &m.ents[i]; e.ok && e.text == text {
			ms := e.ms
			m.mu.Unlock()
			return ms, nil
		}
	}
	m.mu.Unlock()
	ms, err := m.r.Find(text)
	if err != nil {
		return ms, err
	}
	kept := make([]recognizers.Match, len(ms))
	for i, x := range ms {
		x.Normalized = strings.Clone(x.Normalized)
		x.Recognizer = strings.Clone(x.Recognizer)
		kept[i] = x
	}
	m.mu.Lock()
	m.ents[m.next] = memoEntry{text: strings.Clone(text), ms: kept, ok: true}
	m.next = (m.next + 1) % memoEntries
	m.mu.Unlock()
	return ms, nil
}
