package dictionaries

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		runChild()
		return
	}
	code := m.Run()
	if gazetteerStore.dir != "" {
		os.RemoveAll(gazetteerStore.dir)
	}
	os.Exit(code)
}
