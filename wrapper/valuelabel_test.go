package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestValueBeforeSidebarTeam: every page has a sidebar of three other
// players, each "<name><br><position><br><team>", with the positions
// known to the position dictionary and the sidebar's teams to the team
// dictionary; the player's own team, in a row of its own under the name,
// is known on a few pages only, and the college dictionary knows as many
// of its teams (the college has a row of its own). The position right before a sidebar team
// is the same few words page after page, so it looks like a row label
// keying the team (learnedLabel); but it is the role's instance, another
// object's value (valueLabel), and the team comes from its own row.
func TestValueBeforeSidebarTeam(t *testing.T) {
	positions := []string{"C", "G-F", "F-C", "G", "F"}
	var src, want []string
	for i := range 20 {
		team := sparseClub(i)
		row := `<span class="team">` + team + `</span>`
		switch i % 5 {
		case 1:
			row = `<span class="team" data-or-type="team">` + team + `</span>`
		case 3:
			row = `<span class="team" data-or-type="college">` + team + `</span>`
		}
		want = append(want, team)
		var side strings.Builder
		for j := range 3 {
			k := i + 3*j + 7
			fmt.Fprintf(&side, `<li><a href="/p/%d">%s</a><br><span class="position" data-or-type="position">%s</span><br><span class="team" data-or-type="team">%s</span></li>`,
				k, sparsePlayer(k), positions[(i+j)%len(positions)], sparseClub(k))
		}
		src = append(src, fmt.Sprintf(`<html><body><div class="detail"><h1 data-or-type="player">%s</h1>%s<p>Position: <b data-or-type="position">%s</b></p><p>College: <a data-or-type="college">%s</a></p></div><div class="sidebar"><h3>Trending players</h3><ul>%s</ul></div></body></html>`,
			sparsePlayer(i), row, positions[i%len(positions)], sparseCity[i%len(sparseCity)]+" State", side.String()))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "player"}, {"role", "1", "position"}, {"team", "1", "team"}, {"school", "?", "college"}}, sod.One)
	dictionaryTypes(s, "player", "position", "team", "college")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkOneField(t, w, pages, "team", want)
}
