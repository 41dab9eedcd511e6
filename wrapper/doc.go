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
//	tokenize (token.go)            pages -> tokens: start tags, end tags, words;
//	                               shuffled label-value rows put in their
//	                               labels' order (roworder.go)
//	ExAlg (package exalg)          tokens -> template (exalg.Learn):
//	  DIFFFORMAT                   roles differentiated by DOM occurrence path
//	  loop (Algorithm 2):
//	    FINDEQ                     occurrence vectors -> large, frequent classes
//	    HANDINV                    ordered / nested checks, splits, removals
//	    DIFFEQ                     roles differentiated by position in classes
//	    annotations                non-conflicting inside, conflicting outside
//	  CONSTTEMP                    classes -> typed template tree, leading set
//	                               iterations with roles of their own unrolled
//	                               (see "Varying repetitions" in exalg)
//	EXVAL (package mapping)        template + page -> slot values
//	mapping (package mapping)      slots -> SOD fields, early stop (StopError):
//	                               a Wrapper embeds a *mapping.State, which
//	                               holds what induction learned and whose
//	                               methods apply the statistics, candidates,
//	                               scores and per-symptom rules (its doc.go
//	                               has the package map; scripts/move-state.sh
//	                               made the split)
//
// This package is the front: Induce and its stages (wrapper.go), the
// Wrapper type and its API (wrapper.go, wrapper_api.go: forwarders to the
// State's methods), extraction (stream.go), persistence (persist.go) and
// pins (pins.go). The file names below are those of package mapping,
// which kept the names of the files its declarations came from.
//
// List pages (record mode, list.go): when the SOD wants several objects per
// page, Induce first learns a RecordPattern (package records) from the
// sample. If it finds one, every sample record (at most 200, spread over
// the pages) is a pseudo-page of its own, tokenized with occurrence paths
// relative to the record's parent, and the machinery above runs over the
// records as over detail pages: one object per record, set fields (several
// performers) are sets inside the record's template. Record mode then
// refines what the per-record statistics get wrong or miss: separators of
// set items are re-learned counting real pages (a short lower-case word
// or "&" between a known item and a capitalised word is one: "Maya Okafor
// and Hunter Prescott" with one name known), items are kept only at the
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
// Stopping: Induce stops early (a *StopError) when a mandatory field's
// types are never annotated in the sample, or when no mapping places most
// of the mandatory fields. When every strict attempt (record mode, then
// page mode) leaves some mandatory field without a slot but one places
// more than half of them, that mapping is kept, leniently: the other
// fields are extracted and objects list the missing ones (Object.Missing).
//
// Page-scope fields (pagescope.go): fields of a list SOD's root marked
// scope = "page" (a team heading above a roster) are not looked for in the
// objects. Induce learns the objects from the SOD without them, and the
// page-scope fields with a page-mode wrapper of their own (one object per
// page, all of them optional, slots holding list items left out), saved
// inside the wrapper file; Extract runs it once per page and copies its
// values into every object. There, annotations of the objects' own types
// are another dictionary's noise (a college dictionary knowing team names
// on the team heading): explainedSlots sets the values only they annotate
// aside, as for fields mapped to other slots, and the annotations of an
// instance every sample page shows (a menu word) are left out. A page-scope
// field that gets no slot is dropped (Wrapper.DroppedPageFields), a
// mandatory one too: its objects are extracted without it and every page
// reports it missing.
//
// Extract tokenizes a page once, maps every token to the wrapper's table of
// template tokens (built once by Induce or Load) and matches the template in
// one left-to-right pass. ExtractStream (ExtractFile, ExtractBytes) does the
// same while the page is read: the tokenizer is an annotate.Visitor and
// takes the cleaned tree node by node as annotate's stream builds it, so a
// page is read once and no html.Parse tree is built; token, matcher and
// tree buffers are reused from page to page. Detail pages give one Object; when the SOD wants
// several objects per page, the set of the template whose iterations hold
// the SOD's fields is the object scope and every iteration is an Object.
// Nested tuple fields (a set of {name, role}) are read from the iterations of
// the set that encloses their slots.
//
// Files (the front; what a wrapper learns and how it reads slots is
// package mapping, whose doc names every mechanism at its place in the
// scoring model):
//
//	wrapper.go          Wrapper, Induce and its stages, StopError
//	wrapper_api.go      the Wrapper's methods that forward to mapping.State
//	                    (generated by scripts/splitstate)
//	stream.go           ExtractStream, ExtractFile, ExtractBytes: extraction
//	                    in the pass that reads the page
//	persist.go          Save, Load: the versioned wrapper file
//	pins.go             answers and pins (review answers, --example)
//	review.go           Questions: the review points of a learned wrapper
//	fieldexplain.go     Explanation: each field's candidates and score parts
//	labelkey.go         fields read by their label (the front's part of it)
//	pagescope.go        page-scope fields of a list SOD
//	sodfields.go        the SOD's fields as induction sees them
//	aliases.go          the names kept from the stage packages (exalg,
//	mapping_aliases.go  records, mapping; the latter generated by
//	                    scripts/movepkg)
//
// Tokens and punctuation: text is split on white space; punctuation
// characters at the start or end of a word are split off into tokens of
// their own, so that "Meyer," yields "Meyer" and "," and a separator such as
// ":" or "," can become part of the template; a comma or semicolon in a
// longer run stands alone ("Pilots!," gives "!" and ","). Punctuation inside a word
// ("O'Brien", "9.99") stays in the word. Elements without visible content
// (head, script, style, …) are skipped and attributes are ignored, except
// the attributes an SOD entity reads (attr = "href", …): an element
// carrying one gives "<@href> words of the value </@href>" right after its
// start tag, as if the value were the text of a first child element, and
// mapping, matching and extraction treat it as any text (attr.go).
//
// Values: an extracted value is the page's original text from the first to
// the last word of the value (per text node, nodes joined by one space, or
// by ", " across a line break or a block element's edge ("street</div><div>city"), and written against a following comma;
// white space collapsed), so its spelling is preserved. A value whose type
// has a pattern (predefined or regex) that delimits values is the
// pattern's instance in it; a name known to a dictionary is the slot's
// variable text (share.go, extend.go); an address, whose recognizer finds
// parts only, the variable text of its block (join.go). Words made only of
// separator punctuation (": ; , . - |", dashes, bullets) are dropped at both
// edges, e.g. the ": " before a publisher; brackets, "?" and "!" are kept.
// A "/" written against the value's first or last word, with no space
// between, belongs to the value and is kept ("https://example.org/").
//
// Varying repetitions (ObjectRunner §3.3): CONSTTEMP unrolls a set's
// leading iterations whose values carry a type of their own into slots of
// their own; package exalg's doc describes the rule.
//
// Set fields: a slot value is split into items at tags, at separator
// punctuation (", ; | ·") and at separators learned from the sample: words
// ("and") and the punctuation "& / +" when the sample showed them between
// two annotated items, or, on two pages or more, between an annotated item
// and a capitalised word of its text node ("Iron Rivers & Boneyard" where
// only the first is known), so that "Grosset & Dunlap" stays one value
// unless "&" was seen separating names. A set field's slot is counted by
// items as well as by values: a value one of whose items (split at tags,
// ", ; |", "& / +", a short lower-case word between capitalised words,
// bracket pairs left out) is wholly an instance of the field's types
// counts as the field's ("Boneyard Brass Band, Elena Ortega, The Quiet
// Rivers" or "Diner and Chinese ($)" with one name known), when such
// values are GeneraliseThres of the values with an annotated item, or the
// most frequent type's at pluralityShare; another patterned field's item
// ("$$" beside the cuisines) is not counted, nor are the items of values
// with block elements inside (setitems.go). A separator word or "& / +"
// is also learned, on two pages or more, beside a piece the sample shows
// alone (another value's only item, a whole text node: "Pizza" confirms
// "and" in "Indian and Pizza"), and an item the field's types know whole
// across it ("Breakfast & Brunch") is not cut, nor is a link's text (a
// link names one thing: "<a>Breakfast &amp; Brunch</a> / <a>Thai</a>";
// sepalone.go). A bracketed
// remark after an item in one text node ("Chinese ($)") is cut off and
// dropped like a bracketed item. Single fields: when the sample's
// instances sit in one segment of the slot values (split at tags and at
// "-", "|", "(", …), that segment is kept (SlotMap.Cut).
//
// Labels: the words right before a value on a page (the last run of words
// of one text node before it, skipping tags and punctuation: "Publisher"
// in "<th>Publisher:</th><td>", "<dt>Publisher</dt><dd>", "<b>Publisher:</b>
// ") are its label. A label that is, as a whole, the field's name or one
// of its type names (compared lower-cased, '_' and '-' as spaces, plural
// "s" dropped; "/" separates alternative words, "College/Univ."; a word
// that goes on past a whole name word by four letters or more is a
// compound naming something else, "Teammates" no team) nominates the
// slot for a field of the object even with few
// or no annotations, and weighs twice an unlabelled slot's score, when the
// label is there on a quarter of the sample pages or more and the values
// it precedes are plausible: not mostly one constant, not mainly
// annotated with other types, and recognised by the field's predefined
// recognizer, if it has one, in GeneraliseThres of them, or, without
// one (a dictionary's names), not mostly without letters when the
// field's types annotate none ("Product ID: 7894791" names no product);
// a label before every value of a slot whose values another field's dictionary knows
// (MinAnnotated of the sample) and the field's types never do (a
// breadcrumb "Teams › <player's name>") does not nominate it. The label may be
// constant template text or page text that varies with the row (rows of
// several kinds folded into one set, or a row label that is itself a
// slot): the slot then gives the field only the values its label precedes
// (SlotMap.Label; several labelled fields may share a slot), and when the
// slot gives none on a page, the first value of an unmapped slot with the
// label right before it is taken (an optional row shifted the rows after
// it). A single field with no candidate slot otherwise, in a set of rows
// of several kinds, is keyed by a label learned from the annotations even
// when it does not name the field ("Reservations:" before phone numbers):
// the label before the slot's values on a quarter of the sample pages
// whose values are instances of the field's types in GeneraliseThres of
// the cases (learnedLabel). A set field is never keyed by labels (a label before some of its
// items only is the previous item's role).
//
// Detail pages (the SOD wants one object per page): a slot whose values
// vary but whose annotations for a field all fall on one text, on three
// sample pages or more, weighs half (a dictionary knowing the heading
// "More information" is not the object's college page after page). A set field of the
// object (several authors) comes from one place, not from every region of
// the page its type fills (recommendation cards, sidebars, "more by"
// headings are sets of other records). Among its candidate slots left
// free once the single fields took theirs (a venue row whose names the
// artists' dictionary knows on a few pages is the venue's), the
// place is the slot with most sample pages where its values touch the
// field's types, divided by half its mean number of values per page when
// above 2 (a carousel lists many; an object has one to three), and by
// 1+d/8 for a distance of d slots to the object's single fields (they sit
// together). Slots of the field within 3 slots of the place, inside the
// same sets and with no other field's slot between, belong to it (an
// optional second author), unless their values sit in another row under
// another label (rowplace.go: a "Foreword by" row after "Written by"). A slot whose values run on past the instance,
// over tags (a plain-text byline followed by other page parts), is mapped
// on the annotations of their first runs of words and gives only that run
// (SlotMap.Lead; a single field whose pattern delimits values takes its
// instance in that run, "6' 2\"" of "6' 2\", 189"); lower-case words
// next to an annotated name in those runs on two pages or more ("and")
// separate its items.
//
// Items and separators: an item wholly in brackets ("(Editor)" after a
// name) is a remark on the item before it and is dropped, and so is an
// item of a dictionary type without letters or digits ("$$$" after the
// cuisines, when the SOD has no price range); a run of words
// is learned as a separator only from values holding several runs (a name
// alone in its link is not a separator), and only when it lies between two
// runs holding annotated words, is not delimited by always-split
// separators (", ; |") on both sides and is not the text of an element
// like the items' own: in "<a>A</a> | <a>B</a> | <a>C</a>" an unannotated
// B is an item, in "<a>A</a> and <a>B</a>" "and" is a separator. Likewise
// a word of a text node between annotated words is no separator when
// always-split separators stand between it and them on both sides.
//
// Lines: a single field whose values go on in the next (or come from the
// previous), unmapped slot across line-break (and inline) tags inside the
// same element, with that slot's values carrying the field's type on more
// than half of the sample pages (records), gets both lines joined with ", "
// ("3410 Valencia St<br>Seattle, WA 98128" gives "3410 Valencia St,
// Seattle, WA 98128"; SlotMap.Join, SlotMap.JoinPrev). The next line
// ends at its first line break (the slot may run on over optional rows
// after it), and a slot another field reads only an item of (a website
// row after the second line) may still be that line. A line that is
// the field's value as a whole instance of a pattern that delimits values
// on half of the pages or more is complete: a phone number is not joined
// with the fax number on the next line. The next slot may
// also be mapped to the same field: a single nested tuple's field (an
// address in location = {address, phone}) can get a slot per line when
// both lines are annotated. A single value written as an element per line
// (a set whose iterations hold only its slot) joins the iterations
// (SlotMap.Lines), for a single field of the root or of a single nested
// tuple; the nested tuple is then not read per line. A label naming the
// field before the first line ("Location") does not key the lines, unless
// another label precedes the iterations on a quarter of the pages (rows
// "Our price:", "MSRP:" are no value's lines). On a list page read
// in page mode, the objects' own set is no nested tuple's set
// (FieldSpec.Set).
//
// Rows in varying order (roworder.go): label-value rows that come in
// another order on every page ("Brand" before "Model" on one page, after
// it on the next) cannot be aligned by ExAlg, whose template is a
// sequence. The labels of rows the sample shows in both orders (each on
// a fifth of the sample pages or records, never annotated, never twice in
// one container) are learned, and the tokenizer, at induction and at
// extraction alike, puts those rows in their labels' sorted order and,
// when a label's rows always sit in one container, gives every element of
// such a row a step of its own ("div.@made_by"), so that each row kind
// is one optional part of the template. A row is an element opening with
// a label ("<tr><th>", "<li><b>Brand:</b> …", "<div><label>…</label>
// <div>…</div></div>"), or a label (a <dt>, an element whose only text
// ends with ":", a text "Label: value") and the siblings after it up to
// the next label or a <br>. A link's or heading's text is no label, nor
// is the first item of a list, and an element holding two labels is a
// container of rows, not a row. CONSTTEMP orders the optional parts of
// one position as every page agrees (kidOrder), not by first appearance.
//
// Rows left in one slot: rows of several kinds ("<dt>Area:</dt><dd>…</dd>
// <dt>Online:</dt><dd>…</dd>") whose number and order vary may stay one
// slot, or the slots around a row kept as template. A single patterned
// field with no slot otherwise takes, from those slots outside sets
// (unmapped, or another field's: an optional time row left in the date
// row's slot), the first item (a run between tags, or the item of a longer run
// that is its longest instance) that is wholly an instance of its
// pattern, when that is so on sharePartShare of the sample pages (records);
// when one label precedes most of the sample's instances, only an item it
// precedes (SlotMap.Item, SlotMap.ItemLabel). A single dictionary field
// with no slot otherwise takes, likewise, the run of words after a label
// naming it, less other fields' instances, when such runs are on
// sharePartShare of the sample pages and its dictionary knows one of them
// (rowitems.go). Item slots are read last,
// when the field's other slots gave no value: a field with a slot of its
// own also gets them when that label names it (a "Website" row sometimes
// before the row ExAlg kept as template, sometimes after).
//
// Validation and normalisation: a field whose type has a predefined
// recognizer (FieldSpec.Predefined: date, isbn13, price, …) or a regular
// expression (FieldSpec.Regex) gets, in
// Value.Normalized, the normalised form of the longest instance the
// recognizer finds in the value (ISO date, ISBN digits, …). When that
// recognizer finds an instance in GeneraliseThres of the slot's sample
// values (SlotMap.Validate), a value in which it finds none is dropped (a
// format "Paperback" or an ISBN-10 row standing where the date row stands
// on other pages); a loose recognizer that misses many sample values
// (addresses) does not validate. An optional field whose pattern delimits
// values, mapped on its annotations (GeneraliseThres of them its type),
// validates whatever the share: a value without an instance is a page
// without the field ("Born: Boston, MA" with no date). A single field without a predefined
// recognizer is cut before a ";" or "(" when the rest holds another
// field's predefined instance ("Hachette; 2nd edition (June 1, 2010)"
// under a publisher label), and at the separators that cut
// GeneraliseThres of the sample's values so even where the rest holds
// none (SlotMap.CutAt).
//
// Sparse dictionaries: a word inside a recognised instance together with
// a word of another role next to it ("College" in "St. Keller's College"
// known as a college) is data, not template text, when that holds in
// MinAnnotated of its occurrences (annot.go); an optional field's slot
// needs MinAnnotated of its own values annotated (at least two), not of
// the sample's pages (a college on half of a roster's rows).
//
// Robustness: a constant text of the template that a page lacks is skipped
// (or matched by its longest suffix) unless it anchors its tuple or more
// than half of a tuple's texts are missing; a slot whose sample values never
// contained tags is cut at the first tag. Pages that still do not fit give a
// *MismatchError with the reason.
package wrapper
