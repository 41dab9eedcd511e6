package mapping

import (
	"fmt"
	"sort"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
)

// WalkValues calls fn for every value of fs, nested ones with their dotted
// path.
func WalkValues(fs []Field, prefix string, fn func(path string, v Value)) {
	for _, f := range fs {
		path := prefix + f.Name
		for _, v := range f.Values {
			if f.Tuple {
				WalkValues(v.Fields, path+".", fn)
				continue
			}
			fn(path, v)
		}
	}
}

// NoSlotReason says why field f got no slot, from its annotations on the
// sample pages; readAt maps an element path to the fields the wrapper
// reads there.
func NoSlotReason(f FieldSpec, pages []*annotate.Page, readAt map[string][]string) string {
	n := len(pages)
	onPages, total := 0, 0
	texts := map[string]int{}  // text of the annotated node -> annotations
	places := map[string]int{} // element path -> pages with an annotation there
	for _, p := range pages {
		found := false
		here := map[string]bool{}
		for _, a := range p.Annotations {
			if !Contains(f.Types, a.Type) || a.Node == nil {
				continue
			}
			found = true
			total++
			texts[strings.TrimSpace(a.Node.Data)]++
			if a.Node.Parent != nil {
				here[annotate.NodePath(a.Node.Parent)] = true
			}
		}
		if found {
			onPages++
		}
		for pl := range here {
			places[pl]++
		}
	}
	types := strings.Join(f.Types, ", ")
	if onPages == 0 {
		return fmt.Sprintf("no instance of its type (%s) on any of the %d sample pages: %s", types, n, nothingFound(f))
	}
	if t, k := most(texts); k >= 2 && 5*k >= 4*total && len(texts) <= 2 {
		return fmt.Sprintf("its %d instances on the sample pages are nearly all the same text %q: template text (a label, a menu entry), not values", total, t)
	}
	place, k := most(places)
	if others := without(readAt[place], f.Path); len(others) > 0 && 2*k >= onPages {
		return fmt.Sprintf("its instances (on %d of the %d sample pages) are mostly in %s (%d pages), where %s is read: the slot went to that field",
			onPages, n, place, k, strings.Join(others, ", "))
	}
	if 2*k < onPages {
		return fmt.Sprintf("its instances (on %d of the %d sample pages) are spread over %d places, the most in %s on %d pages: no slot holds them consistently",
			onPages, n, len(places), place, k)
	}
	if 2*onPages < n {
		return fmt.Sprintf("its instances are on %d of the %d sample pages, mostly in %s (%d pages): too few pages for a slot",
			onPages, n, place, k)
	}
	return fmt.Sprintf("its instances are on %d of the %d sample pages, mostly in %s (%d pages), but that slot was not mapped to it: too small a share of the slot's values are its instances, or they fail the field's checks",
		onPages, n, place, k)
}

// nothingFound explains a field whose recognizer finds nothing, by kind.
func nothingFound(f FieldSpec) string {
	switch {
	case f.Dictionary:
		return fmt.Sprintf("the dictionary %q knows none of the values the pages show (add a few of them to it)", f.Class)
	case f.Regex != nil:
		return fmt.Sprintf("its regex %q matches no text of the pages", f.Regex.Pattern)
	case f.Predefined != "":
		return fmt.Sprintf("the predefined recognizer %q finds nothing in the pages' texts", f.Predefined)
	}
	return "its recognizer finds nothing"
}

// most returns the key with the largest count, ties to the smaller key.
func most(m map[string]int) (string, int) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	best, bestN := "", 0
	for _, k := range keys {
		if m[k] > bestN {
			best, bestN = k, m[k]
		}
	}
	return best, bestN
}

// without returns s without x.
func without(s []string, x string) []string {
	var out []string
	for _, e := range s {
		if e != x {
			out = append(out, e)
		}
	}
	return out
}
