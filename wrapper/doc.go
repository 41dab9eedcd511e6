// Package wrapper induces extraction templates (wrappers) from a sample of
// annotated, template-generated pages and applies them to every page of a
// source. It implements ExAlg (Arasu & Garcia-Molina, SIGMOD 2003) with the
// annotation-aware variant of ObjectRunner (Algorithm 2 of the ObjectRunner
// paper): entity annotations are an extra criterion to differentiate token
// roles, and the SOD decides which template slots are kept and which field
// each one fills.
//
// The pipeline, as implemented by Induce:
//
//	tokenize (token.go)            pages -> tokens: start tags, end tags, words
//	DIFFFORMAT (ecgm.go)           roles differentiated by DOM occurrence path
//	loop (ecgm.go, Algorithm 2):
//	  FINDEQ                       occurrence vectors -> large, frequent classes
//	  HANDINV (handinv.go)         ordered / nested checks, splits, removals
//	  DIFFEQ                       roles differentiated by position in classes
//	  annotations (annot.go)       non-conflicting inside, conflicting outside
//	CONSTTEMP (consttemp.go)       classes -> typed template tree (template.go),
//	                               leading set iterations with roles of their own
//	                               unrolled (see "Varying repetitions" below)
//	EXVAL (match.go)               template + page -> slot values
//	mapping (mapping.go)           slots -> SOD fields, early stop (StopError)
//
// List pages (record mode, list.go): when the SOD wants several objects per
// page, Induce first learns a RecordPattern (FindRecordPattern) from the
// sample. If it finds one, every sample record (at most 200, spread over
// the pages) is a pseudo-page of its own, tokenized with occurrence paths
// relative to the record's parent, and the machinery above runs over the
// records as over detail pages: one object per record, set fields (several
// performers) are sets inside the record's template. Record mode then
// refines what the per-record statistics get wrong or miss: separators of
// set items are re-learned counting real pages, items are kept only at the
// DOM paths and inside the element where the sample's instances are, a
// single field whose instances fill one segment of a slot is mapped with a
// Cut (and the segment chosen by the instances' shapes), and a mandatory
// field moves to a slot that holds it in nearly every record. Extract cuts
// a page into records with the pattern and matches the record template once
// per record (Object.Index is the record's position); records it does not
// match are skipped and reported in a *MismatchError (Records, Skipped)
// returned with the other objects. Without a record pattern (or when the
// records cannot meet the SOD) Induce falls back to page mode, described
// next; Wrapper.Mode says which was used.
//
// Extract tokenizes a page once, maps every token to the wrapper's table of
// template tokens (built once by Induce or Load) and matches the template in
// one left-to-right pass. Detail pages give one Object; when the SOD wants
// several objects per page, the set of the template whose iterations hold
// the SOD's fields is the object scope and every iteration is an Object.
// Nested tuple fields (a set of {name, role}) are read from the iterations of
// the set that encloses their slots.
//
// Files:
//
//	doc.go        this map
//	options.go    Options, DefaultOptions
//	token.go      tokenizer and occurrence-path interning
//	ecgm.go       equivalence-class generation (DIFFFORMAT, FINDEQ, DIFFEQ, loop)
//	annot.go      annotation-based role differentiation, annotated words as data
//	handinv.go    HANDINV (seed ExAlg, Appendix A)
//	consttemp.go  CONSTTEMP: template construction from classes (Table 1)
//	template.go   Template tree (sealed Node interface) and its infix String
//	match.go      matching a template against a page (EXVAL), value text
//	mapping.go    slot -> SOD field mapping, StopError
//	wrapper.go    Wrapper, Induce (mode choice, page mode), Extract, MismatchError,
//	              object building
//	list.go       record mode: induction over sample records, record-by-record
//	              extraction, set-item and segment refinements
//	object.go     Object, Field, Value and the JSON line form
//	persist.go    Save / Load (versioned JSON; record mode adds optional fields)
//	records.go    RecordPattern, Records (cutting a page into records), JSON form
//	records_match.go  tag skeletons and normalised simple tree matching
//	records_learn.go  FindRecordPattern: list regions scored by the annotations
//
// Tokens and punctuation: text is split on white space; punctuation
// characters at the start or end of a word are split off into tokens of
// their own, so that "Meyer," yields "Meyer" and "," and a separator such as
// ":" or "," can become part of the template; a comma or semicolon in a
// longer run stands alone ("Pilots!," gives "!" and ","). Punctuation inside a word
// ("O'Brien", "9.99") stays in the word. Elements without visible content
// (head, script, style, …) are skipped and attributes are ignored.
//
// Values: an extracted value is the page's original text from the first to
// the last word of the value (per text node, nodes joined by one space,
// white space collapsed), so its spelling is preserved. Words made only of
// separator punctuation (": ; , . - |", dashes, bullets) are dropped at both
// edges, e.g. the ": " before a publisher; brackets, "?" and "!" are kept.
//
// Varying repetitions (ObjectRunner §3.3: "for a given position, the number
// of consecutive occurrences of tokens can vary from one page to another …
// we chose to settle on the minimal number of consecutive occurrences across
// pages, and differentiate roles within this scope", generalising the most
// frequent annotation beyond GeneraliseThres): ExAlg turns a run of rows
// such as "<li>Date: June 2010</li><li>Pages: 336</li>…", whose count
// varies, into one set, mixing the date with the other rows. CONSTTEMP
// takes m, the least number of iterations of the set over the occurrences
// where it occurs, and gives iteration j < m a role of its own when, at a
// position of the set's body, the j-th iterations' values carry one entity
// type in ≥ GeneraliseThres of the cases while the other iterations' values
// carry it in < 1−GeneraliseThres of theirs. The set is then unrolled: its
// first k iterations (k = last such j + 1) become plain tuples with slots
// of their own, followed by the set of the remaining iterations (all
// optional when some page has none). A set whose iterations are all of one
// type (several authors) is kept whole. The rule is applied at template
// construction rather than inside the ECGM loop: it gives the leading
// iterations distinct roles (distinct slots) while leaving the equivalence
// classes, and so every other part of the template, unchanged. Plain ExAlg
// (Options.Annotations false) never unrolls.
//
// Set fields: a slot value is split into items at tags, at separator
// punctuation (", ; | ·") and at separators learned from the sample: words
// ("and") and the punctuation "& / +" when the sample showed them between
// two annotated items, so that "Grosset & Dunlap" stays one value unless
// "&" was seen separating names. Single fields: when the sample's
// instances sit in one segment of the slot values (split at tags and at
// "-", "|", "(", …), that segment is kept (SlotMap.Cut).
//
// Robustness: a constant text of the template that a page lacks is skipped
// (or matched by its longest suffix) unless it anchors its tuple or more
// than half of a tuple's texts are missing; a slot whose sample values never
// contained tags is cut at the first tag. Pages that still do not fit give a
// *MismatchError with the reason.
package wrapper
