package zoo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// sodField is one field of the SOD a newcomer writes, and the fact it
// asks for.
type sodField struct {
	name  string // field name in the SOD
	fact  string // the domain fact it asks for
	mult  string // "1", "?", "+", "*"
	rec   string // "dictionary", "predefined" or "regex"
	arg   string // the class, the predefined name or the pattern
	whole bool   // whole_node = true
	icase bool   // ignore_case = true (regex)
	group string // the nested tuple field it belongs to ("" = the root)
	scope string // "page" for a value shown once per list page
}

// sodGroup is a nested tuple of the root: a field of the root whose type
// is a tuple of its own.
type sodGroup struct {
	field, typ, mult string
}

// sodSpec is a whole SOD.
type sodSpec struct {
	comment string
	name    string
	object  string
	objects string // "1" (detail pages) or "*" (list pages)
	fields  []sodField
	groups  []sodGroup
}

// entityName is the entity type of field f: its name, or group_name for a
// nested field whose name another field already uses.
func (sp *sodSpec) entityName(f sodField) string {
	if f.group == "" {
		return f.name
	}
	for _, g := range sp.fields {
		if g.group == "" && g.name == f.name {
			return f.group + "_" + f.name
		}
	}
	return f.name
}

// toml writes the SOD as a newcomer would, from docs/sod.md.
func (sp *sodSpec) toml() string {
	var b strings.Builder
	for _, l := range strings.Split(sp.comment, "\n") {
		fmt.Fprintf(&b, "# %s\n", l)
	}
	if sp.name != "" {
		fmt.Fprintf(&b, "name = %q\n", sp.name)
	}
	fmt.Fprintf(&b, "object = %q\n", sp.object)
	fmt.Fprintf(&b, "objects = %q\n", sp.objects)
	sp.tuple(&b, sp.object, "")
	for _, g := range sp.groups {
		sp.tuple(&b, g.typ, g.field)
	}
	for _, f := range sp.fields {
		fmt.Fprintf(&b, "\n[entity.%s]\n", sp.entityName(f))
		switch f.rec {
		case "regex":
			if strings.Contains(f.arg, "'") {
				fmt.Fprintf(&b, "regex = \"%s\"\n", strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(f.arg))
			} else {
				fmt.Fprintf(&b, "regex = '%s'\n", f.arg)
			}
		default:
			fmt.Fprintf(&b, "%s = %q\n", f.rec, f.arg)
		}
		if f.whole {
			b.WriteString("whole_node = true\n")
		}
		if f.icase {
			b.WriteString("ignore_case = true\n")
		}
	}
	return b.String()
}

// tuple writes [tuple.NAME] with the fields of group (root: ""). In the
// root, a nested tuple's field sits where its first field comes.
func (sp *sodSpec) tuple(b *strings.Builder, name, group string) {
	fmt.Fprintf(b, "\n[tuple.%s]\n", name)
	written := map[string]bool{}
	for _, f := range sp.fields {
		if f.group != group {
			if group == "" && !written[f.group] {
				written[f.group] = true
				for _, g := range sp.groups {
					if g.field == f.group {
						fmt.Fprintf(b, "%s = { type = %q, mult = %q }\n", g.field, g.typ, g.mult)
					}
				}
			}
			continue
		}
		typ := sp.entityName(f)
		switch {
		case f.scope != "":
			fmt.Fprintf(b, "%s = { type = %q, mult = %q, scope = %q }\n", f.name, typ, f.mult, f.scope)
		case typ != f.name:
			fmt.Fprintf(b, "%s = { type = %q, mult = %q }\n", f.name, typ, f.mult)
		default:
			fmt.Fprintf(b, "%s = %q\n", f.name, f.mult)
		}
	}
}

// kv is one field of an expected object: a string, a []string or a
// nested *object.
type kv struct {
	key string
	val any
}

// object is an expected object with its fields in SOD order.
type object []kv

// MarshalJSON writes the fields in order, without HTML escaping.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(jsonString(f.key))
		b.WriteByte(':')
		switch v := f.val.(type) {
		case string:
			b.Write(jsonString(v))
		case []string:
			b.WriteByte('[')
			for j, s := range v {
				if j > 0 {
					b.WriteByte(',')
				}
				b.Write(jsonString(s))
			}
			b.WriteByte(']')
		case object:
			sub, _ := v.MarshalJSON()
			b.Write(sub)
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func jsonString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// truthValues is what a record shows for fact key, as truth values: an
// address is its two lines joined by ", ".
func (d *domain) truthValues(rec record, key string) []string {
	vs, ok := rec.values(key)
	if !ok {
		return nil
	}
	if d.fact(key).kind == addr {
		return []string{address{vs[0], vs[1]}.full()}
	}
	return vs
}

// expected builds the expected object of rec under the SOD: fields whose
// fact the record does not show are absent; a nested tuple with no field
// is absent.
func (sp *sodSpec) expected(d *domain, rec record) object {
	var o object
	done := map[string]bool{}
	for _, f := range sp.fields {
		if f.group != "" {
			if done[f.group] {
				continue
			}
			done[f.group] = true
			var sub object
			for _, g := range sp.fields {
				if g.group == f.group {
					sub = appendField(sub, g, d.truthValues(rec, g.fact))
				}
			}
			if len(sub) > 0 {
				o = append(o, kv{f.group, sub})
			}
			continue
		}
		o = appendField(o, f, d.truthValues(rec, f.fact))
	}
	return o
}

func appendField(o object, f sodField, vs []string) object {
	switch {
	case len(vs) == 0:
		return o
	case f.mult == "1" || f.mult == "?":
		return append(o, kv{f.name, vs[0]})
	}
	return append(o, kv{f.name, vs})
}
