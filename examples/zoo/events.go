package zoo

import (
	"slices"
	"time"
)

// eventsDomain: concert listings. A record is a show: headliner, other
// performers, date and time, venue and address, ticket price. Near
// misses: the time doors open beside the show time, the date tickets go on
// sale beside the show date; the lineup may repeat the headliner.
var eventsDomain = &domain{
	name: "events", object: "event", heading: "artist",
	facts: []factDef{
		{key: "artist", labels: []string{"Artist", "Headliner", "Event"}, class: "artist"},
		{key: "performers", kind: multi, labels: []string{"With", "Featuring", "Support", "Special guests", "Lineup", "Also performing"},
			prefixes: []string{"with ", "w/ ", "Featuring ", "feat. ", "+ "}, class: "artist", head: true},
		{key: "date", labels: []string{"Date", "When", "Show date"},
			combos: []combo{{"time", " · ", ""}, {"time", " at ", ""}, {"time", ", ", ""}, {"time", " | ", ""}, {"time", " @ ", ""}, {"time", "<br>", ""}}},
		{key: "time", labels: []string{"Time", "Show", "Starts", "Show time"}},
		{key: "doors", labels: []string{"Doors", "Doors open"}, near: true},
		{key: "venue", labels: []string{"Venue", "Where", "Location"}, class: "venue", head: true,
			combos: []combo{{"address", " — ", ""}, {"address", ", ", ""}}},
		{key: "address", kind: addr, labels: []string{"Address", "Location", "Directions"}},
		{key: "price", labels: []string{"Price", "Tickets", "Admission", "Cost"}, prefixes: []string{"Tickets: ", "From ", ""}, head: true},
		{key: "onsale", labels: []string{"On sale", "Tickets on sale", "Presale"}, near: true},
		{key: "age", labels: []string{"Ages", "Age"}},
		{key: "genre", labels: []string{"Genre", "Style"}},
	},
	listTitle: "Upcoming events",
	nav:       []string{"Concerts", "Festivals", "Comedy", "Theater", "Venues", "This Weekend"},
	related:   []string{"You might also like", "Popular this week", "More shows at this venue", "Related events", "Just announced"},
	lookalike: []string{"date", "venue", "price"},
	facets:    []string{"venue", "genre"},
	blurbs: []string{"Find tickets, times and venue information for live music near you.", "Sign up for our weekly newsletter and never miss a show again.",
		"All sales are final. Service fees may apply at checkout.", "Doors usually open one hour before the show.",
		"Our editors pick the best shows in town every week — don't miss out!", "Lineups are subject to change."},
	infoTitle:   "Know before you go",
	info:        []string{"Bags larger than 12 x 12 inches are not allowed inside the venue.", "Tickets are non-refundable except when an event is cancelled.", "Will-call opens 90 minutes before the show.", "Set times are announced on the day of the show.", "Accessible seating is available on request."},
	submenu:     []string{"Tonight", "This Weekend", "Just Announced", "On Sale Now", "Free Shows", "Staff Picks"},
	reviewTitle: "Fan reviews",
	reviewLines: []string{"Best show I have seen this year!", "The sound was too loud where we stood.", "Great opener, even better headliner.", "Get there early, the line was long.", "Worth every penny."},
	siteHeads:   []string{"Gig", "Show", "Stage", "Live", "Encore", "Ticket"},
	siteTails:   []string{"Guide", "Finder", "Beat", "List", "Hub", "Wire"},
	setup:       setupEvents,
	drawPage:    eventsPage,
	draw:        drawEvent,
	sod:         sodEvents,
	names: map[string]func(r *rng) string{
		"artist": (*rng).artist, "venue": (*rng).venue,
	},
	wrong: map[string][]string{"artist": {"venue"}, "venue": {"artist"}},
}

var genres = []string{"Indie Rock", "Jazz", "Hip-Hop", "Folk", "Electronic", "Country", "Blues", "Soul", "Punk", "Classical"}

func setupEvents(s *state) {
	r := s.r
	s.f = formats{currency: "$", cents: r.chance(0.4), time: pick(r, timeLayouts), phone: r.IntN(len(phoneStyles))}
	if r.chance(0.6) {
		s.f.date = pick(r, dateLayouts)
	} else {
		s.f.date = pick(r, noYearLayouts)
		s.tag("date:no-year")
	}
	s.distractors("doors", "onsale", "age", "genre")
	s.optionalFacts(0.6, 0.95, "time", "price")
	s.optionalFacts(0.3, 0.7, "doors")
	s.optionalFacts(0.2, 0.5, "onsale")
	s.extra["headliner-in-lineup"] = r.chance(0.3)
	if s.extra["headliner-in-lineup"] {
		s.tag("lineup-repeats-headliner")
	} else {
		s.optionalFacts(0.5, 0.8, "performers")
	}
	s.extra["groups"] = s.list && r.chance(0.35)
}

// eventsPage draws the dates a list page covers, in order.
func eventsPage(s *state) {
	r := s.r
	start := dateIn(r, s.site.year, s.site.year)
	n := r.between(1, 4)
	var order []string
	for i := range n {
		d := start.AddDate(0, 0, i*r.between(1, 3)+i)
		v := s.f.fmtDate(d)
		if !slices.Contains(order, v) {
			order = append(order, v)
		}
	}
	s.page["order:date"] = order
}

func drawEvent(s *state, rec record, other bool) {
	r := s.r
	artists := s.pool("artist", 220, r.artist)
	rec["artist"] = []string{pick(r, artists)}
	var perf []string
	if s.extra["headliner-in-lineup"] {
		perf = append(perf, rec["artist"][0])
	}
	if s.present("performers") {
		for _, a := range pickN(r, artists, 1+r.weighted(60, 30, 10)) {
			if !slices.Contains(perf, a) {
				perf = append(perf, a)
			}
		}
	}
	if len(perf) > 0 {
		rec["performers"] = perf
	}
	var day time.Time
	if order := s.page["order:date"]; s.list && len(order) > 0 && !other {
		rec["date"] = []string{pick(r, order)}
	} else {
		day = dateIn(r, s.site.year, s.site.year+1)
		rec["date"] = []string{s.f.fmtDate(day)}
	}
	show := time.Date(2000, 1, 1, r.between(18, 22), pick(r, []int{0, 0, 30}), 0, 0, time.UTC)
	if s.present("time") {
		rec["time"] = []string{s.f.fmtTime(show)}
	}
	if s.present("doors") {
		rec["doors"] = []string{s.f.fmtTime(show.Add(-time.Hour))}
	}
	venues := s.pool("venue", 12, r.venue)
	vi := r.IntN(len(venues))
	rec["venue"] = []string{venues[vi]}
	a := s.venueAddress(vi)
	rec["address"] = []string{a.street, a.cityLine}
	if s.present("price") {
		rec["price"] = []string{s.f.fmtPrice(s.f.price(r, 8, 95))}
	}
	if s.present("onsale") {
		rec["onsale"] = []string{s.f.fmtDate(dateIn(r, s.site.year-1, s.site.year))}
	}
	rec["age"] = []string{pick(r, []string{"21+", "All Ages", "18+"})}
	rec["genre"] = []string{pick(r, genres)}
}

// venueAddress is the fixed address of the i-th venue of the source.
func (s *state) venueAddress(i int) address {
	p := s.pool("venue-address", 12, func() string {
		a := drawAddress(s.r)
		return a.street + "\x00" + a.cityLine
	})
	st, cl, _ := cutNUL(p[i])
	return address{st, cl}
}

func cutNUL(s string) (string, string, bool) {
	for i := range len(s) {
		if s[i] == 0 {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

func sodEvents(s *state) *sodSpec {
	r := s.r
	sp := s.newSpec()
	artist := s.sodField("artist", []string{"artist", "headliner", "act", "band"}, "dictionary", "artist")
	artist.mult, artist.whole = "1", r.chance(0.4)
	sp.fields = append(sp.fields, artist)
	s.addIfShown(sp, s.sodField("performers", []string{"performers", "lineup", "supporting_acts", "with", "guests"}, "dictionary", "artist"))
	date := s.sodField("date", []string{"date", "when", "event_date", "show_date"}, "predefined", "date")
	date.mult = "1"
	sp.fields = append(sp.fields, date)
	if r.chance(0.6) {
		s.addIfShown(sp, s.sodField("time", []string{"time", "start_time", "showtime"}, "predefined", "time"))
	}
	venue := s.sodField("venue", []string{"venue", "place", "venue_name"}, "dictionary", "venue")
	address := s.sodField("address", []string{"address", "venue_address", "street_address"}, "predefined", "address")
	venue.mult, address.mult = "1", "1"
	if r.chance(0.4) {
		g := pick(r, []string{"venue", "location", "where"})
		venue.name = pick(r, []string{"name", "venue_name"})
		address.name = "address"
		venue.group, address.group = g, g
		sp.groups = append(sp.groups, sodGroup{field: g, typ: pick(r, []string{"place", "venue_info"}), mult: "1"})
	}
	sp.fields = append(sp.fields, venue, address)
	if r.chance(0.5) {
		s.addIfShown(sp, s.sodField("price", []string{"price", "ticket_price", "cost", "admission"}, "predefined", "price"))
	}
	return sp
}
