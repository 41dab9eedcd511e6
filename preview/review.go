package preview

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	xhtml "golang.org/x/net/html"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper"
)

// ReviewFile is the name of the review page Write writes when the
// wrapper has questions (wrapper.Wrapper.Questions).
const ReviewFile = "review.html"

// AnswersFile is the name of the answers file the review page offers to
// download (an answers file as wrapper.WriteAnswers writes it).
const AnswersFile = "answers.json"

// Review describes a written review page.
type Review struct {
	// Questions are the questions shown; Page is the path of review.html.
	Questions []wrapper.Question
	Page      string
	// Files are the highlighted sample pages, per question, and Shown
	// their paths in the source.
	Files, Shown [][]string
}

// candidateType is the highlight type of question candidate k (from 0).
func candidateType(k int, c wrapper.QuestionCandidate) string {
	if c.Records != "" {
		return fmt.Sprintf("[%d] first record", k+1)
	}
	return fmt.Sprintf("[%d] slot %d", k+1, c.Slot)
}

// writeReview writes review.html for w's questions and, per question and
// sample page, the page with each candidate's values highlighted (type
// "[k] slot N"). pages are the previewed pages; their annotations are
// replaced.
func writeReview(dir string, w *wrapper.Wrapper, qs []wrapper.Question, pages []*annotate.Page) (*Review, error) {
	rv := &Review{Questions: qs, Page: filepath.Join(dir, ReviewFile)}
	byPath := map[string]*annotate.Page{}
	order := map[string]int{}
	for i, p := range pages {
		byPath[p.Path] = p
		order[p.Path] = i
	}
	for qi, q := range qs {
		// The sample pages any candidate shows values on, in sample order.
		var shown []string
		seen := map[string]bool{}
		for _, c := range q.Candidates {
			for _, s := range c.Samples {
				if _, ok := byPath[s.Page]; ok && !seen[s.Page] {
					seen[s.Page] = true
					shown = append(shown, s.Page)
				}
			}
		}
		sort.SliceStable(shown, func(i, j int) bool { return order[shown[i]] < order[shown[j]] })
		var files []string
		for _, path := range shown {
			p := byPath[path]
			file := fmt.Sprintf("review-q%d-%02d-%s.html", qi+1, order[path]+1, fileName(path))
			if err := writeCandidatesPage(filepath.Join(dir, file), p, q); err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
			files = append(files, file)
		}
		rv.Files = append(rv.Files, files)
		rv.Shown = append(rv.Shown, shown)
	}
	page, err := reviewHTML(rv, w.Pins(), byPath)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(rv.Page, []byte(page), 0o644); err != nil {
		return nil, err
	}
	return rv, nil
}

// fileName turns a page path into a file name part.
func fileName(path string) string {
	return strings.NewReplacer("/", "_", "\\", "_").Replace(strings.TrimSuffix(path, filepath.Ext(path)))
}

// writeCandidatesPage writes p with the values of q's candidates on it
// highlighted, one type per candidate.
func writeCandidatesPage(file string, p *annotate.Page, q wrapper.Question) error {
	var anns []*annotate.Annotation
	used := map[*xhtml.Node][][2]int{}
	types := make([]string, len(q.Candidates))
	for k, c := range q.Candidates {
		types[k] = candidateType(k, c)
		for _, s := range c.Samples {
			if s.Page != p.Path {
				continue
			}
			for _, an := range locateSample(p, s, used) {
				an.Type = types[k]
				an.Recognizer = "review"
				anns = append(anns, an)
			}
		}
	}
	p.Annotations = anns
	p.ByNode = map[*xhtml.Node][]*annotate.Annotation{}
	for _, an := range anns {
		p.ByNode[an.Node] = append(p.ByNode[an.Node], an)
	}
	var b bytes.Buffer
	bw := bufio.NewWriter(&b)
	if err := annotate.WriteHighlightedTypes(bw, p, types); err != nil {
		return err
	}
	bw.Flush()
	of := q.Field
	if q.Kind == wrapper.QuestionRecords {
		of = "the records"
	}
	page := strings.Replace(b.String(), " annotation(s), ", " candidate value(s) of "+html.EscapeString(of)+", ", 1)
	page = strings.Replace(page, "</div>\n", ` <a href="`+ReviewFile+`">back to the questions</a></div>`+"\n", 1)
	return os.WriteFile(file, []byte(page), 0o644)
}

// locateSample places a candidate's values on a page: the first at the
// sample's path (as an extracted value is placed), the others, which
// carry no path, at their first free occurrence in a text node.
func locateSample(p *annotate.Page, s wrapper.CandidateSample, used map[*xhtml.Node][][2]int) []*annotate.Annotation {
	var out []*annotate.Annotation
	for i, v := range s.Values {
		v = strings.TrimSuffix(v, "…") // clipped for display
		if v == "" {
			continue
		}
		if i == 0 && s.Path != "" {
			if found := locate(p, wrapper.Value{Text: v, Path: s.Path}, used); len(found) > 0 {
				out = append(out, found...)
				continue
			}
		}
		if an := firstFree(p.Doc, v, used); an != nil {
			out = append(out, an)
		}
	}
	return out
}

// firstFree finds text v in one text node of doc, at its first occurrence
// not yet used.
func firstFree(doc *xhtml.Node, v string, used map[*xhtml.Node][][2]int) *annotate.Annotation {
	var found *annotate.Annotation
	var walk func(n *xhtml.Node)
	walk = func(n *xhtml.Node) {
		if found != nil {
			return
		}
		if n.Type == xhtml.TextNode {
			for from := 0; from <= len(n.Data); {
				i := strings.Index(n.Data[from:], v)
				if i < 0 {
					break
				}
				s, e := from+i, from+i+len(v)
				if !overlaps(used[n], s, e) {
					used[n] = append(used[n], [2]int{s, e})
					found = &annotate.Annotation{Node: n, Start: s, End: e}
					return
				}
				from = s + 1
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return found
}

// reviewHTML is the review page: the questions, each candidate with a
// radio button, its values on the sample pages and links to the pages
// highlighting them, and a button that downloads the answers (the pins
// the wrapper was learned with, then the choices) as answers.json. Its
// script runs in the browser only; nothing is loaded from the web.
func reviewHTML(rv *Review, given []wrapper.Pin, pages map[string]*annotate.Page) (string, error) {
	esc := html.EscapeString
	pinAttr := func(p wrapper.Pin) (string, error) {
		b, err := json.Marshal(p)
		return esc(string(b)), err
	}
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">" +
		`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">` +
		"<title>ObjectRunner review</title><style>body{font:14px sans-serif;max-width:70em}section{border-top:1px solid #aaa;margin-top:1em}" +
		"label{display:block;margin:.4em 0}label.candidate{font-weight:bold}table{margin-left:2em;border-collapse:collapse}" +
		"td{padding:1px 8px;vertical-align:top}td.near{color:#666}pre{background:#f4f4f4;padding:6px}</style></head><body>\n")
	fmt.Fprintf(&b, "<h1>The wrapper is unsure of %d field(s)</h1>\n", len(rv.Questions))
	b.WriteString("<p>For each question, choose the slot that holds the field (its values on the sample pages are shown, " +
		"and highlighted on the pages linked), <i>none of these</i> when the field is not on these pages, or <i>skip</i>. " +
		"Then download the answers and replay them: <code>objectrunner extract … --answers " + AnswersFile + "</code>. " +
		"Nothing is loaded from the web.</p>\n<form id=\"review\">\n")
	for qi, q := range rv.Questions {
		name := fmt.Sprintf("q%d", qi+1)
		ask := "which slot holds " + q.Field + "?"
		if q.Kind == wrapper.QuestionRecords {
			ask = "where are the records (how many does a page hold)?"
		}
		fmt.Fprintf(&b, "<section class=\"question\" id=\"%s\" data-field=\"%s\">\n<h2>Question %d of %d: %s</h2>\n<p>%s</p>\n",
			name, esc(q.Field), qi+1, len(rv.Questions), esc(ask), esc(q.Why))
		if files := rv.Files[qi]; len(files) > 0 {
			b.WriteString("<p>The candidates highlighted on the sample pages:")
			for i, f := range files {
				fmt.Fprintf(&b, " <a href=\"%s\">%s</a>", esc(f), esc(rv.Shown[qi][i]))
			}
			b.WriteString("</p>\n")
		}
		for k, c := range q.Candidates {
			pin, err := pinAttr(c.Pin(q.Field))
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&b, "<label class=\"candidate\" id=\"%s-c%d\"><input type=\"radio\" name=\"%s\" value=\"%d\" data-pin=\"%s\"> %s</label>\n",
				name, k+1, name, k+1, pin, esc(c.Title(k)))
			b.WriteString("<table>")
			for _, s := range c.Samples {
				vals := make([]string, len(s.Values))
				for i, v := range s.Values {
					vals[i] = strconv.Quote(v)
				}
				more := ""
				if s.Count > len(s.Values) {
					more = fmt.Sprintf(" (+%d more)", s.Count-len(s.Values))
				}
				page := esc(s.Page)
				if _, ok := pages[s.Page]; !ok {
					page += " (not previewed)"
				}
				if c.Records != "" {
					fmt.Fprintf(&b, "<tr><td>%s</td><td class=\"values\">%d record(s)</td><td class=\"near\">the first: %s</td></tr>",
						page, s.Count, esc(strings.Join(vals, ", ")))
					continue
				}
				fmt.Fprintf(&b, "<tr><td>%s</td><td class=\"values\">%s%s</td><td class=\"near\">near %s</td></tr>",
					page, esc(strings.Join(vals, ", ")), more, esc(strconv.Quote(s.Nearby)))
			}
			b.WriteString("</table>\n")
		}
		if q.Kind != wrapper.QuestionRecords { // no segmentation to pin for "none"
			none, err := pinAttr(wrapper.Pin{Field: q.Field, Absent: true})
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&b, "<label id=\"%s-none\"><input type=\"radio\" name=\"%s\" value=\"n\" data-pin=\"%s\"> none of these: %s is not on these pages</label>\n", name, name, none, esc(q.Field))
		}
		fmt.Fprintf(&b, "<label id=\"%s-skip\"><input type=\"radio\" name=\"%s\" value=\"s\" checked> skip</label>\n</section>\n", name, name)
	}
	b.WriteString("</form>\n<p><button type=\"button\" id=\"download\">Download " + AnswersFile + "</button></p>\n" +
		"<p>The answers file (the answers the wrapper was learned with, then those chosen here):</p>\n<pre id=\"answers\"></pre>\n")
	if given == nil {
		given = []wrapper.Pin{}
	}
	gj, err := json.Marshal(given) // escapes <, > and &: safe in a script element
	if err != nil {
		return "", err
	}
	fmt.Fprintf(&b, "<script id=\"given\" type=\"application/json\">%s</script>\n<script>%s</script>\n</body></html>\n", gj, reviewScript)
	return b.String(), nil
}

// reviewScript builds the answers file from the choices: the given pins,
// each replaced by the choice on its field, then the choices, as
// {"answers": [...]} (wrapper.ReadAnswers), shown in #answers and
// downloaded by #download.
const reviewScript = `(function () {
  var given = JSON.parse(document.getElementById("given").textContent);
  function answers() {
    var chosen = [], fields = {};
    document.querySelectorAll("section.question input:checked").forEach(function (r) {
      if (r.dataset.pin) {
        var p = JSON.parse(r.dataset.pin);
        chosen.push(p);
        fields[p.field] = true;
      }
    });
    var out = given.filter(function (p) { return !fields[p.field]; }).concat(chosen);
    return JSON.stringify({answers: out}, null, 2) + "\n";
  }
  function show() { document.getElementById("answers").textContent = answers(); }
  document.getElementById("review").addEventListener("change", show);
  document.getElementById("download").addEventListener("click", function () {
    var a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([answers()], {type: "application/json"}));
    a.download = "` + AnswersFile + `";
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  });
  show();
})();`
