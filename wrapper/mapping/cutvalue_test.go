package mapping

import (
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"golang.org/x/net/html"
)

// cutTokens returns one token per span of the text node data (each span
// "type:instance" annotated with type on that node), the first span being
// the field's value.
func cutTokens(data string, spans ...string) []Token {
	n := &html.Node{Type: html.TextNode, Data: data}
	var toks []Token
	for _, s := range spans {
		typ, inst, _ := strings.Cut(s, ":")
		i := strings.Index(data, inst)
		tk := exalg.NewToken(KindWord, inst)
		tk.SetNode(n)
		tk.SetAnn(&[]*annotate.Annotation{{Type: typ, Node: n, Start: i, End: i + len(inst)}})
		toks = append(toks, tk)
	}
	return toks
}

func TestCutValue(t *testing.T) {
	f := FieldSpec{Path: "v", Name: "v", Mult: "1", Types: []string{"v"}, Predefined: "number"}
	tests := []struct {
		name  string
		pages [][]string // per sample value: node text, then spans
		want  bool
	}{
		{"a phrase that goes on, differently", [][]string{{"3.0L Gas I6, 335 HP", "v:3.0L"}, {"3.0L Gas V6, 230 HP", "v:3.0L"}, {"4.4L Gas V8, 400 HP", "v:4.4L"}}, true},
		{"a phrase that opens before, differently", [][]string{{"C# Winforms Developer", "v:Developer"}, {"Sr. Trading Developer", "v:Developer"}}, true},
		{"a word split", [][]string{{"Senior J2EE Developer", "v:EE Developer"}, {"J2EE Developer", "v:EE Developer"}}, true},
		{"another instance after it", [][]string{{"17 mpg City, 24 mpg Hwy", "v:17 mpg", "v:24 mpg"}, {"18 mpg City, 26 mpg Hwy", "v:18 mpg", "v:26 mpg"}}, true},
		{"one more phrase after a comma, to the node's end", [][]string{{"3.0L Gas I6, 335 HP", "v:3.0L Gas I6"}, {"4.4L Gas V8, 400 HP", "v:4.4L Gas V8"}}, true},
		{"another value after the comma", [][]string{{"Bellweather House, 2/10/2011", "v:Bellweather House", "date:2/10/2011"}, {"Tamarack Press, 3/1/2009", "v:Tamarack Press", "date:3/1/2009"}}, false},
		{"a number and a unit after the comma: another datum", [][]string{{"6' 7\", 194", "v:6' 7\""}, {"6' 3\", 178", "v:6' 3\""}, {"6-2, 141 lbs", "v:6-2"}, {"5-10, 147 lbs", "v:5-10"}}, false},
		{"a lower-case phrase after the comma", [][]string{{"Chelsea, in stock", "v:Chelsea"}, {"Soho, on order", "v:Soho"}}, false},
		{"a constant rest: a unit or a label", [][]string{{"278 Lbs", "v:278"}, {"301 Lbs", "v:301"}, {"MSRP $61,550", "v:$61,550"}}, false},
		{"a lower-case complement", [][]string{{"Fri, Feb 11 at 7:00 pm", "v:Fri, Feb 11"}, {"Sat, Mar 2 at 8:00 pm", "v:Sat, Mar 2"}}, false},
		{"another type's instance in the rest", [][]string{{"16 Center", "v:16", "role:Center"}, {"23 Guard", "v:23", "role:Guard"}}, false},
		{"a bare number before it", [][]string{{"No. 52 Goalkeeper", "v:Goalkeeper"}, {"No. 7 Forward", "v:Forward"}}, false},
		{"after a colon", [][]string{{"Weight: 278", "v:278"}, {"Weight: 301", "v:301"}}, false},
		{"the whole node", [][]string{{"278", "v:278"}, {"301", "v:301"}}, false},
	}
	for _, tc := range tests {
		var tl fieldTally
		for _, p := range tc.pages {
			toks := cutTokens(p[0], p[1:]...)
			tl.Vals++
			tl.cutValue(f, toks, 0, 1)
		}
		got := false
		for _, n := range tl.Notes(f, false, false) {
			got = got || n.Kind == NoteCut
		}
		if got != tc.want {
			t.Errorf("%s: cut-value note %v, want %v (tally %+v)", tc.name, got, tc.want, tl.doubtTally)
		}
	}
}
