package zoo

import (
	"fmt"
	"strconv"
)

// productsDomain: electronics shops (cameras, headphones, laptops, TVs).
// A record is a product: its name, brand, model number, price, sometimes
// a release date. Near misses: the list price beside the price, the SKU
// beside the model number, other products' names and models in "compare"
// and "also viewed" boxes.
var productsDomain = &domain{
	name: "products", object: "product", heading: "name",
	facts: []factDef{
		{key: "name", labels: []string{"Product"}, class: "product"},
		{key: "brand", labels: []string{"Brand", "Manufacturer", "Made by"}, prefixes: []string{"by ", "from ", "Brand: "}, class: "brand", head: true},
		{key: "rating", labels: []string{"Rating", "Customer rating"}, head: true},
		{key: "price", labels: []string{"Price", "Our price", "Sale price", "Now"}, head: true,
			combos: []combo{{"listprice", " (was ", ")"}, {"listprice", " Reg. ", ""}}},
		{key: "listprice", labels: []string{"List price", "Was", "Reg.", "MSRP"}, near: true},
		{key: "model", labels: []string{"Model", "Model #", "Model number", "Mfr. part #", "Item model number"}},
		{key: "sku", labels: []string{"SKU", "Item #", "Product ID"}, near: true},
		{key: "color", labels: []string{"Color", "Colour", "Finish"}},
		{key: "release", labels: []string{"Release date", "Date first available", "Available since"}},
		{key: "availability", labels: []string{"Availability", "Stock", "Shipping"}, head: true},
	},
	listTitle: "Shop all products",
	nav:       []string{"Cameras", "Headphones", "Laptops", "TV & Home Theater", "Deals", "Brands"},
	related:   []string{"Customers also viewed", "Compare with similar items", "Frequently bought together", "Sponsored products related to this item"},
	lookalike: []string{"brand", "price"},
	facets:    []string{"brand", "color"},
	blurbs: []string{"Free shipping on orders over $35.", "Price match guarantee: found it for less? We'll match it.",
		"Open-box items are inspected and come with a full warranty.", "Members get early access to deals.",
		"Add a protection plan at checkout.", "Prices, promotions and availability may vary by store and online."},
	infoTitle:   "Shipping & Returns",
	info:        shopInfo,
	submenu:     []string{"New Arrivals", "Top Rated", "Open Box", "Clearance", "Accessories", "Gift Ideas"},
	reviewTitle: "Customer reviews",
	reviewLines: shopReviews,
	siteHeads:   []string{"Gear", "Tech", "Pixel", "Volt", "Circuit", "Lens"},
	siteTails:   []string{"Mart", "Depot", "Shack", "Bay", "Direct", "World"},
	setup:       setupProducts,
	draw:        drawProduct,
	sod:         sodProducts,
	names: map[string]func(r *rng) string{
		"product": func(r *rng) string {
			return productName(r, pick(r, brandNames), r.model(), pick(r, []string{"camera", "headphones", "laptop", "tv"}))
		},
		"brand": func(r *rng) string { return pick(r, brandNames) },
	},
	wrong: map[string][]string{"product": {"brand"}},
}

func setupProducts(s *state) {
	r := s.r
	s.f = formats{currency: pick(r, []string{"$", "$", "$", "€", "£"}), cents: r.chance(0.85), date: pick(r, dateLayouts), phone: r.IntN(len(phoneStyles))}
	kind := pick(r, []string{"camera", "headphones", "laptop", "tv"})
	s.pools["kind"] = []string{kind}
	s.tag("product:" + kind)
	s.distractors("rating", "listprice", "sku", "color", "availability")
	s.optionalFacts(0.3, 0.7, "listprice")
	s.optionalFacts(0.5, 0.9, "release")
	s.optionalFacts(0.6, 0.9, "rating")
	if s.list {
		s.hide("sku", "color")
		if r.chance(0.5) {
			s.hide("model")
		}
	}
}

// productName writes "Valtrix ZR-400 24.2MP Mirrorless Camera, Black".
func productName(r *rng, brand, model, kind string) string {
	spec := map[string]func() string{
		"camera": func() string { return fmt.Sprintf("%d.%dMP", r.between(12, 61), r.IntN(10)) },
		"headphones": func() string {
			return pick(r, []string{"Bluetooth 5.3", "Over-Ear", "Wireless", "True Wireless", "Hi-Res"})
		},
		"laptop": func() string {
			return fmt.Sprintf("%d.%d-inch", pick(r, []int{13, 14, 15, 16, 17}), pick(r, []int{3, 4, 6}))
		},
		"tv": func() string { return strconv.Itoa(pick(r, []int{43, 50, 55, 65, 75, 85})) + "-inch" },
	}[kind]()
	name := brand + " " + model + " " + spec + " " + pick(r, productKinds[kind])
	if r.chance(0.4) {
		name += ", " + pick(r, colors)
	}
	return name
}

func drawProduct(s *state, rec record, other bool) {
	r := s.r
	kind := s.pools["kind"][0]
	brand := pick(r, s.pool("brand", 8, func() string { return pick(r, brandNames) }))
	model := r.unique("model", r.model)
	rec["name"] = []string{r.unique("product", func() string { return productName(r, brand, model, kind) })}
	rec["brand"] = []string{brand}
	rec["model"] = []string{model}
	base := map[string][2]int{"camera": {149, 2499}, "headphones": {19, 449}, "laptop": {199, 2999}, "tv": {249, 3999}}[kind]
	p := s.f.price(r, base[0], base[1])
	rec["price"] = []string{s.f.fmtPrice(p)}
	if s.present("listprice") {
		rec["listprice"] = []string{s.f.fmtPrice(p + s.f.price(r, 10, 300))}
	}
	rec["sku"] = []string{strconv.Itoa(r.between(1000000, 9999999))}
	rec["color"] = []string{pick(r, colors)}
	if s.present("release") {
		rec["release"] = []string{s.f.fmtDate(dateIn(r, s.site.year-4, s.site.year))}
	}
	if s.present("rating") {
		rec["rating"] = []string{fmt.Sprintf("%d.%d out of 5 stars (%d reviews)", r.between(2, 4), r.IntN(10), r.between(1, 2400))}
	}
	rec["availability"] = []string{pick(r, []string{"In Stock", "In stock — ships today", "Only 3 left", "Backordered", "Ships in 2–3 days"})}
}

func sodProducts(s *state) *sodSpec {
	r := s.r
	sp := s.newSpec()
	name := s.sodField("name", []string{"name", "title", "product_name"}, "dictionary", "product")
	name.mult, name.whole = "1", r.chance(0.4)
	sp.fields = append(sp.fields, name)
	brand := s.sodField("brand", []string{"brand", "manufacturer", "make"}, "dictionary", "brand")
	brand.mult = "1"
	s.addIfShown(sp, brand)
	s.addIfShown(sp, s.sodField("model", []string{"model", "model_number", "mpn"}, "regex", `\b[A-Z]{1,3}-?\d{1,4}[A-Z]?(?:-[A-Z]{1,2}\d)?\b`))
	price := s.sodField("price", []string{"price", "sale_price", "current_price"}, "predefined", "price")
	price.mult = "1"
	s.addIfShown(sp, price)
	if r.chance(0.5) {
		s.addIfShown(sp, s.sodField("release", []string{"release_date", "date", "available"}, "predefined", "date"))
	}
	return sp
}
