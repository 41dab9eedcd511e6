package wrapper

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// classRosterPage renders a list page of players whose <dd> rows are told
// apart only by their class; the height row is optional.
func classRosterPage(page, n int) (string, [][3]string) {
	var b strings.Builder
	var want [][3]string // name, height ("" when absent), born
	b.WriteString(`<html><body><div><a href="/">Home</a></div><h1>Roster</h1><ul>`)
	for j := range n {
		k := page*11 + j*7
		name := fmt.Sprintf("Player %c%c", 'A'+rune(k%26), 'a'+rune(k/26%26))
		born := fmt.Sprintf("May %d, %d", 1+k%28, 1980+k%20)
		ht := ""
		fmt.Fprintf(&b, `<li class="%s"><h3>%s</h3><dl><dd class="row pos">Center</dd>`, []string{"odd", "even"}[j%2], name)
		if k%3 != 0 {
			ht = fmt.Sprintf("%d-%d", 5+k%3, k%12)
			fmt.Fprintf(&b, `<dd class="row ht">%s</dd>`, ht)
		}
		fmt.Fprintf(&b, `<dd class="row born">%s</dd></dl></li>`, born)
		want = append(want, [3]string{name, ht, born})
	}
	b.WriteString(`</ul><div>About</div></body></html>`)
	return b.String(), want
}

// TestRecordClassRoles: sibling <dd> rows of a record differ only by class
// and one of them is optional. Record mode gives each class its own role,
// so the date is never read from the height row (or the reverse), on the
// sample and on new pages, before and after Save/Load.
func TestRecordClassRoles(t *testing.T) {
	w := induceRoster(t, classRosterPage)
	rules := w.Paths.Cls.File()
	var got []string
	for _, toks := range rules {
		got = append(got, toks...)
	}
	if !strings.Contains(strings.Join(got, " "), "ht") || strings.Contains(strings.Join(got, " "), "odd") || strings.Contains(strings.Join(got, " "), "row") {
		t.Errorf("class rules %v: want the height row's class, not the record's (odd) nor one every row has (row)", rules)
	}
	var buf bytes.Buffer
	if err := w.Save(&buf); err != nil {
		t.Fatal(err)
	}
	l, err := Load(&buf)
	if err != nil {
		t.Fatal(err)
	}
	checkRoster(t, w, classRosterPage)
	checkRoster(t, l, classRosterPage)
}

// rosterRender renders a roster list page of n players and returns, per
// player, its name, height ("" when absent) and birth date.
type rosterRender func(page, n int) (string, [][3]string)

// induceRoster induces a record-mode wrapper on roster pages from render,
// annotated with the values render says.
func induceRoster(t *testing.T, render rosterRender) *Wrapper {
	t.Helper()
	s, err := sod.Parse("roster.toml", []byte(`
object = "player"
objects = "*"
[tuple.player]
name = "1"
height = "?"
born = "1"
[entity.name]
regex = 'Player \w+'
[entity.height]
regex = '\d-\d+'
[entity.born]
predefined = "date"
`))
	if err != nil {
		t.Fatal(err)
	}
	var sample []*annotate.Page
	for i, n := range []int{4, 6, 3, 5, 7, 4, 6, 5} {
		src, want := render(i, n)
		m := map[string][]string{}
		for _, w := range want {
			m["name"] = append(m["name"], w[0])
			if w[1] != "" {
				m["height"] = append(m["height"], w[1])
			}
			m["born"] = append(m["born"], w[2])
		}
		sample = append(sample, pagetest.Marked(t, fmt.Sprint(i), src, m))
	}
	w, err := Induce(sample, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if w.Mode() != ModeRecords {
		t.Fatalf("mode %s, want records", w.Mode())
	}
	return w
}

// checkRoster extracts two new roster pages from render with wr and checks
// every player's values.
func checkRoster(t *testing.T, wr *Wrapper, render rosterRender) {
	t.Helper()
	for i, n := range []int{5, 9} {
		src, want := render(100+i, n)
		p, err := annotate.ParsePage([]byte(src), "p", annotate.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		objs, err := wr.Extract(p)
		if err != nil || len(objs) != n {
			t.Fatalf("page with %d records: %d objects, %v", n, len(objs), err)
		}
		for j, o := range objs {
			g := [3]string{strings.Join(o.Get("name"), "|"), strings.Join(o.Get("height"), "|"), strings.Join(o.Get("born"), "|")}
			if !reflect.DeepEqual(g, want[j]) {
				t.Errorf("record %d: %q, want %q (classes %v)", j, g, want[j], wr.Paths.Cls.File())
			}
		}
	}
}

// labelRosterPage renders a list page whose record rows are told apart
// only by their label ("Height:", "Born:"), the height and weight rows
// optional, the rows always in the same order, their values in varied
// markup.
func labelRosterPage(page, n int) (string, [][3]string) {
	var b strings.Builder
	var want [][3]string
	b.WriteString(`<html><body><div><a href="/">Home</a></div><h1>Roster</h1><div class="list">`)
	for j := range n {
		k := page*11 + j*7
		name := fmt.Sprintf("Player %c%c", 'A'+rune(k%26), 'a'+rune(k/26%26))
		born := fmt.Sprintf("May %d, %d", 1+k%28, 1980+k%20)
		ht := ""
		fmt.Fprintf(&b, `<div class="card"><h3>%s</h3><div class="row"><b>Position:</b> <div><a href="/p">Center</a> (was <a href="/q">Guard</a>)</div></div>`, name)
		if k%3 != 0 {
			ht = fmt.Sprintf("%d-%d", 5+k%3, k%12)
			fmt.Fprintf(&b, `<div class="row"><b>Height:</b> <div><span>%s</span></div></div>`, ht)
		}
		if k%4 == 1 {
			fmt.Fprintf(&b, `<div class="row"><b>Weight:</b> <div><a href="/w">%d lbs</a></div></div>`, 180+k%40)
		}
		fmt.Fprintf(&b, `<div class="row"><b>Born:</b> <div><a href="/b">%s</a></div></div></div>`, born)
		want = append(want, [3]string{name, ht, born})
	}
	b.WriteString(`</div><div>About</div></body></html>`)
	return b.String(), want
}

// TestRecordLabelRoles: as TestRecordClassRoles, with rows that differ
// only by the label they open with.
func TestRecordLabelRoles(t *testing.T) {
	checkRoster(t, induceRoster(t, labelRosterPage), labelRosterPage)
}

// classDetailPage renders a detail page of a player whose <dd> rows are
// told apart only by their class; the height row is optional, and a
// sidebar list alternates classes (odd, even) and gives each item an id
// class (item-3) that are no row's.
func classDetailPage(k int) (string, [3]string) {
	var b strings.Builder
	name := fmt.Sprintf("Player %c%c", 'A'+rune(k%26), 'a'+rune(k/26%26))
	born := fmt.Sprintf("May %d, %d", 1+k%28, 1980+k%20)
	ht := ""
	fmt.Fprintf(&b, `<html><body><div><a href="/">Home</a></div><h1>%s</h1><dl><dd class="row pos">Center</dd>`, name)
	if k%3 != 0 {
		ht = fmt.Sprintf("%d-%d", 5+k%3, k%12)
		fmt.Fprintf(&b, `<dd class="row ht">%s</dd>`, ht)
	}
	if k%4 == 1 {
		b.WriteString(`<dd class="row note">Injured</dd>`)
	}
	fmt.Fprintf(&b, `<dd class="row born">%s</dd></dl><ul>`, born)
	for j := range 2 + k%4 {
		fmt.Fprintf(&b, `<li class="%s item-%d">Other %d</li>`, []string{"odd", "even"}[j%2], (k+j)%5, j)
	}
	b.WriteString(`</ul><div>About</div></body></html>`)
	return b.String(), [3]string{name, ht, born}
}

// TestPageClassRoles: in page mode too, sibling rows that differ only by
// class (one optional) get roles of their own, so that no slot runs over
// the height and date rows; the sidebar items' alternating classes give
// no roles. The same holds after Save/Load and when extracting while the
// page is read.
func TestPageClassRoles(t *testing.T) {
	s, err := sod.Parse("player.toml", []byte(`
object = "player"
[tuple.player]
name = "1"
height = "?"
born = "1"
[entity.name]
regex = 'Player \w+'
[entity.height]
regex = '\d-\d+'
[entity.born]
predefined = "date"
`))
	if err != nil {
		t.Fatal(err)
	}
	var sample []*annotate.Page
	for k := range 12 {
		src, want := classDetailPage(k)
		m := map[string][]string{"name": {want[0]}, "born": {want[2]}}
		if want[1] != "" {
			m["height"] = []string{want[1]}
		}
		sample = append(sample, pagetest.Marked(t, fmt.Sprint(k), src, m))
	}
	w, err := Induce(sample, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if w.Mode() != ModePage {
		t.Fatalf("mode %s, want page", w.Mode())
	}
	got := fmt.Sprint(w.Paths.Cls.File())
	if !strings.Contains(got, "ht") || strings.Contains(got, "odd") || strings.Contains(got, "item-") || strings.Contains(got, " row") {
		t.Errorf("class rules %s: want the height row's class, not the list items' (odd, item-3) nor one every row has (row)", got)
	}
	var buf bytes.Buffer
	if err := w.Save(&buf); err != nil {
		t.Fatal(err)
	}
	l, err := Load(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{40, 41, 42, 45, 47} {
		src, want := classDetailPage(k)
		for i, wr := range []*Wrapper{w, l, w} {
			var objs []*Object
			if i < 2 {
				p, err := annotate.ParsePage([]byte(src), "p", annotate.LoadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				objs, err = wr.Extract(p)
			} else {
				objs, err = wr.ExtractBytes([]byte(src), "p", annotate.LoadOptions{})
			}
			if err != nil || len(objs) != 1 {
				t.Fatalf("page %d (wrapper %d): %d objects, %v", k, i, len(objs), err)
			}
			o := objs[0]
			g := [3]string{strings.Join(o.Get("name"), "|"), strings.Join(o.Get("height"), "|"), strings.Join(o.Get("born"), "|")}
			if g != want {
				t.Errorf("page %d (wrapper %d): %q, want %q", k, i, g, want)
			}
		}
	}
}
