package main

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"sort"
	"strings"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: rename DIR SPEC...  (SPEC: OLD=NEW, TYPE.MEMBER=NEW or PKG.TYPE.MEMBER=NEW)")
		os.Exit(2)
	}
	dir := os.Args[1]
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, nil, parser.ParseComments)
	if err != nil {
		fail(err)
	}
	var files []*ast.File
	for n, p := range pkgs {
		if strings.HasSuffix(n, "_test") {
			continue
		}
		for _, f := range p.Files {
			files = append(files, f)
		}
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil), Error: func(err error) { fmt.Fprintln(os.Stderr, "type error:", err) }}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	pkg, _ := conf.Check("x", fset, files, info)
	targets := map[types.Object]string{}
	for _, spec := range os.Args[2:] {
		old, nw, _ := strings.Cut(spec, "=")
		tn, member, isMember := strings.Cut(old, ".")
		if !isMember {
			o := pkg.Scope().Lookup(old)
			if o == nil {
				fail(fmt.Errorf("%s: no package-level object", old))
			}
			targets[o] = nw
			continue
		}
		scope := pkg.Scope()
		if q, m, ok := strings.Cut(member, "."); ok {
			// PKG.TYPE.MEMBER: a member of an imported package's type,
			// renamed where this package uses it.
			scope = nil
			for _, ip := range pkg.Imports() {
				if ip.Name() == tn {
					scope = ip.Scope()
				}
			}
			if scope == nil {
				fail(fmt.Errorf("%s: no imported package %s", old, tn))
			}
			tn, member = q, m
		}
		o := scope.Lookup(tn)
		if o == nil {
			fail(fmt.Errorf("%s: no type %s", old, tn))
		}
		T := o.Type()
		obj, _, _ := types.LookupFieldOrMethod(T, true, o.Pkg(), member)
		if obj == nil {
			fail(fmt.Errorf("%s: %s has no field or method %s", old, tn, member))
		}
		targets[obj] = nw
	}
	type edit struct {
		off  int
		old  string
		repl string
	}
	edits := map[string][]edit{}
	seen := map[token.Pos]bool{}
	add := func(id *ast.Ident, o types.Object) {
		if o == nil {
			return
		}
		nw, ok := targets[o]
		if !ok {
			return
		}
		if seen[id.Pos()] {
			return
		}
		seen[id.Pos()] = true
		p := fset.Position(id.Pos())
		edits[p.Filename] = append(edits[p.Filename], edit{p.Offset, id.Name, nw})
	}
	for id, o := range info.Defs {
		add(id, o)
	}
	for id, o := range info.Uses {
		add(id, o)
	}
	n := 0
	for fn, es := range edits {
		b, _ := os.ReadFile(fn)
		sort.Slice(es, func(i, j int) bool { return es[i].off > es[j].off })
		for _, e := range es {
			if string(b[e.off:e.off+len(e.old)]) != e.old {
				fail(fmt.Errorf("%s: offset %d does not hold %s", fn, e.off, e.old))
			}
			b = append(b[:e.off:e.off], append([]byte(e.repl), b[e.off+len(e.old):]...)...)
			n++
		}
		if err := os.WriteFile(fn, b, 0o644); err != nil {
			fail(err)
		}
	}
	fmt.Fprintf(os.Stderr, "%d edits in %d files\n", n, len(edits))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "rename:", err)
	os.Exit(1)
}
