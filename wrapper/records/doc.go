// Package records is record segmentation of list pages: where the records
// of a page are and what one looks like, learned from annotated sample
// pages (FindRecordPattern) and applied to any page of the source by
// structure alone (RecordPattern.Records). Package wrapper then runs ExAlg
// over the sample's records as over detail pages, one object per record.
// It reads the SOD only for its entity types (which are mandatory, which
// single-valued) and the annotations for where those types are; it knows
// nothing of templates or slots.
//
// The files, in the order data flows through them:
//
//	records_sample.go  the SOD's types as segmentation sees them; sample
//	                   pages prepared for scoring: annotations by node,
//	                   those on text recurring on most pages left out as
//	                   template, the others weighed by their novelty (1/k
//	                   for a value annotated on k pages); words for the
//	                   repetition count (seed 002)
//	records_learn.go   FindRecordPattern: candidate segmentations (runs
//	                   "h m*" of the children of the elements at one tag
//	                   path, seed 001's record grammar), each scored by the
//	                   SOD's mandatory types per record, useful coverage,
//	                   repeated siblings and the repetition count, the best
//	                   ones pruned to records similar to exemplars
//	                   (prototype, homogeneity), the winner made a
//	                   RecordPattern; a *RecordError when no candidate holds
//	                   the SOD's types
//	heading.go         group headings: a day heading above events that do
//	                   not print their date is taken by every record below
//	                   it (scored with them, put before their nodes by
//	                   Records), rather than made a record of its own
//	records_match.go   tag skeletons of records and normalised simple tree
//	                   matching (STM, 2W/(|A|+|B|), seed 001), as they are
//	                   or with children sorted
//	records.go         RecordOptions; RecordPattern (parent path, head and
//	                   member labels, exemplar skeletons, threshold,
//	                   excluded parents, statistics), its JSON form (saved
//	                   in wrapper files) and String; Records cuts a page
//	                   into records
//	explain.go         WhyNoRecords: where the search for records stopped
//	                   on a page (no parent, no head, records too unlike)
//
// FindRecordPattern's doc comment gives the score in full.
package records
