package recognizers

import "testing"

var dateCases = []findCase{
	// numeric
	{"us slash", "Released 4/16/2010 in stores", []string{"4/16/2010=2010-04-16"}},
	{"european dots", "Erschienen am 16.04.2010.", []string{"16.04.2010=2010-04-16"}},
	{"iso", "updated: 2010-04-16", []string{"2010-04-16"}},
	{"iso datetime", "2010-04-16T08:00:00Z", []string{"2010-04-16"}},
	{"day first when month first is impossible", "on 25/12/2009", []string{"25/12/2009=2009-12-25"}},
	{"two-digit year", "Posted 4/16/10 by admin", []string{"4/16/10=2010-04-16"}},
	{"swde publication date", ": June 2010", []string{"June 2010=2010-06"}},
	// written
	{"month day comma year", "Publication date: July 13, 2010", []string{"July 13, 2010=2010-07-13"}},
	{"abbreviated month", "Jul 13 2010", []string{"Jul 13 2010=2010-07-13"}},
	{"abbreviated with dot", "Sept. 5, 1998", []string{"Sept. 5, 1998=1998-09-05"}},
	{"ordinal", "on March 3rd, 2009.", []string{"March 3rd, 2009=2009-03-03"}},
	{"day month year", "Born 13 July 2010 in Paris", []string{"13 July 2010=2010-07-13"}},
	{"day of month", "the 4th of July, 1776", []string{"4th of July, 1776=1776-07-04"}},
	// a following clock time is the time recognizer's, not part of the date
	{"weekday day month time", "Tuesday, July 13 8:00p", []string{"Tuesday, July 13=--07-13"}},
	{"weekday month day comma time", "Monday May 11, 8:00pm - Blue Note", []string{"Monday May 11=--05-11"}},
	{"weekday month day at time", "Mon, Aug 8 at 8:00 pm", []string{"Mon, Aug 8=--08-08"}},
	{"month day without year", "Opens May 11", []string{"May 11=--05-11"}},
	{"with year and time", "Sat, Oct 2, 2010 at 7:30 PM", []string{"Sat, Oct 2, 2010=2010-10-02"}},
	{"french", "le 13 juillet 2010 à Paris", []string{"13 juillet 2010=2010-07-13"}},
	{"french first", "1er janvier 2011", []string{"1er janvier 2011=2011-01-01"}},
	{"upper case", "JULY 13, 2010", []string{"JULY 13, 2010=2010-07-13"}},
	{"leap day", "February 29, 2008", []string{"February 29, 2008=2008-02-29"}},
	{"two dates", "on 2010-01-02 and 2010-03-04", []string{"2010-01-02", "2010-03-04"}},
	// a range is one value (daterange.go)
	{"range of iso dates", "from 2010-01-02 to 2010-03-04", []string{"2010-01-02 to 2010-03-04=2010-01-02/2010-03-04"}},
	// negatives
	{"version number", "Firefox 1.2.3 and OS X 10.5", nil},
	{"ip address", "server 192.168.1.1 and 10.1.20.30", nil},
	{"phone", "call 212-555-1234", nil},
	{"price", "$12.99 or 12,99 €", nil},
	{"invalid month and day", "13/45/2010", nil},
	{"invalid day of month", "February 30, 2010", nil},
	{"non leap year", "February 29, 2010", nil},
	{"isbn13", "978-0-316-12558-1", nil},
	{"isbn10", "0-316-12558-1", nil},
	{"lower case may is a verb", "you may 5 times", nil},
	{"dotted short year", "1.2.10", nil},
	{"longer dotted run", "1.16.04.2010", nil},
	{"plain year", "in 2010", nil},
	{"copyright year", "© 2010 Acme Inc.", nil},
	{"year in prose", "Copyright 2010", nil},
	{"year then words", "2010 edition", nil},
	{"numeric range is no month year", "10/2010/3", nil},
	{"month 13 and year", "13/2010", nil},
	// partial dates
	{"bare year", "2004", []string{"2004"}},
	{"bare year in brackets", "(1945)", []string{"1945"}},
	{"labelled year", "Publication date: 2004.", []string{"2004"}},
	{"year after a separator", "Paperback | 2004", []string{"2004"}},
	{"year after a spaced dash", "Paperback - 2004", []string{"2004"}},
	{"phone's last group is no year", "Customer service: (700) 364-1506", nil},
	{"zip+4 is no year", "Austin, TX 78701-1999", nil},
	{"year after a name and a comma", "Redcliff Books, 2011", []string{"2011"}},
	{"year after an abbreviation and a comma", "H. A. Mercer & Co., 1996", []string{"1996"}},
	{"year after a number and a comma", "Chapter 12, 2011", nil},
	{"year after a month and a comma", "Sable Press, June, 2011", []string{"June, 2011=2011-06"}},
	{"numeric month and year", "Released 06/2010", []string{"06/2010=2010-06"}},
	{"month word inside a word", "Marchand 12", nil},
	{"weekday and numeric month day", "Thu 3/25 · Doors 7pm", []string{"Thu 3/25=--03-25"}},
	{"weekday and numeric day month", "Sat. 14.6", []string{"Sat. 14.6=--06-14"}},
	{"weekday comma day first when month first is impossible", "Fri, 25/3", []string{"Fri, 25/3=--03-25"}},
	{"numeric month day without weekday", "won 3/25 today", nil},
	{"weekday and impossible numbers", "Mon 13/13", nil},
	{"weekday and three numbers", "Fri 1/2/3", nil},
}

func TestDate(t *testing.T) { runFindCases(t, "date", dateCases) }

func TestDateConfidence(t *testing.T) {
	full := confidenceOf(t, "date", "July 13, 2010", "July 13, 2010")
	if year := confidenceOf(t, "date", "2010", "2010"); !(year < full) {
		t.Fatalf("confidence of a bare year %v, want below that of a full date %v", year, full)
	}
	partial := confidenceOf(t, "date", "July 13 here", "July 13")
	if !(partial < full) {
		t.Fatalf("confidence of a day without year %v, want below that of a full date %v", partial, full)
	}
}
