package dictionaries

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unsafe"
)

// Format is the layout of an imported or exported word list.
type Format int

const (
	// FormatList has one entry per line.
	FormatList Format = iota
	// FormatTSV has one entry per line, a tab, its count, and optionally a
	// tab and its confidence. A first line whose count column reads "count"
	// is a header.
	FormatTSV
)

func (f Format) String() string {
	if f == FormatTSV {
		return "tsv"
	}
	return "list"
}

// ParseFormat parses "list" or "tsv".
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "list", "txt":
		return FormatList, nil
	case "tsv":
		return FormatTSV, nil
	}
	return 0, fmt.Errorf("unknown format %q (want list or tsv)", s)
}

// FormatOf guesses a file's format from its extension: .tsv is TSV, anything
// else a plain list.
func FormatOf(path string) Format {
	if strings.EqualFold(filepath.Ext(path), ".tsv") {
		return FormatTSV
	}
	return FormatList
}

// ImportOptions tune Import.
type ImportOptions struct {
	// Format of the input (default FormatList).
	Format Format
	// Source names the input in provenance; re-importing the same source
	// changes nothing. ImportFile sets it to the file's absolute path.
	Source string
	// Confidence given to entries without one (default: the store's
	// ImportConfidence).
	Confidence float64
	// Progress, if set, is called after each batch with the totals so far.
	Progress func(ImportReport)
	// Warn, if set, is called for each line skipped for a reason worth
	// telling (a line longer than MaxLineBytes), with its 1-based number.
	Warn func(line int, msg string)
}

// MaxLineBytes is the longest line Import accepts; longer lines are skipped
// (counted in ImportReport.TooLong, told to ImportOptions.Warn) and the
// import goes on. No dictionary entry is that long: such a line is a
// paragraph or binary data that crept into the list.
const MaxLineBytes = 64 << 10

// ImportReport says what an import did.
type ImportReport struct {
	Class  string
	Source string
	// Lines read, and Skipped: blank lines, lines that normalise to "" and
	// lines longer than MaxLineBytes (TooLong counts those).
	Lines, Skipped, TooLong int
	// Entry lines that created an entry (New), changed one (Updated: a new
	// source, count or confidence), or changed nothing (Unchanged: the
	// entry already holds this source with this count, e.g. a re-import).
	New, Updated, Unchanged int
	// Batches written and durable.
	Batches int
}

// ImportFile imports the word list at path into class (created if needed).
// With opts.Format zero the format follows the extension (see FormatOf).
func (s *Store) ImportFile(ctx context.Context, class, path string, opts ImportOptions) (ImportReport, error) {
	f, err := os.Open(path)
	if err != nil {
		return ImportReport{Class: class}, err
	}
	defer f.Close()
	if opts.Format == FormatList {
		opts.Format = FormatOf(path)
	}
	if opts.Source == "" {
		if abs, err := filepath.Abs(path); err == nil {
			opts.Source = abs
		} else {
			opts.Source = path
		}
	}
	rep, err := s.Import(ctx, class, f, opts)
	if err != nil {
		return rep, fmt.Errorf("%s: %w", path, err)
	}
	return rep, nil
}

// Import reads a word list from r into class (created if needed), one
// batch at a time (Options.BatchSize lines when set, else DefaultBulkSize):
// the batch's names new to the class go into one bulk segment, the others
// (already in the class) are merged into their entries in Bleve. Each
// completed batch is durable; on error or cancellation the report counts
// the completed batches only.
func (s *Store) Import(ctx context.Context, class string, r io.Reader, opts ImportOptions) (ImportReport, error) {
	rep := ImportReport{Class: class, Source: opts.Source}
	if s.opts.ReadOnly {
		return rep, fmt.Errorf("dictionary %s is open read-only", s.dir)
	}
	idx, err := s.index(class, true)
	if err != nil {
		return rep, err
	}
	conf := opts.Confidence
	if conf <= 0 || conf > 1 {
		conf = s.opts.ImportConfidence
	}
	prov := Provenance{Kind: "import", Source: opts.Source}
	lr := newLineReader(r, MaxLineBytes)
	batch := make([]bulkItem, 0, min(s.bulkSize, 1<<16))
	var strs strArena
	var pendingLines, pendingSkipped int
	flush := func() error {
		res, err := s.importBatch(idx, class, prov, batch)
		if err != nil {
			return err
		}
		rep.New += res.New
		rep.Updated += res.Updated
		rep.Unchanged += res.Unchanged
		rep.Lines += pendingLines
		rep.Skipped += pendingSkipped
		if len(batch) > 0 {
			rep.Batches++
		}
		pendingLines, pendingSkipped = 0, 0
		clear(batch)
		batch = batch[:0]
		strs = strArena{}
		if opts.Progress != nil {
			opts.Progress(rep)
		}
		return ctx.Err()
	}
	line := 0
	for {
		raw, long, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return rep, fmt.Errorf("line %d: %w", line+1, err)
		}
		line++
		pendingLines++
		if long {
			pendingSkipped++
			rep.TooLong++
			if opts.Warn != nil {
				opts.Warn(line, fmt.Sprintf("longer than %d bytes: skipped", MaxLineBytes))
			}
			continue
		}
		// The line's text is only looked at here: what a batch keeps is
		// copied into its arena.
		text := strings.TrimSuffix(unsafe.String(unsafe.SliceData(raw), len(raw)), "\r")
		if line == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		it := bulkItem{count: 1, conf: conf}
		if opts.Format == FormatTSV {
			cols := strings.Split(text, "\t")
			if len(cols) < 2 {
				if strings.TrimSpace(text) == "" {
					pendingSkipped++
					continue
				}
				return rep, fmt.Errorf("line %d: want value<TAB>count[<TAB>confidence], got %d column(s)", line, len(cols))
			}
			if line == 1 && strings.EqualFold(strings.TrimSpace(cols[1]), "count") {
				pendingSkipped++
				continue
			}
			n, err := strconv.Atoi(strings.TrimSpace(cols[1]))
			if err != nil || n < 1 {
				return rep, fmt.Errorf("line %d: count %q is not a positive integer", line, cols[1])
			}
			it.count = n
			if len(cols) > 2 && strings.TrimSpace(cols[2]) != "" {
				c, err := strconv.ParseFloat(strings.TrimSpace(cols[2]), 64)
				if err != nil || c <= 0 || c > 1 {
					return rep, fmt.Errorf("line %d: confidence %q is not a number in (0,1]", line, cols[2])
				}
				it.conf = c
			}
			text = cols[0]
		}
		orig := strings.TrimSpace(text)
		norm := Normalize(orig)
		if norm == "" {
			pendingSkipped++
			continue
		}
		it.original, it.norm = strs.add(orig), strs.add(norm)
		batch = append(batch, it)
		if len(batch) >= s.bulkSize {
			if err := flush(); err != nil {
				return rep, err
			}
		}
	}
	if len(batch) > 0 || pendingLines > 0 {
		if err := flush(); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

// strArena holds the strings of an import batch in large blocks: a batch
// of 500,000 names costs their bytes plus two string headers each, not two
// heap objects per line (with their size classes' rounding), which the
// garbage collector would also scan and double.
type strArena struct {
	buf []byte
}

// add returns a copy of s in the arena. Blocks are never written again
// once their bytes are handed out, so the strings stay valid for as long
// as they are referenced.
func (a *strArena) add(s string) string {
	if s == "" {
		return ""
	}
	if len(a.buf)+len(s) > cap(a.buf) {
		a.buf = make([]byte, 0, max(1<<20, len(s)))
	}
	a.buf = append(a.buf, s...)
	return unsafe.String(&a.buf[len(a.buf)-len(s)], len(s))
}

// lineReader reads lines of at most max bytes; a longer line is consumed
// whole and reported as long, without keeping it in memory.
type lineReader struct {
	r   *bufio.Reader
	max int
	buf []byte
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns the next line without its "\n" (the slice is valid until the
// following call), or long when it was over max bytes, or io.EOF.
func (lr *lineReader) next() (line []byte, long bool, err error) {
	lr.buf = lr.buf[:0]
	for {
		frag, err := lr.r.ReadSlice('\n')
		if !long {
			if len(lr.buf)+len(frag) > lr.max+1 { // +1: the "\n"
				long, lr.buf = true, lr.buf[:0]
			} else {
				lr.buf = append(lr.buf, frag...)
			}
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
			if long {
				return nil, true, nil
			}
			return lr.buf[:len(lr.buf)-1], false, nil
		case io.EOF:
			if long || len(lr.buf) > lr.max { // a last line without "\n"
				return nil, true, nil
			}
			if len(lr.buf) == 0 {
				return nil, false, io.EOF
			}
			return lr.buf, false, nil
		default:
			return nil, false, err
		}
	}
}
