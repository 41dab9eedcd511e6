package recognizers

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// currencies maps the currency marks the price recognizer knows to ISO 4217
// codes. "$" alone is read as US dollars.
var currencies = map[string]string{
	"$": "USD", "US$": "USD", "U.S.$": "USD", "CA$": "CAD", "C$": "CAD", "AU$": "AUD", "A$": "AUD",
	"NZ$": "NZD", "HK$": "HKD", "S$": "SGD", "R$": "BRL", "MX$": "MXN",
	"€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₩": "KRW", "₽": "RUB", "₺": "TRY", "₪": "ILS",
	"USD": "USD", "EUR": "EUR", "GBP": "GBP", "JPY": "JPY", "CHF": "CHF", "CAD": "CAD", "AUD": "AUD",
	"NZD": "NZD", "CNY": "CNY", "RMB": "CNY", "INR": "INR", "BRL": "BRL", "MXN": "MXN", "SEK": "SEK",
	"NOK": "NOK", "DKK": "DKK", "PLN": "PLN", "CZK": "CZK", "HKD": "HKD", "SGD": "SGD", "KRW": "KRW",
	"RUB": "RUB", "ZAR": "ZAR", "TRY": "TRY", "ILS": "ILS",
	"dollars": "USD", "euros": "EUR", "Dollars": "USD", "Euros": "EUR",
}

// zeroDecimal lists the currencies without minor unit.
var zeroDecimal = map[string]bool{"JPY": true, "KRW": true}

// dollarPrefixes are the letters that may precede "$" in a mark, longest first.
var dollarPrefixes = []string{"U.S.", "US", "CA", "AU", "NZ", "HK", "MX", "C", "A", "S", "R"}

// symbolMarks are the one-rune currency symbols other than "$".
var symbolMarks = map[rune]string{'€': "€", '£': "£", '¥': "¥", '₹': "₹", '₩': "₩", '₽': "₽", '₺': "₺", '₪': "₪"}

var (
	// amount: integer part with consistent thousands separators, optional
	// decimal part of one or two digits.
	reAmount = `(\d{1,3}(?:[,.\x{a0}\x{202f}']\d{3})+|\d+)(?:([.,])(\d{1,2}))?`
	// the amount after a mark: "$12.99", "USD 12.99", "£5"
	amountAfter = regexp.MustCompile(`^[\x{a0} ]?` + reAmount)
	// an amount before a mark: "12,99 €", "12.99 USD", "5 dollars"
	amountBefore = regexp.MustCompile(`^` + reAmount)
)

// newPrice returns the "price" recognizer: an amount with a currency mark
// before or after it: "$12.99", "US$ 5", "USD 12.99", "12,99 €",
// "EUR 1.234,56", "$1,299.00", "£5", "1 234,56 €", "20 dollars". An amount
// without currency ("12.99"), a mark without amount ("$", "US$") and
// percentages are not prices. Normalized is "<amount> <ISO code>" with a
// decimal point and no thousands separator, two decimals except for
// currencies without minor unit: "12.99 USD", "1234.56 EUR", "5.00 GBP".
func newPrice() Recognizer {
	return &predefined{name: "predefined:price", find: findPrices}
}

// findPrices looks for currency marks, then for an amount right after or
// right before each.
func findPrices(text string, add func(Match)) {
	for i := 0; i < len(text); {
		c := text[i]
		ms, me := -1, -1
		switch {
		case c == '$':
			ms, me = i, i+1
			for _, p := range dollarPrefixes {
				if i >= len(p) && text[i-len(p):i] == p {
					ms = i - len(p)
					break
				}
			}
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(text[i:])
			if _, ok := symbolMarks[r]; ok {
				ms, me = i, i+n
			}
		case 'A' <= c && c <= 'Z' || c == 'd' || c == 'e':
			if r, n := runeBefore(text, i); n > 0 && unicode.IsLetter(r) {
				break
			}
			e := letterRunEnd(text, i)
			if _, ok := currencies[text[i:e]]; ok && (e-i == 3 || e-i >= 5) {
				ms, me = i, e
			} else {
				i = max(e, i+1)
				continue
			}
		}
		if ms < 0 {
			_, n := utf8.DecodeRuneInString(text[i:])
			i += n
			continue
		}
		mark := text[ms:me]
		if _, ok := currencies[mark]; ok {
			if !isCurrencyWord(mark) {
				if idx := matchAt(amountAfter, text, me, 40); idx != nil {
					price(text, ms, idx[1], mark, group(text, idx, 1), group(text, idx, 2), group(text, idx, 3), true, add)
				}
			}
			amountBeforeMark(text, ms, mark, add)
		}
		i = me
	}
}

func isCurrencyWord(mark string) bool {
	switch mark {
	case "dollars", "euros", "Dollars", "Euros":
		return true
	}
	return false
}

// amountBeforeMark adds the price whose amount ends right before the mark
// at ms (after an optional space).
func amountBeforeMark(text string, ms int, mark string, add func(Match)) {
	end := ms
	switch {
	case end > 0 && text[end-1] == ' ':
		end--
	case strings.HasSuffix(text[:end], "\u00a0"):
		end -= len("\u00a0")
	}
	// walk back over the amount's digits and separators
	start := end
	for start > 0 && end-start < 40 {
		c := text[start-1]
		switch {
		case isDigit(c) || c == ',' || c == '.' || c == '\'':
			start--
			continue
		case strings.HasSuffix(text[:start], "\u00a0"):
			start -= len("\u00a0")
			continue
		case strings.HasSuffix(text[:start], "\u202f"):
			start -= len("\u202f")
			continue
		}
		break
	}
	for start < end && !isDigit(text[start]) {
		start++
	}
	if start == end {
		return
	}
	idx := matchAt(amountBefore, text, start, end-start)
	if idx == nil || idx[1] != end {
		return
	}
	price(text, start, ms+len(mark), mark, group(text, idx, 1), group(text, idx, 2), group(text, idx, 3), false, add)
}

// price validates a price text[s:e] and adds it. markFirst tells where the
// mark is.
func price(text string, s, e int, mark, intPart, decSep, dec string, markFirst bool, add func(Match)) bool {
	code := currencies[mark]
	letters := strings.IndexFunc(mark, unicode.IsLetter) >= 0
	if markFirst {
		if r, n := runeBefore(text, s); n > 0 && (isWordRune(r) || r == '$') {
			return false // "AB$5", "XUSD 5"
		}
		if e < len(text) && (isDigit(text[e]) || text[e] == '%') {
			return false
		}
		if e+1 < len(text) && isNumSep(text[e]) && isDigit(text[e+1]) {
			return false // "$12.995.3"
		}
		if r, n := runeAt(text, e); n > 0 && unicode.IsLetter(r) {
			return false // "$5M", "$3bn"
		}
	} else { // amount first
		if r, n := runeBefore(text, s); n > 0 && (isWordRune(r) || r == '.' || r == ',' || r == '$') {
			return false
		}
		if r, n := runeAt(text, e); letters && n > 0 && isWordRune(r) {
			return false // "12 EURO", "5 USDA"
		}
	}
	// thousands separators must all be the same and differ from the decimal one
	var thou rune
	for _, c := range intPart {
		if c < '0' || c > '9' {
			if thou != 0 && c != thou {
				return false
			}
			thou = c
		}
	}
	if thou != 0 && decSep != "" && rune(decSep[0]) == thou {
		return false
	}
	digits := strings.Map(func(r rune) rune {
		if '0' <= r && r <= '9' {
			return r
		}
		return -1
	}, intPart)
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		digits = "0"
	}
	norm := digits
	if !zeroDecimal[code] {
		norm += "." + (dec + "00")[:2]
	}
	conf := 0.95
	switch {
	case isCurrencyWord(mark):
		conf = 0.8
	case letters:
		conf = 0.9
	}
	add(Match{Start: s, End: e, Confidence: conf, Normalized: norm + " " + code})
	return true
}
