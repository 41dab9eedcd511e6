package zoo

import (
	"strconv"
	"strings"
)

// sportsDomain: team sites and sports references. Detail pages are player
// profiles; list pages are rosters, where the team is shown once above
// the players (an SOD may ask for it with scope = "page"). Near misses:
// the player's agent (a person), the draft year, the weight beside the
// height.
var sportsDomain = &domain{
	name: "sports", object: "player", heading: "name",
	facts: []factDef{
		{key: "name", labels: []string{"Player", "Name"}, class: "player"},
		{key: "number", labels: []string{"No.", "Number", "Jersey", "#"}, prefixes: []string{"#", "No. "}, head: true,
			combos: []combo{{"position", " | ", ""}, {"position", " · ", ""}, {"position", " ", ""}}},
		{key: "position", labels: []string{"Position", "Pos.", "Pos"}, class: "position", head: true},
		{key: "team", labels: []string{"Team", "Current team", "Club"}, class: "team", head: true},
		{key: "height", labels: []string{"Height", "Ht.", "HT"}, combos: []combo{{"weight", " / ", ""}, {"weight", ", ", ""}}},
		{key: "weight", labels: []string{"Weight", "Wt.", "WT"}},
		{key: "born", labels: []string{"Born", "Birth date", "Date of birth", "DOB"}, combos: []combo{{"birthplace", " in ", ""}, {"birthplace", " — ", ""}}},
		{key: "birthplace", labels: []string{"Birthplace", "Hometown", "From"}},
		{key: "college", labels: []string{"College", "School", "College/Univ."}, class: "college"},
		{key: "agent", labels: []string{"Agent", "Represented by"}, class: "player", near: true},
		{key: "draft", labels: []string{"Draft", "Drafted"}},
		{key: "experience", labels: []string{"Exp.", "Experience", "Years pro"}},
	},
	listTitle: "Roster",
	nav:       []string{"Teams", "Players", "Scores", "Schedule", "Standings", "Stats"},
	related:   []string{"Teammates", "Trending players", "Most viewed", "Top performers"},
	lookalike: []string{"position", "team"},
	facets:    []string{"position", "college"},
	pageFact:  "team",
	blurbs: []string{"Stats are updated nightly during the season.", "Follow your team with live scores and alerts.",
		"Tickets for home games are on sale now.", "All statistics are unofficial until verified by the league.",
		"Download our app for real-time updates.", "Season ticket holders get early access to playoff seats."},
	infoTitle:   "About our stats",
	info:        []string{"Heights and weights are as listed by the team.", "Statistics are updated nightly during the regular season.", "Injury reports are published every day at noon.", "Transactions may take a day to appear here.", "Report an error in a player profile to our editors."},
	submenu:     []string{"Scores", "Schedule", "Standings", "Transactions", "Injuries", "Draft"},
	reviewTitle: "Fan comments",
	reviewLines: []string{"What a season so far.", "Best defender on the team, no question.", "Needs more minutes.", "Saw him play in college, always a fan.", "Trade rumors again?"},
	siteHeads:   []string{"Sport", "Score", "Play", "Pro", "Stat", "Field"},
	siteTails:   []string{"Central", "Zone", "Line", "Book", "Desk", "Nation"},
	setup:       setupSports,
	drawPage:    sportsPage,
	draw:        drawPlayer,
	sod:         sodSports,
	names: map[string]func(r *rng) string{
		"player": (*rng).person, "college": (*rng).college, "team": (*rng).team,
		"position": func(r *rng) string { return pick(r, pick(r, sports).positions) },
	},
	wrong: map[string][]string{"player": {"agent"}, "team": {"college"}, "college": {"team"}},
}

// sport is a sport's positions and the range of its players' heights.
type sport struct {
	name      string
	positions []string
	inches    [2]int
	pounds    [2]int
}

var sports = []sport{
	{"basketball", []string{"Guard", "Forward", "Center", "Point Guard", "Shooting Guard", "Small Forward", "Power Forward"}, [2]int{72, 86}, [2]int{175, 265}},
	{"basketball-abbr", []string{"G", "F", "C", "G-F", "F-C"}, [2]int{72, 86}, [2]int{175, 265}},
	{"soccer", []string{"Goalkeeper", "Defender", "Midfielder", "Forward"}, [2]int{65, 77}, [2]int{140, 200}},
	{"baseball", []string{"Pitcher", "Catcher", "First Base", "Second Base", "Shortstop", "Third Base", "Outfielder"}, [2]int{68, 80}, [2]int{170, 250}},
	{"hockey", []string{"Center", "Left Wing", "Right Wing", "Defense", "Goalie"}, [2]int{68, 79}, [2]int{170, 235}},
}

func setupSports(s *state) {
	r := s.r
	s.f = formats{date: pick(r, dateLayouts), height: r.weighted(5, 3, 1), phone: r.IntN(len(phoneStyles)), currency: "$"}
	sp := sports[r.IntN(len(sports))]
	s.tag("sport:" + sp.name)
	s.pools["position"] = sp.positions
	s.pools["sport"] = []string{strconv.Itoa(sp.inches[0]), strconv.Itoa(sp.inches[1]), strconv.Itoa(sp.pounds[0]), strconv.Itoa(sp.pounds[1])}
	s.distractors("weight", "birthplace", "agent", "draft", "experience")
	s.optionalFacts(0.5, 0.9, "college", "born")
	s.optionalFacts(0.1, 0.4, "agent")
	if s.list {
		s.hide("agent", "draft", "birthplace")
	}
	s.extra["weight-unit"] = r.chance(0.5)
}

// sportsPage draws the team a roster page shows.
func sportsPage(s *state) {
	s.page["team"] = []string{pick(s.r, s.pool("team", 20, s.r.team))}
}

func drawPlayer(s *state, rec record, other bool) {
	r := s.r
	rec["name"] = []string{r.unique("player", r.person)}
	rec["number"] = []string{strconv.Itoa(r.between(0, 99))}
	rec["position"] = []string{pick(r, s.pools["position"])}
	if t, ok := s.page.values("team"); ok && !other {
		rec["team"] = t
	} else {
		rec["team"] = []string{pick(r, s.pool("team", 20, r.team))}
	}
	b := s.pools["sport"]
	lo, _ := strconv.Atoi(b[0])
	hi, _ := strconv.Atoi(b[1])
	rec["height"] = []string{s.f.fmtHeight(r.between(lo, hi))}
	wlo, _ := strconv.Atoi(b[2])
	whi, _ := strconv.Atoi(b[3])
	w := strconv.Itoa(r.between(wlo, whi))
	if s.extra["weight-unit"] {
		w += " lbs"
	}
	rec["weight"] = []string{w}
	if s.present("born") {
		rec["born"] = []string{s.f.fmtDate(dateIn(r, 1980, 2003))}
	}
	c := pick(r, cityPool)
	rec["birthplace"] = []string{c.name + ", " + c.state}
	if s.present("college") {
		rec["college"] = []string{pick(r, s.pool("college", 40, r.college))}
	}
	if s.present("agent") {
		rec["agent"] = []string{r.person()}
	}
	rec["draft"] = []string{strconv.Itoa(r.between(2001, 2022)) + ", Round " + strconv.Itoa(r.between(1, 2))}
	rec["experience"] = []string{pick(r, []string{"R", "1", "2", "3", "4", "5", "6", "8", "10"})}
}

// heightRegex is the pattern a user writes for the site's heights.
func (s *state) heightRegex() string {
	switch s.f.height {
	case 1:
		return `\d' ?\d{1,2}"`
	case 2:
		return `\d ft \d{1,2} in`
	}
	return `\b\d-\d{1,2}\b`
}

func sodSports(s *state) *sodSpec {
	r := s.r
	sp := s.newSpec()
	name := s.sodField("name", []string{"name", "player", "player_name", "full_name"}, "dictionary", "player")
	name.mult, name.whole = "1", r.chance(0.3)
	sp.fields = append(sp.fields, name)
	if r.chance(0.7) {
		s.addIfShown(sp, s.sodField("number", []string{"number", "jersey", "no"}, "regex", `\b\d{1,2}\b`))
	}
	pos := s.sodField("position", []string{"position", "pos", "role"}, "dictionary", "position")
	if r.chance(0.5) && !strings.Contains(s.pools["position"][0], "-") && len(s.pools["position"][0]) > 1 {
		pos.rec, pos.arg = "regex", "(?:"+strings.Join(s.pools["position"], "|")+")"
	}
	s.addIfShown(sp, pos)
	s.addIfShown(sp, s.sodField("height", []string{"height", "ht"}, "regex", s.heightRegex()))
	if r.chance(0.6) {
		s.addIfShown(sp, s.sodField("born", []string{"born", "birth_date", "dob", "birthday"}, "predefined", "date"))
	}
	if r.chance(0.6) {
		s.addIfShown(sp, s.sodField("college", []string{"college", "school"}, "dictionary", "college"))
	}
	team := s.sodField("team", []string{"team", "club"}, "dictionary", "team")
	switch {
	case !s.list:
		team.mult = "1"
		s.addIfShown(sp, team)
	case r.chance(0.6):
		team.mult, team.scope = pick(r, []string{"1", "?"}), "page"
		sp.fields = append(sp.fields, team)
		s.tag("sod:page-scope")
	}
	return sp
}
