// Command rename renames identifiers of one Go package by type, not by
// text: every use of the object named, in the package's files and its
// in-package tests, and nothing else of the same spelling. It is the tool
// that made the renames of issue 21's first step (wrapper/exalg,
// wrapper/records); a branch that still has the old names in package
// wrapper can apply the same renames before merging:
//
//	go run ./scripts/rename ./wrapper token.kind=Kind token.text=Text \
//	  token.path=Path token.node=Node token.start=Start token.end=End \
//	  token.ann=Ann token.annTypes=AnnTypes baseKey.kind=Kind \
//	  baseKey.text=Text baseKey.path=Path baseKey=BaseKey \
//	  edgeToken=EdgeToken Tok.key=Key Template.index=Index walk=Walk \
//	  RecordPattern.whyNoRecords=WhyNoRecords
//
// A SPEC is OLD=NEW for a package-level object, TYPE.MEMBER=NEW for a
// field or method of the named type TYPE, or PKG.TYPE.MEMBER=NEW for a
// member of a type of the imported package PKG, renamed where this
// package uses it (run it on the defining package too). Files are
// rewritten in place.
package main
