package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
)

var (
	dir     = flag.String("dir", "./wrapper/mapping", "package directory")
	typeArg = flag.String("types", "State", "comma-separated types whose exported methods may be unexported too")
	verbose = flag.Bool("v", false, "list the names unexported")
)

type edit struct {
	off  int
	old  string
	repl string
}

func main() {
	flag.Parse()
	fset := token.NewFileSet()
	exports := map[string]string{}
	for _, l := range strings.Split(goList("-export", "-deps", "-test", "-f", "{{.ImportPath}} {{.Export}}", *dir), "\n") {
		p, e, _ := strings.Cut(strings.TrimSpace(l), " ")
		if e != "" && !strings.Contains(p, " ") {
			exports[p] = e
		}
	}
	path := goList("-f", "{{.ImportPath}}", *dir)
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		e, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(e)
	})
	pkgs, err := parser.ParseDir(fset, *dir, nil, parser.ParseComments)
	if err != nil {
		fail(err)
	}
	var files []*ast.File
	for n, p := range pkgs {
		if strings.HasSuffix(n, "_test") {
			fail(fmt.Errorf("%s has external tests (package %s): not handled", *dir, n))
		}
		var names []string
		for fn := range p.Files {
			names = append(names, fn)
		}
		sort.Strings(names)
		for _, fn := range names {
			files = append(files, p.Files[fn])
		}
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Scopes: map[ast.Node]*types.Scope{}}
	pkg, err := (&types.Config{Importer: imp}).Check(path, fset, files, info)
	if err != nil {
		fail(fmt.Errorf("type-checking %s: %v", *dir, err))
	}
	outside := outsideIdents(*dir)
	isTestPos := func(p token.Pos) bool { return strings.HasSuffix(fset.Position(p).Filename, "_test.go") }

	// Candidates.
	var cands []types.Object
	for _, n := range pkg.Scope().Names() {
		o := pkg.Scope().Lookup(n)
		if !o.Exported() || isTestPos(o.Pos()) {
			continue
		}
		if tn, ok := o.(*types.TypeName); ok && tn.IsAlias() {
			continue
		}
		cands = append(cands, o)
	}
	for _, t := range strings.Split(*typeArg, ",") {
		tn, ok := pkg.Scope().Lookup(strings.TrimSpace(t)).(*types.TypeName)
		if !ok {
			continue
		}
		nt := tn.Type().(*types.Named)
		for i := 0; i < nt.NumMethods(); i++ {
			if m := nt.Method(i); m.Exported() {
				cands = append(cands, m)
			}
		}
	}
	uses := map[types.Object][]*ast.Ident{}
	for id, o := range info.Uses {
		uses[o] = append(uses[o], id)
	}
	for id, o := range info.Defs {
		if o != nil {
			uses[o] = append(uses[o], id)
		}
	}
	special := map[string]bool{"String": true, "Error": true, "Format": true, "GoString": true, "MarshalJSON": true, "UnmarshalJSON": true, "MarshalText": true, "UnmarshalText": true, "Len": true, "Less": true, "Swap": true, "Unwrap": true, "Is": true, "As": true, "Start": true, "End": true, "Text": true}
	taken := map[string]bool{}
	for _, f := range files {
		for n := range f.Scope.Objects {
			taken[n] = true
		}
	}
	edits := map[string][]edit{}
	var done []string
	for _, o := range cands {
		if outside[o.Name()] || special[o.Name()] || strings.HasPrefix(o.Name(), "Test") || strings.HasPrefix(o.Name(), "Benchmark") || strings.HasPrefix(o.Name(), "Example") || strings.HasPrefix(o.Name(), "Fuzz") {
			continue
		}
		nw := unexportName(o.Name())
		if nw == o.Name() || taken[nw] || token.IsKeyword(nw) || types.Universe.Lookup(nw) != nil {
			continue
		}
		ok := true
		if f, isFunc := o.(*types.Func); isFunc && f.Type().(*types.Signature).Recv() != nil {
			recv := f.Type().(*types.Signature).Recv().Type()
			if c, _, _ := types.LookupFieldOrMethod(recv, true, pkg, nw); c != nil {
				ok = false
			}
		} else {
			for _, id := range uses[o] {
				if s := pkg.Scope().Innermost(id.Pos()); s != nil {
					if _, c := s.LookupParent(nw, id.Pos()); c != nil {
						ok = false
					}
				}
			}
		}
		if !ok {
			continue
		}
		taken[nw] = true
		// A type's embedded fields are named by it.
		if _, isType := o.(*types.TypeName); isType {
			for v, ids := range uses {
				if fv, ok := v.(*types.Var); ok && fv.Embedded() {
					t := fv.Type()
					if pt, ok := t.(*types.Pointer); ok {
						t = pt.Elem()
					}
					if nt, ok := types.Unalias(t).(*types.Named); ok && nt.Obj() == o {
						for _, id := range ids {
							p := fset.Position(id.Pos())
							edits[p.Filename] = append(edits[p.Filename], edit{p.Offset, id.Name, nw})
						}
					}
				}
			}
		}
		for _, id := range uses[o] {
			p := fset.Position(id.Pos())
			edits[p.Filename] = append(edits[p.Filename], edit{p.Offset, id.Name, nw})
		}
		done = append(done, o.Name()+"="+nw)
	}
	// Doc comments that start with a renamed name.
	renamed := map[string]string{}
	for _, d := range done {
		a, b, _ := strings.Cut(d, "=")
		renamed[a] = b
	}
	for _, f := range files {
		for _, d := range f.Decls {
			var doc *ast.CommentGroup
			var id *ast.Ident
			switch d := d.(type) {
			case *ast.FuncDecl:
				doc, id = d.Doc, d.Name
			case *ast.GenDecl:
				if len(d.Specs) == 1 {
					doc = d.Doc
					switch s := d.Specs[0].(type) {
					case *ast.TypeSpec:
						id = s.Name
					case *ast.ValueSpec:
						id = s.Names[0]
					}
				}
			}
			if doc == nil || id == nil {
				continue
			}
			if nw, ok := renamed[id.Name]; ok && strings.HasPrefix(doc.List[0].Text, "// "+id.Name+" ") {
				o := info.Defs[id]
				if o == nil || !contains(done, o.Name()+"="+nw) {
					continue
				}
				p := fset.Position(doc.List[0].Pos())
				edits[p.Filename] = append(edits[p.Filename], edit{p.Offset + 3, id.Name, nw})
			}
		}
	}
	for fn, es := range edits {
		src, err := os.ReadFile(fn)
		if err != nil {
			fail(err)
		}
		if err := os.WriteFile(fn, applyEdits(src, es), 0o644); err != nil {
			fail(err)
		}
	}
	if *verbose {
		sort.Strings(done)
		for _, d := range done {
			fmt.Fprintln(os.Stderr, "unexport:", d)
		}
	}
	fmt.Fprintf(os.Stderr, "unexport: %d of %d exported names of %s unexported\n", len(done), len(cands), *dir)
}

func contains(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// unexportName lowers the leading capitals: Cand -> cand, SODText ->
// sodText, ID -> id.
func unexportName(s string) string {
	r := []rune(s)
	n := 0
	for n < len(r) && unicode.IsUpper(r[n]) {
		n++
	}
	if n > 1 && n < len(r) {
		n-- // the last capital starts the next word
	}
	for i := 0; i < n; i++ {
		r[i] = unicode.ToLower(r[i])
	}
	return string(r)
}

// outsideIdents are the identifiers of the module's Go files outside dir.
func outsideIdents(dir string) map[string]bool {
	root := strings.TrimSpace(goListM())
	abs, _ := filepath.Abs(dir)
	ids := map[string]bool{}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if p == abs || strings.HasPrefix(d.Name(), ".") && p != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		var s scanner.Scanner
		fs := token.NewFileSet()
		s.Init(fs.AddFile(p, -1, len(src)), src, nil, 0)
		for {
			_, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok == token.IDENT {
				ids[lit] = true
			}
		}
		return nil
	})
	return ids
}

func goListM() string {
	cmd := exec.Command("go", "list", "-m", "-f", "{{.Dir}}")
	out, err := cmd.Output()
	if err != nil {
		fail(err)
	}
	return strings.Split(string(out), "\n")[0]
}

func applyEdits(src []byte, es []edit) []byte {
	sort.SliceStable(es, func(i, j int) bool { return es[i].off > es[j].off })
	b := append([]byte{}, src...)
	last := -1
	for _, e := range es {
		if e.off == last {
			continue
		}
		if string(b[e.off:e.off+len(e.old)]) != e.old {
			fail(fmt.Errorf("offset %d does not hold %q", e.off, e.old))
		}
		b = append(b[:e.off:e.off], append([]byte(e.repl), b[e.off+len(e.old):]...)...)
		last = e.off
	}
	return b
}

func goList(args ...string) string {
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		fail(fmt.Errorf("go list %s: %v", strings.Join(args, " "), err))
	}
	return strings.TrimSpace(string(out))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "unexport:", err)
	os.Exit(1)
}
