package zoo

import (
	"fmt"
	"strings"
)

// restaurantsDomain: restaurant guides. A record is a restaurant: name,
// cuisines, address, phone, price range, sometimes a website. Near
// misses: a fax number beside the phone, the guide's own address and
// phone in the footer.
var restaurantsDomain = &domain{
	name: "restaurants", object: "restaurant", heading: "name",
	facts: []factDef{
		{key: "name", labels: []string{"Restaurant", "Name"}, class: "restaurant"},
		{key: "cuisine", kind: multi, labels: []string{"Cuisine", "Cuisines", "Category", "Food"}, class: "cuisine", head: true,
			combos: []combo{{"pricerange", " · ", ""}, {"pricerange", " | ", ""}, {"pricerange", " (", ")"}}},
		{key: "pricerange", labels: []string{"Price range", "Price", "Cost"}, head: true},
		{key: "rating", labels: []string{"Rating", "Our rating"}, head: true},
		{key: "address", kind: addr, labels: []string{"Address", "Location", "Where"}, head: true},
		{key: "neighborhood", labels: []string{"Neighborhood", "Area", "District"}},
		{key: "phone", labels: []string{"Phone", "Tel", "Telephone", "Reservations"}, prefixes: []string{"Tel. ", "Call ", "☎ "}, head: true},
		{key: "fax", labels: []string{"Fax"}, near: true},
		{key: "website", labels: []string{"Website", "Web", "Online"}},
		{key: "hours", labels: []string{"Hours", "Open", "Opening hours"}},
	},
	listTitle: "Restaurants near you",
	nav:       []string{"Restaurants", "Bars", "Coffee", "Delivery", "Reservations", "Best Of"},
	related:   []string{"People also viewed", "Nearby restaurants", "More in this neighborhood", "Top rated this week"},
	lookalike: []string{"cuisine", "neighborhood"},
	facets:    []string{"cuisine", "neighborhood"},
	blurbs: []string{"Book a table in seconds and earn points on every reservation.", "Menus and hours may change; call ahead to confirm.",
		"Our critics visit anonymously and pay for their meals.", "Find the best places to eat, drink and celebrate.",
		"Gift cards are available at participating restaurants.", "Reviews reflect the opinions of our diners."},
	infoTitle:   "Good to know",
	info:        []string{"Reservations are recommended on weekends.", "Hours may differ on holidays; call ahead to confirm.", "Our critics visit anonymously and pay for their meals.", "Menus change with the seasons.", "Private dining rooms are available for groups of 12 or more."},
	submenu:     []string{"Near You", "Top Rated", "New Openings", "Open Now", "Delivery", "Guides"},
	reviewTitle: "Reviews",
	reviewLines: []string{"The brisket was worth the wait.", "Service was slow but friendly.", "Great patio, average food.", "Our new favorite spot for brunch.", "Portions are huge — bring friends."},
	siteHeads:   []string{"Dine", "Fork", "Plate", "Table", "Eat", "Menu"},
	siteTails:   []string{"Guide", "Finder", "Scout", "Spot", "Hound", "List"},
	setup:       setupRestaurants,
	draw:        drawRestaurant,
	sod:         sodRestaurants,
	names: map[string]func(r *rng) string{
		"restaurant": (*rng).restaurant, "cuisine": func(r *rng) string { return pick(r, cuisines) },
	},
	wrong: map[string][]string{"restaurant": {"cuisine"}},
}

var neighborhoods = []string{"Downtown", "Uptown", "Deep Ellum", "Old Town", "Midtown", "the Waterfront", "Little Italy", "Eastside", "Riverside", "the Heights"}

func setupRestaurants(s *state) {
	r := s.r
	s.f = formats{phone: r.IntN(len(phoneStyles)), currency: "$", date: pick(r, dateLayouts)}
	s.distractors("rating", "neighborhood", "fax", "hours")
	s.optionalFacts(0.6, 0.95, "phone", "pricerange")
	s.optionalFacts(0.2, 0.5, "fax")
	s.optionalFacts(0.3, 0.7, "website")
	s.extra["url-scheme"] = r.chance(0.5)
}

func drawRestaurant(s *state, rec record, other bool) {
	r := s.r
	rec["name"] = []string{r.unique("restaurant", r.restaurant)}
	rec["cuisine"] = pickN(r, cuisines, 1+r.weighted(55, 35, 10))
	if s.present("pricerange") {
		rec["pricerange"] = []string{strings.Repeat("$", r.between(1, 4))}
	}
	rec["rating"] = []string{fmt.Sprintf("%d.%d stars", r.between(2, 4), r.IntN(10))}
	a := drawAddress(r)
	rec["address"] = []string{a.street, a.cityLine}
	rec["neighborhood"] = []string{pick(r, neighborhoods)}
	if s.present("phone") {
		rec["phone"] = []string{s.f.fmtPhone(r)}
	}
	if s.present("fax") {
		rec["fax"] = []string{s.f.fmtPhone(r)}
	}
	if s.present("website") {
		u := "www." + strings.ReplaceAll(slug(rec["name"][0]), "-", "") + ".example"
		if s.extra["url-scheme"] {
			u = "http://" + u + "/"
		}
		rec["website"] = []string{u}
	}
	rec["hours"] = []string{pick(r, []string{"Mon–Thu 11am–10pm; Fri–Sat 11am–11pm", "Daily 5pm–midnight", "Tue–Sun 7am–3pm", "Open 24 hours"})}
}

func sodRestaurants(s *state) *sodSpec {
	r := s.r
	sp := s.newSpec()
	name := s.sodField("name", []string{"name", "restaurant", "restaurant_name", "title"}, "dictionary", "restaurant")
	name.mult, name.whole = "1", r.chance(0.4)
	sp.fields = append(sp.fields, name)
	s.addIfShown(sp, s.sodField("cuisine", []string{"cuisine", "cuisines", "category", "food"}, "dictionary", "cuisine"))
	address := s.sodField("address", []string{"address", "location", "street_address"}, "predefined", "address")
	address.mult = "1"
	phone := s.sodField("phone", []string{"phone", "telephone", "tel", "phone_number"}, "predefined", "phone")
	if r.chance(0.3) {
		g := pick(r, []string{"contact", "location"})
		if address.name == g {
			address.name = "address"
		}
		address.group, phone.group = g, g
		sp.groups = append(sp.groups, sodGroup{field: g, typ: "contact_info", mult: "1"})
	}
	s.addIfShown(sp, address)
	s.addIfShown(sp, phone)
	if r.chance(0.6) {
		s.addIfShown(sp, s.sodField("pricerange", []string{"price_range", "price", "cost"}, "regex", `\${1,4}`))
	}
	if r.chance(0.4) {
		s.addIfShown(sp, s.sodField("website", []string{"website", "url", "homepage"}, "predefined", "url"))
	}
	return sp
}
