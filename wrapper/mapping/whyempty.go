package mapping

import (
	"github.com/objectrunner/objectrunner/annotate"
)

// WhyEmpty says, in words, why Extract found no object on p without an
// error — which the SOD allows (objects = "*") but which, on every page of
// a source, means the wrapper does not describe these pages. For a
// record-mode wrapper it tells where the search for records stopped: no
// element at the list's path, no item of the record's tag there, or items
// too unlike the sample's records. It returns "" when p has objects.
func (w *State) WhyEmpty(p *annotate.Page) string {
	if p == nil || p.Doc == nil {
		return "no page"
	}
	if w.Records == nil {
		if objs, err := w.Extract(p); err != nil || len(objs) > 0 {
			return ""
		}
		return "the template fits, but the part of it that repeats once per object occurs 0 times"
	}
	return w.Records.WhyNoRecords(p)
}
