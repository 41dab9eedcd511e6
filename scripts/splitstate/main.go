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
	dir      = flag.String("dir", "./wrapper", "package directory")
	typName  = flag.String("type", "Wrapper", "the front type to split")
	stName   = flag.String("state", "State", "the name of the state type")
	keepArg  = flag.String("keep", "", "comma-separated files whose exported methods of -type stay on it")
	fileArg  = flag.String("file", "state.go", "file of -dir that receives the state type")
	frontArg = flag.String("front", "wrapper.go", "file of -dir that receives the wrap function")
	docArg   = flag.String("doc", "", "doc comment of the state type (without //)")
	apiArg   = flag.String("api", "wrapper_api.go", "file of -dir that receives the forwarders of the exported methods that moved to -state")
)

type edit struct {
	off  int
	old  string
	repl string
}

type loaded struct {
	fset  *token.FileSet
	files []*ast.File
	tests map[*ast.File]bool
	info  *types.Info
	pkg   *types.Package
	errs  []types.Error
}

var exports = map[string]string{}

func main() {
	flag.Parse()
	for _, l := range strings.Split(goList("-export", "-deps", "-test", "-f", "{{.ImportPath}} {{.Export}}", *dir), "\n") {
		p, e, _ := strings.Cut(strings.TrimSpace(l), " ")
		if e != "" && !strings.Contains(p, " ") {
			exports[p] = e
		}
	}
	path := goList("-f", "{{.ImportPath}}", *dir)
	keep := map[string]bool{}
	for _, f := range strings.Split(*keepArg, ",") {
		if f = strings.TrimSpace(f); f != "" {
			keep[f] = true
		}
	}
	l := load(path)
	if len(l.errs) > 0 {
		fail(fmt.Errorf("%s does not type-check: %v", *dir, l.errs[0]))
	}
	if l.pkg.Scope().Lookup(*stName) != nil {
		fmt.Fprintf(os.Stderr, "splitstate: %s already declares %s: nothing to do\n", *dir, *stName)
		return
	}
	wrapName := "as" + *typName
	tn, _ := l.pkg.Scope().Lookup(*typName).(*types.TypeName)
	if tn == nil {
		fail(fmt.Errorf("no type %s", *typName))
	}
	edits := map[string][]edit{}
	add := func(p token.Pos, old, repl string) {
		pos := l.fset.Position(p)
		edits[pos.Filename] = append(edits[pos.Filename], edit{pos.Offset, old, repl})
	}
	mentions := func(n ast.Node) bool { return mentions2(n, l.info, tn) }
	base := func(n ast.Node) string { return filepath.Base(l.fset.Position(n.Pos()).Filename) }
	var stateText string
	for _, f := range l.files {
		if l.tests[f] {
			// Keyed literals of the type become literals of the state.
			ast.Inspect(f, func(n ast.Node) bool {
				cl, ok := n.(*ast.CompositeLit)
				if !ok || len(cl.Elts) == 0 {
					return true
				}
				if _, kv := cl.Elts[0].(*ast.KeyValueExpr); !kv {
					return true
				}
				if id, ok := cl.Type.(*ast.Ident); ok && l.info.Uses[id] == tn {
					add(id.Pos(), id.Name, *stName)
				}
				return true
			})
			continue
		}
		ts := typeSpec(f, l.info, tn)
		if ts == nil {
			continue
		}
		st := ts.Type.(*ast.StructType)
		src := readFile(l.fset.Position(f.Pos()).Filename)
		a, b := l.fset.Position(st.Pos()).Offset, l.fset.Position(st.End()).Offset
		// The struct's text with the type's own name replaced.
		var es []edit
		ast.Inspect(st, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && l.info.Uses[id] == tn {
				es = append(es, edit{l.fset.Position(id.Pos()).Offset - a, id.Name, *stName})
			}
			return true
		})
		doc := *docArg
		if doc == "" {
			doc = fmt.Sprintf("%s is the state of a %s: its learned template, slots and what induction noted.", *stName, *typName)
		}
		stateText = "// " + strings.ReplaceAll(doc, "\n", "\n// ") + "\ntype " + *stName + " " + string(applyEdits(src[a:b], es)) + "\n"
		add(st.Pos(), string(src[a:b]), "struct {\n\t*"+*stName+"\n}")
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
				stateImportsSrc = string(src[l.fset.Position(gd.Pos()).Offset:l.fset.Position(gd.End()).Offset])
			}
		}
	}
	if stateText == "" {
		fail(fmt.Errorf("no struct type %s", *typName))
	}
	// Methods and signatures.
	stays := map[*ast.FuncDecl]bool{}
	for _, f := range l.files {
		if l.tests[f] {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			if fd.Recv != nil && recvIs(fd, l.info, tn) {
				if fd.Name.IsExported() && (keep[base(fd)] || mentions(fd.Type)) {
					stays[fd] = true
				}
			} else if fd.Recv == nil && fd.Name.IsExported() {
				stays[fd] = true
			}
		}
	}
	for _, f := range l.files {
		if l.tests[f] {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok && l.info.Defs[ts.Name] == tn {
				return false
			}
			if fd, ok := n.(*ast.FuncDecl); ok && stays[fd] {
				// The signature keeps the type; the body is visited.
				if fd.Body != nil {
					ast.Inspect(fd.Body, func(m ast.Node) bool { return retype(m, l, tn, add) })
				}
				return false
			}
			return retype(n, l, tn, add)
		})
	}
	for fn, es := range edits {
		writeFile(fn, applyEdits(readFile(fn), es))
	}
	front := filepath.Join(*dir, *frontArg)
	writeFile(front, append(readFile(front), []byte(fmt.Sprintf("\n// %s gives a %s the %s's API (nil for nil).\nfunc %s(s *%s) *%s {\n\tif s == nil {\n\t\treturn nil\n\t}\n\treturn &%s{%s: s}\n}\n", wrapName, *stName, *typName, wrapName, *stName, *typName, *typName, *stName))...))
	writeFile(filepath.Join(*dir, *fileArg), []byte("package "+l.pkg.Name()+"\n\n"+stateImportsSrc+"\n\n"+stateText))

	// Until it type-checks.
	reUse := regexp.MustCompile(`^cannot use .* \(.*type \*(\w+)\) as \*(\w+) value`)
	reSel := regexp.MustCompile(`^(.*)\.(\w+) undefined \(type \*(\w+) has no field or method (\w+)`)
	for round := 0; ; round++ {
		l = load(path)
		if len(l.errs) == 0 {
			break
		}
		if round > 30 {
			fail(fmt.Errorf("still %d errors after %d rounds: %v", len(l.errs), round, l.errs[0]))
		}
		edits = map[string][]edit{}
		tn = l.pkg.Scope().Lookup(*typName).(*types.TypeName)
		st := l.pkg.Scope().Lookup(*stName).(*types.TypeName)
		moveMethod := map[string]bool{}
		progress := false
		for _, e := range l.errs {
			pos := l.fset.Position(e.Pos)
			var file *ast.File
			for _, f := range l.files {
				if l.fset.Position(f.Pos()).Filename == pos.Filename {
					file = f
				}
			}
			if m := reUse.FindStringSubmatch(e.Msg); m != nil && file != nil {
				x := outermost(file, e.Pos, l.info, m[1])
				if x == nil {
					continue
				}
				switch {
				case m[1] == *typName && m[2] == *stName:
					if needParens(x) {
						add(x.Pos(), "", "(")
						add(x.End(), "", ")."+*stName)
					} else {
						add(x.End(), "", "."+*stName)
					}
					progress = true
				case m[1] == *stName && m[2] == *typName:
					add(x.Pos(), "", wrapName+"(")
					add(x.End(), "", ")")
					progress = true
				}
				continue
			}
			if m := reSel.FindStringSubmatch(e.Msg); m != nil && m[3] == *stName && file != nil {
				if obj, idx, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, l.pkg, m[4]); len(idx) == 1 {
					if _, isFunc := obj.(*types.Func); isFunc {
						if l.tests[file] {
							// In a test, the state is given the front.
							var sel *ast.SelectorExpr
							ast.Inspect(file, func(n ast.Node) bool {
								if s, ok := n.(*ast.SelectorExpr); ok && s.Sel.Name == m[4] && s.Sel.Pos() <= e.Pos && e.Pos <= s.End() && s.X.Pos() <= e.Pos {
									sel = s
								}
								return true
							})
							if sel != nil {
								add(sel.X.Pos(), "", wrapName+"(")
								add(sel.X.End(), "", ")")
								progress = true
							}
						} else {
							moveMethod[m[4]] = true
						}
						continue
					}
				}
			}
			_ = st
		}
		// Methods needed by the state become its methods.
		for _, f := range l.files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Recv == nil || !moveMethod[fd.Name.Name] || !recvIs(fd, l.info, tn) {
					continue
				}
				if mentions2(fd.Type, l.info, tn) {
					fail(fmt.Errorf("%s: %s is needed by the state but its signature names %s", l.fset.Position(fd.Pos()), fd.Name.Name, *typName))
				}
				id := recvIdent(fd.Recv.List[0].Type)
				add(id.Pos(), id.Name, *stName)
				progress = true
			}
		}
		if !progress {
			for _, e := range l.errs {
				fmt.Fprintln(os.Stderr, e)
			}
			fail(fmt.Errorf("%d errors not fixed by rule", len(l.errs)))
		}
		for fn, es := range edits {
			writeFile(fn, applyEdits(readFile(fn), es))
		}
	}
	// Imports left unused by the move of the fields.
	pruneImports(front)
	pruneImports(filepath.Join(*dir, *fileArg))
	forwarders(load(path), filepath.Join(*dir, *apiArg))
	fmt.Fprintf(os.Stderr, "splitstate: %s split into %s and %s\n", *typName, *typName, *stName)
}

var stateImportsSrc string

// forwarders writes, for each exported method of the state that the front
// type does not declare, a method of the front type with the same doc that
// calls it: the front's API stays documented on the front.
func forwarders(l *loaded, fn string) {
	tn := l.pkg.Scope().Lookup(*typName).(*types.TypeName)
	st := l.pkg.Scope().Lookup(*stName).(*types.TypeName)
	var b bytes.Buffer
	imports := map[string]bool{}
	n := 0
	for _, f := range l.files {
		if l.tests[f] {
			continue
		}
		src := readFile(l.fset.Position(f.Pos()).Filename)
		text := func(a, b token.Pos) string {
			return string(src[l.fset.Position(a).Offset:l.fset.Position(b).Offset])
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || !fd.Name.IsExported() || !recvIs(fd, l.info, st) {
				continue
			}
			if obj, idx, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, l.pkg, fd.Name.Name); obj != nil && len(idx) == 1 {
				continue
			}
			// Parameters are named p0, p1... where the method leaves them unnamed.
			var params, args []string
			i := 0
			for _, fl := range fd.Type.Params.List {
				typ := text(fl.Type.Pos(), fl.Type.End())
				names := fl.Names
				if len(names) == 0 {
					names = []*ast.Ident{ast.NewIdent(fmt.Sprintf("p%d", i))}
				}
				for _, nm := range names {
					name := nm.Name
					if name == "_" {
						name = fmt.Sprintf("p%d", i)
					}
					params = append(params, name+" "+typ)
					a := name
					if _, ok := fl.Type.(*ast.Ellipsis); ok {
						a += "..."
					}
					args = append(args, a)
					i++
				}
			}
			res := ""
			if fd.Type.Results != nil {
				res = " " + text(fd.Type.Results.Pos(), fd.Type.Results.End())
			}
			ast.Inspect(fd.Type, func(m ast.Node) bool {
				if s, ok := m.(*ast.SelectorExpr); ok {
					if id, ok := s.X.(*ast.Ident); ok {
						if pn, ok := l.info.Uses[id].(*types.PkgName); ok {
							imports[pn.Imported().Path()] = true
						}
					}
				}
				return true
			})
			if fd.Doc != nil {
				b.WriteString(text(fd.Doc.Pos(), fd.Doc.End()) + "\n")
			}
			call := "w." + *stName + "." + fd.Name.Name + "(" + strings.Join(args, ", ") + ")"
			if res != "" {
				call = "return " + call
			}
			fmt.Fprintf(&b, "func (w *%s) %s(%s)%s {\n\t%s\n}\n\n", *typName, fd.Name.Name, strings.Join(params, ", "), res, call)
			n++
		}
	}
	if n == 0 {
		return
	}
	var hdr bytes.Buffer
	fmt.Fprintf(&hdr, "// Code generated by scripts/splitstate. DO NOT EDIT.\n\npackage %s\n\n", l.pkg.Name())
	if len(imports) > 0 {
		var ps []string
		for p := range imports {
			ps = append(ps, strconv.Quote(p))
		}
		sort.Strings(ps)
		hdr.WriteString("import (\n\t" + strings.Join(ps, "\n\t") + "\n)\n\n")
	}
	writeFile(fn, append(hdr.Bytes(), bytes.TrimRight(b.Bytes(), "\n")...))
	fmt.Fprintf(os.Stderr, "splitstate: %d forwarders in %s\n", n, fn)
}

func typeSpec(f *ast.File, info *types.Info, tn *types.TypeName) *ast.TypeSpec {
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok {
			for _, s := range gd.Specs {
				if ts, ok := s.(*ast.TypeSpec); ok && info.Defs[ts.Name] == tn {
					return ts
				}
			}
		}
	}
	return nil
}

func mentions2(n ast.Node, info *types.Info, tn *types.TypeName) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && info.Uses[id] == tn {
			found = true
		}
		return !found
	})
	return found
}

// retype replaces a use of the type's name by the state's.
func retype(n ast.Node, l *loaded, tn *types.TypeName, add func(token.Pos, string, string)) bool {
	if id, ok := n.(*ast.Ident); ok && l.info.Uses[id] == tn {
		add(id.Pos(), id.Name, *stName)
	}
	return true
}

func recvIdent(e ast.Expr) *ast.Ident {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	id, _ := e.(*ast.Ident)
	return id
}

func recvIs(fd *ast.FuncDecl, info *types.Info, tn *types.TypeName) bool {
	id := recvIdent(fd.Recv.List[0].Type)
	return id != nil && info.Uses[id] == tn
}

// outermost is the largest expression starting at p whose type is *name.
func outermost(f *ast.File, p token.Pos, info *types.Info, name string) ast.Expr {
	var best ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil || n.Pos() > p || n.End() < p {
			return n == nil || n.Pos() <= p
		}
		e, ok := n.(ast.Expr)
		if ok && e.Pos() == p {
			if t := info.TypeOf(e); t != nil && t.String() != "" && strings.HasSuffix(t.String(), "."+name) && strings.HasPrefix(t.String(), "*") {
				if best == nil || e.End() > best.End() {
					best = e
				}
			}
		}
		return true
	})
	return best
}

func needParens(e ast.Expr) bool {
	switch e.(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.IndexExpr, *ast.ParenExpr:
		return false
	}
	return true
}

func load(path string) *loaded {
	l := &loaded{fset: token.NewFileSet(), tests: map[*ast.File]bool{}}
	pkgs, err := parser.ParseDir(l.fset, *dir, nil, parser.ParseComments)
	if err != nil {
		fail(err)
	}
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
			l.files = append(l.files, p.Files[fn])
			l.tests[p.Files[fn]] = strings.HasSuffix(fn, "_test.go")
		}
	}
	imp := importer.ForCompiler(l.fset, "gc", func(path string) (io.ReadCloser, error) {
		e, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(e)
	})
	l.info = &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: imp, Error: func(err error) {
		if te, ok := err.(types.Error); ok && !te.Soft {
			l.errs = append(l.errs, te)
		}
	}}
	l.pkg, _ = conf.Check(path, l.fset, l.files, l.info)
	return l
}

// pruneImports drops the imports a file no longer uses.
func pruneImports(fn string) {
	src := readFile(fn)
	fs := token.NewFileSet()
	f, err := parser.ParseFile(fs, fn, src, parser.ParseComments)
	if err != nil {
		fail(err)
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
	done := map[edit]bool{}
	for _, e := range es {
		if done[e] {
			continue
		}
		done[e] = true
		if string(b[e.off:e.off+len(e.old)]) != e.old {
			fail(fmt.Errorf("offset %d does not hold %q", e.off, e.old))
		}
		b = append(b[:e.off:e.off], append([]byte(e.repl), b[e.off+len(e.old):]...)...)
	}
	return b
}

func readFile(fn string) []byte {
	b, err := os.ReadFile(fn)
	if err != nil {
		fail(err)
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
	fmt.Fprintln(os.Stderr, "splitstate:", err)
	os.Exit(1)
}
