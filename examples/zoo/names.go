package zoo

import (
	"strconv"
	"strings"
)

// Pools of invented words the generator combines into names, titles,
// venues, teams, brands and places. Nothing here is copied from a real
// site; some entries carry the punctuation real names have ("Jr.", "St.",
// "&", "O'Brien", parentheses, subtitles after ":").
var (
	firstNames = []string{"James", "Maya", "Oliver", "Chloé", "Marcus", "Priya", "Elena", "Theo", "Naomi", "Isaac",
		"Hannah", "Rafael", "Sofia", "Declan", "Amara", "Lucas", "Ingrid", "Tobias", "Yuki", "Camille",
		"Desmond", "Fatima", "Gabriel", "Harriet", "Ivan", "Josephine", "Kwame", "Lena", "Mateo", "Nora",
		"Owen", "Paloma", "Quentin", "Rosalind", "Samuel", "Tamsin", "Ulrich", "Vivian", "Wesley", "Ximena",
		"Yusuf", "Zoë", "Adrian", "Beatrice", "Cyrus", "Delphine", "Emeric", "Freya", "Gideon", "Helena",
		"Imogen", "Jasper", "Katrin", "Leopold", "Mireille", "Nikolai", "Odette", "Percy", "Renée", "Silas",
		"Thea", "Valentina", "Wren", "Ansel", "Bianca", "Callum", "Dario", "Esme", "Felix", "Greta",
		"Hugo", "Iris", "Joaquín", "Kiran", "Lucía", "Magnus", "Nadia", "Orla", "Pascal", "Rhea",
		"DeShawn", "Tyrell", "Malik", "Jamal", "Andre", "Marquis", "Darnell", "Trevon", "Kendrick", "Jalen",
		"Brody", "Colt", "Dustin", "Garrett", "Hunter", "Logan", "Tanner", "Wyatt", "Mary Beth", "Anne-Marie"}
	lastNames = []string{"Castellano", "Whitfield", "Marchand", "Okafor", "Lindqvist", "Brennan", "Ibáñez", "Holloway",
		"Nakamura", "Fairbanks", "O'Connell", "Delacroix", "Vasquez", "Thornbury", "Achterberg", "Kowalski",
		"Moreau", "Sandoval", "Ellery", "Farrow", "Gallagher", "Haverford", "Ishikawa", "Jovanović", "Kessler",
		"Larkspur", "Montague", "Novak", "Oyelaran", "Pemberton", "Quillfeather", "Ravenscroft", "Sørensen",
		"Tremaine", "Underhill", "Valdés", "Winslow", "Yarborough", "Abernathy", "Blackwood", "Cavendish",
		"Dunmore", "Esposito", "Fontaine", "Grünewald", "Hargreaves", "Iverson", "Jessup", "Kincaid", "Lowell",
		"Mercer", "Northcott", "Ortega", "Prescott", "Rinaldi", "Stavros", "Talbot", "Vance", "Weatherby",
		"Ashdown", "Brightwater", "Drummond", "Everhart", "Greaves", "Hollis", "Ingram", "Jaramillo", "Keller",
		"Lachance", "MacAllister", "Nygaard", "D'Amico", "O'Brien", "McTavish", "St. Clair", "Van der Berg",
		"De la Cruz", "Smith-Hale", "Okonjo-Reyes", "Mason", "Washington", "Jefferson", "Booker", "Tillman"}
	suffixes = []string{"Jr.", "Sr.", "II", "III"}

	bandAdjs = []string{"Velvet", "Electric", "Hollow", "Golden", "Silver", "Midnight", "Neon", "Paper", "Crystal",
		"Broken", "Wild", "Quiet", "Burning", "Lonesome", "Radiant", "Rusty", "Static", "Violet", "Northern",
		"Savage", "Gentle", "Crimson", "Lucky", "Phantom", "Cosmic", "Secret", "Tender", "Iron", "Atomic", "Bitter"}
	bandNouns = []string{"Harbors", "Lanterns", "Wolves", "Machines", "Tigers", "Satellites", "Rivers", "Ghosts",
		"Horses", "Pilots", "Owls", "Daggers", "Sparrows", "Engines", "Comets", "Saints", "Hearts", "Strangers",
		"Giants", "Mirrors", "Foxes", "Lions", "Kites", "Prophets"}
	oneWord = []string{"Lumora", "Vessna", "Kaleido", "Orrin", "Solenne", "Brixa", "Tavi", "Mondegreen",
		"Zephyrine", "Halcyon", "Oktober", "Juniper", "Calloway", "Nimbus", "Yaeko", "Marisol", "Quasar",
		"Soleá", "Ferro", "Glasshouse", "Boneyard", "Ravine", "Chorale", "Pennywhistle"}
	ensembles = []string{"Quartet", "Trio", "Band", "Collective", "Orchestra", "Revue", "Ensemble", "Big Band"}
	ofPlaces  = []string{"Memphis", "the Valley", "the Desert", "Avalon", "the Coast", "Mercy", "the Pines", "Saturn"}

	titleAdjs  = []string{"Silent", "Hidden", "Last", "Distant", "Painted", "Forgotten", "Little", "Burning", "Glass", "Secret", "Winter", "Bright", "Hollow", "Lost", "Invisible", "Quiet", "Restless", "Wandering", "Drowned", "Borrowed"}
	titleNouns = []string{"Orchard", "Lighthouse", "Garden", "Kingdom", "River", "Letter", "Map", "Island", "Library", "House", "Season", "Shore", "Bridge", "Clock", "Harvest", "Mountain", "Sparrow", "Compass", "Archive", "Tide", "Forest", "Atlas", "Meadow", "Café"}
	ofThings   = []string{"Lost Maps", "Small Things", "the Northern Sky", "Broken Promises", "Salt and Smoke", "Quiet Hours", "the Deep", "Forgotten Names", "Tomorrow", "Glass Houses", "the Vanishing", "Paper Birds", "Sand & Stars", "Other Summers"}
	occupation = []string{"Cartographer", "Beekeeper", "Clockmaker", "Lighthouse Keeper", "Bookbinder", "Apothecary", "Sommelier", "Astronomer", "Gardener", "Ferryman", "Violinist", "Glassblower"}
	relations  = []string{"Daughter", "Son", "Wife", "Secret", "Apprentice", "Promise", "Last Letter", "Journal"}
	subtitles  = []string{"A Novel", "A Memoir", "A History", "Stories", "Recipes from the Coast", "How Small Choices Shape Our Lives", "The Untold Story", "A Field Guide", "Poems", "A Mystery"}
	editions   = []string{"(Revised Edition)", "(Deluxe Edition)", "(Book 2)", "(1945)", "(Anniversary Edition)", "(Vol. 1)"}
	numberWord = []string{"Seven", "Three", "Twelve", "Forty", "Nine", "One Hundred"}
	pluralWord = []string{"Winters", "Summers", "Days", "Nights", "Letters", "Rooms", "Bridges", "Doors"}
	farPlaces  = []string{"Lisbon", "Odessa", "Marrakesh", "Kyoto", "Galway", "Tbilisi", "Oaxaca", "Trieste", "Montréal", "Reykjavík"}
	arts       = []string{"Slow Cooking", "Letting Go", "Negotiation", "Small Gardens", "Quiet Leadership", "Sourdough", "Bookkeeping", "Walking"}
	topics     = []string{"Go Programming", "Watercolor", "Personal Finance", "Data Science", "Home Brewing", "Chess Openings", "Public Speaking"}

	pubHeads = []string{"Harbor Light", "Blue Heron", "Marlowe", "Kestrel", "Penrose", "North Fork", "Granite Street", "Lanternfish",
		"Oakhollow", "Vantage Point", "Bellweather", "Copperline", "Midriver", "Quillon", "Thornbury", "Eastlake", "Redcliff",
		"Amberfield", "Saltmarsh", "Tamarack", "Wexford", "Larchmont", "Sable", "Foxglove"}
	pubTails = []string{"Press", "Books", "House", "Publishing", "Editions", "Media", "Publishers", "University Press", "Group"}

	venueHeads = []string{"Bowery", "Crescent", "Empire", "Velvet", "Harbor Lights", "Union Transfer", "Lincoln Street", "Paramount", "Echo",
		"Foundry", "Majestic", "Sunset", "Mercury", "Blue Lantern", "Riverside", "Granada", "Orpheum", "Starlight", "Magnolia",
		"Copperline", "Thunderbird", "Lakeside", "Rialto", "St. Cecilia's", "Bob & Ray's", "Old Town"}
	venueKinds = []string{"Ballroom", "Music Hall", "Theatre", "Lounge", "Pavilion", "Amphitheater", "Social Club", "Tavern", "Hall", "Opera House", "Room", "Blues Club & Grill"}

	teamNicks = []string{"Mariners", "Comets", "Rangers", "Foxes", "Thunder", "Pilots", "Stallions", "Monarchs", "Owls", "Blaze",
		"Grizzlies", "Herons", "Voyagers", "Knights", "Storm", "Wolves", "Coyotes", "Anchors", "Mustangs", "Ravens"}
	schoolHeads = []string{"Ashford", "Brennan", "Coldwater", "Dunmore", "Eastvale", "Fairhaven", "Glenrock", "Harrowgate", "Ironbridge",
		"Juniper", "Kestrel", "Lakemont", "Millbrook", "Northgate", "Oakridge", "Pinecrest", "Queensbury", "Ridgeway"}

	brandNames = []string{"Valtrix", "Korvel", "Nimbra", "Ostara", "Quillon", "Strata", "Helix", "Pentarc", "Lumen", "Corvina",
		"Arkwright", "Brisco", "Dravo", "Everline", "Fennick", "Gallo & Finch", "Hartwell", "Iskra", "Jovian", "Kaito"}
	productKinds = map[string][]string{
		"camera":     {"Mirrorless Camera", "Digital SLR Camera", "Compact Camera", "Action Camera", "Instant Camera"},
		"headphones": {"Wireless Headphones", "Noise Cancelling Headphones", "In-Ear Earbuds", "Studio Monitor Headphones"},
		"laptop":     {"Laptop", "Ultrabook", "2-in-1 Laptop", "Gaming Laptop", "Chromebook"},
		"tv":         {"4K UHD Smart TV", "OLED TV", "LED TV", "QLED Smart TV"},
	}
	colors = []string{"Black", "Silver", "White", "Graphite", "Midnight Blue", "Red"}

	restHeads = []string{"Bob's", "Golden", "La Petite", "The Rusty", "Blue", "Old", "Casa", "Little", "Lucky", "Mama Rosa's",
		"St. Louis", "Jade", "Harbor", "Smoky", "The Copper", "Olive &", "Saffron", "Nonna's", "Uncle Ray's", "Twin"}
	restTails = []string{"Steak & Chop House", "Dragon", "Maison", "Anchor", "Plate", "Mill Tavern", "Bonita", "Kitchen", "Noodle Bar",
		"Trattoria", "Bread Co.", "Garden", "Grill", "Smokehouse", "Kettle", "Vine", "Bistro", "Oyster Bar", "Taqueria", "Diner"}
	cuisines = []string{"American", "Italian", "Thai", "Steakhouse", "Tex-Mex", "Vegetarian", "Seafood", "Japanese", "Sushi", "Chinese",
		"French", "Barbecue", "Mexican", "Indian", "Greek", "Mediterranean", "Vietnamese", "Pizza", "Bakery", "Korean",
		"Cajun/Creole", "Southern", "Burgers", "Breakfast & Brunch", "Wine Bar", "Ethiopian", "Middle Eastern", "Spanish", "Tapas/Small Plates", "Diner"}

	chromeWords = []string{"Home", "Sign in", "Cart", "My Account", "Help", "More", "Search", "Gift Cards", "Tickets", "New Releases",
		"Best Sellers", "Contact Us", "Privacy Policy", "Sale", "Deals", "Register", "Log out", "Share", "Print", "Back to top"}
)

// city is a US city with its state and ZIP prefix.
type city struct {
	name, state, zip string
}

var cityPool = []city{
	{"New York", "NY", "100"}, {"Brooklyn", "NY", "112"}, {"Chicago", "IL", "606"}, {"Austin", "TX", "787"},
	{"Seattle", "WA", "981"}, {"Nashville", "TN", "372"}, {"Denver", "CO", "802"}, {"Los Angeles", "CA", "900"},
	{"San Francisco", "CA", "941"}, {"Boston", "MA", "021"}, {"Philadelphia", "PA", "191"}, {"Atlanta", "GA", "303"},
	{"New Orleans", "LA", "701"}, {"Dallas", "TX", "752"}, {"St. Paul", "MN", "551"}, {"Portland", "OR", "972"},
	{"Winston-Salem", "NC", "271"}, {"San Antonio", "TX", "782"}, {"Madison", "WI", "537"}, {"St. Louis", "MO", "631"},
}

var (
	streetNames = []string{"Inwood", "Galloway", "Maple", "Oak", "Harbor", "Elm", "Lakeshore", "Sunset", "Main", "Pine", "Market",
		"Valencia", "Broadway", "Peachtree", "Magazine", "Colfax", "Congress", "Lamar", "Clark", "Boylston", "Walnut",
		"Martin Luther King Jr.", "Frenchmen", "Tchoupitoulas", "Fillmore", "Larimer", "Wythe", "Bedford", "Ludlow"}
	streetTypes = []string{"St", "St.", "Street", "Ave", "Avenue", "Blvd", "Rd", "Rd.", "Road", "Dr", "Drive", "Way", "Ln", "Pkwy", "Pl"}
	streetDirs  = []string{"N", "S", "E", "W", "North", "South", "West", "East", "NE", "SW"}
	units       = []string{"Suite 200", "#116", "Ste. 4", "Unit 3", "Floor 2", "Suite 1410", "#B"}
)

// ordinal writes 12 as "12th", 1 as "1st".
func ordinal(n int) string {
	s := strconv.Itoa(n)
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return s + "th"
	case n%10 == 1:
		return s + "st"
	case n%10 == 2:
		return s + "nd"
	case n%10 == 3:
		return s + "rd"
	}
	return s + "th"
}

// slug makes a URL path segment from a name.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(s) {
		switch {
		case c == '\'' || c == '’':
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			b.WriteRune(c)
			dash = false
		case c > 127:
			if f := fold(c); f != 0 {
				b.WriteRune(f)
				dash = false
			}
		default:
			if !dash && b.Len() > 0 {
				b.WriteByte('-')
				dash = true
			}
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

func fold(c rune) rune {
	switch c {
	case 'é', 'è', 'ê', 'ë':
		return 'e'
	case 'á', 'à', 'â', 'ä':
		return 'a'
	case 'í', 'ï':
		return 'i'
	case 'ó', 'ô', 'ö', 'ø':
		return 'o'
	case 'ú', 'ü':
		return 'u'
	case 'ñ':
		return 'n'
	case 'ç', 'ć':
		return 'c'
	}
	return 0
}
