package sod

import (
	"os"
	"strings"
	"testing"
	"time"
)

const shapeHead = "object = \"x\"\n[tuple.x]\na = \"1\"\n[entity.a]\nregex = 'a'\n"

// TestShapeLimits: files nested far beyond what an SOD needs are rejected
// at once with a positioned error, whatever their size (the TOML decoder
// alone takes seconds on 4,000 nested inline tables, and the position
// scanner minutes on 4,000 nested arrays).
func TestShapeLimits(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"arrays 16000 deep", shapeHead + "x = " + strings.Repeat("[", 16000) + strings.Repeat("]", 16000) + "\n",
			"fuzz.toml:6:37: arrays or inline tables nested more than 32 deep"},
		{"inline tables 16000 deep", shapeHead + "x = " + strings.Repeat("{a=", 16000) + "1" + strings.Repeat("}", 16000) + "\n",
			"fuzz.toml:6:101: arrays or inline tables nested more than 32 deep"},
		{"mixed", shapeHead + "x = " + strings.Repeat("[{a=", 20) + "1" + strings.Repeat("}]", 20) + "\n",
			"fuzz.toml:6:"},
		{"dotted key 20000 parts", shapeHead + strings.Repeat("a.", 20000) + "a = 1\n",
			"fuzz.toml:6:1: key with more than 32 dotted parts"},
		{"header 20000 parts", shapeHead + "[" + strings.Repeat("a.", 20000) + "a]\n",
			"fuzz.toml:6:1: key with more than 32 dotted parts"},
		{"key in inline table", shapeHead + "x = { " + strings.Repeat("b.", 40) + "c = 1 }\n",
			"fuzz.toml:6:7: key with more than 32 dotted parts"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			_, err := Parse("fuzz.toml", []byte(tc.src))
			if took := time.Since(start); took > time.Second {
				t.Errorf("took %v, want well under a second", took)
			}
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q…", err, tc.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("more than one error: %v", err)
			}
		})
	}
}

// TestShapeLimitsLeaveValidFiles: brackets, braces and dots inside strings,
// comments, numbers and at the limit itself are not counted against it.
func TestShapeLimitsLeaveValidFiles(t *testing.T) {
	for _, src := range []string{
		shapeHead + "# [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n",
		shapeHead + "x = \"" + strings.Repeat("[{", 40) + "\\\"\"\n",
		shapeHead + "x = '" + strings.Repeat("[{.", 40) + "'\n",
		shapeHead + "x = \"\"\"\n" + strings.Repeat("[{.", 40) + "\n\"\"\"\n",
		shapeHead + "x = '''" + strings.Repeat("[", 40) + "'''\n",
		shapeHead + "x = " + strings.Repeat("[", MaxNesting) + strings.Repeat("]", MaxNesting) + "\n",
		shapeHead + "x = 1.5\ny = [1.5, 2.5]\n\"" + strings.Repeat("q.", 40) + "\" = 1\n",
		shapeHead + strings.Repeat("p.", MaxKeyParts-1) + "p = 1\n",
		shapeHead + "x = {}\ny = [ {}, {a = [1]}, ]\n",
	} {
		if e := checkShape("ok.toml", []byte(src)); e != nil {
			t.Errorf("checkShape rejected a file within the limits: %v\n%s", e, src)
		}
	}
}

// TestFileSizeLimit: a file over MaxFileBytes is refused before decoding,
// by Parse and by Load, with the file named.
func TestFileSizeLimit(t *testing.T) {
	big := shapeHead + "# " + strings.Repeat("x", MaxFileBytes) + "\n"
	start := time.Now()
	_, err := Parse("big.toml", []byte(big))
	if err == nil || !strings.HasPrefix(err.Error(), "big.toml: file larger than 1048576 bytes") {
		t.Fatalf("Parse: %v", err)
	}
	path := t.TempDir() + "/big.toml"
	if err := os.WriteFile(path, []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err = Load(path); err == nil || !strings.HasPrefix(err.Error(), path+": file larger than") {
		t.Fatalf("Load: %v", err)
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("took %v", took)
	}
	// Just under the limit still loads.
	ok := shapeHead + "# " + strings.Repeat("x", MaxFileBytes-len(shapeHead)-3) + "\n"
	if _, err := Parse("ok.toml", []byte(ok)); err != nil {
		t.Fatalf("a file of %d bytes: %v", len(ok), err)
	}
}
