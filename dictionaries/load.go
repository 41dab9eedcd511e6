package dictionaries

import (
	"fmt"
	"strconv"

	"github.com/objectrunner/objectrunner/recognizers"
)

// Recognizer returns the isInstanceOf recognizer of class (it implements
// recognizers.Dictionaries). The first call for a class loads its entries
// from Bleve into the store's Matcher; later growth through this Store
// updates the Matcher, so the recognizer sees it. An unknown class is an
// error that lists the classes the store holds.
func (s *Store) Recognizer(class string) (recognizers.Recognizer, error) {
	if err := s.load(class); err != nil {
		return nil, err
	}
	return s.matcher.Recognizer(class)
}

var _ recognizers.Dictionaries = (*Store)(nil)

// Matcher returns the store's in-memory Matcher with classes loaded (every
// class of the store when none is given). The Matcher is shared: classes
// loaded later and entries grown later appear in it.
func (s *Store) Matcher(classes ...string) (*Matcher, error) {
	if len(classes) == 0 {
		var err error
		if classes, err = s.Classes(); err != nil {
			return nil, err
		}
	}
	for _, c := range classes {
		if err := s.load(c); err != nil {
			return nil, err
		}
	}
	return s.matcher, nil
}

// load builds the Matcher's entries of class from its Bleve index, once.
// It reads the doc values of the norm and conf fields of every live
// document: no stored-field decoding, no query per entry.
func (s *Store) load(class string) error {
	if s.matcher.Has(class) {
		return nil
	}
	idx, err := s.index(class, false)
	if err != nil {
		return err
	}
	s.mu.Lock() // one loader at a time; Find keeps running meanwhile
	defer s.mu.Unlock()
	if s.matcher.Has(class) {
		return nil
	}
	adv, err := idx.Advanced()
	if err != nil {
		return err
	}
	r, err := adv.Reader()
	if err != nil {
		return err
	}
	defer r.Close()
	ids, err := r.DocIDReaderAll()
	if err != nil {
		return err
	}
	defer ids.Close()
	dv, err := r.DocValueReader([]string{fieldNorm, fieldConf})
	if err != nil {
		return err
	}
	type pending struct {
		norm string
		conf float64
	}
	var all []pending
	for {
		id, err := ids.Next()
		if err != nil {
			return fmt.Errorf("loading class %s: %w", class, err)
		}
		if id == nil {
			break
		}
		var p pending
		err = dv.VisitDocValues(id, func(field string, term []byte) {
			switch field {
			case fieldNorm:
				p.norm = string(term)
			case fieldConf:
				p.conf, _ = strconv.ParseFloat(string(term), 64)
			}
		})
		if err != nil {
			return fmt.Errorf("loading class %s: %w", class, err)
		}
		if p.norm != "" {
			all = append(all, p)
		}
	}
	m := s.matcher
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.classLocked(class)
	for _, p := range all {
		m.addLocked(c, p.norm, p.conf)
	}
	return nil
}

// learn adds entries just written to class to the Matcher, if the class is
// loaded there (a class not loaded yet is read whole when first needed).
func (s *Store) learn(class string, es []*Entry) {
	if !s.matcher.Has(class) {
		return
	}
	m := s.matcher
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.classLocked(class)
	for _, e := range es {
		m.addLocked(c, e.Norm, e.Confidence)
	}
}
