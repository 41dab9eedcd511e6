package main

import (
	"math/rand/v2"
	"slices"
	"strconv"
)

// world holds the pools of names every source draws from. Sources of one
// domain share it, as real sites list the same artists and books.
type world struct {
	artists                     []string // band and solo-artist names
	popular                     []string // a small head of artists that recur often
	unused                      []string // plausible artist names that never appear on a page
	authors                     []string
	titles                      []string
	unusedAuthors, unusedTitles []string
	venues                      map[string][]venue // by city key
}

// city is a US city with the street names and ZIP codes of its venues.
type city struct {
	key, name, state string
	streets          []string
	zips             []string
}

// venue is a named place with a street address.
type venue struct {
	name   string
	number int
	street string
	city   city
	zip    string
}

// address formats the venue's street address, e.g.
// "237 West 42nd Street, New York, NY 10036"; comma=false drops the comma
// between city and state ("New York NY 10036").
func (v venue) address(comma bool) string {
	sep := ", "
	if !comma {
		sep = " "
	}
	return itoa(v.number) + " " + v.street + ", " + v.city.name + sep + v.city.state + " " + v.zip
}

var cities = []city{
	{"nyc", "New York", "NY", []string{"West 42nd Street", "W 55th St", "Delancey St", "Avenue of the Americas", "Broadway", "East 14th Street", "Bowery", "Penn Plaza", "W 34th St", "Ludlow Street"}, []string{"10001", "10002", "10003", "10012", "10018", "10019", "10036"}},
	{"bk", "Brooklyn", "NY", []string{"Wythe Ave", "Bedford Avenue", "Flatbush Ave", "N 6th St", "Atlantic Avenue"}, []string{"11211", "11217", "11249", "11238"}},
	{"chi", "Chicago", "IL", []string{"N Clark St", "W Lawrence Ave", "N Milwaukee Ave", "S Michigan Avenue", "W Fullerton Pkwy"}, []string{"60614", "60640", "60622", "60605"}},
	{"atx", "Austin", "TX", []string{"Red River St", "E 6th St", "S Congress Ave", "N Lamar Blvd", "Barton Springs Rd"}, []string{"78701", "78702", "78704"}},
	{"sea", "Seattle", "WA", []string{"E Pike St", "1st Ave", "Pine Street", "NW Market St"}, []string{"98101", "98102", "98107", "98122"}},
	{"nsh", "Nashville", "TN", []string{"Broadway", "8th Ave S", "Music Square East", "Church St"}, []string{"37203", "37219", "37212"}},
	{"den", "Denver", "CO", []string{"Larimer St", "E Colfax Ave", "Blake Street", "S Broadway"}, []string{"80202", "80205", "80209"}},
	{"la", "Los Angeles", "CA", []string{"Sunset Blvd", "N Vermont Ave", "W Pico Blvd", "Hollywood Boulevard"}, []string{"90028", "90027", "90015", "90046"}},
	{"sf", "San Francisco", "CA", []string{"Fillmore St", "Mission Street", "Valencia St", "Geary Blvd"}, []string{"94115", "94103", "94110"}},
	{"bos", "Boston", "MA", []string{"Lansdowne St", "Massachusetts Ave", "Tremont Street", "Boylston St"}, []string{"02215", "02115", "02116"}},
	{"phl", "Philadelphia", "PA", []string{"N 9th St", "Spring Garden St", "South Street", "Walnut St"}, []string{"19123", "19130", "19147", "19102"}},
	{"atl", "Atlanta", "GA", []string{"Peachtree St NE", "Edgewood Ave SE", "Ponce de Leon Ave NE"}, []string{"30308", "30312"}},
	{"nola", "New Orleans", "LA", []string{"Frenchmen St", "Tchoupitoulas St", "Bourbon Street", "Magazine St"}, []string{"70116", "70130", "70115"}},
}

func cityByKey(k string) city {
	for _, c := range cities {
		if c.key == k {
			return c
		}
	}
	panic("unknown city " + k)
}

var (
	firstNames = []string{"James", "Maya", "Oliver", "Chloé", "Marcus", "Priya", "Elena", "Theo", "Naomi", "Isaac",
		"Hannah", "Rafael", "Sofia", "Declan", "Amara", "Lucas", "Ingrid", "Tobias", "Yuki", "Camille",
		"Desmond", "Fatima", "Gabriel", "Harriet", "Ivan", "Josephine", "Kwame", "Lena", "Mateo", "Nora",
		"Owen", "Paloma", "Quentin", "Rosalind", "Samuel", "Tamsin", "Ulrich", "Vivian", "Wesley", "Ximena",
		"Yusuf", "Zoë", "Adrian", "Beatrice", "Cyrus", "Delphine", "Emeric", "Freya", "Gideon", "Helena",
		"Imogen", "Jasper", "Katrin", "Leopold", "Mireille", "Nikolai", "Odette", "Percy", "Renée", "Silas",
		"Thea", "Valentina", "Wren", "Ansel", "Bianca", "Callum", "Dario", "Esme", "Felix", "Greta",
		"Hugo", "Iris", "Joaquín", "Kiran", "Lucía", "Magnus", "Nadia", "Orla", "Pascal", "Rhea"}
	lastNames = []string{"Castellano", "Whitfield", "Marchand", "Okafor", "Lindqvist", "Brennan", "Ibáñez", "Holloway",
		"Nakamura", "Fairbanks", "O’Connell", "Delacroix", "Vasquez", "Thornbury", "Achterberg", "Kowalski",
		"Moreau", "Sandoval", "Ellery", "Farrow", "Gallagher", "Haverford", "Ishikawa", "Jovanović", "Kessler",
		"Larkspur", "Montague", "Novak", "Oyelaran", "Pemberton", "Quillfeather", "Ravenscroft", "Sørensen",
		"Tremaine", "Underhill", "Valdés", "Winslow", "Yarborough", "Abernathy", "Blackwood", "Cavendish",
		"Dunmore", "Esposito", "Fontaine", "Grünewald", "Hargreaves", "Iverson", "Jessup", "Kincaid", "Lowell",
		"Mercer", "Northcott", "Ortega", "Prescott", "Rinaldi", "Stavros", "Talbot", "Vance", "Weatherby",
		"Ashdown", "Brightwater", "Drummond", "Everhart", "Greaves", "Hollis", "Ingram", "Jaramillo", "Keller",
		"Lachance", "MacAllister", "Nygaard", "D’Amico"}
	bandAdjs = []string{"Velvet", "Electric", "Hollow", "Golden", "Silver", "Midnight", "Neon", "Paper", "Crystal",
		"Broken", "Wild", "Quiet", "Burning", "Lonesome", "Radiant", "Rusty", "Static", "Violet", "Northern",
		"Savage", "Gentle", "Crimson", "Lucky", "Phantom", "Cosmic", "Secret", "Tender", "Iron", "Atomic", "Bitter"}
	bandNouns = []string{"Harbors", "Lanterns", "Wolves", "Machines", "Tigers", "Satellites", "Rivers", "Ghosts",
		"Horses", "Pilots", "Owls", "Daggers", "Sparrows", "Engines", "Comets", "Saints", "Hearts", "Strangers",
		"Giants", "Mirrors", "Foxes", "Lions", "Kites", "Prophets"}
	oneWord = []string{"Lumora", "Vessna", "Kaleido", "Orrin", "Solenne", "Brixa", "Tavi", "Mondegreen",
		"Zephyrine", "Halcyon", "Oktober", "Juniper", "Calloway", "Nimbus", "Yaeko", "Marisol", "Quasar",
		"Soleá", "Ferro", "Glasshouse", "Boneyard", "Ravine", "Chorale", "Pennywhistle"}
	ensembles   = []string{"Quartet", "Trio", "Band", "Collective", "Orchestra", "Revue", "Ensemble", "Big Band"}
	ofPlaces    = []string{"Memphis", "the Valley", "the Desert", "Avalon", "the Coast", "Mercy", "the Pines", "Saturn"}
	titleAdjs   = []string{"Silent", "Hidden", "Last", "Distant", "Painted", "Forgotten", "Little", "Burning", "Glass", "Secret", "Winter", "Bright", "Hollow", "Lost", "Invisible", "Quiet", "Restless", "Wandering", "Drowned", "Borrowed"}
	titleNouns  = []string{"Orchard", "Lighthouse", "Garden", "Kingdom", "River", "Letter", "Map", "Island", "Library", "House", "Season", "Shore", "Bridge", "Clock", "Harvest", "Mountain", "Sparrow", "Compass", "Archive", "Tide", "Forest", "Atlas", "Meadow", "Café"}
	ofThings    = []string{"Lost Maps", "Small Things", "the Northern Sky", "Broken Promises", "Salt and Smoke", "Quiet Hours", "the Deep", "Forgotten Names", "Tomorrow", "Glass Houses", "the Vanishing", "Paper Birds", "Sand & Stars", "Other Summers"}
	occupations = []string{"Cartographer", "Beekeeper", "Clockmaker", "Lighthouse Keeper", "Bookbinder", "Apothecary", "Sommelier", "Astronomer", "Gardener", "Ferryman", "Violinist", "Glassblower"}
	relations   = []string{"Daughter", "Son", "Wife", "Secret", "Apprentice", "Promise", "Last Letter", "Journal"}
	subtitles   = []string{"A Novel", "A Memoir", "A History", "Stories", "Recipes from the Coast", "How Small Choices Shape Our Lives", "The Untold Story", "A Field Guide", "Poems", "A Mystery"}
	numbers     = []string{"Seven", "Three", "Twelve", "Forty", "Nine", "One Hundred"}
	plurals     = []string{"Winters", "Summers", "Days", "Nights", "Letters", "Rooms", "Bridges", "Doors"}
	places      = []string{"Lisbon", "Odessa", "Marrakesh", "Kyoto", "Galway", "Tbilisi", "Oaxaca", "Trieste", "Montréal", "Reykjavík"}
	arts        = []string{"Slow Cooking", "Letting Go", "Negotiation", "Small Gardens", "Quiet Leadership", "Sourdough", "Bookkeeping", "Walking"}
	guides      = []string{"Urban Birds", "Wild Mushrooms", "Backyard Stars", "Coastal Trees", "Freshwater Fish", "Old Houses"}
	topics      = []string{"Go Programming", "Watercolor", "Personal Finance", "Data Science", "Home Brewing", "Chess Openings", "Public Speaking"}
)

// newWorld builds the name pools deterministically from r.
func newWorld(r *rand.Rand) *world {
	w := &world{venues: map[string][]venue{}}
	person := func() string {
		return pick(r, firstNames) + " " + pick(r, lastNames)
	}
	artist := func() string {
		switch n := r.IntN(100); {
		case n < 22:
			return "The " + pick(r, bandAdjs) + " " + pick(r, bandNouns)
		case n < 40:
			return pick(r, bandAdjs) + " " + pick(r, bandNouns)
		case n < 62:
			return person()
		case n < 70:
			return person() + " & the " + pick(r, bandNouns)
		case n < 78:
			return pick(r, oneWord)
		case n < 84:
			return "The " + pick(r, lastNames) + " " + pick(r, ensembles)
		case n < 89:
			return pick(r, bandNouns) + " of " + pick(r, ofPlaces)
		case n < 93:
			return "DJ " + pick(r, oneWord)
		case n < 96:
			return pick(r, lastNames) + "’s " + pick(r, bandNouns)
		default:
			return pick(r, bandAdjs) + " " + pick(r, bandNouns) + "!"
		}
	}
	title := func() string {
		var t string
		switch n := r.IntN(100); {
		case n < 18:
			t = "The " + pick(r, titleAdjs) + " " + pick(r, titleNouns)
		case n < 32:
			t = "The " + pick(r, titleNouns) + " of " + pick(r, ofThings)
		case n < 40:
			sep := " and "
			if r.IntN(3) == 0 {
				sep = " & "
			}
			two := pickN(r, titleNouns, 2)
			t = two[0] + sep + two[1]
		case n < 52:
			t = "The " + pick(r, occupations) + "’s " + pick(r, relations)
		case n < 60:
			t = pick(r, numbers) + " " + pick(r, plurals) + " in " + pick(r, places)
		case n < 67:
			t = "The Art of " + pick(r, arts)
		case n < 72:
			t = "A Field Guide to " + pick(r, guides)
		case n < 78:
			t = "Mastering " + pick(r, topics)
		case n < 86:
			t = pick(r, titleAdjs) + " " + pick(r, plurals)
		default:
			t = "Everything We " + pick(r, []string{"Carried", "Forgot", "Lost", "Kept", "Never Said"})
		}
		if r.IntN(100) < 22 && !containsRune(t, ':') {
			t += ": " + pick(r, subtitles)
		}
		return t
	}
	author := func() string {
		if r.IntN(100) < 18 {
			return pick(r, firstNames) + " " + string(rune('A'+r.IntN(26))) + ". " + pick(r, lastNames)
		}
		return person()
	}
	w.artists = uniq(260, artist, nil)
	w.popular = w.artists[:24]
	w.unused = uniq(40, artist, w.artists)
	w.authors = uniq(320, author, nil)
	w.unusedAuthors = uniq(40, author, w.authors)
	w.titles = uniq(420, title, nil)
	w.unusedTitles = uniq(50, title, w.titles)

	kinds := []string{"Ballroom", "Music Hall", "Theatre", "Lounge", "Pavilion", "Amphitheater", "Social Club", "Tavern", "Hall", "Opera House", "Room", "Blues Club & Grill"}
	heads := []string{"Bowery", "Crescent", "Empire", "Velvet", "Harbor Lights", "Union Transfer", "Lincoln Street", "Paramount", "Echo", "Foundry", "Majestic", "Sunset", "Mercury", "Blue Lantern", "Riverside", "Granada", "Orpheum", "Starlight", "Magnolia", "Copperline", "Thunderbird", "Lakeside", "Rialto", "Cat’s Cradle"}
	for _, c := range cities {
		seen := map[string]bool{}
		for len(w.venues[c.key]) < 7 {
			name := pick(r, heads) + " " + pick(r, kinds)
			if r.IntN(3) == 0 {
				name = "The " + name
			}
			if seen[name] {
				continue
			}
			seen[name] = true
			w.venues[c.key] = append(w.venues[c.key], venue{
				name:   name,
				number: 1 + r.IntN(2400),
				street: pick(r, c.streets),
				city:   c,
				zip:    pick(r, c.zips),
			})
		}
	}
	return w
}

// uniq draws n distinct values from f that are not in exclude.
func uniq(n int, f func() string, exclude []string) []string {
	seen := map[string]bool{}
	for _, e := range exclude {
		seen[e] = true
	}
	var out []string
	for tries := 0; len(out) < n && tries < 100*n; tries++ {
		s := f()
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// pickN draws n distinct elements of xs.
func pickN(r *rand.Rand, xs []string, n int) []string {
	idx := r.Perm(len(xs))[:n]
	out := make([]string, n)
	for i, j := range idx {
		out[i] = xs[j]
	}
	return out
}

func containsRune(s string, c rune) bool { return slices.Contains([]rune(s), c) }

func itoa(n int) string { return strconv.Itoa(n) }
