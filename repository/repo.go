package repository

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Layout of a repository directory.
const (
	manifestFile = "MANIFEST.json"
	lockFile     = "LOCK"
	indexDir     = "idx"
	tmpPrefix    = ".tmp-"
	// formatVersion is written in the manifest; a reader refuses others.
	formatVersion = 1
)

// Manifest is the repository's table of contents: which index directory
// holds the objects of each source. It is replaced as a whole (write to a
// temporary file, rename), so a reader sees either the old or the new one.
type Manifest struct {
	Version int `json:"version"`
	// Generation counts commits; readers compare it to notice a change.
	Generation int64 `json:"generation"`
	// SODs holds the text of every SOD indexed, by name: the last one
	// indexed under a name defines its fields.
	SODs map[string]*SODEntry `json:"sods"`
	// Sources are sorted by SOD, then name.
	Sources []*SourceEntry `json:"sources"`
}

// SODEntry is an SOD as indexed.
type SODEntry struct {
	Name string `json:"name"`
	File string `json:"file"`
	Hash string `json:"hash"`
	Text string `json:"text"`
}

// SourceEntry describes the objects of one source.
type SourceEntry struct {
	SOD  string `json:"sod"`
	Name string `json:"name"`
	// Root is the absolute directory the pages were read from; pages are
	// relative to it.
	Root string `json:"root"`
	// Index is the directory of the source's Bleve index, under idx/.
	Index   string    `json:"index"`
	Objects int       `json:"objects"`
	Pages   int       `json:"pages"`
	SODHash string    `json:"sod_hash"`
	Indexed time.Time `json:"indexed"`
}

// readManifest reads dir's manifest; a missing one is an empty repository.
func readManifest(dir string) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, manifestFile))
	if errors.Is(err, os.ErrNotExist) {
		return &Manifest{Version: formatVersion, SODs: map[string]*SODEntry{}}, nil
	}
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, manifestFile), err)
	}
	if m.Version != formatVersion {
		return nil, fmt.Errorf("%s: repository format %d, this objectrunner reads %d", filepath.Join(dir, manifestFile), m.Version, formatVersion)
	}
	if m.SODs == nil {
		m.SODs = map[string]*SODEntry{}
	}
	return &m, nil
}

// writeManifest replaces dir's manifest durably: temporary file, fsync,
// rename, fsync of the directory.
func writeManifest(dir string, m *Manifest) error {
	sort.Slice(m.Sources, func(i, j int) bool {
		a, b := m.Sources[i], m.Sources[j]
		if a.SOD != b.SOD {
			return a.SOD < b.SOD
		}
		return a.Name < b.Name
	})
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, tmpPrefix+"manifest-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, manifestFile)); err != nil {
		return err
	}
	return syncDir(dir)
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	// Some file systems cannot sync a directory; the rename still happened.
	if err != nil && errors.Is(err, os.ErrInvalid) {
		return nil
	}
	return err
}

// find returns the entry of (sodName, source), or nil.
func (m *Manifest) find(sodName, source string) *SourceEntry {
	for _, s := range m.Sources {
		if s.SOD == sodName && s.Name == source {
			return s
		}
	}
	return nil
}

// put replaces or adds e and returns the entry it replaced, if any.
func (m *Manifest) put(e *SourceEntry) *SourceEntry {
	for i, s := range m.Sources {
		if s.SOD == e.SOD && s.Name == e.Name {
			m.Sources[i] = e
			return s
		}
	}
	m.Sources = append(m.Sources, e)
	return nil
}

// remove drops the entry of (sodName, source) and returns it, if any.
func (m *Manifest) remove(sodName, source string) *SourceEntry {
	for i, s := range m.Sources {
		if s.SOD == sodName && s.Name == source {
			m.Sources = append(m.Sources[:i], m.Sources[i+1:]...)
			return s
		}
	}
	return nil
}

// updateManifest runs fn on the manifest under the repository's writer
// lock and writes the result; afterwards it removes index directories that
// no manifest entry names (old generations, leftovers of crashed writers).
func updateManifest(dir string, fn func(*Manifest) error) error {
	lk, err := lockRepo(dir, 30*time.Second)
	if err != nil {
		return err
	}
	defer unlockRepo(lk)
	m, err := readManifest(dir)
	if err != nil {
		return err
	}
	if err := fn(m); err != nil {
		return err
	}
	m.Generation++
	if err := writeManifest(dir, m); err != nil {
		return err
	}
	collectGarbage(dir, m)
	return nil
}

// collectGarbage removes, under the writer lock, the index directories no
// entry of m names: committed directories are named in the manifest in the
// same locked step that renamed them, so an unnamed one is garbage;
// temporary ones are removed only when the process that writes them (its
// PID is in the name) is gone. Removing an index a reader still has open is
// safe: its open files stay readable until closed.
func collectGarbage(dir string, m *Manifest) {
	live := map[string]bool{}
	for _, s := range m.Sources {
		live[s.Index] = true
	}
	des, err := os.ReadDir(filepath.Join(dir, indexDir))
	if err != nil {
		return
	}
	for _, de := range des {
		name := de.Name()
		if live[name] {
			continue
		}
		if strings.HasPrefix(name, tmpPrefix) {
			pid, _ := strconv.Atoi(strings.SplitN(strings.TrimPrefix(name, tmpPrefix), "-", 2)[0])
			if pid == os.Getpid() || processAlive(pid) {
				continue
			}
		}
		os.RemoveAll(filepath.Join(dir, indexDir, name))
	}
}

// randomSuffix returns 12 random hex digits.
func randomSuffix() string {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return strconv.FormatInt(time.Now().UnixNano(), 16)
	}
	return hex.EncodeToString(b[:])
}

// safeName keeps letters, digits, '.', '_' and '-' of s for a directory name.
func safeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() > 40 {
		return b.String()[:40]
	}
	return b.String()
}

// Remove drops the objects of a source from the repository in dir.
func Remove(dir, sodName, source string) error {
	found := false
	err := updateManifest(dir, func(m *Manifest) error {
		found = m.remove(sodName, source) != nil
		return nil
	})
	if err == nil && !found {
		return fmt.Errorf("%s: no source %q of SOD %q", dir, source, sodName)
	}
	return err
}
