package records_test

import (
	"encoding/json"
	"fmt"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper"
)

// A saved pattern (as found in a wrapper file) cuts any page of its source
// into records, here the <li> items of the content list; the sidebar list
// and the promotion item do not match the record prototype.
func ExampleRecordPattern_Records() {
	var rp wrapper.RecordPattern
	err := json.Unmarshal([]byte(`{
		"parent": "html/body/div/ul",
		"head": "li",
		"exemplars": ["li(b(#),#,ul(li(#)))"],
		"threshold": 0.7
	}`), &rp)
	if err != nil {
		fmt.Println(err)
		return
	}
	page, err := annotate.ParsePage([]byte(`<html><body>
<ul><li>Sidebar</li></ul>
<div><ul>
  <li><b>Nadia Kincaid</b> 7/13/2010 <ul><li>The Owls</li><li>DJ Ravine</li></ul></li>
  <li><i>Sponsored</i></li>
  <li><b>Static Rivers</b> 7/14/2010 <ul><li>Boneyard</li></ul></li>
</ul></div></body></html>`), "0001.html", annotate.LoadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, rec := range rp.Records(page) {
		fmt.Println(i, annotate.Text(rec[0]))
	}
	fmt.Print(rp.String())
	// Output:
	// 0 Nadia Kincaid 7/13/2010 The Owls DJ Ravine
	// 1 Static Rivers 7/14/2010 Boneyard
	// records: html/body/div/ul / (li)+
	//   threshold 0.70
	//   exemplar 1: li(b(#),#,ul(li(#)))
}
