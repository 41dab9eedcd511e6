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
	"sort"
	"strconv"
	"strings"
	"unicode"
)

type unit struct {
	decls   []ast.Decl // the type's declaration and its methods, or one decl
	refs    map[*unit]bool
	pinned  bool
	why     string
	objs    []types.Object
	exports bool // declares an exported function or variable
	// alias: the unit only re-exports another package's declarations
	// (type T = p.T, const C = p.C). It never moves and does not hold its
	// users back: moved code names the declaration it stands for.
	alias bool
}

type edit struct {
	off  int
	old  string
	repl string
}

var (
	fset    = token.NewFileSet()
	from    = flag.String("from", "./wrapper", "package directory to move declarations out of")
	to      = flag.String("to", "./wrapper/mapping", "directory of the new package")
	keepArg = flag.String("keep", "", "comma-separated files of -from whose declarations stay unless moved code needs them")
	pinArg  = flag.String("pin", "Wrapper", "comma-separated top-level names that stay, with everything that uses them")
	verbose = flag.Bool("v", false, "list what stays and why")
	names   = flag.String("name", "", "comma-separated OLD=NEW or TYPE.MEMBER=NEW: the exported name to give OLD when the default (OLD capitalised) is taken")
	maxLn   = flag.Int("max-lines", 800, "split the non-test files of both packages that are longer, at declarations")
)

func main() {
	flag.Parse()
	keep := map[string]bool{}
	for _, f := range strings.Split(*keepArg, ",") {
		if f = strings.TrimSpace(f); f != "" {
			keep[f] = true
		}
	}
	newName := filepath.Base(*to)
	modPath := goList("-m", "-f", "{{.Path}}")
	newPath := modPath + "/" + filepath.ToSlash(filepath.Clean(strings.TrimPrefix(*to, "./")))
	fromPath := strings.TrimSpace(goList("-f", "{{.ImportPath}}", *from))

	// Type-check the package with its in-package tests, against export data.
	exports := map[string]string{}
	for _, l := range strings.Split(goList("-export", "-deps", "-test", "-f", "{{.ImportPath}} {{.Export}}", *from), "\n") {
		p, e, _ := strings.Cut(strings.TrimSpace(l), " ")
		if e != "" && !strings.Contains(p, " ") {
			exports[p] = e
		}
	}
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
	var files, testFiles []*ast.File
	pkgName := ""
	for n, p := range pkgs {
		if strings.HasSuffix(n, "_test") {
			continue
		}
		pkgName = n
		names := make([]string, 0, len(p.Files))
		for fn := range p.Files {
			names = append(names, fn)
		}
		sort.Strings(names)
		for _, fn := range names {
			if strings.HasSuffix(fn, "_test.go") {
				testFiles = append(testFiles, p.Files[fn])
			} else {
				files = append(files, p.Files[fn])
			}
		}
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{}}
	conf := types.Config{Importer: imp}
	pkg, err := conf.Check(fromPath, fset, append(append([]*ast.File{}, files...), testFiles...), info)
	if err != nil {
		fail(fmt.Errorf("type-checking %s: %v", *from, err))
	}
	base := func(n ast.Node) string { return filepath.Base(fset.Position(n.Pos()).Filename) }

	// Units: one per top-level declaration, methods joined to their type.
	unitOf := map[types.Object]*unit{}
	owner := map[types.Object]*types.Named{} // fields and methods of named types
	var units []*unit
	declUnit := map[ast.Decl]*unit{}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil {
					continue
				}
				u := &unit{decls: []ast.Decl{d}}
				o := info.Defs[d.Name]
				if o != nil && d.Name.Name != "init" && d.Name.Name != "_" {
					u.objs = append(u.objs, o)
					unitOf[o] = u
					u.exports = o.Exported()
				}
				units, declUnit[d] = append(units, u), u
			case *ast.GenDecl:
				if d.Tok == token.IMPORT {
					continue
				}
				u := &unit{decls: []ast.Decl{d}}
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						o := info.Defs[s.Name]
						u.objs = append(u.objs, o)
						unitOf[o] = u
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if o := info.Defs[n]; o != nil && n.Name != "_" {
								u.objs = append(u.objs, o)
								unitOf[o] = u
								if _, isVar := o.(*types.Var); isVar && o.Exported() {
									u.exports = true
								}
							}
						}
					}
				}
				u.alias = isAliasDecl(d, info)
				units, declUnit[d] = append(units, u), u
			}
		}
	}
	// Methods and fields belong to their type's unit.
	named := func(t types.Type) *types.Named {
		if t == nil {
			return nil
		}
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, _ := types.Unalias(t).(*types.Named)
		return n
	}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil {
				continue
			}
			m := info.Defs[fd.Name].(*types.Func)
			n := named(m.Type().(*types.Signature).Recv().Type())
			u := unitOf[n.Obj()]
			u.decls = append(u.decls, fd)
			declUnit[fd] = u
			unitOf[m] = u
			owner[m] = n
		}
	}
	var walkStruct func(t types.Type, u *unit, top *types.Named)
	walkStruct = func(t types.Type, u *unit, top *types.Named) {
		switch t := t.(type) {
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				unitOf[t.Field(i)] = u
				owner[t.Field(i)] = top
				walkStruct(t.Field(i).Type(), u, nil)
			}
		case *types.Pointer:
			walkStruct(t.Elem(), u, nil)
		case *types.Slice:
			walkStruct(t.Elem(), u, nil)
		case *types.Array:
			walkStruct(t.Elem(), u, nil)
		case *types.Map:
			walkStruct(t.Elem(), u, nil)
		case *types.Interface:
			for i := 0; i < t.NumExplicitMethods(); i++ {
				unitOf[t.ExplicitMethod(i)] = u
			}
		}
	}
	for _, u := range units {
		for _, o := range u.objs {
			if tn, ok := o.(*types.TypeName); ok && !tn.IsAlias() {
				n, _ := tn.Type().(*types.Named)
				walkStruct(tn.Type().Underlying(), u, n)
			}
		}
	}
	// References between units.
	for _, u := range units {
		u.refs = map[*unit]bool{}
		for _, d := range u.decls {
			ast.Inspect(d, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if v := unitOf[info.Uses[id]]; v != nil && v != u {
						u.refs[v] = true
					}
				}
				return true
			})
		}
	}
	// The named struct types that embed each named type.
	embedders := map[*types.Named][]*types.Named{}
	for _, u := range units {
		for _, o := range u.objs {
			tn, ok := o.(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			e, _ := tn.Type().(*types.Named)
			if st, ok := tn.Type().Underlying().(*types.Struct); ok && e != nil {
				for i := 0; i < st.NumFields(); i++ {
					if f := st.Field(i); f.Embedded() {
						if n := named(f.Type()); n != nil {
							embedders[n] = append(embedders[n], e)
						}
					}
				}
			}
		}
	}
	override := map[types.Object]string{}
	for _, spec := range strings.Split(*names, ",") {
		old, nw, ok := strings.Cut(strings.TrimSpace(spec), "=")
		if !ok {
			continue
		}
		tn, member, isMember := strings.Cut(old, ".")
		// A name that is gone (the tree changed since) is skipped.
		o := pkg.Scope().Lookup(tn)
		if o == nil {
			fmt.Fprintf(os.Stderr, "movepkg: -name %s: no package-level %s, skipped\n", spec, tn)
			continue
		}
		if isMember {
			if o, _, _ = types.LookupFieldOrMethod(types.NewPointer(o.Type()), true, pkg, member); o == nil {
				fmt.Fprintf(os.Stderr, "movepkg: -name %s: %s has no field or method %s, skipped\n", spec, tn, member)
				continue
			}
		}
		override[o] = nw
	}

	// Pins and the fixpoint: a unit can move unless it is pinned or uses
	// one that cannot. What moves is every movable unit of a file not
	// kept, and the movable units of kept files that those use.
	pins := map[string]bool{}
	for _, p := range strings.Split(*pinArg, ",") {
		pins[strings.TrimSpace(p)] = true
	}
	for _, u := range units {
		if u.exports {
			u.pinned, u.why = true, "exported function or variable"
		}
		for _, o := range u.objs {
			if pins[o.Name()] {
				u.pinned, u.why = true, "pinned by -pin"
			}
		}
	}
	// Aliases stay, and in moved code they are replaced by what they stand
	// for when the new package can name it: itself, or a declaration of
	// the same name there. Otherwise the alias holds its users back.
	aliasTarget := map[types.Object]string{}
	toNames := topNames(*to)
	for _, u := range units {
		if !u.alias {
			continue
		}
		u.pinned, u.why = true, "alias"
		for _, o := range u.objs {
			t := aliasOf(o, u.decls[0], info)
			switch {
			case t != nil && t.Pkg() != nil && t.Pkg().Path() == newPath:
				aliasTarget[o] = t.Name()
			case t != nil && toNames[t.Name()] && t.Name() == o.Name():
				aliasTarget[o] = t.Name()
			default:
				u.alias = false
			}
		}
	}
	settle(units)
	pullDown(units, keep, base)
	var (
		moved  map[types.Object]bool
		rename map[types.Object]string
		alias  map[types.Object]bool
	)
	for {
		var collide []types.Object
		moved = map[types.Object]bool{}
		for o, u := range unitOf {
			if !u.pinned {
				moved[o] = true
			}
		}

		// Names used across the boundary: unexported ones are exported.
		rename = map[types.Object]string{}
		alias = map[types.Object]bool{}
		crossing := func(f *ast.File, id *ast.Ident, o types.Object) {
			if !moved[o] {
				return
			}
			if o.Exported() {
				if o.Parent() == pkg.Scope() {
					switch o.(type) {
					case *types.TypeName, *types.Const:
						if tn, ok := o.(*types.TypeName); ok {
							if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
								return
							}
						}
						alias[o] = true
					}
				}
				return
			}
			rename[o] = exportName(o.Name())
			if nw, ok := override[o]; ok {
				rename[o] = nw
			}
		}
		inFront := map[*ast.File]bool{}
		for _, f := range append(append([]*ast.File{}, files...), testFiles...) {
			inFront[f] = true
			for _, d := range f.Decls {
				if u := declUnit[d]; u != nil && !u.pinned {
					continue
				}
				ast.Inspect(d, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok {
						if o := info.Uses[id]; o != nil {
							crossing(f, id, o)
						}
					}
					// A positional literal of a moved struct sets all its fields.
					if cl, ok := n.(*ast.CompositeLit); ok && len(cl.Elts) > 0 {
						if _, kv := cl.Elts[0].(*ast.KeyValueExpr); !kv {
							if t := info.TypeOf(cl); t != nil {
								if nt := named(t); nt != nil && moved[nt.Obj()] {
									if st, ok := nt.Underlying().(*types.Struct); ok {
										for i := 0; i < st.NumFields(); i++ {
											crossing(f, nil, st.Field(i))
										}
									}
								}
							}
						}
					}
					return true
				})
			}
		}
		// Embedded fields are named by their type: rename them with it.
		for _, u := range units {
			for o := range unitOf {
				if v, ok := o.(*types.Var); ok && v.IsField() && v.Embedded() && unitOf[o] == u {
					if n := named(v.Type()); n != nil {
						if nw, ok := rename[n.Obj()]; ok {
							rename[v] = nw
						}
					}
				}
			}
		}
		// Collisions in the new package, and names that change behaviour.
		special := map[string]bool{"String": true, "Error": true, "Format": true, "GoString": true, "MarshalJSON": true, "UnmarshalJSON": true, "MarshalText": true, "UnmarshalText": true, "Len": true, "Less": true, "Swap": true, "Unwrap": true, "Is": true, "As": true}
		for o, nw := range rename {
			if special[nw] {
				collide = append(collide, o)
			}
			if n := owner[o]; n != nil {
				if c, _, _ := types.LookupFieldOrMethod(types.NewPointer(n), true, pkg, nw); c != nil {
					collide = append(collide, o)
				}
				// A type that embeds n would hide the new name behind its own.
				for _, e := range embedders[n] {
					if c, idx, _ := types.LookupFieldOrMethod(types.NewPointer(e), true, pkg, nw); c != nil && len(idx) == 1 {
						fmt.Fprintf(os.Stderr, "movepkg: %s.%s would be hidden by %s.%s: give it another name with -name\n", n.Obj().Name(), o.Name(), e.Obj().Name(), nw)
						collide = append(collide, o)
					}
				}
			}
			if o.Parent() == pkg.Scope() {
				if c := pkg.Scope().Lookup(nw); c != nil && moved[c] || toNames[nw] {
					collide = append(collide, o)
				}
			}
		}

		if len(collide) == 0 {
			break
		}
		// A name that cannot be exported as it is stays, with its users.
		for _, o := range collide {
			if *verbose {
				fmt.Fprintf(os.Stderr, "collision: %s %s\n", fset.Position(o.Pos()), o.Name())
			}
			u := unitOf[o]
			u.pinned, u.why = true, "exporting "+o.Name()+" would collide or change behaviour"
		}
		settle(units)
		pullDown(units, keep, base)
	}
	if *verbose {
		for _, u := range units {
			if u.pinned && !keep[base(u.decls[0])] {
				fmt.Fprintf(os.Stderr, "stays: %s (%s): %s\n", uname(u), base(u.decls[0]), u.why)
			}
		}
	}
	aliasTargets = aliasTarget
	// Edits: renames everywhere, qualification outside the moved code.
	edits := map[string][]edit{}
	seen := map[token.Pos]bool{}
	isMovedDecl := func(d ast.Decl) bool { u := declUnit[d]; return u != nil && !u.pinned }
	for _, f := range append(append([]*ast.File{}, files...), testFiles...) {
		fn := fset.Position(f.Pos()).Filename
		for _, d := range f.Decls {
			movedDecl := isMovedDecl(d)
			ast.Inspect(d, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					// x.f: only f can be renamed, never qualified.
					if o := info.Uses[n.Sel]; o != nil {
						if nw, ok := rename[o]; ok && !seen[n.Sel.Pos()] {
							seen[n.Sel.Pos()] = true
							edits[fn] = append(edits[fn], edit{fset.Position(n.Sel.Pos()).Offset, n.Sel.Name, nw})
						}
					}
					ast.Inspect(n.X, func(m ast.Node) bool {
						return visitIdent(m, f, fn, movedDecl, info, rename, alias, moved, pkg, newName, edits, seen)
					})
					return false
				case *ast.KeyValueExpr:
					if id, ok := n.Key.(*ast.Ident); ok {
						if o := info.Uses[id]; o != nil {
							if v, isVar := o.(*types.Var); isVar && v.IsField() {
								if nw, ok := rename[o]; ok && !seen[id.Pos()] {
									seen[id.Pos()] = true
									edits[fn] = append(edits[fn], edit{fset.Position(id.Pos()).Offset, id.Name, nw})
								}
								ast.Inspect(n.Value, func(m ast.Node) bool {
									return visitIdent(m, f, fn, movedDecl, info, rename, alias, moved, pkg, newName, edits, seen)
								})
								return false
							}
						}
					}
				}
				return visitIdent(n, f, fn, movedDecl, info, rename, alias, moved, pkg, newName, edits, seen)
			})
			// newpkg.X in moved code is X.
			if movedDecl {
				ast.Inspect(d, func(n ast.Node) bool {
					if se, ok := n.(*ast.SelectorExpr); ok {
						if id, ok := se.X.(*ast.Ident); ok {
							if pn, ok := info.Uses[id].(*types.PkgName); ok && pn.Imported().Path() == newPath {
								edits[fn] = append(edits[fn], edit{fset.Position(id.Pos()).Offset, id.Name + ".", ""})
							}
						}
					}
					return true
				})
			}
			// Positional literals of moved structs outside the moved code get keys.
			if !movedDecl {
				ast.Inspect(d, func(n ast.Node) bool {
					cl, ok := n.(*ast.CompositeLit)
					if !ok || len(cl.Elts) == 0 {
						return true
					}
					if _, kv := cl.Elts[0].(*ast.KeyValueExpr); kv {
						return true
					}
					nt := named(info.TypeOf(cl))
					if nt == nil || !moved[nt.Obj()] {
						return true
					}
					st, ok := nt.Underlying().(*types.Struct)
					if !ok {
						return true
					}
					for i, e := range cl.Elts {
						fn2 := st.Field(i).Name()
						if nw, ok := rename[st.Field(i)]; ok {
							fn2 = nw
						}
						edits[fn] = append(edits[fn], edit{fset.Position(e.Pos()).Offset, "", fn2 + ": "})
					}
					return true
				})
			}
			// Doc comments that start with a renamed declaration's name.
			if movedDecl {
				fixDoc(d, info, rename, fn, edits)
			}
		}
	}
	// Newly exported fields of a struct with JSON tags get a json:"-" tag
	// so that encoding/json output is unchanged.
	for _, f := range files {
		fn := fset.Position(f.Pos()).Filename
		ast.Inspect(f, func(n ast.Node) bool {
			st, ok := n.(*ast.StructType)
			if !ok {
				return true
			}
			tagged := false
			for _, fl := range st.Fields.List {
				if fl.Tag != nil && strings.Contains(fl.Tag.Value, "json:") {
					tagged = true
				}
			}
			if !tagged {
				return true
			}
			for _, fl := range st.Fields.List {
				if fl.Tag != nil || len(fl.Names) == 0 {
					continue
				}
				if _, ok := rename[info.Defs[fl.Names[0]]]; ok {
					edits[fn] = append(edits[fn], edit{fset.Position(fl.Type.End()).Offset, "", " `json:\"-\"`"})
				}
			}
			return true
		})
	}

	// Write the files.
	if err := os.MkdirAll(*to, 0o755); err != nil {
		fail(err)
	}
	nMoved, nFiles := 0, 0
	for _, f := range files {
		fn := fset.Position(f.Pos()).Filename
		src, err := os.ReadFile(fn)
		if err != nil {
			fail(err)
		}
		out := applyEdits(src, edits[fn])
		// Decl ranges in the original, mapped through the edits.
		var stay, move []ast.Decl
		hdrEnd := f.Name.End()
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
				hdrEnd = gd.End()
				continue
			}
			if isMovedDecl(d) {
				move = append(move, d)
			} else {
				stay = append(stay, d)
			}
		}
		if len(move) == 0 {
			if len(edits[fn]) > 0 {
				writeGo(fn, out, newName, newPath, pkgName)
			}
			continue
		}
		off := func(p token.Pos) int { return mapOff(fset.Position(p).Offset, edits[fn]) }
		header := string(out[:off(hdrEnd)])
		prev := off(hdrEnd)
		var keepText, moveText bytes.Buffer
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
				continue
			}
			end := off(d.End())
			seg := out[prev:end]
			prev = end
			if isMovedDecl(d) {
				moveText.Write(seg)
				nMoved++
			} else {
				keepText.Write(seg)
			}
		}
		tail := out[prev:]
		keepText.Write(tail)
		nFiles++
		// The moved file: the header (package comment lines stay with the old file).
		mhdr := replacePackage(header, pkgName, newName)
		target := filepath.Join(*to, filepath.Base(fn))
		writeGo(target, mergeInto(target, mhdr, moveText.String()), newName, newPath, newName)
		if len(stay) == 0 {
			os.Remove(fn)
			continue
		}
		writeGo(fn, []byte(header+keepText.String()), newName, newPath, pkgName)
	}
	for _, f := range testFiles {
		fn := fset.Position(f.Pos()).Filename
		if len(edits[fn]) > 0 {
			src, _ := os.ReadFile(fn)
			writeGo(fn, applyEdits(src, edits[fn]), newName, newPath, pkgName)
		}
	}
	// Aliases for moved exported types and constants.
	var al []string
	for o := range alias {
		al = append(al, o.Name())
	}
	sort.Strings(al)
	if len(al) > 0 {
		var b bytes.Buffer
		afn := filepath.Join(*from, newName+"_aliases.go")
		if old, err := os.ReadFile(afn); err == nil {
			// A rerun adds to the aliases of the runs before.
			b.Write(bytes.TrimRight(old, "\n"))
			b.WriteString("\n\n")
		} else {
			fmt.Fprintf(&b, "// Code generated by scripts/movepkg. DO NOT EDIT.\n\npackage %s\n\nimport %q\n\n", pkgName, newPath)
		}
		for _, n := range al {
			o := pkg.Scope().Lookup(n)
			kw := "type"
			if _, ok := o.(*types.Const); ok {
				kw = "const"
			}
			fmt.Fprintf(&b, "// %s is %s.%s.\n%s %s = %s.%s\n\n", n, newName, n, kw, n, newName, n)
		}
		writeGo(afn, b.Bytes(), newName, newPath, pkgName)
	}
	nSplit := split(*from, pkgName, newName, newPath) + split(*to, newName, newName, newPath)
	fmt.Fprintf(os.Stderr, "movepkg: %d files split at %d lines\n", nSplit, *maxLn)
	fmt.Fprintf(os.Stderr, "movepkg: %d declarations from %d files moved to %s, %d names exported, %d aliases\n", nMoved, nFiles, *to, len(rename), len(al))
}

// settle pins every unit that uses a pinned one, until nothing changes.
func settle(units []*unit) {
	for changed := true; changed; {
		changed = false
		for _, u := range units {
			if u.pinned {
				continue
			}
			for v := range u.refs {
				if v.pinned && !v.alias {
					u.pinned, u.why, changed = true, "uses "+uname(v), true
					break
				}
			}
		}
	}
}

// pullDown pins the movable units of kept files that no moving unit uses.
func pullDown(units []*unit, keep map[string]bool, base func(ast.Node) string) {
	need := map[*unit]bool{}
	var mark func(u *unit)
	mark = func(u *unit) {
		if need[u] {
			return
		}
		need[u] = true
		for v := range u.refs {
			mark(v)
		}
	}
	for _, u := range units {
		if !u.pinned && !keep[base(u.decls[0])] {
			mark(u)
		}
	}
	for _, u := range units {
		if !u.pinned && !need[u] {
			u.pinned, u.why = true, "kept file "+base(u.decls[0])
		}
	}
}

func visitIdent(n ast.Node, f *ast.File, fn string, movedDecl bool, info *types.Info, rename map[types.Object]string, alias map[types.Object]bool, moved map[types.Object]bool, pkg *types.Package, newName string, edits map[string][]edit, seen map[token.Pos]bool) bool {
	id, ok := n.(*ast.Ident)
	if !ok || seen[id.Pos()] {
		return true
	}
	o := info.Uses[id]
	if o == nil {
		o = info.Defs[id]
	}
	if o == nil {
		return true
	}
	if t, ok := aliasTargets[o]; ok && movedDecl && info.Uses[id] != nil {
		seen[id.Pos()] = true
		if t != id.Name {
			edits[fn] = append(edits[fn], edit{fset.Position(id.Pos()).Offset, id.Name, t})
		}
		return true
	}
	nw, ren := rename[o]
	if !ren {
		nw = id.Name
	}
	qual := !movedDecl && moved[o] && o.Parent() == pkg.Scope() && info.Uses[id] != nil && !alias[o]
	if !ren && !qual {
		return true
	}
	seen[id.Pos()] = true
	if qual {
		nw = newName + "." + nw
	}
	edits[fn] = append(edits[fn], edit{fset.Position(id.Pos()).Offset, id.Name, nw})
	return true
}

func fixDoc(d ast.Decl, info *types.Info, rename map[types.Object]string, fn string, edits map[string][]edit) {
	fix := func(doc *ast.CommentGroup, id *ast.Ident) {
		if doc == nil || id == nil {
			return
		}
		nw, ok := rename[info.Defs[id]]
		if !ok {
			return
		}
		c := doc.List[0]
		if strings.HasPrefix(c.Text, "// "+id.Name+" ") {
			edits[fn] = append(edits[fn], edit{fset.Position(c.Pos()).Offset + 3, id.Name, nw})
		}
	}
	switch d := d.(type) {
	case *ast.FuncDecl:
		fix(d.Doc, d.Name)
	case *ast.GenDecl:
		for _, s := range d.Specs {
			doc := d.Doc
			if len(d.Specs) > 1 || d.Lparen.IsValid() {
				doc = nil
			}
			switch s := s.(type) {
			case *ast.TypeSpec:
				if s.Doc != nil {
					doc = s.Doc
				}
				fix(doc, s.Name)
			case *ast.ValueSpec:
				if s.Doc != nil {
					doc = s.Doc
				}
				if len(s.Names) == 1 {
					fix(doc, s.Names[0])
				}
			}
		}
	}
}

func applyEdits(src []byte, es []edit) []byte {
	// From the end; at one offset, the replacement before the insertion
	// so that the insertion ends up in front.
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].off != es[j].off {
			return es[i].off > es[j].off
		}
		return es[i].old != "" && es[j].old == ""
	})
	b := append([]byte{}, src...)
	last := -1
	for _, e := range es {
		if e.off == last && e.old != "" {
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

// mapOff maps an offset of the original to the edited text.
func mapOff(off int, es []edit) int {
	d := 0
	for _, e := range es {
		if e.off < off {
			d += len(e.repl) - len(e.old)
		}
	}
	return off + d
}

func replacePackage(header, old, nw string) string {
	i := strings.Index(header, "package "+old)
	if i < 0 {
		fail(fmt.Errorf("no package clause in header"))
	}
	// A file's package doc stays with the old package.
	pre := header[:i]
	if strings.TrimSpace(pre) != "" && !strings.Contains(pre, "//go:build") {
		pre = ""
	}
	return pre + "package " + nw + header[i+len("package "+old):]
}

// writeGo writes a Go file after fixing its imports: unused ones dropped,
// the new package's added when the file uses it.
func writeGo(fn string, src []byte, newName, newPath, pkgName string) {
	f, err := parser.ParseFile(token.NewFileSet(), fn, src, parser.ParseComments|parser.ImportsOnly)
	if err != nil {
		fail(fmt.Errorf("%s: %v\n%s", fn, err, src))
	}
	full, err := parser.ParseFile(token.NewFileSet(), fn, src, parser.ParseComments)
	if err != nil {
		fail(fmt.Errorf("%s: %v", fn, err))
	}
	used := map[string]bool{}
	ast.Inspect(full, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	var imps []string
	have := false
	for _, is := range f.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		name := filepath.Base(p)
		if is.Name != nil {
			name = is.Name.Name
		} else if i := strings.LastIndex(p, "/"); i >= 0 {
			name = p[i+1:]
		}
		if v := strings.Split(name, "."); len(v) > 1 {
			name = v[len(v)-1]
		}
		line := is.Path.Value
		if is.Name != nil {
			line = is.Name.Name + " " + line
		}
		if p == newPath {
			have = true
			if pkgName == newName {
				continue
			}
		}
		if name == "_" || name == "." || used[name] || pkgNameGuess(p) != name && used[pkgNameGuess(p)] {
			imps = append(imps, line)
		}
	}
	if !have && used[newName] && pkgName != newName {
		imps = append(imps, strconv.Quote(newPath))
	}
	// Rebuild: everything before the first import decl, the imports, the rest.
	var start, end int
	found := false
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			if !found {
				start = int(gd.Pos()) - int(f.FileStart)
				if gd.Doc != nil {
					start = int(gd.Doc.Pos()) - int(f.FileStart)
				}
				found = true
			}
			end = int(gd.End()) - int(f.FileStart)
		}
	}
	if !found {
		start = int(f.Name.End()) - int(f.FileStart)
		end = start
	}
	var b bytes.Buffer
	b.Write(src[:start])
	if !found {
		b.WriteString("\n\n")
	}
	if len(imps) > 0 {
		// The standard library first, then the others, as goimports does.
		var std, other []string
		for _, l := range imps {
			p := l[strings.Index(l, `"`)+1:]
			if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ".") {
				other = append(other, l)
			} else {
				std = append(std, l)
			}
		}
		b.WriteString("import (\n")
		for _, l := range std {
			b.WriteString("\t" + l + "\n")
		}
		if len(std) > 0 && len(other) > 0 {
			b.WriteString("\n")
		}
		for _, l := range other {
			b.WriteString("\t" + l + "\n")
		}
		b.WriteString(")")
	}
	b.Write(src[end:])
	if err := os.WriteFile(fn, b.Bytes(), 0o644); err != nil {
		fail(err)
	}
}

// pkgNameGuess is the usual package name of an import path (the last
// element, without a version suffix or a go- prefix).
func pkgNameGuess(p string) string {
	e := p[strings.LastIndex(p, "/")+1:]
	if strings.HasPrefix(e, "v") && len(e) > 1 && unicode.IsDigit(rune(e[1])) {
		q := p[:strings.LastIndex(p, "/")]
		e = q[strings.LastIndex(q, "/")+1:]
	}
	e = strings.TrimPrefix(e, "go-")
	return strings.ReplaceAll(e, "-", "")
}

func exportName(s string) string {
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

func uname(u *unit) string {
	if len(u.objs) > 0 {
		return u.objs[0].Name()
	}
	return "?"
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
	fmt.Fprintln(os.Stderr, "movepkg:", err)
	os.Exit(1)
}

// split cuts the non-test files of dir longer than -max-lines at top-level
// declarations: the first part keeps the file's name, the others are named
// after the file and their first declaration (mapping_mapslots.go).
func split(dir, pkgName, newName, newPath string) int {
	ms, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	n := 0
	for _, fn := range ms {
		if strings.HasSuffix(fn, "_test.go") {
			continue
		}
		src, err := os.ReadFile(fn)
		if err != nil {
			fail(err)
		}
		if bytes.Count(src, []byte("\n")) <= *maxLn {
			continue
		}
		fs := token.NewFileSet()
		f, err := parser.ParseFile(fs, fn, src, parser.ParseComments)
		if err != nil {
			fail(err)
		}
		hdrEnd := fs.Position(f.Name.End()).Offset
		var decls []ast.Decl
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
				hdrEnd = fs.Position(gd.End()).Offset
				continue
			}
			decls = append(decls, d)
		}
		header := string(src[:hdrEnd])
		lines := func(b []byte) int { return bytes.Count(b, []byte("\n")) }
		limit := *maxLn - lines([]byte(header)) - 20
		type part struct {
			text  bytes.Buffer
			first string
		}
		var parts []*part
		cur := &part{}
		prev := hdrEnd
		for i, d := range decls {
			end := fs.Position(d.End()).Offset
			if i == len(decls)-1 {
				end = len(src)
			}
			seg := src[prev:end]
			prev = end
			if cur.text.Len() > 0 && lines(cur.text.Bytes())+lines(seg) > limit {
				parts = append(parts, cur)
				cur = &part{}
			}
			if cur.text.Len() == 0 {
				cur.first = declName(d)
			}
			cur.text.Write(seg)
		}
		parts = append(parts, cur)
		if len(parts) < 2 {
			continue
		}
		stem := strings.TrimSuffix(fn, ".go")
		for i, p := range parts {
			name := fn
			if i > 0 {
				name = stem + "_" + strings.ToLower(p.first) + ".go"
				for k := 2; exists(name); k++ {
					name = fmt.Sprintf("%s_%s%d.go", stem, strings.ToLower(p.first), k)
				}
			}
			hdr := header
			if i > 0 {
				hdr = replacePackage(header, pkgName, pkgName)
			}
			writeGo(name, []byte(hdr+strings.TrimRight(p.text.String(), "\n")+"\n"), newName, newPath, pkgName)
		}
		n++
	}
	return n
}

func declName(d ast.Decl) string {
	switch d := d.(type) {
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
	return "part"
}

func exists(fn string) bool {
	_, err := os.Stat(fn)
	return err == nil
}

var aliasTargets map[types.Object]string

// isAliasDecl says whether a declaration only re-exports another
// package's: type aliases and constants set to a qualified constant.
func isAliasDecl(d *ast.GenDecl, info *types.Info) bool {
	if d.Tok != token.TYPE && d.Tok != token.CONST {
		return false
	}
	for _, s := range d.Specs {
		switch s := s.(type) {
		case *ast.TypeSpec:
			if !s.Assign.IsValid() || s.TypeParams != nil {
				return false
			}
			if _, ok := s.Type.(*ast.SelectorExpr); !ok {
				return false
			}
		case *ast.ValueSpec:
			if len(s.Values) != len(s.Names) || s.Type != nil {
				return false
			}
			for _, v := range s.Values {
				sel, ok := v.(*ast.SelectorExpr)
				if !ok {
					return false
				}
				if id, ok := sel.X.(*ast.Ident); !ok {
					return false
				} else if _, ok := info.Uses[id].(*types.PkgName); !ok {
					return false
				}
			}
		}
	}
	return true
}

// aliasOf is the declaration an alias object stands for.
func aliasOf(o types.Object, d ast.Decl, info *types.Info) types.Object {
	gd := d.(*ast.GenDecl)
	for _, s := range gd.Specs {
		switch s := s.(type) {
		case *ast.TypeSpec:
			if info.Defs[s.Name] == o {
				return info.Uses[s.Type.(*ast.SelectorExpr).Sel]
			}
		case *ast.ValueSpec:
			for i, n := range s.Names {
				if info.Defs[n] == o {
					return info.Uses[s.Values[i].(*ast.SelectorExpr).Sel]
				}
			}
		}
	}
	return nil
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

// mergeInto is the text of target with the moved declarations added: a
// new file (header and text) when there is none, else the file with the
// header's imports added to its own.
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
