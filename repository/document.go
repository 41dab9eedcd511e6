package repository

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/standard"
	"github.com/blevesearch/bleve/v2/mapping"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/objectrunner/objectrunner/wrapper"
)

// Names of the indexed fields of an object document. The SOD's fields are
// indexed under four sub-documents, one per way of querying them: t.PATH
// (full text), k.PATH (exact keys), n.PATH (numbers), d.PATH (dates).
const (
	fieldSOD    = "sod"    // keyword: the SOD's name
	fieldSource = "source" // keyword: the source's name
	fieldPage   = "page"   // keyword: the page, relative to the source
	fieldIndex  = "index"  // numeric: the object's position on the page
	fieldPos    = "pos"    // keyword with doc values: source, page, index, SOD (posKey), the tie-break of rankings
	fieldConf   = "conf"   // numeric: the object's confidence
	fieldText   = "text"   // text: the page's visible text (keywords)
	fieldObject = "obj"    // stored only: the object as extract writes it

	subText    = "t"
	subKey     = "k"
	subNumber  = "n"
	subDate    = "d"
	pathSep    = "."
	idSep      = "\x1f"
	maxPageLen = 1 << 20 // page text indexed per object, in bytes
)

// indexMapping returns the Bleve mapping of an index of objects of an SOD
// with the given fields: the fixed fields, and each SOD field under the
// sub-documents of the ways it is queried (text and key for every field,
// number or date by its kind). Nothing is indexed dynamically and no term
// vectors are kept: phrase queries would need them, and on list pages,
// whose text every object of the page carries, they made indexes 1.5 times
// larger and indexing twice as slow. Only the object and the fields shown
// in results are stored. Every index scores with BM25;
// Reader.globalStats gives it statistics over all the sources searched.
func indexMapping(fields []Field) *mapping.IndexMappingImpl {
	im := bleve.NewIndexMapping()
	im.DefaultAnalyzer = standard.Name
	im.ScoringModel = index.BM25Scoring
	im.StoreDynamic = false
	im.IndexDynamic = false
	im.DocValuesDynamic = false

	dm := bleve.NewDocumentStaticMapping()
	dm.AddFieldMappingsAt(fieldSOD, keywordField(true, false))
	dm.AddFieldMappingsAt(fieldSource, keywordField(true, false))
	dm.AddFieldMappingsAt(fieldPage, keywordField(true, false))
	dm.AddFieldMappingsAt(fieldIndex, numericField(true, false))
	dm.AddFieldMappingsAt(fieldPos, keywordField(false, true)) // doc values come from the indexed term
	dm.AddFieldMappingsAt(fieldConf, numericField(true, true))
	dm.AddFieldMappingsAt(fieldText, textField())
	obj := bleve.NewTextFieldMapping()
	obj.Index, obj.Store, obj.IncludeInAll, obj.IncludeTermVectors, obj.DocValues = false, true, false, false, false
	dm.AddFieldMappingsAt(fieldObject, obj)
	dm.AddSubDocumentMapping("_all", bleve.NewDocumentDisabledMapping())
	subs := map[string]*mapping.DocumentMapping{}
	for _, s := range []string{subText, subKey, subNumber, subDate} {
		subs[s] = bleve.NewDocumentStaticMapping()
		dm.AddSubDocumentMapping(s, subs[s])
	}
	for _, f := range fields {
		addFieldAt(subs[subText], f.Path, textField())
		addFieldAt(subs[subKey], f.Path, keywordField(true, false)) // stored: join keys
		switch f.Kind {
		case Numeric:
			addFieldAt(subs[subNumber], f.Path, numericField(false, false))
		case Date:
			addFieldAt(subs[subDate], f.Path, dateField())
		}
	}
	im.DefaultMapping = dm
	return im
}

// addFieldAt declares fm at a dotted path below dm, creating the
// sub-documents of nested tuples.
func addFieldAt(dm *mapping.DocumentMapping, path string, fm *mapping.FieldMapping) {
	parts := strings.Split(path, pathSep)
	for _, p := range parts[:len(parts)-1] {
		sub, ok := dm.Properties[p]
		if !ok {
			sub = bleve.NewDocumentStaticMapping()
			dm.AddSubDocumentMapping(p, sub)
		}
		dm = sub
	}
	dm.AddFieldMappingsAt(parts[len(parts)-1], fm)
}

func dateField() *mapping.FieldMapping {
	f := bleve.NewDateTimeFieldMapping()
	f.Store, f.DocValues, f.IncludeInAll = false, false, false
	return f
}

func keywordField(store, docValues bool) *mapping.FieldMapping {
	f := bleve.NewKeywordFieldMapping()
	f.Analyzer = keyword.Name
	f.Store, f.DocValues, f.IncludeInAll, f.IncludeTermVectors = store, docValues, false, false
	return f
}

func numericField(store, docValues bool) *mapping.FieldMapping {
	f := bleve.NewNumericFieldMapping()
	f.Store, f.DocValues, f.IncludeInAll = store, docValues, false
	return f
}

func textField() *mapping.FieldMapping {
	f := bleve.NewTextFieldMapping()
	f.Analyzer = standard.Name
	f.Store, f.DocValues, f.IncludeInAll, f.IncludeTermVectors = false, false, false, false
	return f
}

// posKey orders objects as rankings break ties: by source, page, index
// (zero-padded, so that strings sort as numbers) and SOD; one doc value
// instead of four keeps sorting cheap. parsePosKey reads it back.
func posKey(source, page string, index int, sodName string) string {
	return fmt.Sprintf("%s%s%s%s%010d%s%s", source, idSep, page, idSep, index, idSep, sodName)
}

func parsePosKey(k string) (source, page string, index int, sodName string, ok bool) {
	parts := strings.Split(k, idSep)
	if len(parts) != 4 {
		return "", "", 0, "", false
	}
	n, err := strconv.Atoi(parts[2])
	if err != nil {
		return "", "", 0, "", false
	}
	return parts[0], parts[1], n, parts[3], true
}

// docID is the document ID of an object: unique in the repository.
func docID(sodName, source, page string, index int) string {
	return fmt.Sprintf("%s%s%s%s%s%s%d", sodName, idSep, source, idSep, page, idSep, index)
}

// fieldValues gathers an object's atomic values by dotted field path; the
// values of a field of a nested set of tuples are pooled.
func fieldValues(fs []wrapper.Field, prefix string, out map[string][]wrapper.Value) {
	for _, f := range fs {
		p := prefix + f.Name
		for _, v := range f.Values {
			if f.Tuple {
				fieldValues(v.Fields, p+pathSep, out)
				continue
			}
			if strings.TrimSpace(v.Text) != "" {
				out[p] = append(out[p], v)
			}
		}
	}
}

// Confidence is the confidence of an object: the mean, over its fields
// that have values, of the mean confidence of each field's values. A field
// with many values (a long author list) weighs as much as a single one.
func Confidence(o *wrapper.Object) float64 {
	vals := map[string][]wrapper.Value{}
	fieldValues(o.Fields, "", vals)
	if len(vals) == 0 {
		return 0
	}
	sum := 0.0
	for _, vs := range vals {
		s := 0.0
		for _, v := range vs {
			s += v.Confidence
		}
		sum += s / float64(len(vs))
	}
	return sum / float64(len(vals))
}

// document builds the Bleve document of object o of SOD fields, found in a
// source whose page has the visible text pageText.
func document(sodName, source string, fields []Field, norm *normalizer, o *wrapper.Object, pageText string) (map[string]interface{}, error) {
	line, err := json.Marshal(o)
	if err != nil {
		return nil, err
	}
	if len(pageText) > maxPageLen {
		pageText = pageText[:maxPageLen]
	}
	doc := map[string]interface{}{
		fieldSOD:    sodName,
		fieldSource: source,
		fieldPage:   o.Page,
		fieldIndex:  float64(o.Index),
		fieldPos:    posKey(source, o.Page, o.Index, sodName),
		fieldConf:   Confidence(o),
		fieldText:   pageText,
		fieldObject: string(line),
	}
	vals := map[string][]wrapper.Value{}
	fieldValues(o.Fields, "", vals)
	subs := map[string]map[string]interface{}{}
	put := func(sub, path string, v interface{}) {
		m := subs[sub]
		if m == nil {
			m = map[string]interface{}{}
			subs[sub] = m
			doc[sub] = m
		}
		setPath(m, path, v)
	}
	for _, f := range fields {
		vs := vals[f.Path]
		if len(vs) == 0 {
			continue
		}
		var texts, keys []string
		var nums []interface{}
		var dates []interface{}
		seen := map[string]bool{}
		for _, v := range vs {
			texts = append(texts, v.Text)
			n := v.Normalized
			if n == "" {
				n = norm.normalize(f.Predefined, v.Text)
			}
			for _, k := range []string{exactKey(v.Text), exactKey(n)} {
				if k != "" && !seen[k] {
					seen[k] = true
					keys = append(keys, k)
				}
			}
			switch f.Kind {
			case Numeric:
				if x, ok := parseNumber(n); ok {
					nums = append(nums, x)
				}
			case Date:
				if t, _, ok := dateInterval(n); ok {
					dates = append(dates, t)
				}
			}
		}
		put(subText, f.Path, texts)
		put(subKey, f.Path, keys)
		if len(nums) > 0 {
			put(subNumber, f.Path, nums)
		}
		if len(dates) > 0 {
			put(subDate, f.Path, dates)
		}
	}
	return doc, nil
}

// setPath sets m[a][b]…[z] = v for the dotted path "a.b.….z".
func setPath(m map[string]interface{}, path string, v interface{}) {
	parts := strings.Split(path, pathSep)
	for _, p := range parts[:len(parts)-1] {
		sub, ok := m[p].(map[string]interface{})
		if !ok {
			sub = map[string]interface{}{}
			m[p] = sub
		}
		m = sub
	}
	m[parts[len(parts)-1]] = v
}
