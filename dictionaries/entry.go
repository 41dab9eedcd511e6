package dictionaries

import (
	"crypto/sha256"
	"encoding/hex"
	"time"
)

// Entry is one instance name of a dictionary class, as stored.
type Entry struct {
	// Original is the form the entry was first seen in.
	Original string `json:"original"`
	// Norm is Normalize(Original): the entry's identity within its class.
	Norm string `json:"norm"`
	// Count is how many times the entry was seen: the sum over its
	// provenances (an import counts 1 per line, or the TSV count; an
	// extraction counts 1 per source, SOD and page).
	Count int `json:"count"`
	// Confidence in (0,1] that the entry is an instance of the class: the
	// highest confidence it was given by any provenance.
	Confidence float64 `json:"confidence"`
	// FirstSeen and LastSeen are when the entry was first and last added.
	FirstSeen time.Time `json:"first_seen"`
	LastSeen  time.Time `json:"last_seen"`
	// Sources lists where the entry came from (at most MaxSources kept;
	// Count covers all of them).
	Sources []Provenance `json:"sources,omitempty"`
	// Seen maps a digest of each provenance to its count; it makes imports
	// and growth idempotent.
	Seen map[string]int `json:"seen,omitempty"`
}

// MaxSources bounds how many provenances an Entry keeps in full.
const MaxSources = 8

// Provenance says where an entry came from.
type Provenance struct {
	// Kind is "import" (a word list) or "extract" (an extraction run).
	Kind string `json:"kind"`
	// Source is the imported file, or the source (page directory) extracted from.
	Source string `json:"source"`
	// SOD and Page locate an extracted value; empty for imports.
	SOD  string `json:"sod,omitempty"`
	Page string `json:"page,omitempty"`
}

// key returns a short digest identifying the provenance.
func (p Provenance) key() string {
	h := sha256.Sum256([]byte(p.Kind + "\x00" + p.Source + "\x00" + p.SOD + "\x00" + p.Page))
	return hex.EncodeToString(h[:8])
}

// observe records that e was seen count times through p with confidence conf
// at time now. It reports whether the entry changed: the same provenance with
// the same count changes nothing.
func (e *Entry) observe(p Provenance, count int, conf float64, now time.Time) bool {
	k := p.key()
	if old, ok := e.Seen[k]; ok && old == count && conf <= e.Confidence {
		return false
	}
	if e.Seen == nil {
		e.Seen = map[string]int{}
		e.FirstSeen = now
	}
	if _, ok := e.Seen[k]; !ok && len(e.Sources) < MaxSources {
		e.Sources = append(e.Sources, p)
	}
	e.Count += count - e.Seen[k]
	e.Seen[k] = count
	if conf > e.Confidence {
		e.Confidence = conf
	}
	e.LastSeen = now
	return true
}
