package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/objectrunner/objectrunner/wrapper"
)

// runWrapperShow prints a saved wrapper: the SOD it was learned for, its
// fields, each slot with the fields read from it and how (several fields
// can share a slot: each reads its part), and the template indented, one
// element per line, each slot written *N:field.
func (m *Main) runWrapperShow(ctx context.Context, args []string) error {
	fs := m.newFlagSet("wrapper show", "FILE",
		"Print a saved wrapper: its SOD, fields, each slot with the fields read from it and how\n"+
			"they split it, and the template (ExAlg notation) indented one element per line,\n"+
			"slots written *N:field. With --explain, how each field's slot was chosen.")
	explain := fs.Bool("explain", false, "print, per field, the candidate slots with their score parts and the winner\n(the wrapper must be saved with extract --save-explain)")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("wrapper show takes one wrapper file")
	}
	w, err := loadWrapper(fs.Arg(0))
	if err != nil {
		return err
	}
	if *explain {
		ex := w.Explanation()
		if ex == nil {
			return fmt.Errorf("%s holds no explanation: learn it again with extract --save-wrapper %s --save-explain", fs.Arg(0), fs.Arg(0))
		}
		fmt.Fprintln(m.Stdout, "Fields (candidate slots, best first; * chosen):")
		return wrapper.WriteExplanation(m.Stdout, ex)
	}
	showWrapper(m.Stdout, w)
	return nil
}

// showWrapper prints w for wrapper show.
func showWrapper(out io.Writer, w *wrapper.Wrapper) {
	fmt.Fprintf(out, "SOD hash: %s", w.SODHash())
	if w.SODText() == "" {
		fmt.Fprint(out, " (the wrapper file does not carry the SOD's text)")
	}
	fmt.Fprint(out, "\n\nFields:\n")
	for _, f := range w.Fields() {
		fmt.Fprintf(out, "  %-24s %s\n", f.Path, f.Mult)
	}
	bySlot := map[int][]wrapper.SlotMap{}
	var slots []int
	for _, s := range w.Slots() {
		if len(bySlot[s.Slot]) == 0 {
			slots = append(slots, s.Slot)
		}
		bySlot[s.Slot] = append(bySlot[s.Slot], s)
	}
	sort.Ints(slots)
	fmt.Fprintln(out, "\nSlots:")
	for _, sl := range slots {
		sms := bySlot[sl]
		if len(sms) > 1 {
			names := make([]string, len(sms))
			for i, s := range sms {
				names[i] = s.Field
			}
			fmt.Fprintf(out, "  slot %d is shared by %s, each reading its part:\n", sl, strings.Join(names, " and "))
		}
		for _, s := range sms {
			indent := "  "
			if len(sms) > 1 {
				indent = "    "
			}
			fmt.Fprintf(out, "%sslot %-4d → %-20s type %-16s share %.2f coverage %.2f\n", indent, s.Slot, s.Field, s.Type, s.Share, s.Coverage)
			fmt.Fprintf(out, "%s           %s\n", indent, s.Reading())
		}
	}
	if keys := w.LabelKeys(); len(keys) > 0 {
		fmt.Fprintln(out, "\nRead by their label (no slot holds them on every page):")
		for _, k := range keys {
			fmt.Fprintf(out, "  %-20s after the label %q at %s (an instance after it on %d of the %d sample pages where it stands)\n", k.Field, strings.Join(k.Label, " "), k.Path, k.Hits, k.Pages)
		}
	}
	fmt.Fprintf(out, "\nMode: %s\n", w.Mode())
	if rp := w.RecordPattern(); rp != nil {
		fmt.Fprintf(out, "%s", rp)
	}
	fmt.Fprintf(out, "\nTemplate (a slot is *N, *N:field when a field reads it):\n%s", w.Template().Indented(func(n *wrapper.SlotNode) string {
		s := "*" + strconv.Itoa(n.ID)
		if sms := bySlot[n.ID]; len(sms) > 0 {
			names := make([]string, len(sms))
			for i, sm := range sms {
				names[i] = sm.Field
			}
			s += ":" + strings.Join(names, "+")
		}
		return s
	}))
}
