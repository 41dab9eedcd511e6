package corpus

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/repository"
	"github.com/objectrunner/objectrunner/sod"
)

const examples = "../examples"

// lines counts the lines of a file.
func lines(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		n++
	}
	return n
}

// setup opens a store in a temporary directory, imports the given word
// lists (class → entries) and loads the SOD with its recognizers.
func setup(t *testing.T, sodPath string, lists map[string][]string) (*sod.SOD, *dictionaries.Store, Options) {
	t.Helper()
	s, err := sod.Load(sodPath)
	if err != nil {
		t.Fatal(err)
	}
	store, err := dictionaries.Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	for class, entries := range lists {
		if _, err := store.Import(context.Background(), class, strings.NewReader(strings.Join(entries, "\n")), dictionaries.ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := recognizers.ForSOD(s, store)
	if err != nil {
		t.Fatal(err)
	}
	return s, store, Options{SOD: s, Recognizers: recs, Store: store, Grow: true}
}

func readList(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

// runLogged runs srcs with opt, failing the test on an error, and logs
// the report's table, which it returns too.
func runLogged(t *testing.T, srcs []Source, opt Options) (*Report, string) {
	t.Helper()
	rep, err := Run(context.Background(), srcs, opt)
	if err != nil {
		t.Fatal(err)
	}
	var table strings.Builder
	rep.WriteTable(&table)
	t.Logf("\n%s", table.String())
	return rep, table.String()
}

// TestRunExamples runs the three concert sources as one corpus, two at a
// time, seeded with the word list of the first only: every source gives
// its objects, outputs and wrappers are written, the repository holds them,
// and the dictionaries grow between rounds.
func TestRunExamples(t *testing.T) {
	var dirs []string
	for _, n := range []string{"concerts-a", "concerts-b", "concerts-c"} {
		dirs = append(dirs, filepath.Join(examples, n))
	}
	srcs, err := Sources(dirs)
	if err != nil {
		t.Fatal(err)
	}
	_, _, opt := setup(t, filepath.Join(examples, "concerts-a", "sod.toml"),
		map[string][]string{"artist": readList(t, filepath.Join(examples, "concerts-a", "dictionaries", "artist.txt"))})
	opt.Jobs = 2
	opt.Out = t.TempDir()
	opt.Repo = t.TempDir()
	rep, table := runLogged(t, srcs, opt)
	for _, s := range rep.Sources {
		a := s.Final()
		want := lines(t, filepath.Join(examples, s.Name, "expected.jsonl"))
		if a.Status != OK || a.Objects != want {
			t.Errorf("%s: %s with %d objects (%s), want ok with %d", s.Name, a.Status, a.Objects, a.Reason, want)
			continue
		}
		if got := lines(t, s.Output); got != want {
			t.Errorf("%s: %s has %d lines, want %d", s.Name, s.Output, got, want)
		}
		if _, err := os.Stat(s.Wrapper); err != nil {
			t.Errorf("%s: no wrapper: %v", s.Name, err)
		}
		if s.Indexed != want {
			t.Errorf("%s: %d objects indexed, want %d", s.Name, s.Indexed, want)
		}
		for _, f := range rep.Fields {
			if a.Fill[f] != 1 {
				t.Errorf("%s: field %s filled in %.2f of the objects, want all", s.Name, f, a.Fill[f])
			}
		}
	}
	if rep.Rounds != 2 {
		t.Errorf("%d rounds, want 2 (three sources, two at a time)", rep.Rounds)
	}
	if g := rep.Grown()["artist"]; g == 0 {
		t.Error("the artist dictionary did not grow")
	}
	for _, want := range []string{"source", "concerts-b", "artist", "performer", "3 sources: 3 ok, 0 discarded, 0 failed; 2 rounds of up to 2", "after round 1: dictionary artist +"} {
		if !strings.Contains(table, want) {
			t.Errorf("the table does not show %q", want)
		}
	}
	r, err := repository.OpenReader(opt.Repo)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got := len(r.Sources("concert")); got != 3 {
		t.Errorf("the repository holds %d concert sources, want 3", got)
	}
}

// Two generated detail-page sources of shows (one artist, date and
// address per page), with different templates. Artists come from three
// pools of names: the "listings" source shows pool 1 and pool 2, the
// "tickets" source pool 2 and pool 3. The seed dictionary holds pool 1
// only: listings is annotated on half its pages, tickets on none.
const showSOD = `name = "show"
object = "show"

[tuple.show]
artist = "1"
date = "1"
address = "1"

[entity.artist]
dictionary = "artist"
[entity.date]
predefined = "date"
[entity.address]
predefined = "address"
`

var (
	firstNames = []string{"Aurora", "Basil", "Celeste", "Dorian", "Esme", "Felix", "Greta", "Hollis", "Ingrid", "Jasper",
		"Kira", "Lionel", "Marisol", "Nico", "Odette"}
	lastNames = []string{"Vance", "Okafor", "Lindqvist", "Marchetti", "Tanaka", "Delacroix", "Abernathy", "Kowalski",
		"Fairweather", "Quintero", "Halvorsen", "Beaumont", "Castellanos", "Ridgeway", "Sorensen", "Whitlock",
		"Yamamoto", "Zielinski", "Ashdown", "Brennan"}
	streets = []string{"Main Street", "Oak Avenue", "Pine Road", "Maple Drive", "Cedar Lane", "Elm Street"}
	cities  = []string{"New York, NY 10001", "Boston, MA 02108", "Chicago, IL 60601", "Austin, TX 78701"}
	months  = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// pool returns the names of pool p (0, 1, 2): fifteen names each.
func pool(p int) []string {
	var out []string
	for i := range 15 {
		out = append(out, firstNames[i]+" "+lastNames[(i+7*p)%len(lastNames)]+[]string{"", " Trio", " Quartet"}[p])
	}
	return out
}

// writeShows writes 30 pages of a source: artists from the two pools,
// alternately. It returns the artist of each page.
func writeShows(t *testing.T, dir string, pools [2]int, template string) map[string]string {
	t.Helper()
	pages := filepath.Join(dir, "pages")
	if err := os.MkdirAll(pages, 0o755); err != nil {
		t.Fatal(err)
	}
	a, b := pool(pools[0]), pool(pools[1])
	artists := map[string]string{}
	for i := range 30 {
		artist := a[i/2]
		if i%2 == 1 {
			artist = b[i/2]
		}
		date := fmt.Sprintf("%s %d, 2010", months[i%12], 1+i%28)
		addr := fmt.Sprintf("%d %s, %s", 10+7*i, streets[i%len(streets)], cities[i%len(cities)])
		page := strings.NewReplacer("{artist}", artist, "{date}", date, "{address}", addr, "{n}", fmt.Sprint(i)).Replace(template)
		name := fmt.Sprintf("%04d.html", i)
		if err := os.WriteFile(filepath.Join(pages, name), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		artists[name] = artist
	}
	return artists
}

// checkArtists compares the artists of an output file with the truth.
func checkArtists(t *testing.T, path string, truth map[string]string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		var line struct {
			Page   string `json:"page"`
			Object struct {
				Artist string `json:"artist"`
			} `json:"object"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatal(err)
		}
		if want := truth[line.Page]; line.Object.Artist != want {
			t.Errorf("%s: %s: artist %q, want %q", path, line.Page, line.Object.Artist, want)
		}
		n++
	}
	if n != len(truth) {
		t.Errorf("%s: %d objects, want %d", path, n, len(truth))
	}
}

const listingsPage = `<html><head><title>Show {n}</title></head><body>
<div class="nav"><a href="/">Home</a> | <a href="/shows">All shows</a> | <a href="/venues">Venues</a></div>
<div class="show"><h1>{artist}</h1><p class="when">{date}</p><p class="where">{address}</p>
<p>Doors open one hour before the show. All ages.</p></div>
<div class="footer">Listings are updated daily. Contact us for corrections.</div>
</body></html>`

const ticketsPage = `<html><body><div id="top">Tickets for every show in town</div>
<table class="info"><tr><td>Performer:</td><td><b>{artist}</b></td></tr>
<tr><td>When:</td><td>{date}</td></tr><tr><td>Where:</td><td>{address}</td></tr></table>
<p class="small">Prices include fees. Refunds up to 24 hours before.</p></body></html>`

// TestDiscardedSourceSucceedsAfterGrowth: tickets shows no artist of the
// seed dictionary, so annotation discards it; listings, run in the same
// round, extracts the artists of pool 2, which tickets shows too. After
// growth, tickets gets its second try and succeeds. Without growth it stays
// discarded; run after listings, it succeeds at its first try.
func TestDiscardedSourceSucceedsAfterGrowth(t *testing.T) {
	dir := t.TempDir()
	truth := map[string]map[string]string{
		"listings": writeShows(t, filepath.Join(dir, "listings"), [2]int{0, 1}, listingsPage),
		"tickets":  writeShows(t, filepath.Join(dir, "tickets"), [2]int{1, 2}, ticketsPage),
	}
	sodPath := filepath.Join(dir, "show.toml")
	if err := os.WriteFile(sodPath, []byte(showSOD), 0o644); err != nil {
		t.Fatal(err)
	}
	srcs, err := Discover(dir)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		jobs   int
		grow   bool
		rounds int
		tries  []Status // tickets' tries
	}{
		{"parallel, with growth", 2, true, 2, []Status{Discarded, OK}},
		{"parallel, without growth", 2, false, 1, []Status{Discarded}},
		{"one after the other", 1, true, 2, []Status{OK}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, store, opt := setup(t, sodPath, map[string][]string{"artist": pool(0)})
			opt.Jobs, opt.Grow, opt.Store, opt.Out = tc.jobs, tc.grow, store, t.TempDir()
			rep, table := runLogged(t, srcs, opt)
			if a := rep.Sources[0].Final(); a.Status != OK || a.Objects != 30 {
				t.Fatalf("listings: %s, %d objects (%s)", a.Status, a.Objects, a.Reason)
			}
			b := rep.Sources[1]
			var got []Status
			for _, a := range b.Attempts {
				got = append(got, a.Status)
			}
			if strings.Join(statuses(got), ",") != strings.Join(statuses(tc.tries), ",") {
				t.Fatalf("tickets tries: %v, want %v (last reason: %s)", got, tc.tries, b.Final().Reason)
			}
			if rep.Rounds != tc.rounds {
				t.Errorf("%d rounds, want %d", rep.Rounds, tc.rounds)
			}
			if first := b.Attempts[0]; first.Status == Discarded && !strings.Contains(first.Reason, "mandatory type artist") {
				t.Errorf("first try discarded for %q, want the artist type's reason", first.Reason)
			}
			if a := b.Final(); a.Status == OK {
				if a.Objects != 30 || a.Fill["artist"] != 1 {
					t.Errorf("tickets: %d objects, artist filled in %.2f, want 30 and all", a.Objects, a.Fill["artist"])
				}
				if len(b.Attempts) > 1 && !strings.Contains(table, "ok after dictionary growth") {
					t.Error("the table does not say tickets succeeded after growth")
				}
			}
			for _, s := range rep.Sources {
				if s.Final().Status == OK {
					checkArtists(t, s.Output, truth[s.Name])
				} else if s.Output != "" {
					t.Errorf("%s: %s written for a source that was not ok", s.Name, s.Output)
				}
			}
		})
	}
}

func statuses(s []Status) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = string(x)
	}
	return out
}

func TestSources(t *testing.T) {
	s, err := SourceAt(filepath.Join(examples, "concerts-a"))
	if err != nil || s.Name != "concerts-a" || s.Dir != filepath.Join(examples, "concerts-a", "pages") {
		t.Errorf("SourceAt = %+v, %v", s, err)
	}
	dir := t.TempDir()
	for _, d := range []string{"b", "a", ".hidden"} {
		os.MkdirAll(filepath.Join(dir, d), 0o755)
	}
	os.WriteFile(filepath.Join(dir, "file.html"), nil, 0o644)
	ss, err := Discover(dir)
	if err != nil || len(ss) != 2 || ss[0].Name != "a" || ss[1].Name != "b" || ss[0].Dir != filepath.Join(dir, "a") {
		t.Errorf("Discover = %+v, %v", ss, err)
	}
	if _, err := Discover(filepath.Join(dir, "a")); err == nil || !strings.Contains(err.Error(), "no sub-directories") {
		t.Errorf("Discover of an empty directory: %v", err)
	}
	if _, err := Sources([]string{filepath.Join(dir, "a"), filepath.Join(dir, "x", "..", "a")}); err == nil || !strings.Contains(err.Error(), "two sources are named a") {
		t.Errorf("Sources with a duplicate: %v", err)
	}
	if _, err := SourceAt(filepath.Join(dir, "file.html")); err == nil {
		t.Error("SourceAt of a file succeeded")
	}
}

// A source without pages fails; the others run; nothing is written for it,
// and a previous output of the same name stays.
func TestRunReportsFailures(t *testing.T) {
	dir := t.TempDir()
	truth := writeShows(t, filepath.Join(dir, "listings"), [2]int{0, 1}, listingsPage)
	os.MkdirAll(filepath.Join(dir, "empty"), 0o755)
	sodPath := filepath.Join(dir, "show.toml")
	os.WriteFile(sodPath, []byte(showSOD), 0o644)
	srcs, err := Discover(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, _, opt := setup(t, sodPath, map[string][]string{"artist": pool(0)})
	opt.Out = t.TempDir()
	previous := filepath.Join(opt.Out, "empty.jsonl")
	os.WriteFile(previous, []byte("{}\n"), 0o644)
	rep, err := Run(context.Background(), srcs, opt)
	if err != nil {
		t.Fatal(err)
	}
	if a := rep.Sources[0].Final(); rep.Sources[0].Name != "empty" || a.Status != Failed || !strings.Contains(a.Reason, "no pages") {
		t.Errorf("empty source: %+v", a)
	}
	checkArtists(t, rep.Sources[1].Output, truth)
	if b, err := os.ReadFile(previous); err != nil || string(b) != "{}\n" {
		t.Errorf("the previous output of the failed source changed: %q, %v", b, err)
	}
	des, _ := os.ReadDir(opt.Out)
	if len(des) != 3 { // empty.jsonl, listings.jsonl, listings.wrapper.json
		var names []string
		for _, d := range des {
			names = append(names, d.Name())
		}
		t.Errorf("output directory holds %v", names)
	}
	if rep.Count(Failed) != 1 || rep.Count(OK) != 1 {
		t.Errorf("counts: %d ok, %d failed", rep.Count(OK), rep.Count(Failed))
	}
}
