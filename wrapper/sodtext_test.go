package wrapper_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// TestWrapperCarriesSOD: Induce records the SOD's text, Save writes it and
// Load reads it back; a text that is not the SOD's is refused.
func TestWrapperCarriesSOD(t *testing.T) {
	const text = "object = \"person\"\n\n[entity.name]\nregex = '[A-Z][a-z]+ [A-Z][a-z]+'\n\n[tuple.person]\nname = \"1\"\n"
	s, err := sod.Parse("person.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	var pages []*annotate.Page
	for i, n := range []string{"Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"} {
		pages = append(pages, page(fmt.Sprintf("p%d", i), "<html><body><h1>Person page</h1><p>Name: <i>"+n+"</i></p><p>End of page</p></body></html>"))
	}
	w, err := wrapper.Induce(pages, s, wrapper.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if got := w.SODText(); got != text {
		t.Fatalf("SODText()=%q, want the SOD's text", got)
	}
	var buf bytes.Buffer
	if err := w.Save(&buf); err != nil {
		t.Fatal(err)
	}
	saved := buf.String()
	w2, err := wrapper.Load(strings.NewReader(saved))
	if err != nil {
		t.Fatal(err)
	}
	if got := w2.SODText(); got != text {
		t.Errorf("after Save and Load, SODText()=%q, want the SOD's text", got)
	}
	if err := w2.SetSODText(text + "# changed\n"); err == nil {
		t.Errorf("SetSODText accepted the text of another SOD")
	}
	if got := w2.SODText(); got != text {
		t.Errorf("a refused SetSODText changed SODText to %q", got)
	}
	tampered := strings.Replace(saved, `name = \"1\"`, `name = \"+\"`, 1)
	if tampered == saved {
		t.Fatal("the saved wrapper does not hold the SOD's text as expected")
	}
	if _, err := wrapper.Load(strings.NewReader(tampered)); err == nil || !strings.Contains(err.Error(), "sod_text") {
		t.Errorf("Load of a wrapper whose sod_text does not match its hash: err %v, want one naming sod_text", err)
	}
}
