package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// Names, teams and colleges of the synthetic player pages below: each
// value differs from page to page.
var (
	sparseFirst = []string{"Adrian", "Bianca", "Callum", "Delphine", "Emeric", "Freya", "Gideon", "Hunter", "Imogen", "Jasper", "Katrin", "Lucas", "Magnus", "Nadia", "Oliver", "Paloma", "Quentin", "Renée", "Samuel", "Tamsin", "Ulrich", "Vivian", "Wendell", "Xavier", "Yusuf", "Zoë"}
	sparseLast  = []string{"Nakamura", "Ortega", "Brennan", "Jefferson", "Marchand", "Haverford", "Fontaine", "Sandoval", "Underhill", "Tillman", "Novak", "Lindqvist", "Sørensen", "Kincaid", "Tremaine", "Ravenscroft", "Drummond", "Castellano", "Winslow", "Abernathy", "Talbot", "Everhart", "Jessup", "Okafor", "Quill", "Vance"}
	sparseCity  = []string{"Austin", "Boston", "Chicago", "Dallas", "Denver", "Madison", "Memphis", "Nashville", "Omaha", "Portland", "Raleigh", "Seattle", "Tampa", "Tulsa"}
	sparseTeam  = []string{"Ravens", "Foxes", "Wolves", "Owls", "Herons", "Comets", "Knights", "Pilots"}
)

func sparsePlayer(i int) string {
	return sparseFirst[i%len(sparseFirst)] + " " + sparseLast[(i*7+3)%len(sparseLast)]
}

func sparseClub(i int) string {
	return sparseCity[(i*5+1)%len(sparseCity)] + " " + sparseTeam[(i*3)%len(sparseTeam)]
}

// TestBreadcrumbLabelBeforeAnotherName: a breadcrumb "Home › Teams ›
// <name>" puts the label "Teams" before the player's own name on every
// page, and the page's <title> names the player. The team's row is
// labelled "Current team", a looser name. The player dictionary knows a
// few of the names, the team dictionary a few teams and never a player: the
// breadcrumb's names are not the team's values (otherNames), the row is.
func TestBreadcrumbLabelBeforeAnotherName(t *testing.T) {
	var src, names, teams []string
	for i := range 20 {
		name, team := sparsePlayer(i), sparseClub(i)
		names, teams = append(names, name), append(teams, team)
		nm := func(tag string) string {
			if i%5 < 2 {
				return fmt.Sprintf(`<%s data-or-type="player">%s</%s>`, tag, name, tag)
			}
			return fmt.Sprintf(`<%s>%s</%s>`, tag, name, tag)
		}
		tm := "<td>" + team + "</td>"
		if i%6 == 0 {
			tm = `<td data-or-type="team">` + team + "</td>"
		}
		src = append(src, fmt.Sprintf(`<html><head><title>%s | Stats</title></head><body>`+
			`<div class="crumbs"><a href="/">Home</a> › <a href="/teams/">Teams</a> › %s</div>%s`+
			`<table><tr><td>Current team:</td>%s</tr><tr><td>Ht.:</td><td>6' %d"</td></tr></table></body></html>`,
			name, nm("span"), nm("h2"), tm, i%12))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "player"}, {"team", "1", "team"}}, sod.One)
	dictionaryTypes(s, "player", "team")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects; template %s", p.Path, len(objs), w.Template())
		}
		if got := fmt.Sprint(objs[0].Get("team")); got != fmt.Sprint([]string{teams[i]}) {
			t.Fatalf("%s: team %s, want %q (name %q); slots %+v", p.Path, got, teams[i], names[i], w.Slots())
		}
	}
}

// TestSparseOptionalField: a college is on half of the pages, and the
// college dictionary knows three of them: fewer than MinAnnotated of the
// sample pages, but a tenth of the slot's own values. An optional field
// is counted against the values its slot has (fieldMin).
func TestSparseOptionalField(t *testing.T) {
	colleges := []string{"Ashford A&M", "Dunmore State", "University of Glenrock", "Kestrel University", "Ridgeway A&M", "Oakridge State", "University of Brennan", "Queensbury State", "Pinecrest A&M", "Eastvale State", "Lakemont University", "University of Harrowgate", "Millbrook State", "Ironbridge University", "Juniper A&M", "Northgate University", "University of Fairhaven", "Thornbury State", "Westfield A&M", "Brightwater University"}
	var src, want []string
	for i := range 40 {
		name := sparsePlayer(i)
		row := ""
		want = append(want, "")
		if i%2 == 0 {
			c := colleges[i/2]
			want[i] = c
			if i%16 == 0 {
				row = `<p class="college" data-or-type="college">` + c + `</p>`
			} else {
				row = `<p class="college">` + c + `</p>`
			}
		}
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="player">%s</h1><p>Born <span data-or-type="date">June %d, %d</span></p>%s<p>Updated nightly</p></body></html>`,
			name, 1+i%28, 1980+i%20, row))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "player"}, {"born", "1", "date"}, {"college", "?", "college"}}, sod.One)
	dictionaryTypes(s, "player", "college")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects; template %s", p.Path, len(objs), w.Template())
		}
		got := strings.Join(objs[0].Get("college"), "|")
		if got != want[i] {
			t.Fatalf("%s: college %q, want %q; slots %+v", p.Path, got, want[i], w.Slots())
		}
	}
}

// TestNameWithConstantWords: a third of the colleges are "St. <name>'s
// College", so ExAlg would take "St.", "." and "College" for template text
// around a slot holding only the middle name. The college dictionary
// knows a few of them, whole: words inside a recognised instance together
// with words of other roles are data (innerWord), and the college is
// extracted whole on every page.
func TestNameWithConstantWords(t *testing.T) {
	var src, want []string
	for i := range 24 {
		c := sparseLast[i%len(sparseLast)] + " State"
		switch i % 3 {
		case 0:
			c = "St. " + sparseLast[(i+5)%len(sparseLast)] + "'s College"
		case 1:
			c = "University of " + sparseCity[i%len(sparseCity)]
		}
		want = append(want, c)
		cell := `<td>` + c + `</td>`
		if i%8 == 0 || i%8 == 3 {
			cell = `<td data-or-type="college">` + c + `</td>`
		}
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="player">%s</h1><table><tr><td>Born</td><td data-or-type="date">June %d, %d</td></tr><tr><td>College</td>%s</tr></table></body></html>`,
			sparsePlayer(i), 1+i%28, 1980+i%20, cell))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "player"}, {"born", "1", "date"}, {"college", "?", "college"}}, sod.One)
	dictionaryTypes(s, "player", "college")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects; template %s", p.Path, len(objs), w.Template())
		}
		if got := strings.Join(objs[0].Get("college"), "|"); got != want[i] {
			t.Fatalf("%s: college %q, want %q; template %s", p.Path, got, want[i], w.Template())
		}
	}
}

// TestOptionalPatternAbsent: the "Born" row holds a date on half of the
// pages and only a birthplace on the others. The date recognizer finds an
// instance in half of the slot's values, below GeneraliseThres, but every
// annotated value is a date: a value without one is a page without the
// optional date (absentAsOther), not a date to keep whole.
func TestOptionalPatternAbsent(t *testing.T) {
	var src, want []string
	for i := range 20 {
		born, w := sparseCity[i%len(sparseCity)]+", TX", ""
		if i%2 == 0 {
			born = fmt.Sprintf(`<span data-or-type="date">June %d, %d</span>`, 1+i, 1980+i)
			w = fmt.Sprintf("June %d, %d", 1+i, 1980+i)
		}
		want = append(want, w)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="player">%s</h1><p>Born: %s</p><p>Updated nightly</p></body></html>`,
			sparsePlayer(i), born))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "player"}, {"born", "?", "date"}}, sod.One)
	dictionaryTypes(s, "player")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("template %s slots %+v", w.Template(), w.Slots())
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects; template %s", p.Path, len(objs), w.Template())
		}
		if got := strings.Join(objs[0].Get("born"), "|"); got != want[i] {
			t.Fatalf("%s: born %q, want %q; slots %+v", p.Path, got, want[i], w.Slots())
		}
	}
}

// TestInstanceAmongOtherWords: the "Born" row writes the date and the
// birthplace in one text node, the date less than half of its words, and
// the SOD asks for the date only. No slot is mapped on the date's
// annotations (a value is an instance when they cover half its words);
// the slot no field has whose values hold the date's instance gives it
// (learnInstances).
func TestInstanceAmongOtherWords(t *testing.T) {
	var src, want []string
	marks := map[string][]string{}
	for i := range 20 {
		d := fmt.Sprintf("June %d, %d", 1+i, 1980+i)
		want = append(want, d)
		if i%3 != 2 {
			marks["date"] = append(marks["date"], d)
		}
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="player">%s</h1><p>Born: %s %s</p><p>Updated nightly</p></body></html>`,
			sparsePlayer(i), d, strings.Repeat(sparseCity[i%len(sparseCity)]+" ", 4+i%3)+sparseLast[i%len(sparseLast)]))
	}
	pages := pagesOf(t, src, marks)
	s := testSOD([][3]string{{"name", "1", "player"}, {"birth_date", "?", "date"}}, sod.One)
	dictionaryTypes(s, "player")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects; template %s", p.Path, len(objs), w.Template())
		}
		if got := strings.Join(objs[0].Get("birth_date"), "|"); got != want[i] {
			t.Fatalf("%s: born %q, want %q; slots %+v", p.Path, got, want[i], w.Slots())
		}
	}
}

// TestLeadRunInstance: the height row goes on, over line breaks whose
// number varies, with notes the SOD does not ask for, so the height's slot
// is read from its first run of words (SlotMap.Lead). That run also holds
// the weight ("6' 2\", 189"): the height's pattern delimits its value
// there too (SlotMap.Match on a lead slot).
func TestLeadRunInstance(t *testing.T) {
	var src, want []string
	marks := map[string][]string{}
	for i := range 20 {
		h := fmt.Sprintf(`%d' %d"`, 5+i%2, i%12)
		want = append(want, h)
		marks["height"] = append(marks["height"], h)
		var notes strings.Builder
		for j := range 2 + i%2 {
			fmt.Fprintf(&notes, "<br>%s %s and %s", sparseCity[(i+j)%len(sparseCity)], sparseLast[(i*3+j)%len(sparseLast)], sparseFirst[(i+j)%len(sparseFirst)])
		}
		hw := h
		switch i % 3 {
		case 1:
			hw = fmt.Sprintf("%s, %d", h, 150+i*3)
		case 2:
			hw = fmt.Sprintf("%s / %d lb", h, 150+i*3)
		}
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="player">%s</h1><p>%s%s</p><p>Updated nightly</p></body></html>`,
			sparsePlayer(i), hw, notes.String()))
	}
	pages := pagesOf(t, src, marks)
	s := testSOD([][3]string{{"name", "1", "player"}, {"ht", "1", "height"}}, sod.One)
	dictionaryTypes(s, "player")
	for _, f := range s.Root.Fields {
		if f.Name == "ht" {
			f.Type.Recognizer = &sod.Recognizer{Kind: sod.Regex, Pattern: `\d' ?\d{1,2}"`}
		}
	}
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkOneField(t, w, pages, "ht", want)
}

// TestOneAnnotatedText: the college dictionary knows the heading "More
// information", one of three headings above the details, and two of the
// colleges. The heading's annotations all fall on one text, page after
// page: a dictionary knowing a heading, not the object's value
// (oneTextPenalty), so the college comes from its row.
func TestOneAnnotatedText(t *testing.T) {
	colleges := []string{"Ashford A&M", "Dunmore State", "University of Glenrock", "Kestrel University", "Ridgeway A&M", "Oakridge State", "University of Brennan", "Queensbury State", "Pinecrest A&M", "Eastvale State", "Lakemont University", "University of Harrowgate", "Millbrook State", "Ironbridge University", "Juniper A&M", "Northgate University", "University of Fairhaven", "Thornbury State", "Westfield A&M", "Brightwater University"}
	headings := []string{"Information", "Product details", `<span data-or-type="college">More information</span>`}
	var src, want []string
	for i := range 20 {
		row, w := "", ""
		if i%3 != 2 {
			w = colleges[i]
			if i == 0 || i == 4 {
				row = `<p class="college" data-or-type="college">` + w + `</p>`
			} else {
				row = `<p class="college">` + w + `</p>`
			}
		}
		want = append(want, w)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="player">%s</h1><p>Born <span data-or-type="date">June %d, %d</span></p><h2>%s</h2>%s<p>Updated nightly</p></body></html>`,
			sparsePlayer(i), 1+i, 1980+i, headings[i%3], row))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "player"}, {"born", "1", "date"}, {"college", "?", "college"}}, sod.One)
	dictionaryTypes(s, "player", "college")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkOneField(t, w, pages, "college", want)
}
