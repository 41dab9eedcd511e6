package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

var (
	from = flag.String("from", "./wrapper", "package directory whose tests move")
	to   = flag.String("to", "./wrapper/mapping", "package directory that receives them")
	dry  = flag.Bool("n", false, "only list what would move")
)

type unit struct {
	decl   ast.Decl
	file   *ast.File
	objs   []types.Object
	refs   map[*unit]bool
	front  string // why it cannot move
	fwd    bool   // a forwarder helper: copied where needed
	parent *unit  // union-find
}

func (u *unit) root() *unit {
	for u.parent != nil && u.parent != u {
		u = u.parent
	}
	return u
}

type edit struct {
	off  int
	old  string
	repl string
}

func main() {
	flag.Parse()
	fset := token.NewFileSet()
	exports := map[string]string{}
	for _, l := range strings.Split(goList("-export", "-deps", "-test", "-f", "{{.ImportPath}} {{.Export}}", *from), "\n") {
		p, e, _ := strings.Cut(strings.TrimSpace(l), " ")
		if e != "" && !strings.Contains(p, " ") {
			exports[p] = e
		}
	}
	fromPath := goList("-f", "{{.ImportPath}}", *from)
	toPath := goList("-f", "{{.ImportPath}}", *to)
	toName := goList("-f", "{{.Name}}", *to)
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		e, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(e)
	})
	pkgs, err := parser.ParseDir(fset, *from, nil, parser.ParseComments)
	if err != nil {
		fail(err)
	}
	var files []*ast.File
	isTest := map[*ast.File]bool{}
	for n, p := range pkgs {
		if strings.HasSuffix(n, "_test") {
			continue
		}
		var names []string
		for fn := range p.Files {
			names = append(names, fn)
		}
		sort.Strings(names)
		for _, fn := range names {
			files = append(files, p.Files[fn])
			isTest[p.Files[fn]] = strings.HasSuffix(fn, "_test.go")
		}
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: imp}).Check(fromPath, fset, files, info)
	if err != nil {
		fail(fmt.Errorf("type-checking %s: %v", *from, err))
	}
	// Declarations of the non-test files: aliases of -to's are transparent.
	toNames := topNames(*to)
	alias := map[types.Object]string{}
	front := map[types.Object]bool{}
	for _, f := range files {
		if isTest[f] {
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if o := info.Defs[d.Name]; o != nil && d.Recv == nil {
					front[o] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						o := info.Defs[s.Name]
						front[o] = true
						if sel, ok := s.Type.(*ast.SelectorExpr); ok && s.Assign.IsValid() {
							if t := info.Uses[sel.Sel]; t != nil && t.Pkg() != nil && (t.Pkg().Path() == toPath || toNames[t.Name()] && t.Name() == o.Name()) {
								alias[o], front[o] = t.Name(), false
							}
						}
					case *ast.ValueSpec:
						for i, n := range s.Names {
							o := info.Defs[n]
							if o == nil {
								continue
							}
							front[o] = true
							if _, isConst := o.(*types.Const); isConst && i < len(s.Values) {
								if sel, ok := s.Values[i].(*ast.SelectorExpr); ok {
									if t := info.Uses[sel.Sel]; t != nil && t.Pkg() != nil && (t.Pkg().Path() == toPath || toNames[t.Name()] && t.Name() == o.Name()) {
										alias[o], front[o] = t.Name(), false
									}
								}
							}
						}
					}
				}
			}
		}
	}
	// Units of the test files.
	var units []*unit
	unitOf := map[types.Object]*unit{}
	byRecv := map[string]*unit{}
	for _, f := range files {
		if !isTest[f] {
			continue
		}
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
				continue
			}
			u := &unit{decl: d, file: f, refs: map[*unit]bool{}}
			u.parent = u
			switch d := d.(type) {
			case *ast.FuncDecl:
				if o := info.Defs[d.Name]; o != nil && d.Recv == nil && d.Name.Name != "init" && d.Name.Name != "_" {
					u.objs = append(u.objs, o)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						u.objs = append(u.objs, info.Defs[s.Name])
						byRecv[s.Name.Name] = u
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if o := info.Defs[n]; o != nil {
								u.objs = append(u.objs, o)
							}
						}
					}
				}
			}
			for _, o := range u.objs {
				unitOf[o] = u
			}
			units = append(units, u)
		}
	}
	for _, u := range units {
		if fd, ok := u.decl.(*ast.FuncDecl); ok && fd.Recv != nil {
			if t := recvName(fd); byRecv[t] != nil {
				union(u, byRecv[t])
			} else {
				u.front = "method of a type of the package"
			}
		}
		ast.Inspect(u.decl, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				o := info.Uses[n]
				if v := unitOf[o]; v != nil && v != u {
					u.refs[v] = true
				}
				if o != nil && front[o] && u.front == "" {
					u.front = "uses " + o.Name()
				}
				// A field or method of a front type, reached through a value.
				if o != nil && o.Pkg() == pkg && o.Parent() != pkg.Scope() && !isLocal(o, u.decl) && u.front == "" {
					if v, ok := o.(*types.Var); ok && v.IsField() || isMethod(o) {
						if !declaredIn(o, files, isTest, fset) {
							u.front = "uses " + o.Name() + " of a type of the package"
						}
					}
				}
			case *ast.BasicLit:
				if n.Kind == token.STRING && (strings.Contains(n.Value, "testdata") || strings.Contains(n.Value, "../")) && u.front == "" {
					u.front = "names a path"
				}
			}
			return true
		})
	}
	for _, u := range units {
		fd, ok := u.decl.(*ast.FuncDecl)
		u.fwd = ok && fd.Recv == nil && u.front == "" && len(u.refs) == 0 && fd.Body != nil && len(fd.Body.List) == 1 && !strings.HasPrefix(fd.Name.Name, "Test") && !strings.HasPrefix(fd.Name.Name, "Benchmark") && !strings.HasPrefix(fd.Name.Name, "Fuzz") && !strings.HasPrefix(fd.Name.Name, "Example")
	}
	for _, u := range units {
		for v := range u.refs {
			if !v.fwd {
				union(u, v)
			}
		}
	}
	stays := map[*unit]string{}
	for _, u := range units {
		if u.front != "" && !u.fwd {
			if _, ok := stays[u.root()]; !ok {
				stays[u.root()] = fmt.Sprintf("%s (%s)", u.front, name(u))
			}
		}
	}
	moves := func(u *unit) bool { _, st := stays[u.root()]; return !st && !u.fwd }
	// Forwarders needed by moving units are copied.
	copyFwd := map[*unit]bool{}
	for _, u := range units {
		if moves(u) {
			for v := range u.refs {
				if v.fwd {
					copyFwd[v] = true
				}
			}
		}
	}
	// Forwarders used by no staying unit move instead of being copied.
	usedByStay := map[*unit]bool{}
	for _, u := range units {
		if !moves(u) && !u.fwd {
			for v := range u.refs {
				usedByStay[v] = true
			}
		}
	}
	nMoved, nFiles, nCopied := 0, 0, 0
	for _, f := range files {
		if !isTest[f] {
			continue
		}
		fn := fset.Position(f.Pos()).Filename
		src, err := os.ReadFile(fn)
		if err != nil {
			fail(err)
		}
		var es []edit
		var moved, kept bytes.Buffer
		hdrEnd := f.Name.End()
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
				hdrEnd = gd.End()
			}
		}
		prev := fset.Position(hdrEnd).Offset
		any, all := false, true
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
				continue
			}
			var u *unit
			for _, v := range units {
				if v.decl == d {
					u = v
				}
			}
			end := fset.Position(d.End()).Offset
			seg := src[prev:end]
			prev = end
			mv := moves(u) || u.fwd && copyFwd[u] && !usedByStay[u]
			cp := u.fwd && copyFwd[u] && usedByStay[u]
			if *dry {
				if mv || cp {
					fmt.Printf("moves: %s (%s)\n", name(u), filepath.Base(fn))
				}
			}
			if mv || cp {
				es = rewrite(d, fset, info, toPath, alias, prev-len(seg), seg)
				moved.Write(applyEdits(seg, es))
				any = true
				if cp {
					nCopied++
				} else {
					nMoved++
				}
			}
			if !mv {
				kept.Write(seg)
				all = false
			}
		}
		if !any {
			continue
		}
		nFiles++
		if *dry {
			continue
		}
		header := string(src[:fset.Position(hdrEnd).Offset])
		mhdr := strings.Replace(header, "package "+pkg.Name(), "package "+toName, 1)
		if i := strings.Index(mhdr, "package "+toName); i > 0 && !strings.Contains(mhdr[:i], "//go:build") {
			mhdr = mhdr[i:]
		}
		target := filepath.Join(*to, filepath.Base(fn))
		writeFile(target, mergeInto(target, mhdr, moved.String()))
		pruneImports(target)
		if all {
			os.Remove(fn)
		} else {
			writeFile(fn, []byte(header+kept.String()+string(src[prev:])))
			pruneImports(fn)
		}
	}
	if *dry {
		for r, why := range stays {
			fmt.Printf("stays: group of %s: %s\n", name(r), why)
		}
	}
	fmt.Fprintf(os.Stderr, "movetests: %d test declarations from %d files moved to %s, %d forwarders copied\n", nMoved, nFiles, *to, nCopied)
}

func isMethod(o types.Object) bool {
	f, ok := o.(*types.Func)
	return ok && f.Type().(*types.Signature).Recv() != nil
}

// declaredIn says whether o is declared in a test file.
func declaredIn(o types.Object, files []*ast.File, isTest map[*ast.File]bool, fset *token.FileSet) bool {
	fn := fset.Position(o.Pos()).Filename
	return strings.HasSuffix(fn, "_test.go")
}

func isLocal(o types.Object, d ast.Decl) bool {
	return o.Pos() >= d.Pos() && o.Pos() <= d.End()
}

func recvName(fd *ast.FuncDecl) string {
	e := fd.Recv.List[0].Type
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if ix, ok := e.(*ast.IndexExpr); ok {
		e = ix.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

func union(a, b *unit) {
	ra, rb := a.root(), b.root()
	if ra != rb {
		rb.parent = ra
	}
}

func name(u *unit) string {
	switch d := u.decl.(type) {
	case *ast.FuncDecl:
		return d.Name.Name
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				return s.Name.Name
			case *ast.ValueSpec:
				return s.Names[0].Name
			}
		}
	}
	return "?"
}

// rewrite drops the new package's qualifier and names aliases' targets,
// in the text seg of declaration d starting at offset base.
func rewrite(d ast.Decl, fset *token.FileSet, info *types.Info, toPath string, alias map[types.Object]string, base int, seg []byte) []edit {
	start := fset.Position(d.Pos()).Offset - (base - 0)
	_ = start
	var es []edit
	ast.Inspect(d, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok {
				if pn, ok := info.Uses[id].(*types.PkgName); ok && pn.Imported().Path() == toPath {
					es = append(es, edit{fset.Position(id.Pos()).Offset - base, id.Name + ".", ""})
					return false
				}
			}
		case *ast.Ident:
			if t, ok := alias[info.Uses[n]]; ok && t != n.Name {
				es = append(es, edit{fset.Position(n.Pos()).Offset - base, n.Name, t})
			}
		}
		return true
	})
	return es
}

// topNames are the top-level names declared in the non-test files of dir.
func topNames(dir string) map[string]bool {
	names := map[string]bool{}
	fs := token.NewFileSet()
	pkgs, _ := parser.ParseDir(fs, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	for _, p := range pkgs {
		for _, f := range p.Files {
			for n := range f.Scope.Objects {
				names[n] = true
			}
		}
	}
	return names
}

// mergeInto is the text of target with text added: header and text when
// there is no such file, else the file with the header's imports added.
func mergeInto(target, header, text string) []byte {
	old, err := os.ReadFile(target)
	if err != nil {
		return []byte(header + text + "\n")
	}
	fs := token.NewFileSet()
	of, err := parser.ParseFile(fs, target, old, parser.ParseComments)
	if err != nil {
		fail(err)
	}
	hf, err := parser.ParseFile(fs, "header.go", header, parser.ImportsOnly)
	if err != nil {
		fail(err)
	}
	var imps []string
	seen := map[string]bool{}
	for _, f := range []*ast.File{of, hf} {
		for _, is := range f.Imports {
			line := is.Path.Value
			if is.Name != nil {
				line = is.Name.Name + " " + line
			}
			if !seen[line] {
				seen[line] = true
				imps = append(imps, line)
			}
		}
	}
	start := fs.Position(of.Name.End()).Offset
	end := start
	for _, d := range of.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			end = fs.Position(gd.End()).Offset
		}
	}
	var b bytes.Buffer
	b.Write(old[:start])
	if len(imps) > 0 {
		b.WriteString("\n\nimport (\n\t" + strings.Join(imps, "\n\t") + "\n)")
	}
	b.Write(bytes.TrimRight(old[end:], "\n"))
	b.WriteString("\n" + text + "\n")
	return b.Bytes()
}

// pruneImports drops the imports a file does not use.
func pruneImports(fn string) {
	src, err := os.ReadFile(fn)
	if err != nil {
		fail(err)
	}
	fs := token.NewFileSet()
	f, err := parser.ParseFile(fs, fn, src, parser.ParseComments)
	if err != nil {
		fail(fmt.Errorf("%s: %v", fn, err))
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	var es []edit
	for _, is := range f.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		name := p[strings.LastIndex(p, "/")+1:]
		if regexp.MustCompile(`^v[0-9]+$`).MatchString(name) {
			q := p[:strings.LastIndex(p, "/")]
			name = q[strings.LastIndex(q, "/")+1:]
		}
		if is.Name != nil {
			name = is.Name.Name
		}
		if name == "_" || name == "." || used[name] {
			continue
		}
		a, b := fs.Position(is.Pos()).Offset, fs.Position(is.End()).Offset
		es = append(es, edit{a, string(src[a:b]), ""})
	}
	if len(es) > 0 {
		out := applyEdits(src, es)
		out = regexp.MustCompile(`import \(\s*\)\n`).ReplaceAll(out, nil)
		writeFile(fn, out)
	}
}

func applyEdits(src []byte, es []edit) []byte {
	sort.SliceStable(es, func(i, j int) bool { return es[i].off > es[j].off })
	b := append([]byte{}, src...)
	for _, e := range es {
		if string(b[e.off:e.off+len(e.old)]) != e.old {
			fail(fmt.Errorf("offset %d does not hold %q", e.off, e.old))
		}
		b = append(b[:e.off:e.off], append([]byte(e.repl), b[e.off+len(e.old):]...)...)
	}
	return b
}

func writeFile(fn string, b []byte) {
	if err := os.WriteFile(fn, b, 0o644); err != nil {
		fail(err)
	}
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
	fmt.Fprintln(os.Stderr, "movetests:", err)
	os.Exit(1)
}
