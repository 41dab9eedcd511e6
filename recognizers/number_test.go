package recognizers

import "testing"

var numberCases = []findCase{
	{"integer", "352 pages", []string{"352"}},
	{"decimal", "weighs 1.25 lbs", []string{"1.25"}},
	{"thousands", "1,234,567.89 copies", []string{"1,234,567.89=1234567.89"}},
	{"signed", "-3.5 and +7", []string{"-3.5", "+7=7"}},
	{"several", "8 x 5.2 x 1.1", []string{"8", "5.2", "1.1"}},
	{"sales rank", "Sales Rank: 12,345", []string{"12,345=12345"}},
	// negatives
	{"version", "1.2.3", nil},
	{"ip", "192.168.1.1", nil},
	{"glued to letters", "MP3 and 4th", nil},
	{"percent", "46%", nil},
	{"date", "2010-04-16", nil},
	{"isbn hyphenated", "978-0-316-12558-1", nil},
	{"time", "20:30", nil},
}

func TestNumber(t *testing.T) { runFindCases(t, "number", numberCases) }

var yearCases = []findCase{
	{"copyright", "© 2010 Little, Brown", []string{"2010"}},
	{"in text", "first published in 1998.", []string{"1998"}},
	{"range", "1990-2000", []string{"1990", "2000"}},
	{"season", "2009/2010", []string{"2009", "2010"}},
	{"year in a written date", "June 2010", []string{"2010"}},
	// negatives
	{"out of range", "0999 and 2100 and 3000", nil},
	{"longer number", "20100 and 12010", nil},
	{"decimal", "2010.5 and 1.2010", nil},
	{"iso date", "2010-04-16", nil},
	{"thousands", "1,2010 and 2,010", nil},
	{"price", "$2010", nil},
	{"in isbn", "978-0-316-12558-1 1998-12", nil},
	{"glued", "A2010 2010s", nil},
}

func TestYear(t *testing.T) { runFindCases(t, "year", yearCases) }

var percentCases = []findCase{
	{"sign", "You Save: 46%", []string{"46%"}},
	{"space and decimal", "12.5 %", []string{"12.5 %=12.5%"}},
	{"decimal comma", "12,5 %", []string{"12,5 %=12.5%"}},
	{"words", "10 percent off, 3 per cent", []string{"10 percent=10%", "3 per cent=3%"}},
	{"negative", "-2%", []string{"-2%"}},
	// negatives
	{"plain number", "46 pages", nil},
	{"percent inside word", "10 percentage points", nil},
	{"glued to letters", "A46%", nil},
}

func TestPercent(t *testing.T) { runFindCases(t, "percent", percentCases) }
