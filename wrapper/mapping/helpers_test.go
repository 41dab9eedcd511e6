package mapping

import (
	"testing"

	"github.com/objectrunner/objectrunner/annotate"

	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// testPage parses HTML into an annotate.Page (pagetest.Annotated).
func testPage(t testing.TB, path, src string, marks map[string][]string) *annotate.Page {
	return pagetest.Annotated(t, path, src, marks)
}
