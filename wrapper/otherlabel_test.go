package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// TestTimeNotDoors: the show's time follows the date in the date's row on
// two pages of three ("2017-10-17 · 9:00p"); a "Doors" row holds another
// time on every page, more often than the date's row holds the show's.
// The "Doors" label does not name the field "at", so the time is the date
// row's part (dropOtherLabelled); without the check it is the doors'.
func TestTimeNotDoors(t *testing.T) {
	var srcs, times []string
	for i := range 12 {
		date := fmt.Sprintf("2017-%02d-%02d", 1+i%12, 3+i)
		when, time := date, ""
		if i%3 != 2 {
			time = fmt.Sprintf("%d:%02dp", 7+i%3, 30*(i%2))
			when = date + " · " + time
		}
		doors := fmt.Sprintf(`<div><b>Doors:</b> <span>%d:%02dp</span></div>`, 5+i%3, 30*(i%2))
		srcs = append(srcs, fmt.Sprintf(`<html><body><h1 data-or-type="title">Show Number %d</h1>`+
			`<div><b>Date:</b> <span>%s</span></div>%s`+
			`<div><b>Ages:</b> <span>All ages</span></div></body></html>`, i, when, doors))
		times = append(times, time)
	}
	pages := pagesOf(t, srcs, nil)
	s := testSOD([][3]string{{"title", "1", "title"}, {"show_date", "1", "date"}, {"at", "?", "time"}}, sod.One)
	dictionaryTypes(s, "title")
	annotatePatterns(t, pages, map[string]string{"date": "date", "time": "time"})
	for _, on := range []bool{true, false} {
		t.Run(fmt.Sprint("check=", on), func(t *testing.T) {
			defer func(v bool) { mapping.OtherLabelled = v }(mapping.OtherLabelled)
			mapping.OtherLabelled = on
			w, err := Induce(pages, s, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			right := true
			for i, p := range pages {
				objs, _ := w.Extract(p)
				var want []string
				if times[i] != "" {
					want = []string{times[i]}
				}
				if len(objs) != 1 || fmt.Sprint(objs[0].Get("at")) != fmt.Sprint(want) {
					right = false
				}
			}
			if on && !right {
				t.Fatalf("times wrong; template %s\nslots %+v", w.Template(), w.Slots())
			}
			if !on && right {
				t.Fatalf("times right without the check: the test shows nothing\n%s\n%+v", w.Template(), w.Slots())
			}
		})
	}
}
