package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// restaurantRows returns the <dl> rows of restaurant k, in one order;
// the telephone, fax and website rows are on some records only, and the
// fax is a phone number too. phone is "" when the record has none.
func restaurantRows(k int) (rows string, phone string) {
	var b strings.Builder
	fmt.Fprintf(&b, `<dt>Cuisines:</dt><dd>%s</dd>`, []string{"Thai", "Greek", "Diner", "Sushi"}[k%4])
	fmt.Fprintf(&b, `<dt>Address:</dt><dd>%d Oak St</dd>`, 100+7*k)
	if k%4 != 1 {
		phone = fmt.Sprintf("+1 212 555 %04d", 1000+37*k)
		fmt.Fprintf(&b, `<dt>Telephone:</dt><dd>%s</dd>`, phone)
	}
	if k%3 == 0 {
		fmt.Fprintf(&b, `<dt>Fax:</dt><dd><span>+1 646 555 %04d</span></dd>`, 2000+53*k)
	}
	if k%5 < 3 {
		fmt.Fprintf(&b, `<dt>Online:</dt><dd><span>www.place%d.example</span></dd>`, k)
	}
	fmt.Fprintf(&b, `<dt>Hours:</dt><dd><a>Daily %dpm</a></dd>`, 1+k%9)
	return b.String(), phone
}

// TestRowRolesRecords: records of list pages whose <dl> rows keep one
// order but are there or not from record to record (a telephone, a fax,
// a website). ExAlg cannot tell one <dt>/<dd> pair from another and
// folds the varying rows into one set: the phone comes from the fax row
// or from nowhere. With roles of their own for the rows (rowroles.go),
// each row kind is an optional part of the template and every phone,
// and no fax, comes out.
func TestRowRolesRecords(t *testing.T) {
	for _, on := range []bool{false, true} {
		t.Run(fmt.Sprint("roles=", on), func(t *testing.T) {
			defer func(v bool) { mapping.RowRoles = v }(mapping.RowRoles)
			mapping.RowRoles = on
			var pages []*annotate.Page
			var want [][]string
			k := 0
			for pg := range 10 {
				var b strings.Builder
				var phones []string
				for range 4 + pg%4 {
					rows, phone := restaurantRows(k)
					phones = append(phones, phone)
					fmt.Fprintf(&b, `<li><h3 data-or-type="name">Place %d</h3><dl>%s</dl></li>`, 100+k, rows)
					k++
				}
				want = append(want, phones)
				pages = append(pages, testPage(t, fmt.Sprintf("p%d.html", pg), `<html><body><h1>Restaurants</h1><ol class="results">`+b.String()+`</ol><p>Page footer</p></body></html>`, nil))
			}
			annotatePatterns(t, pages, map[string]string{"phone": "phone"})
			s := testSOD([][3]string{{"name", "1", "name"}, {"phone", "?", "phone"}}, sod.Multiplicity{Min: 0, Max: sod.Unbounded})
			dictionaryTypes(s, "name")
			w, err := Induce(pages, s, DefaultOptions())
			right := func(w *Wrapper) bool {
				for i, p := range pages {
					objs, _ := w.Extract(p)
					var got []string
					for _, o := range objs {
						got = append(got, strings.Join(o.Get("phone"), "|"))
					}
					if fmt.Sprint(got) != fmt.Sprint(want[i]) {
						return false
					}
				}
				return true
			}
			if !on {
				if err == nil && right(w) {
					t.Fatalf("phones right without row roles: the test shows nothing\n%s", w.Template())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !right(w) {
				t.Fatalf("phones wrong; mode %s template %s\nslots %+v", w.Mode(), w.Template(), w.Slots())
			}
			// The saved wrapper keeps the roles (and reads the same).
			var buf strings.Builder
			if err := w.Save(&buf); err != nil {
				t.Fatal(err)
			}
			l, err := Load(strings.NewReader(buf.String()))
			if err != nil {
				t.Fatal(err)
			}
			if !right(l) {
				t.Fatal("phones wrong after Save and Load")
			}
		})
	}
}
