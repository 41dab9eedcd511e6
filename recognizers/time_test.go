package recognizers

import "testing"

var timeCases = []findCase{
	{"concert listing p", "Tuesday, July 13 8:00p", []string{"8:00p=20:00"}},
	{"pm", "Doors 8:00pm", []string{"8:00pm=20:00"}},
	{"24 hour", "Départ 20:30", []string{"20:30"}},
	{"hour and PM", "Show at 7 PM tonight", []string{"7 PM=19:00"}},
	{"a.m.", "opens 10:30 a.m. daily", []string{"10:30 a.m.=10:30"}},
	{"noon and midnight", "12:00pm and 12:15am", []string{"12:00pm=12:00", "12:15am=00:15"}},
	{"seconds", "at 08:15:30 UTC", []string{"08:15:30"}},
	{"french h", "concert à 20h30", []string{"20h30=20:30"}},
	{"range", "7:30-9:30pm", []string{"7:30=07:30", "9:30pm=21:30"}},
	// negatives
	{"invalid hour", "25:00 and 13pm", nil},
	{"invalid minutes", "12:75", nil},
	{"article after space", "at 8:00 a band plays", []string{"8:00=08:00"}},
	{"plain number", "7 people", nil},
	{"price", "$12.99", nil},
	{"date", "2010-04-16", nil},
	{"single-digit minutes", "score 3:2", nil},
	{"inside a word", "v8:00pm", nil},
	{"am inside a word", "7 amazing things", nil},
}

func TestTime(t *testing.T) { runFindCases(t, "time", timeCases) }

func TestTimeConfidence(t *testing.T) {
	if ampm, bare := confidenceOf(t, "time", "8:00pm", "8:00pm"), confidenceOf(t, "time", "20:00", "20:00"); !(bare < ampm) {
		t.Fatalf("confidence of 20:00 = %v, want below that of 8:00pm = %v", bare, ampm)
	}
}
