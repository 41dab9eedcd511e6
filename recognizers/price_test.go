package recognizers

import "testing"

var priceCases = []findCase{
	{"dollar", "Our Price: $12.99", []string{"$12.99=12.99 USD"}},
	{"iso code first", "USD 12.99", []string{"USD 12.99=12.99 USD"}},
	{"euro after with comma", "Prix : 12,99 €", []string{"12,99 €=12.99 EUR"}},
	{"pound no decimals", "only £5!", []string{"£5=5.00 GBP"}},
	{"european thousands", "EUR 1.234,56", []string{"EUR 1.234,56=1234.56 EUR"}},
	{"us thousands", "$1,299.00", []string{"$1,299.00=1299.00 USD"}},
	{"thousands without decimals", "$1,299", []string{"$1,299=1299.00 USD"}},
	{"us dollar mark", "US$ 5", []string{"US$ 5=5.00 USD"}},
	{"code after", "12.99 USD", []string{"12.99 USD"}},
	{"nbsp thousands", "1\u00a0234,56\u00a0€", []string{"1\u00a0234,56\u00a0€=1234.56 EUR"}},
	{"yen has no minor unit", "¥1,500", []string{"¥1,500=1500 JPY"}},
	{"words", "costs 20 dollars", []string{"20 dollars=20.00 USD"}},
	{"list and sale price", "List Price: $27.99 Our Price: $19.31 You Save: 31%", []string{"$27.99=27.99 USD", "$19.31=19.31 USD"}},
	{"range", "$10-$20", []string{"$10=10.00 USD", "$20=20.00 USD"}},
	// negatives
	{"amount without currency", "12.99", nil},
	{"dollar alone", "in $ terms", nil},
	{"US$ without digits", "priced in US$ only", nil},
	{"percentage", "save 12.99%", nil},
	{"code inside a word", "USDA 12 grade", nil},
	{"millions suffix", "a $5M deal", nil},
	{"mixed thousands separators", "$1,234.567", nil},
	{"same thousands and decimal separator", "$1,234,56", nil},
	{"isbn", "9780316125581", nil},
}

func TestPrice(t *testing.T) { runFindCases(t, "price", priceCases) }
