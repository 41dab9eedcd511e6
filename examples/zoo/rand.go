package zoo

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// rng wraps the source's random stream with the draws the generator uses.
type rng struct {
	*rand.Rand
	seen map[string]map[string]bool // kind -> values drawn, for unique names
}

func newRNG(seed, stream uint64) *rng {
	return &rng{Rand: rand.New(rand.NewPCG(seed, stream)), seen: map[string]map[string]bool{}}
}

// chance is true with probability p.
func (r *rng) chance(p float64) bool { return r.Float64() < p }

// between draws an int in [lo, hi].
func (r *rng) between(lo, hi int) int { return lo + r.IntN(hi-lo+1) }

// pick draws one element of xs.
func pick[T any](r *rng, xs []T) T { return xs[r.IntN(len(xs))] }

// pickN draws n distinct elements of xs, in random order.
func pickN[T any](r *rng, xs []T, n int) []T {
	n = min(n, len(xs))
	out := make([]T, n)
	for i, j := range r.Perm(len(xs))[:n] {
		out[i] = xs[j]
	}
	return out
}

// weighted draws an index with the given weights.
func (r *rng) weighted(ws ...int) int {
	t := 0
	for _, w := range ws {
		t += w
	}
	x := r.IntN(t)
	for i, w := range ws {
		if x < w {
			return i
		}
		x -= w
	}
	return len(ws) - 1
}

// unique draws values from f until one not drawn before for kind (after
// 200 tries it numbers the last one), so that two records never share a
// name by accident.
func (r *rng) unique(kind string, f func() string) string {
	m := r.seen[kind]
	if m == nil {
		m = map[string]bool{}
		r.seen[kind] = m
	}
	var s string
	for range 200 {
		if s = f(); !m[s] {
			m[s] = true
			return s
		}
	}
	for i := 2; ; i++ {
		if t := s + " " + strconv.Itoa(i); !m[t] {
			m[t] = true
			return t
		}
	}
}

// person draws a person's name: "First Last", sometimes with a middle
// initial, a suffix ("Jr.") or an apostrophe.
func (r *rng) person() string {
	first, last := pick(r, firstNames), pick(r, lastNames)
	switch n := r.IntN(100); {
	case n < 14:
		return first + " " + string(rune('A'+r.IntN(26))) + ". " + last
	case n < 20:
		return first + " " + last + " " + pick(r, suffixes)
	case n < 23:
		return string(rune('A'+r.IntN(26))) + ". " + string(rune('A'+r.IntN(26))) + ". " + last
	}
	return first + " " + last
}

// artist draws a band or stage name.
func (r *rng) artist() string {
	switch n := r.IntN(100); {
	case n < 22:
		return "The " + pick(r, bandAdjs) + " " + pick(r, bandNouns)
	case n < 40:
		return pick(r, bandAdjs) + " " + pick(r, bandNouns)
	case n < 60:
		return r.person()
	case n < 68:
		return pick(r, firstNames) + " " + pick(r, lastNames) + " & the " + pick(r, bandNouns)
	case n < 76:
		return pick(r, oneWord)
	case n < 82:
		return "The " + pick(r, lastNames) + " " + pick(r, ensembles)
	case n < 88:
		return pick(r, bandNouns) + " of " + pick(r, ofPlaces)
	case n < 92:
		return "DJ " + pick(r, oneWord)
	case n < 96:
		return pick(r, lastNames) + "'s " + pick(r, bandNouns)
	}
	return pick(r, bandAdjs) + " " + pick(r, bandNouns) + "!"
}

// bookTitle draws a book title, sometimes with a subtitle after ":" or a
// parenthesised edition.
func (r *rng) bookTitle() string {
	var t string
	switch n := r.IntN(100); {
	case n < 18:
		t = "The " + pick(r, titleAdjs) + " " + pick(r, titleNouns)
	case n < 32:
		t = "The " + pick(r, titleNouns) + " of " + pick(r, ofThings)
	case n < 40:
		two := pickN(r, titleNouns, 2)
		t = two[0] + pick(r, []string{" and ", " & "}) + two[1]
	case n < 52:
		t = "The " + pick(r, occupation) + "'s " + pick(r, relations)
	case n < 60:
		t = pick(r, numberWord) + " " + pick(r, pluralWord) + " in " + pick(r, farPlaces)
	case n < 67:
		t = "The Art of " + pick(r, arts)
	case n < 74:
		t = "Mastering " + pick(r, topics)
	case n < 86:
		t = pick(r, titleAdjs) + " " + pick(r, pluralWord)
	default:
		t = "Everything We " + pick(r, []string{"Carried", "Forgot", "Lost", "Kept", "Never Said"})
	}
	switch n := r.IntN(100); {
	case n < 20 && !strings.Contains(t, ":"):
		t += ": " + pick(r, subtitles)
	case n < 27:
		t += " " + pick(r, editions)
	}
	return t
}

// publisher draws a publishing house; some have "&", commas or "Co.".
func (r *rng) publisher() string {
	switch n := r.IntN(100); {
	case n < 12:
		return pick(r, lastNames) + " & " + pick(r, lastNames)
	case n < 18:
		return pick(r, lastNames) + ", " + pick(r, lastNames) + " and " + pick(r, lastNames)
	case n < 24:
		return string(rune('A'+r.IntN(26))) + ". " + string(rune('A'+r.IntN(26))) + ". " + pick(r, lastNames) + " & Co."
	}
	return pick(r, pubHeads) + " " + pick(r, pubTails)
}

// venue draws a concert venue.
func (r *rng) venue() string {
	v := pick(r, venueHeads) + " " + pick(r, venueKinds)
	if r.chance(0.3) {
		v = "The " + v
	}
	return v
}

// team draws a team name from a city.
func (r *rng) team() string { return pick(r, cityPool).name + " " + pick(r, teamNicks) }

// college draws a college name.
func (r *rng) college() string {
	h := pick(r, schoolHeads)
	switch r.IntN(5) {
	case 0:
		return "University of " + h
	case 1:
		return h + " State"
	case 2:
		return "St. " + pick(r, lastNames) + "'s College"
	case 3:
		return h + " A&M"
	}
	return h + " University"
}

// restaurant draws a restaurant name ("Bob's Steak & Chop House").
func (r *rng) restaurant() string {
	h, t := pick(r, restHeads), pick(r, restTails)
	if strings.HasSuffix(h, "&") {
		return h + " " + pick(r, titleNouns)
	}
	return h + " " + t
}

// model draws a product model number ("ZR-400", "X100V", "QN65-Q80C").
func (r *rng) model() string {
	letters := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(byte('A' + r.IntN(26)))
		}
		return b.String()
	}
	num := strconv.Itoa(r.between(1, 99) * pick(r, []int{1, 10, 100}))
	switch r.IntN(4) {
	case 0:
		return letters(r.between(1, 3)) + "-" + num
	case 1:
		return letters(1) + num + letters(1)
	case 2:
		return letters(2) + num + "-" + letters(r.between(1, 2)) + strconv.Itoa(r.between(1, 9))
	}
	return letters(r.between(2, 3)) + num
}
