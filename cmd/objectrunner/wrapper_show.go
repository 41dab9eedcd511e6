package main

import (
	"context"
	"fmt"

	"github.com/objectrunner/objectrunner/wrapper"
)

// runWrapperShow prints a saved wrapper: the SOD it was learned for, the
// field ↔ slot mapping and the template in ExAlg's infix notation.
func (m *Main) runWrapperShow(ctx context.Context, args []string) error {
	fs := m.newFlagSet("wrapper show", "FILE", "Print a saved wrapper's template (ExAlg infix notation) and its slot → field mapping.")
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
	fmt.Fprintf(m.Stdout, "SOD hash: %s\n\nFields:\n", w.SODHash())
	for _, f := range w.Fields() {
		fmt.Fprintf(m.Stdout, "  %-24s %s\n", f.Path, f.Mult)
	}
	fmt.Fprintln(m.Stdout, "\nSlots:")
	for _, s := range w.Slots() {
		fmt.Fprintf(m.Stdout, "  slot %-4d → %-20s type %-16s share %.2f coverage %.2f\n", s.Slot, s.Field, s.Type, s.Share, s.Coverage)
	}
	fmt.Fprintf(m.Stdout, "\nMode: %s\n", w.Mode())
	if rp := w.RecordPattern(); rp != nil {
		fmt.Fprintf(m.Stdout, "%s", rp)
	}
	fmt.Fprintf(m.Stdout, "\nTemplate:\n%s\n", w.Template())
	return nil
}
