package preview

import (
	"fmt"
	"html"
	"strings"
)

// indexHTML is the preview's index: one row per page with its objects and
// its values per field, totals, and why pages did not fit.
func indexHTML(res *Result) string {
	esc := html.EscapeString
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">" +
		`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">` +
		"<title>ObjectRunner preview</title><style>body{font:14px sans-serif}td,th{padding:2px 8px;text-align:right}" +
		"td:nth-child(2),th:nth-child(2){text-align:left}tr.unfit{background:#fff0f0}.zero{color:#c00;font-weight:bold}</style></head><body>\n")
	fmt.Fprintf(&b, "<h1>What the wrapper extracts: %d page(s)</h1>\n", len(res.Pages))
	b.WriteString("<p>Each page is the cleaned copy ObjectRunner reads, with the extracted values highlighted per field " +
		"(attribute values are shown as <i>@key value</i> after their element). Nothing is loaded from the web. " +
		"Counts in red: a field with no value on a page.</p>\n")
	if rv := res.Review; rv != nil {
		fmt.Fprintf(&b, "<p id=\"review\"><b>The wrapper is unsure of %d field(s):</b> <a href=\"%s\">answer its questions</a> and download the answers for <code>--answers</code>.</p>\n", len(rv.Questions), ReviewFile)
	}
	b.WriteString("<table><tr><th>#</th><th>page</th><th>objects</th>")
	for _, f := range res.Fields {
		fmt.Fprintf(&b, "<th>%s</th>", esc(f))
	}
	b.WriteString("<th>not located</th></tr>\n")
	totals := map[string]int{}
	objects, unplaced := 0, 0
	for i, pr := range res.Pages {
		class := ""
		if pr.Err != nil {
			class = ` class="unfit"`
		}
		fmt.Fprintf(&b, "<tr%s><td>%d</td><td><a href=\"%s\">%s</a></td><td>%d</td>", class, i+1, esc(pr.File), esc(pr.Path), len(pr.Objects))
		objects += len(pr.Objects)
		n := 0
		for _, f := range res.Fields {
			c := pr.Values[f]
			totals[f] += c
			n += pr.Unplaced[f]
			if c == 0 {
				b.WriteString(`<td class="zero">0</td>`)
			} else {
				fmt.Fprintf(&b, "<td>%d</td>", c)
			}
		}
		unplaced += n
		fmt.Fprintf(&b, "<td>%d</td></tr>\n", n)
		if pr.Err != nil {
			fmt.Fprintf(&b, "<tr class=\"unfit\"><td></td><td colspan=\"%d\">did not fit: %s</td></tr>\n", len(res.Fields)+2, esc(pr.Err.Error()))
		}
	}
	fmt.Fprintf(&b, "<tr><th></th><th>total</th><th>%d</th>", objects)
	for _, f := range res.Fields {
		fmt.Fprintf(&b, "<th>%d</th>", totals[f])
	}
	fmt.Fprintf(&b, "<th>%d</th></tr>\n</table>\n</body></html>\n", unplaced)
	return b.String()
}
