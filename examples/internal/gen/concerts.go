package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"
)

// concert is one listed event.
type concert struct {
	id         int
	artist     string
	when       time.Time
	venue      venue
	performers []string
	tour       string     // optional subtitle
	onSale     *time.Time // optional "tickets on sale" date
	price      string     // optional "from" price
	soldOut    bool
	linked     []bool // per performer: whether the site links it
}

// concertObject is one expected record, fields in SOD order.
type concertObject struct {
	Artist    string   `json:"artist"`
	Date      string   `json:"date"`
	Address   string   `json:"address"`
	Performer []string `json:"performer"`
}

var tours = []string{"The Long Way Home Tour", "Summer Nights 2010", "Acoustic Evening", "Album Release Show", "World Tour", "An Intimate Evening", "Reunion Tour", "Farewell Tour", "Winter Sessions"}

// concertPage is the data of one list page of a concert site.
type concertPage struct {
	city     city
	from     time.Time
	concerts []concert
	total    int // results of the query, for "Showing 11–20 of 87"
	offset   int
}

// planConcertPages draws the pages of a concert source.
func planConcertPages(r *rand.Rand, w *world, n, most int, cityKeys []string, year int) []concertPage {
	counts := recordCounts(r, n, most)
	pages := make([]concertPage, n)
	id := 20000 + r.IntN(30000)
	for i, k := range counts {
		c := cityByKey(pick(r, cityKeys))
		from := time.Date(year, time.Month(3+r.IntN(8)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC)
		p := concertPage{city: c, from: from}
		p.offset = 10 * r.IntN(4)
		p.total = p.offset + k + r.IntN(60)
		if k == 0 {
			p.offset, p.total = 0, 0
		}
		for range k {
			id += 1 + r.IntN(40)
			p.concerts = append(p.concerts, newConcert(r, w, c, from, id))
		}
		slices.SortStableFunc(p.concerts, func(a, b concert) int { return a.when.Compare(b.when) })
		pages[i] = p
	}
	return pages
}

func newConcert(r *rand.Rand, w *world, c city, from time.Time, id int) concert {
	var x concert
	x.id = id
	if r.IntN(100) < 35 {
		x.artist = pick(r, w.popular)
	} else {
		x.artist = pick(r, w.artists)
	}
	hours := []int{19, 19, 20, 20, 20, 21, 22}
	mins := []int{0, 0, 0, 30}
	x.when = from.AddDate(0, 0, r.IntN(14)).Add(time.Duration(pick(r, hours))*time.Hour + time.Duration(pick(r, mins))*time.Minute)
	x.venue = pick(r, w.venues[c.key])
	k := []int{1, 1, 1, 2, 2, 2, 2, 3, 3, 4}[r.IntN(10)]
	if r.IntN(100) < 65 {
		x.performers = append(x.performers, x.artist)
	}
	for len(x.performers) < k {
		p := pick(r, w.artists)
		if p != x.artist && !slices.Contains(x.performers, p) {
			x.performers = append(x.performers, p)
		}
	}
	for range x.performers {
		x.linked = append(x.linked, r.IntN(100) < 80)
	}
	if r.IntN(100) < 20 {
		x.tour = pick(r, tours)
	}
	if r.IntN(100) < 30 {
		t := x.when.AddDate(0, -1-r.IntN(3), -r.IntN(20))
		x.onSale = &t
	}
	if r.IntN(100) < 60 {
		x.price = fmt.Sprintf("$%d.%02d", 10+r.IntN(80), []int{0, 0, 50, 75, 99}[r.IntN(5)])
	}
	x.soldOut = r.IntN(100) < 8
	return x
}

// clock formats an event time as "8:00p" (the paper's concert-listing style) or "8:00 PM".
func clock(t time.Time, short bool) string {
	h := t.Hour() % 12
	if h == 0 {
		h = 12
	}
	if short {
		ap := "p"
		if t.Hour() < 12 {
			ap = "a"
		}
		return fmt.Sprintf("%d:%02d%s", h, t.Minute(), ap)
	}
	ap := "PM"
	if t.Hour() < 12 {
		ap = "AM"
	}
	return fmt.Sprintf("%d:%02d %s", h, t.Minute(), ap)
}

func mdy(t time.Time) string { return fmt.Sprintf("%d/%d/%d", int(t.Month()), t.Day(), t.Year()) }

// buildConcerts generates a concert source with the given page template.
func buildConcerts(name string, r *rand.Rand, w *world, cityKeys []string, year, most int,
	render func(d *doc, p concertPage, pageNo int, w *world) []concertObject) *source {
	s := &source{name: name, sod: concertSOD}
	venueNames, cityNames := []string{}, []string{}
	for _, k := range cityKeys {
		cityNames = append(cityNames, cityByKey(k).name)
		for _, v := range w.venues[k] {
			venueNames = append(venueNames, v.name)
		}
	}
	s.dicts = []dictSpec{{
		class:    "artist",
		unused:   w.unused,
		wrong:    append([]string{cityNames[0], "Tickets", w.titles[0]}, venueNames[:4]...),
		coverage: 50,
	}}
	n := 24 + r.IntN(4)
	for i, p := range planConcertPages(r, w, n, most, cityKeys, year) {
		d := &doc{r: r}
		objs := render(d, p, i, w)
		for j, o := range objs {
			s.addRecord(i, j, o)
			s.note("artist", o.Artist)
			s.note("artist", o.Performer...)
		}
		s.pages = append(s.pages, d.b.String())
	}
	return s
}
