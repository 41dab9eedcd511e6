package preview

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper"
)

// PageResult is what the wrapper extracted from one previewed page.
type PageResult struct {
	// Path is the page's path in the source; File the preview's file name.
	Path, File string
	// Objects are the extracted objects; Err says why the page did not fit.
	Objects []*wrapper.Object
	Err     error
	// Values counts the values per field path; Unplaced those that could
	// not be located on the page (they are listed below it).
	Values, Unplaced map[string]int
}

// Result describes a written preview.
type Result struct {
	// Fields are the field paths in wrapper order (entity fields only).
	Fields []string
	Pages  []*PageResult
	// Index is the path of index.html.
	Index string
	// Review is the review page, written when the wrapper has questions
	// (review.go); nil otherwise.
	Review *Review
}

// Write applies w to each page (freshly read, not annotated) and writes,
// in dir, one highlighted HTML file per page and index.html.
func Write(dir string, w *wrapper.Wrapper, pages []*annotate.Page) (*Result, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	res := &Result{Index: filepath.Join(dir, "index.html")}
	for _, f := range w.Fields() {
		if !f.Tuple {
			res.Fields = append(res.Fields, f.Path)
		}
	}
	for i, p := range pages {
		pr := &PageResult{Path: p.Path, Values: map[string]int{}, Unplaced: map[string]int{}}
		pr.File = fmt.Sprintf("%02d-%s.html", i+1, strings.NewReplacer("/", "_", "\\", "_").Replace(strings.TrimSuffix(p.Path, filepath.Ext(p.Path))))
		pr.Objects, pr.Err = w.Extract(p)
		for _, o := range pr.Objects {
			o.URL = p.URL
		}
		unplaced := place(p, pr)
		var b bytes.Buffer
		bw := bufio.NewWriter(&b)
		if err := annotate.WriteHighlightedTypes(bw, p, res.Fields); err != nil {
			return nil, fmt.Errorf("%s: %w", p.Path, err)
		}
		bw.Flush()
		page := strings.Replace(b.String(), "\n</body></html>\n", objectsTable(pr, unplaced)+"\n</body></html>\n", 1)
		page = strings.Replace(page, " annotation(s), ", " extracted value(s), ", 1)
		if err := os.WriteFile(filepath.Join(dir, pr.File), []byte(page), 0o644); err != nil {
			return nil, err
		}
		res.Pages = append(res.Pages, pr)
	}
	if qs := w.Questions(); len(qs) > 0 {
		rv, err := writeReview(dir, w, qs, pages)
		if err != nil {
			return nil, fmt.Errorf("review page: %w", err)
		}
		res.Review = rv
	}
	if err := os.WriteFile(res.Index, []byte(indexHTML(res)), 0o644); err != nil {
		return nil, err
	}
	return res, nil
}

// unplacedValue is a value that could not be located on its page.
type unplacedValue struct {
	object int
	field  string
	v      wrapper.Value
}

// place replaces p's annotations by the extracted values of pr.Objects,
// each an annotation of type field path. Values that cannot be located
// are counted in pr.Unplaced and returned.
func place(p *annotate.Page, pr *PageResult) []unplacedValue {
	var anns []*annotate.Annotation
	used := map[*html.Node][][2]int{} // spans already marked, per text node
	var out []unplacedValue
	var walk func(o *wrapper.Object, prefix string, fs []wrapper.Field)
	walk = func(o *wrapper.Object, prefix string, fs []wrapper.Field) {
		for _, f := range fs {
			path := prefix + f.Name
			for _, v := range f.Values {
				if f.Tuple {
					walk(o, path+".", v.Fields)
					continue
				}
				if v.Text == "" {
					continue
				}
				pr.Values[path]++
				found := locate(p, v, used)
				if len(found) == 0 {
					pr.Unplaced[path]++
					out = append(out, unplacedValue{o.Index, path, v})
				}
				for _, an := range found {
					an.Type = path
					an.Recognizer = fmt.Sprintf("object %d", o.Index)
					an.Confidence = v.Confidence
					anns = append(anns, an)
				}
			}
		}
	}
	for _, o := range pr.Objects {
		walk(o, "", o.Fields)
	}
	p.Annotations = anns
	p.ByNode = map[*html.Node][]*annotate.Annotation{}
	for _, an := range anns {
		p.ByNode[an.Node] = append(p.ByNode[an.Node], an)
	}
	return out
}

// locate finds where value v sits on p (see the package comment).
func locate(p *annotate.Page, v wrapper.Value, used map[*html.Node][][2]int) []*annotate.Annotation {
	path, key := v.Path, ""
	if i := strings.LastIndex(path, "/@"); i >= 0 {
		path, key = path[:i], path[i+2:]
	}
	el := annotate.FindPath(p.Doc, path)
	if el == nil {
		return nil
	}
	if key != "" {
		n := p.AttrNode(el, key)
		if n == nil {
			return nil
		}
		return []*annotate.Annotation{{Node: n, Start: 0, End: len(n.Data)}}
	}
	var texts []*html.Node
	var collect func(n *html.Node)
	collect = func(n *html.Node) {
		if n.Type == html.TextNode {
			texts = append(texts, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			collect(c)
		}
	}
	collect(el)
	// The value in one text node, at its first free occurrence.
	for _, n := range texts {
		for from := 0; from <= len(n.Data); {
			i := strings.Index(n.Data[from:], v.Text)
			if i < 0 {
				break
			}
			s, e := from+i, from+i+len(v.Text)
			if !overlaps(used[n], s, e) {
				used[n] = append(used[n], [2]int{s, e})
				return []*annotate.Annotation{{Node: n, Start: s, End: e}}
			}
			from = s + 1
		}
	}
	// A value written over several text nodes: the nodes that are part of it.
	var out []*annotate.Annotation
	for _, n := range texts {
		t := strings.TrimSpace(n.Data)
		if t == "" || !strings.Contains(v.Text, t) {
			continue
		}
		s := strings.Index(n.Data, t)
		if overlaps(used[n], s, s+len(t)) {
			continue
		}
		used[n] = append(used[n], [2]int{s, s + len(t)})
		out = append(out, &annotate.Annotation{Node: n, Start: s, End: s + len(t)})
	}
	return out
}

func overlaps(spans [][2]int, s, e int) bool {
	for _, sp := range spans {
		if s < sp[1] && sp[0] < e {
			return true
		}
	}
	return false
}

// objectsTable lists the page's objects (and the values that could not be
// placed) below the page.
func objectsTable(pr *PageResult, unplaced []unplacedValue) string {
	var b strings.Builder
	esc := html.EscapeString
	b.WriteString(`<div id="objectrunner-objects" style="border-top:2px solid #888;margin-top:2em;padding:6px;font:13px sans-serif">`)
	if pr.Err != nil {
		fmt.Fprintf(&b, "<p><b>Did not fit the wrapper:</b> %s</p>", esc(pr.Err.Error()))
	}
	fmt.Fprintf(&b, "<h2>%d object(s) extracted</h2>", len(pr.Objects))
	for _, o := range pr.Objects {
		line, err := o.MarshalJSON()
		if err != nil {
			continue
		}
		fmt.Fprintf(&b, "<pre style=\"white-space:pre-wrap\">%s</pre>", esc(string(line)))
	}
	if len(unplaced) > 0 {
		sort.SliceStable(unplaced, func(i, j int) bool { return unplaced[i].object < unplaced[j].object })
		b.WriteString("<h3>Values not located on the page</h3><ul>")
		for _, u := range unplaced {
			fmt.Fprintf(&b, "<li>object %d, %s: %s at %s</li>", u.object, esc(u.field), esc(strconv.Quote(u.v.Text)), esc(u.v.Path))
		}
		b.WriteString("</ul>")
	}
	b.WriteString("</div>")
	return b.String()
}
