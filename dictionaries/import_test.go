package dictionaries

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestImportHostileLines: CRLF line ends, blank lines, invalid UTF-8, a
// byte order mark and lines far longer than any entry neither stop an
// import nor lose its other lines; an over-long line is skipped with a
// warning naming it.
func TestImportHostileLines(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	for _, tc := range []struct {
		name     string
		in       string
		entries  []string // normalised forms that must be there
		new      int
		skipped  int
		tooLong  []int // lines warned about
		lastLine int
	}{
		{"crlf", "Jane Austen\r\nMary Shelley\r\n", []string{"jane austen", "mary shelley"}, 2, 0, nil, 2},
		{"blank and space lines", "\n  \n\t\nJane Austen\n\n", []string{"jane austen"}, 1, 4, nil, 5},
		{"bom", "\ufeffJane Austen\n", []string{"jane austen"}, 1, 0, nil, 1},
		{"invalid utf-8", "Bront\xeb\nab\xff\xfecd\n", []string{"bront", "ab cd"}, 2, 0, nil, 2},
		{"1 MB line between entries", "Jane Austen\n" + long + "\nMary Shelley\n", []string{"jane austen", "mary shelley"}, 2, 1, []int{2}, 3},
		{"1 MB line at the end without newline", "Jane Austen\n" + long, []string{"jane austen"}, 1, 1, []int{2}, 2},
		{"two long lines in a row", long + "\n" + long + "\r\nMary Shelley", []string{"mary shelley"}, 1, 2, []int{1, 2}, 3},
		{"line at the limit is kept", strings.Repeat("y", MaxLineBytes) + "\n", []string{strings.Repeat("y", MaxLineBytes)}, 1, 0, nil, 1},
		{"one byte over the limit", strings.Repeat("y", MaxLineBytes+1) + "\nJane Austen\n", []string{"jane austen"}, 1, 1, []int{1}, 2},
		{"last line one byte over, no newline", "Jane Austen\n" + strings.Repeat("y", MaxLineBytes+1), []string{"jane austen"}, 1, 1, []int{2}, 2},
		{"crlf at the limit", strings.Repeat("z", MaxLineBytes-1) + "\r\n", []string{strings.Repeat("z", MaxLineBytes-1)}, 1, 0, nil, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openTemp(t, &Options{BatchSize: 1})
			var warned []int
			rep, err := s.Import(context.Background(), "c", strings.NewReader(tc.in), ImportOptions{
				Source: "t.txt",
				Warn: func(line int, msg string) {
					if !strings.Contains(msg, fmt.Sprint(MaxLineBytes)) {
						t.Errorf("warning %q does not give the limit", msg)
					}
					warned = append(warned, line)
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			if rep.New != tc.new || rep.Skipped != tc.skipped || rep.TooLong != len(tc.tooLong) || rep.Lines != tc.lastLine {
				t.Errorf("report %+v, want new %d, skipped %d, too long %d, lines %d", rep, tc.new, tc.skipped, len(tc.tooLong), tc.lastLine)
			}
			if fmt.Sprint(warned) != fmt.Sprint(tc.tooLong) {
				t.Errorf("warned about lines %v, want %v", warned, tc.tooLong)
			}
			for _, n := range tc.entries {
				if e, err := s.Lookup("c", n); err != nil || e == nil {
					t.Errorf("entry %.20q missing: %v", n, err)
				}
			}
		})
	}
}
