package zoo

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// formats are how one site writes dates, times, prices, phone numbers,
// ISBNs and heights: drawn once per template, used on every page.
type formats struct {
	date     string // a Go layout, or "year" (the year alone)
	time     string // a Go layout, or "h": "8pm"
	currency string // "$", "USD ", "€" (after the amount), "£"
	cents    bool   // "$12.99" rather than "$12"
	phone    int    // index into phoneStyles
	isbn     int    // 0: digits only, 1: hyphen after the prefix, 2: grouped
	height   int    // 0: 6-7, 1: 6' 7", 2: 6 ft 7 in
}

// dateLayouts are the ways sites write a full date.
var dateLayouts = []string{
	"January 2, 2006", "Jan 2, 2006", "1/2/2006", "01/02/2006", "2006-01-02",
	"2 January 2006", "Monday, January 2, 2006", "Mon, Jan 2, 2006", "02 Jan 2006",
}

// partialDateLayouts are ways a site writes a date it does not know to
// the day (book publication dates), or an event date without a year.
var (
	monthYearLayouts = []string{"January 2006", "Jan 2006"}
	noYearLayouts    = []string{"Mon, Jan 2", "Monday, January 2", "Jan 2", "Mon 1/2"}
	timeLayouts      = []string{"3:04 PM", "3:04 pm", "3:04pm", "h", "15:04", "3:04p"}
	phoneStyles      = []string{"(%s) %s-%s", "%s-%s-%s", "%s.%s.%s", "+1 %s %s %s"}
)

func (f formats) fmtDate(t time.Time) string {
	if f.date == "year" {
		return strconv.Itoa(t.Year())
	}
	return t.Format(f.date)
}

func (f formats) fmtTime(t time.Time) string {
	if f.time == "h" {
		h := t.Hour() % 12
		if h == 0 {
			h = 12
		}
		ap := "am"
		if t.Hour() >= 12 {
			ap = "pm"
		}
		if t.Minute() != 0 {
			return fmt.Sprintf("%d:%02d%s", h, t.Minute(), ap)
		}
		return fmt.Sprintf("%d%s", h, ap)
	}
	return t.Format(f.time)
}

// fmtPrice writes an amount in cents.
func (f formats) fmtPrice(cents int) string {
	thou, dec := ",", "."
	if f.currency == "€" {
		thou, dec = ".", ","
	}
	w := cents / 100
	amount := strconv.Itoa(w)
	if w >= 1000 {
		amount = strconv.Itoa(w/1000) + thou + fmt.Sprintf("%03d", w%1000)
	}
	if f.cents {
		amount += dec + fmt.Sprintf("%02d", cents%100)
	}
	switch f.currency {
	case "€":
		return amount + " €"
	case "USD ":
		return "USD " + amount
	}
	return f.currency + amount
}

// price draws an amount in cents between lo and hi dollars; without cents
// the amount is whole.
func (f formats) price(r *rng, lo, hi int) int {
	c := r.between(lo*100, hi*100)
	if f.cents {
		return c/100*100 + pick(r, []int{99, 95, 0, 49, 50, 99})
	}
	return c / 100 * 100
}

func (f formats) fmtPhone(r *rng) string {
	area := strconv.Itoa(r.between(201, 989))
	mid := strconv.Itoa(r.between(200, 989))
	if r.chance(0.3) {
		mid = "555"
	}
	end := fmt.Sprintf("%04d", r.IntN(10000))
	return fmt.Sprintf(phoneStyles[f.phone], area, mid, end)
}

// fmtHeight writes a height in inches.
func (f formats) fmtHeight(in int) string {
	switch f.height {
	case 1:
		return fmt.Sprintf("%d' %d\"", in/12, in%12)
	case 2:
		return fmt.Sprintf("%d ft %d in", in/12, in%12)
	}
	return fmt.Sprintf("%d-%d", in/12, in%12)
}

// isbn13 draws a valid ISBN-13 and writes it in the site's style.
func (f formats) isbn13(r *rng) string {
	d := make([]int, 13)
	d[0], d[1], d[2] = 9, 7, 8
	if r.chance(0.1) {
		d[2] = 9
	}
	for i := 3; i < 12; i++ {
		d[i] = r.IntN(10)
	}
	d[3] = 1 // registration group 1 (English), so a grouped form is plausible
	sum := 0
	for i := range 12 {
		w := 1
		if i%2 == 1 {
			w = 3
		}
		sum += d[i] * w
	}
	d[12] = (10 - sum%10) % 10
	var b strings.Builder
	for _, x := range d {
		b.WriteByte(byte('0' + x))
	}
	s := b.String()
	switch f.isbn {
	case 1:
		return s[:3] + "-" + s[3:]
	case 2:
		return s[:3] + "-" + s[3:4] + "-" + s[4:8] + "-" + s[8:12] + "-" + s[12:]
	}
	return s
}

// isbn10Of writes the ISBN-10 that shares an ISBN-13's digits.
func isbn10Of(isbn13 string) string {
	s := strings.ReplaceAll(isbn13, "-", "")[3:12]
	sum := 0
	for i, c := range s {
		sum += (10 - i) * int(c-'0')
	}
	check := (11 - sum%11) % 11
	if check == 10 {
		return s + "X"
	}
	return s + strconv.Itoa(check)
}

// address is a US street address in two lines: the street line (with a
// unit, sometimes) and "City, ST 12345".
type address struct {
	street, cityLine string
}

// full is the address's truth value: the two lines joined by ", ".
func (a address) full() string { return a.street + ", " + a.cityLine }

// drawAddress draws a street address; about one in six street lines lacks
// a street type ("12270 Inwood") as real listings often do.
func drawAddress(r *rng) address {
	c := pick(r, cityPool)
	num := strconv.Itoa(r.between(1, 12999))
	var street string
	switch n := r.IntN(100); {
	case n < 15:
		street = num + " " + pick(r, streetNames)
	case n < 30:
		street = num + " " + pick(r, streetDirs) + " " + ordinal(r.between(1, 89)) + " " + pick(r, streetTypes)
	case n < 50:
		street = num + " " + pick(r, streetDirs) + " " + pick(r, streetNames) + " " + pick(r, streetTypes)
	default:
		street = num + " " + pick(r, streetNames) + " " + pick(r, streetTypes)
	}
	if r.chance(0.15) {
		sep := ", "
		u := pick(r, units)
		if strings.HasPrefix(u, "#") && r.chance(0.5) {
			sep = " "
		}
		street += sep + u
	}
	zip := c.zip + fmt.Sprintf("%02d", r.IntN(100))
	cl := c.name + ", " + c.state + " " + zip
	return address{street, cl}
}

// dateIn draws a date between two years.
func dateIn(r *rng, y0, y1 int) time.Time {
	return time.Date(r.between(y0, y1), time.Month(r.between(1, 12)), r.between(1, 28), 0, 0, 0, 0, time.UTC)
}
