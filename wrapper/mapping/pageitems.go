package mapping

// Item paths of a set field on pages of one object (or of a page-mode list).
//
// A set field's slot can span several elements when the template aligns
// optional elements of different kinds into one slot: the supporting acts
// in a <div> on some pages, a section heading ("Details", "Overview") in
// an <h2> right after it on others. Every text of the slot was then an
// item, the heading among the acts. As in record mode (refineSets,
// itempaths.go), the items are the runs at the DOM paths where the
// sample's instances are. On a page of one object the dictionary often
// knows few values and a sample holds few of them, so a share of
// annotated runs tells little (a few linked guests, none known, beside
// plain-text ones): a path is dropped when none of its runs is annotated
// while another path's are, and its runs repeat a few texts, page after
// page (each text on pageItemRepeat runs on average, pageItemMinRuns runs
// or more), as template words do and names of acts do not. Items at a
// path the sample never showed are dropped, as in record mode; the paths
// are only learned when some path is dropped.

// pageItemMinRuns is the least number of sample runs at a path for its
// runs to be dropped as no items, and pageItemRepeat the least mean number
// of runs per distinct text there.
const (
	PageItemMinRuns = 3
	PageItemRepeat  = 2
)
