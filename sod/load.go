package sod

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/dlclark/regexp2"
)

// Keys accepted at each level of an SOD file.
var (
	topKeys         = []string{"name", "object", "objects", "entity", "tuple", "disjunction", "order"}
	entityKeys      = []string{"regex", "predefined", "dictionary", "attr", "whole_node", "ignore_case", "timeout"}
	recognizerKeys  = []string{"regex", "predefined", "dictionary"}
	fieldKeys       = []string{"type", "mult", "scope"}
	disjunctionKeys = []string{"alternatives"}
	orderKeys       = []string{"before", "after", "strict"}
)

// sections maps the type tables of an SOD file to the kind they declare,
// in the order they are listed in messages.
var sections = []struct {
	name string
	kind Kind
}{{"entity", Entity}, {"tuple", Tuple}, {"disjunction", Disjunction}}

// Load reads and validates the SOD file at path. An invalid file yields an
// ErrorList holding every problem found, each positioned in the file.
func Load(path string) (*SOD, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Read one byte more than accepted: Parse reports the size.
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return Parse(path, data)
}

// Parse validates an SOD given as TOML text; file names it in positions and
// becomes the SOD's File. An invalid description yields an ErrorList.
func Parse(file string, data []byte) (*SOD, error) {
	l := &loader{file: file, types: map[string]*Type{}, altPos: map[*Type][]Pos{}}
	s := l.load(data)
	if len(l.errs) > 0 {
		l.errs.sort()
		return nil, l.errs
	}
	sum := sha256.Sum256(data)
	s.File = file
	s.Hash = hex.EncodeToString(sum[:])
	s.Text = string(data)
	return s, nil
}

// loader holds the state of one Parse.
type loader struct {
	file     string
	pos      *positions
	seen     map[string]int // pathKey of a key or key prefix → first appearance in the document
	errs     ErrorList
	types    map[string]*Type
	declared []*Type          // in declaration order
	section  map[*Type]string // the section that declared a type
	altPos   map[*Type][]Pos  // positions of a disjunction's alternatives
}

// errorf records an error at p (in the loaded file when p names none).
func (l *loader) errorf(p Pos, format string, a ...any) {
	if p.File == "" {
		p.File = l.file
	}
	l.errs = append(l.errs, &Error{Pos: p, Msg: fmt.Sprintf(format, a...)})
}

// The largest SOD Parse accepts. Learning a wrapper annotates every sample
// page with every entity type and matches every field against every slot:
// its time grows with both numbers, and a thousand fields no longer learn
// in reasonable time. Real objects have tens of fields.
const (
	// MaxFields bounds the fields of all the tuples of an SOD together.
	MaxFields = 256
	// MaxTypes bounds the types an SOD declares (entity, tuple and
	// disjunction).
	MaxTypes = 512
)

// load decodes data and builds the SOD, recording every problem in l.errs.
func (l *loader) load(data []byte) *SOD {
	if e := checkShape(l.file, data); e != nil {
		l.errs = append(l.errs, e)
		return nil
	}
	var raw map[string]any
	md, err := toml.Decode(string(data), &raw)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			pos := parseErrorPos(l.file, data, pe.Position)
			l.errorf(pos, "invalid TOML: %s%s", pe.Message, tomlHint(data, pos, pe.Message))
		} else {
			l.errorf(Pos{File: l.file}, "invalid TOML: %v", err)
		}
		return nil
	}
	l.pos = scanPositions(l.file, data)
	l.seen = map[string]int{}
	for i, k := range md.Keys() {
		for n := 1; n <= len(k); n++ {
			if _, ok := l.seen[pathKey(k[:n])]; !ok {
				l.seen[pathKey(k[:n])] = i
			}
		}
	}

	s := &SOD{Mult: One, Types: l.types}
	l.unknownKeys(raw, topKeys, "at the top level")
	l.declare(raw)
	fields := 0
	for _, t := range l.declared {
		if t.Kind == Tuple {
			fields += len(raw[l.section[t]].(map[string]any)[t.Name].(map[string]any))
		}
	}
	if fields > MaxFields {
		l.errorf(Pos{File: l.file, Line: 1, Col: 1}, "%d fields in the tuples: an SOD may have at most %d (MaxFields): annotation and wrapper induction grow with the number of fields", fields, MaxFields)
		return nil
	}
	if len(l.declared) > MaxTypes {
		l.errorf(Pos{File: l.file, Line: 1, Col: 1}, "%d types declared: an SOD may declare at most %d (MaxTypes): annotation and wrapper induction grow with the number of entity types", len(l.declared), MaxTypes)
		return nil
	}
	for _, t := range l.declared {
		body := raw[l.section[t]].(map[string]any)[t.Name].(map[string]any)
		switch t.Kind {
		case Entity:
			l.entity(t, body)
		case Tuple:
			l.tuple(t, body)
		case Disjunction:
			l.disjunction(t, body)
		}
	}
	l.cycles()

	if v, ok := raw["object"]; !ok {
		l.errorf(Pos{File: l.file, Line: 1, Col: 1}, "missing object: name the root type, e.g. object = %q", l.example())
	} else if name, ok := l.str(v, "object"); ok {
		if t, ok := l.types[name]; ok {
			s.Root = t
		} else {
			l.errorf(l.pos.at("object"), "object: undefined type %q%s", name, didYouMean(name, sortedKeys(l.types)))
		}
	}
	if v, ok := raw["objects"]; ok {
		if text, ok := l.str(v, "objects"); ok {
			m, err := ParseMultiplicity(text)
			if err != nil {
				l.errorf(l.pos.at("objects"), "objects: %v", err)
			}
			s.Mult = m
		}
	}
	if v, ok := raw["name"]; ok {
		if name, ok := l.str(v, "name"); ok {
			s.Name = name
		}
	} else if s.Root != nil {
		s.Name = s.Root.Name
	}
	s.Orders = l.orders(raw["order"], s.Root)
	l.scopes(s)
	return s
}

// scopes checks the fields declared with scope = "page": they must be
// entity or disjunction fields of the root tuple of an SOD whose objects
// allow more than one object per page.
func (l *loader) scopes(s *SOD) {
	for _, t := range l.declared {
		if t.Kind != Tuple {
			continue
		}
		for _, f := range t.Fields {
			if !f.PageScope {
				continue
			}
			p := f.Pos
			if l.pos.has("tuple", t.Name, f.Name, "scope") {
				p = l.pos.at("tuple", t.Name, f.Name, "scope")
			}
			switch {
			case s.Root == nil:
				// The missing root is reported already.
			case t != s.Root:
				l.errorf(p, "[tuple.%s]: field %q: scope = \"page\" is allowed only on fields of the root tuple %q: a per-page value belongs to every object of the page", t.Name, f.Name, s.Root.Name)
			case !s.Mult.Many():
				l.errorf(p, "[tuple.%s]: field %q: scope = \"page\" needs objects to allow more than one object per page (objects = %q): on a detail page every field is already per page", t.Name, f.Name, s.Mult.String())
			case f.Type.Kind == Tuple:
				l.errorf(p, "[tuple.%s]: field %q: scope = \"page\" applies to entity or disjunction fields, not to the tuple %q", t.Name, f.Name, f.Type.Name)
			case f.Mult.Many():
				l.errorf(p, "[tuple.%s]: field %q: scope = \"page\" takes one value per page: use mult \"1\" or \"?\", not %q", t.Name, f.Name, f.Mult.String())
			}
		}
	}
}

// parseErrorPos converts the position of a TOML syntax error. It is
// recomputed from the byte offset when possible: the toml package counts an
// error on a line's newline as being on the next line.
func parseErrorPos(file string, data []byte, p toml.Position) Pos {
	if p.Start < 0 || p.Start > len(data) || (p.Start == 0 && p.Line > 1) {
		return Pos{File: file, Line: max(p.Line, 1), Col: p.Col}
	}
	line, col := 1, 1
	for _, r := range string(data[:p.Start]) {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return Pos{File: file, Line: line, Col: col}
}

// tomlHint says what to write instead for the two TOML mistakes a regex
// invites: a backslash in a "…" string, where it starts an escape (\d is not
// one), and a ' inside a '…' literal string, which ends the string there. It
// returns "" for other errors.
func tomlHint(data []byte, pos Pos, msg string) string {
	lines := strings.Split(string(data), "\n")
	if pos.Line < 1 || pos.Line > len(lines) {
		return ""
	}
	key, val, ok := strings.Cut(strings.TrimRight(lines[pos.Line-1], "\r"), "=")
	if !ok {
		return ""
	}
	key, val = strings.TrimSpace(key), strings.TrimSpace(val)
	switch {
	case strings.Contains(msg, "invalid escape") && strings.HasPrefix(val, `"`):
		return fmt.Sprintf(`; in a "…" string a backslash starts an escape: write a regular expression as a literal string in single quotes, %s = '%s', where backslashes stay as written`,
			key, strings.TrimSuffix(strings.TrimPrefix(val, `"`), `"`))
	case strings.HasPrefix(val, "'") && !strings.HasPrefix(val, "'''") && strings.Count(val, "'") > 2:
		return `; a '…' literal string ends at its second ': write a ' inside a regular expression as \x27, or the whole pattern as a multi-line literal '''…'''`
	}
	return ""
}

// example is a type name to show in messages: a declared tuple if any.
func (l *loader) example() string {
	for _, t := range l.declared {
		if t.Kind == Tuple {
			return t.Name
		}
	}
	if len(l.declared) > 0 {
		return l.declared[0].Name
	}
	return "book"
}

// str checks that v is a non-empty string; path names the key for messages.
func (l *loader) str(v any, path ...string) (string, bool) {
	s, ok := v.(string)
	if !ok {
		l.errorf(l.pos.at(path...), "%s: expected a string, got %s", dotted(path), describe(v))
		return "", false
	}
	if strings.TrimSpace(s) == "" {
		l.errorf(l.pos.at(path...), "%s: must not be empty", dotted(path))
		return "", false
	}
	return s, true
}

// boolean checks that v is a boolean.
func (l *loader) boolean(v any, path ...string) bool {
	b, ok := v.(bool)
	if !ok {
		l.errorf(l.pos.at(path...), "%s: expected true or false, got %s", dotted(path), describe(v))
	}
	return b
}

// unknownKeys reports the keys of table that are not in allowed.
func (l *loader) unknownKeys(table map[string]any, allowed []string, where string, path ...string) {
	for _, k := range sortedKeys(table) {
		if slices.Contains(allowed, k) {
			continue
		}
		l.errorf(l.pos.at(append(slices.Clone(path), k)...), "unknown key %q %s%s (expected one of %s)",
			k, where, didYouMean(k, allowed), strings.Join(allowed, ", "))
	}
}

// declare creates a Type for every table of the entity, tuple and disjunction
// sections, in document order, rejecting duplicate and malformed names.
func (l *loader) declare(raw map[string]any) {
	type decl struct {
		section string
		kind    Kind
		name    string
	}
	var decls []decl
	for _, sec := range sections {
		v, ok := raw[sec.name]
		if !ok {
			continue
		}
		tbl, ok := v.(map[string]any)
		if !ok {
			l.errorf(l.pos.at(sec.name), "%s: expected tables such as [%s.NAME], got %s", sec.name, sec.name, describe(v))
			continue
		}
		for name, body := range tbl {
			if _, ok := body.(map[string]any); !ok {
				l.errorf(l.pos.at(sec.name, name), "%s.%s: expected a table [%s.%s], got %s", sec.name, name, sec.name, name, describe(body))
				continue
			}
			decls = append(decls, decl{sec.name, sec.kind, name})
		}
	}
	slices.SortFunc(decls, func(a, b decl) int {
		return cmp.Or(cmp.Compare(l.order(a.section, a.name), l.order(b.section, b.name)),
			cmp.Compare(a.section, b.section), cmp.Compare(a.name, b.name))
	})
	l.section = map[*Type]string{}
	for _, d := range decls {
		p := l.pos.at(d.section, d.name)
		if !validName(d.name) {
			l.errorf(p, "[%s.%s]: invalid type name %q: use letters, digits, '_' and '-'", d.section, d.name, d.name)
			continue
		}
		if prev, ok := l.types[d.name]; ok {
			l.errorf(p, "[%s.%s]: type %q is already declared as [%s.%s] at %s; type names must be unique across entity, tuple and disjunction",
				d.section, d.name, d.name, l.section[prev], d.name, prev.Pos)
			continue
		}
		t := &Type{Name: d.name, Kind: d.kind, Pos: p}
		l.types[d.name] = t
		l.section[t] = d.section
		l.declared = append(l.declared, t)
	}
}

// order is the document rank of a key path (missing paths sort last).
func (l *loader) order(path ...string) int {
	if i, ok := l.seen[pathKey(path)]; ok {
		return i
	}
	return len(l.seen)
}

// entity fills an entity type: exactly one recognizer plus options.
func (l *loader) entity(t *Type, body map[string]any) {
	l.unknownKeys(body, entityKeys, fmt.Sprintf("in [entity.%s]", t.Name), "entity", t.Name)
	var kinds []string
	for _, k := range recognizerKeys {
		if _, ok := body[k]; ok {
			kinds = append(kinds, k)
		}
	}
	switch len(kinds) {
	case 0:
		l.errorf(t.Pos, "[entity.%s]: no recognizer: set exactly one of regex, predefined or dictionary", t.Name)
	case 1:
		k := kinds[0]
		path := []string{"entity", t.Name, k}
		if v, ok := l.str(body[k], path...); ok {
			r := &Recognizer{Kind: RecognizerKind(k), Pos: l.pos.at(path...)}
			switch r.Kind {
			case Regex:
				r.Pattern = v
			case Predefined:
				r.Name = strings.TrimSpace(v)
			case Dictionary:
				r.Class = strings.TrimSpace(v)
			}
			t.Recognizer = r
		}
	default:
		// Point at the recognizer written last: that is the one to remove.
		last := kinds[0]
		for _, k := range kinds[1:] {
			if l.pos.at("entity", t.Name, k).Line > l.pos.at("entity", t.Name, last).Line {
				last = k
			}
		}
		l.errorf(l.pos.at("entity", t.Name, last), "[entity.%s]: %d recognizers (%s): set exactly one of regex, predefined or dictionary",
			t.Name, len(kinds), strings.Join(kinds, ", "))
	}
	l.attr(t, body) // attr.go
	isRegex := t.Recognizer != nil && t.Recognizer.Kind == Regex
	if v, ok := body["whole_node"]; ok {
		t.WholeNode = l.boolean(v, "entity", t.Name, "whole_node")
	}
	if v, ok := body["ignore_case"]; ok {
		b := l.boolean(v, "entity", t.Name, "ignore_case")
		switch {
		case isRegex:
			t.Recognizer.IgnoreCase = b
		case len(kinds) == 1 && kinds[0] != "regex":
			l.errorf(l.pos.at("entity", t.Name, "ignore_case"), "[entity.%s]: ignore_case applies only to a regex recognizer, not %s", t.Name, kinds[0])
		}
	}
	if v, ok := body["timeout"]; ok {
		path := []string{"entity", t.Name, "timeout"}
		if text, ok := l.str(v, path...); ok {
			d, err := time.ParseDuration(strings.TrimSpace(text))
			switch {
			case err != nil || d <= 0:
				l.errorf(l.pos.at(path...), "[entity.%s]: invalid timeout %q: expected a positive duration such as \"500ms\" or \"2s\"", t.Name, text)
			case isRegex:
				t.Recognizer.Timeout = d
			case len(kinds) == 1 && kinds[0] != "regex":
				l.errorf(l.pos.at(path...), "[entity.%s]: timeout applies only to a regex recognizer, not %s", t.Name, kinds[0])
			}
		}
	}
	if isRegex {
		l.checkRegex(t)
	}
}

// checkRegex compiles an entity's regular expression.
func (l *loader) checkRegex(t *Type) {
	r := t.Recognizer
	re, err := r.Regexp()
	if err != nil {
		l.errorf(r.Pos, "[entity.%s]: invalid regex: %v", t.Name, err)
		return
	}
	re.MatchTimeout = time.Second
	if ok, err := re.MatchString(""); err == nil && ok {
		l.errorf(r.Pos, "[entity.%s]: regex '%s' matches the empty string; an instance must contain at least one character", t.Name, r.Pattern)
	}
}

// Regexp compiles a Regex recognizer's pattern with its options (regexp2
// syntax, Python's "(?P<name>" accepted: CanonicalPattern; IgnoreCase;
// Timeout as the match timeout when set).
func (r *Recognizer) Regexp() (*regexp2.Regexp, error) {
	if r.Kind != Regex {
		return nil, fmt.Errorf("sod: %s recognizer has no regular expression", r.Kind)
	}
	opts := regexp2.None
	if r.IgnoreCase {
		opts |= regexp2.IgnoreCase
	}
	re, err := regexp2.Compile(CanonicalPattern(r.Pattern), opts)
	if err != nil {
		return nil, err
	}
	if r.Timeout > 0 {
		re.MatchTimeout = r.Timeout
	}
	return re, nil
}

// tuple fills a tuple type's fields, in document order.
func (l *loader) tuple(t *Type, body map[string]any) {
	if len(body) == 0 {
		l.errorf(t.Pos, "[tuple.%s]: no fields: list them as NAME = \"MULTIPLICITY\", e.g. title = \"1\"", t.Name)
		return
	}
	names := sortedKeys(body)
	slices.SortStableFunc(names, func(a, b string) int {
		return cmp.Compare(l.order("tuple", t.Name, a), l.order("tuple", t.Name, b))
	})
	for _, name := range names {
		path := []string{"tuple", t.Name, name}
		p := l.pos.at(path...)
		if !validName(name) {
			l.errorf(p, "[tuple.%s]: invalid field name %q: use letters, digits, '_' and '-'", t.Name, name)
			continue
		}
		typeName, multText := name, "1"
		pageScope := false
		switch v := body[name].(type) {
		case string:
			multText = v
		case map[string]any:
			l.unknownKeys(v, fieldKeys, fmt.Sprintf("in field %q of [tuple.%s]", name, t.Name), path...)
			tv, ok := v["type"]
			if !ok {
				l.errorf(p, "[tuple.%s]: field %q: missing type: write %s = { type = \"TYPE\", mult = \"1\" }", t.Name, name, name)
				continue
			}
			s, ok := l.str(tv, append(path, "type")...)
			if !ok {
				continue
			}
			typeName = s
			if mv, ok := v["mult"]; ok {
				s, ok := l.str(mv, append(path, "mult")...)
				if !ok {
					continue
				}
				multText = s
			}
			if sv, ok := v["scope"]; ok {
				s, ok := l.str(sv, append(path, "scope")...)
				if !ok {
					continue
				}
				switch strings.TrimSpace(s) {
				case "record":
				case "page":
					pageScope = true
				default:
					l.errorf(l.pos.at(append(path, "scope")...), "[tuple.%s]: field %q: invalid scope %q: expected \"record\" (the default) or \"page\"%s",
						t.Name, name, s, didYouMean(s, []string{"record", "page"}))
					continue
				}
			}
		default:
			l.errorf(p, "[tuple.%s]: field %q: expected a multiplicity string such as \"1\" or an inline table { type = \"TYPE\", mult = \"1\" }, got %s",
				t.Name, name, describe(v))
			continue
		}
		m, err := ParseMultiplicity(multText)
		if err != nil {
			mp := p
			if l.pos.has(append(path, "mult")...) {
				mp = l.pos.at(append(path, "mult")...)
			}
			l.errorf(mp, "[tuple.%s]: field %q: %v", t.Name, name, err)
			continue
		}
		ft, ok := l.types[typeName]
		if !ok {
			tp := p
			if l.pos.has(append(path, "type")...) {
				tp = l.pos.at(append(path, "type")...)
			}
			hint := ""
			if _, shorthand := body[name].(string); shorthand {
				hint = fmt.Sprintf(" (a field's type is the type of the same name unless written %s = { type = \"TYPE\", mult = %q })", name, multText)
			}
			l.errorf(tp, "[tuple.%s]: field %q: undefined type %q%s%s", t.Name, name, typeName, didYouMean(typeName, sortedKeys(l.types)), hint)
			continue
		}
		t.Fields = append(t.Fields, &Field{Name: name, Type: ft, Mult: m, Pos: p, PageScope: pageScope})
	}
}

// disjunction fills a disjunction type's alternatives.
func (l *loader) disjunction(t *Type, body map[string]any) {
	l.unknownKeys(body, disjunctionKeys, fmt.Sprintf("in [disjunction.%s]", t.Name), "disjunction", t.Name)
	path := []string{"disjunction", t.Name, "alternatives"}
	v, ok := body["alternatives"]
	if !ok {
		l.errorf(t.Pos, "[disjunction.%s]: missing alternatives: write alternatives = [\"TYPE1\", \"TYPE2\"]", t.Name)
		return
	}
	list, ok := v.([]any)
	if !ok {
		l.errorf(l.pos.at(path...), "[disjunction.%s]: alternatives: expected an array of type names, got %s", t.Name, describe(v))
		return
	}
	if len(list) < 2 {
		l.errorf(l.pos.at(path...), "[disjunction.%s]: only %d alternative(s): a disjunction needs at least 2", t.Name, len(list))
	}
	seen := map[string]bool{}
	for i, e := range list {
		ep := append(slices.Clone(path), index(i))
		name, ok := l.str(e, ep...)
		if !ok {
			continue
		}
		if seen[name] {
			l.errorf(l.pos.at(ep...), "[disjunction.%s]: alternative %q is listed twice", t.Name, name)
			continue
		}
		seen[name] = true
		at, ok := l.types[name]
		if !ok {
			l.errorf(l.pos.at(ep...), "[disjunction.%s]: undefined type %q%s", t.Name, name, didYouMean(name, sortedKeys(l.types)))
			continue
		}
		t.Alternatives = append(t.Alternatives, at)
		l.altPos[t] = append(l.altPos[t], l.pos.at(ep...))
	}
}

// cycles reports every recursive type reference, printing the cycle.
func (l *loader) cycles() {
	const (
		unvisited = iota
		active
		done
	)
	state := map[*Type]int{}
	var stack []*Type
	var visit func(t *Type)
	visit = func(t *Type) {
		state[t] = active
		stack = append(stack, t)
		children, where := t.children(), l.edgePos(t)
		for i, c := range children {
			switch state[c] {
			case unvisited:
				visit(c)
			case active:
				start := slices.Index(stack, c)
				var names []string
				for _, s := range stack[start:] {
					names = append(names, s.Name)
				}
				names = append(names, c.Name)
				l.errorf(where[i], "recursive type: %s (a type cannot contain itself)", strings.Join(names, " -> "))
			}
		}
		stack = stack[:len(stack)-1]
		state[t] = done
	}
	for _, t := range l.declared {
		if state[t] == unvisited {
			visit(t)
		}
	}
}

// edgePos returns where each child of t is referenced.
func (l *loader) edgePos(t *Type) []Pos {
	switch t.Kind {
	case Tuple:
		ps := make([]Pos, len(t.Fields))
		for i, f := range t.Fields {
			ps[i] = f.Pos
		}
		return ps
	case Disjunction:
		return l.altPos[t]
	}
	return nil
}

// orders reads the [[order]] restrictions; fields must be entity fields of
// the root tuple.
func (l *loader) orders(v any, root *Type) []Order {
	if v == nil {
		return nil
	}
	var tables []map[string]any
	switch v := v.(type) {
	case []map[string]any:
		tables = v
	case []any:
		for i, e := range v {
			m, ok := e.(map[string]any)
			if !ok {
				l.errorf(l.pos.at("order", index(i)), "order: expected tables with before and after, got %s", describe(e))
				continue
			}
			tables = append(tables, m)
		}
	default:
		l.errorf(l.pos.at("order"), "order: expected an array of tables, written [[order]], got %s", describe(v))
		return nil
	}
	var out []Order
	for i, tbl := range tables {
		path := []string{"order", index(i)}
		p := l.pos.at(path...)
		l.unknownKeys(tbl, orderKeys, "in [[order]]", path...)
		o := Order{Pos: p}
		ok := true
		for _, k := range []string{"before", "after"} {
			fv, present := tbl[k]
			if !present {
				l.errorf(p, "[[order]]: missing %s: name a field of the root tuple", k)
				ok = false
				continue
			}
			name, good := l.str(fv, append(slices.Clone(path), k)...)
			if !good {
				ok = false
				continue
			}
			if k == "before" {
				o.Before = name
			} else {
				o.After = name
			}
			if root == nil {
				continue
			}
			if root.Kind != Tuple {
				l.errorf(p, "[[order]]: the root type %q is not a tuple (it is %s); order restrictions compare fields of the root tuple", root.Name, withArticle(root.Kind))
				return out
			}
			kp := l.pos.at(append(slices.Clone(path), k)...)
			f := root.field(name)
			switch {
			case f == nil:
				var names []string
				for _, f := range root.Fields {
					names = append(names, f.Name)
				}
				l.errorf(kp, "[[order]]: %s: tuple %q has no field %q%s", k, root.Name, name, didYouMean(name, names))
				ok = false
			case f.Type.Kind != Entity:
				l.errorf(kp, "[[order]]: %s: field %q is %s; order restrictions compare entity fields (dates)", k, name, withArticle(f.Type.Kind))
				ok = false
			}
		}
		if sv, present := tbl["strict"]; present {
			o.Strict = l.boolean(sv, append(slices.Clone(path), "strict")...)
		}
		if ok && o.Before == o.After {
			l.errorf(p, "[[order]]: before and after both name %q; they must be two different fields", o.Before)
			ok = false
		}
		if ok {
			out = append(out, o)
		}
	}
	return out
}

// withArticle prints a kind with its indefinite article: "an entity".
func withArticle(k Kind) string {
	if k == Entity {
		return "an entity"
	}
	return "a " + k.String()
}

// validName reports whether s can name a type or field: a bare TOML key.
func validName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// dotted prints a key path for messages, e.g. entity.title.regex; element
// indices print as [i].
func dotted(path []string) string {
	var b strings.Builder
	for i, p := range path {
		if strings.HasPrefix(p, "#") {
			b.WriteString("[" + p[1:] + "]")
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(p)
	}
	return b.String()
}

// describe names the TOML type of a decoded value, for messages.
func describe(v any) string {
	switch v := v.(type) {
	case string:
		return fmt.Sprintf("the string %q", v)
	case int64:
		return fmt.Sprintf("the integer %d", v)
	case float64:
		return fmt.Sprintf("the float %v", v)
	case bool:
		return fmt.Sprintf("the boolean %v", v)
	case time.Time:
		return "a date-time"
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "a table"
	case nil:
		return "nothing"
	}
	return fmt.Sprintf("a %T", v)
}
