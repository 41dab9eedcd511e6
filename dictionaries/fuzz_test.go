package dictionaries

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// FuzzLineReader splits arbitrary input with a small limit: the lines it
// returns and the long lines it skips account for every "\n"-separated line
// of the input, in order.
func FuzzLineReader(f *testing.F) {
	f.Add([]byte("a\nbb\r\n\nccc"), uint8(2))
	f.Add([]byte(strings.Repeat("x", 300)+"\nend\n"), uint8(16))
	f.Add([]byte("\xff\xfe\x00\n\n"), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, max uint8) {
		limit := int(max) + 1
		lr := newLineReader(bytes.NewReader(data), limit)
		var want [][]byte
		if len(data) > 0 {
			want = bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
			if len(data) > 0 && data[len(data)-1] == '\n' && len(bytes.TrimSuffix(data, []byte("\n"))) == 0 {
				want = [][]byte{{}}
			}
		}
		for i := 0; ; i++ {
			line, long, err := lr.next()
			if err == io.EOF {
				if i != len(want) {
					t.Fatalf("%d lines read, want %d", i, len(want))
				}
				return
			}
			if err != nil || i >= len(want) {
				t.Fatalf("line %d: %v (input has %d)", i+1, err, len(want))
			}
			if long != (len(want[i]) > limit) || !long && !bytes.Equal(line, want[i]) {
				t.Fatalf("line %d = %q long %v, want %q (limit %d)", i+1, line, long, want[i], limit)
			}
		}
	})
}

// FuzzNormalize: Normalize is idempotent and gives valid, trimmed text.
func FuzzNormalize(f *testing.F) {
	for _, tc := range normalizeCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalize(s)
		if Normalize(n) != n {
			t.Fatalf("Normalize(%q) = %q, again %q", s, n, Normalize(n))
		}
		if n != strings.TrimSpace(n) || strings.Contains(n, "  ") {
			t.Fatalf("Normalize(%q) = %q: not trimmed and collapsed", s, n)
		}
	})
}
