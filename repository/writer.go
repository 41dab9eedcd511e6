package repository

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// WriterOptions tune a Writer. The zero value is ready to use.
type WriterOptions struct {
	// PageText returns the visible text of a page (its path relative to
	// the source root), indexed for keyword queries. Default: the page is
	// read again from the root and cleaned as extraction does
	// (annotate.ReadPage, annotate.Text).
	PageText func(page string) (string, error)
	// BatchSize is how many objects go into one Bleve batch (default 500).
	BatchSize int
	// SODText is the SOD's source text, kept in the manifest so that
	// queries and the web form know its fields. Default: read from the
	// SOD's file (its hash must still match).
	SODText string
	// Batched, when set, is called after each batch is written, with the
	// number of objects written so far.
	Batched func(objects int)
}

// Writer indexes the objects of one source into a new index directory,
// which Commit swaps in for the source's previous objects in one step.
// Nothing is visible to readers before Commit; a crash before it leaves the
// previous objects as they were. A Writer is used from one goroutine.
type Writer struct {
	dir    string
	sod    *sod.SOD
	sodTxt string
	fields []Field
	norm   *normalizer
	source string
	root   string
	opts   WriterOptions

	tmp   string
	idx   bleve.Index
	batch *bleve.Batch
	n     int

	lastPage, lastText string
	done               bool
}

// NewWriter starts indexing the objects of source (a name, unique per SOD
// in the repository) extracted with s from the pages under root, in the
// repository directory dir (created if needed).
func NewWriter(dir string, s *sod.SOD, source, root string, opts WriterOptions) (*Writer, error) {
	if s == nil {
		return nil, errors.New("repository: indexing needs the SOD")
	}
	if source == "" {
		return nil, errors.New("repository: a source needs a name")
	}
	text, err := sodText(s, opts.SODText)
	if err != nil {
		return nil, err
	}
	if opts.BatchSize <= 0 {
		opts.BatchSize = 500
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(dir, indexDir), 0o755); err != nil {
		return nil, fmt.Errorf("repository: %w", err)
	}
	w := &Writer{dir: dir, sod: s, sodTxt: text, fields: Fields(s), norm: newNormalizer(),
		source: source, root: absRoot, opts: opts}
	if w.opts.PageText == nil {
		w.opts.PageText = w.readPageText
	}
	w.tmp = filepath.Join(dir, indexDir, tmpPrefix+strconv.Itoa(os.Getpid())+"-"+safeName(s.Name)+"--"+safeName(source)+"--"+randomSuffix())
	w.idx, err = bleve.NewUsing(w.tmp, indexMapping(w.fields), scorch.Name, scorch.Name, nil)
	if err != nil {
		os.RemoveAll(w.tmp)
		return nil, fmt.Errorf("repository: creating an index for %s: %w", source, err)
	}
	w.batch = w.idx.NewBatch()
	return w, nil
}

// sodText returns the SOD's source text, checked against its hash.
func sodText(s *sod.SOD, given string) (string, error) {
	text := given
	if text == "" {
		if s.File == "" {
			return "", errors.New("repository: the SOD was not loaded from a file: give its text (WriterOptions.SODText)")
		}
		b, err := os.ReadFile(s.File)
		if err != nil {
			return "", fmt.Errorf("repository: reading the SOD: %w", err)
		}
		text = string(b)
	}
	if sum := sha256.Sum256([]byte(text)); hex.EncodeToString(sum[:]) != s.Hash {
		return "", fmt.Errorf("repository: the SOD %s changed since it was loaded", s.File)
	}
	return text, nil
}

// readPageText reads a page of the source and returns its visible text.
func (w *Writer) readPageText(page string) (string, error) {
	p, err := annotate.ReadPage(filepath.Join(w.root, filepath.FromSlash(page)), page, annotate.LoadOptions{})
	if err != nil {
		return "", err
	}
	return annotate.Text(p.Doc), nil
}

// Add indexes one object. Objects of a page should come together (as
// extraction emits them): the page's text is read once per run of them.
func (w *Writer) Add(o *wrapper.Object) error {
	if w.done {
		return errors.New("repository: writer already committed or aborted")
	}
	if o.Page != w.lastPage || w.n == 0 {
		text, err := w.opts.PageText(o.Page)
		if err != nil {
			// The object is still worth finding by its fields.
			text = ""
		}
		w.lastPage, w.lastText = o.Page, text
	}
	doc, err := document(w.sod.Name, w.source, w.fields, w.norm, o, w.lastText)
	if err != nil {
		return err
	}
	if err := w.batch.Index(docID(w.sod.Name, w.source, o.Page, o.Index), doc); err != nil {
		return fmt.Errorf("repository: indexing %s#%d: %w", o.Page, o.Index, err)
	}
	w.n++
	if w.batch.Size() >= w.opts.BatchSize {
		return w.flush()
	}
	return nil
}

// flush writes the pending batch (durably: Bleve's safe batches return
// once the segment is persisted).
func (w *Writer) flush() error {
	if w.batch.Size() == 0 {
		return nil
	}
	if err := w.idx.Batch(w.batch); err != nil {
		return fmt.Errorf("repository: writing a batch: %w", err)
	}
	w.batch.Reset()
	if w.opts.Batched != nil {
		w.opts.Batched(w.n)
	}
	return nil
}

// Objects returns the number of objects added so far.
func (w *Writer) Objects() int { return w.n }

// testHookCommitted, when set (by tests), runs after the new index is
// renamed into place and before the manifest names it: the point where a
// crash leaves an unnamed index directory behind.
var testHookCommitted func()

// Commit makes the source's objects visible: the index is closed, moved to
// its final name and named in the manifest in place of the source's
// previous index, which is then removed. pages is the number of pages of
// the source, recorded in the manifest.
func (w *Writer) Commit(pages int) (*SourceEntry, error) {
	if w.done {
		return nil, errors.New("repository: writer already committed or aborted")
	}
	w.done = true
	err := w.flush()
	if cerr := w.idx.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.RemoveAll(w.tmp)
		return nil, err
	}
	e := &SourceEntry{SOD: w.sod.Name, Name: w.source, Root: w.root, Objects: w.n, Pages: pages,
		SODHash: w.sod.Hash, Indexed: time.Now().UTC().Truncate(time.Second)}
	e.Index = safeName(w.sod.Name) + "--" + safeName(w.source) + "--" + randomSuffix()
	err = updateManifest(w.dir, func(m *Manifest) error {
		if err := os.Rename(w.tmp, filepath.Join(w.dir, indexDir, e.Index)); err != nil {
			return err
		}
		if err := syncDir(filepath.Join(w.dir, indexDir)); err != nil {
			return err
		}
		if testHookCommitted != nil {
			testHookCommitted()
		}
		m.SODs[w.sod.Name] = &SODEntry{Name: w.sod.Name, File: w.sod.File, Hash: w.sod.Hash, Text: w.sodTxt}
		m.put(e)
		return nil
	})
	if err != nil {
		os.RemoveAll(w.tmp)
		return nil, fmt.Errorf("repository: committing %s: %w", w.source, err)
	}
	return e, nil
}

// Abort drops what was indexed: the source keeps its previous objects.
func (w *Writer) Abort() error {
	if w.done {
		return nil
	}
	w.done = true
	err := w.idx.Close()
	if rerr := os.RemoveAll(w.tmp); err == nil {
		err = rerr
	}
	return err
}
