package repository

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"
)

// manyWords returns n distinct words separated by spaces.
func manyWords(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "w%x ", i)
	}
	return b.String()
}

// TestHostileQueries (issue 27, cases 1 and 2): offsets and limits that
// overflow, and huge queries, are refused by Query.Check with a clear
// error before they reach Bleve (whose search goroutines cannot be
// recovered), quickly and without allocating in proportion to the number.
func TestHostileQueries(t *testing.T) {
	r, err := OpenReader(buildFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	title := parseAll(t, []string{"title~window"})
	tests := []struct {
		name string
		q    Query
		want string
	}{
		{"max offset", Query{Offset: math.MaxInt64}, "offset 9223372036854775807 is too large"},
		{"max offset with keywords", Query{Offset: math.MaxInt64 - 19, Keywords: "free shipping"}, "is too large"},
		{"max offset with a full-text restriction", Query{Offset: math.MaxInt64 - 1, Where: title}, "is too large"},
		{"max limit", Query{Limit: math.MaxInt64}, "limit 9223372036854775807 is too large"},
		{"offset and limit that overflow together", Query{Offset: MaxOffset, Limit: math.MaxInt64 - MaxOffset + 1}, "is too large"},
		{"negative offset", Query{Offset: -1}, "offset -1 is negative"},
		{"negative limit", Query{Limit: math.MinInt64}, "is negative"},
		{"1 MB of keywords", Query{Keywords: strings.Repeat("window ", 150000)}, "bytes is too long"},
		{"120,000 distinct words", Query{Keywords: manyWords(120000)}, "bytes is too long"},
		{"65 distinct words", Query{Keywords: manyWords(MaxQueryTerms + 1)}, "65 distinct words is too long"},
		{"65 distinct words in a restriction", Query{Where: []Restriction{{Field: "title", Op: OpMatch, Value: manyWords(MaxQueryTerms + 1)}}}, "65 distinct words"},
		{"too many restrictions", Query{Where: parseAll(t, strings.Fields(strings.Repeat("price<20 ", MaxRestrictions+1)))}, "65 restrictions"},
		{"too many sources", Query{Sources: strings.Fields(strings.Repeat("shop-a ", MaxRestrictions+1))}, "65 sources"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			_, err := r.Search(context.Background(), &tc.q)
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", err, tc.want)
			}
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("MEASURE query %-40s %v, %d KB allocated", tc.name, took, alloc>>10)
			if took > time.Second || alloc > 64<<20 {
				t.Errorf("refusing it took %v and %d MB, bound 1 s and 64 MB", took, alloc>>20)
			}
		})
	}
	// At the bounds, queries run.
	for _, q := range []Query{
		{Offset: MaxOffset, Limit: MaxLimit, Keywords: "free shipping"},
		{Offset: MaxOffset, Limit: MaxLimit},
		{Keywords: manyWords(MaxQueryTerms)},
	} {
		if _, err := r.Search(context.Background(), &q); err != nil {
			t.Errorf("offset %d limit %d, %d bytes of keywords: %v", q.Offset, q.Limit, len(q.Keywords), err)
		}
	}
}
