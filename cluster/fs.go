package cluster

import (
	"fmt"
	"io"
	"io/fs"
	"runtime"
	"sync"
)

// FS signs the pages names of fsys (in parallel) and groups them. A page
// that cannot be read is returned in skipped with its error, and left out.
func FS(fsys fs.FS, names []string, o Options) (clusters []*Cluster, skipped map[string]error, err error) {
	return Files(names, func(name string) (io.ReadCloser, error) { return fsys.Open(name) }, o)
}

// Files is FS over pages that open opens by name.
func Files(names []string, open func(name string) (io.ReadCloser, error), o Options) (clusters []*Cluster, skipped map[string]error, err error) {
	o = o.withDefaults()
	sigs := make([]*Signature, len(names))
	errs := make([]error, len(names))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f, err := open(names[i])
				if err != nil {
					errs[i] = err
					continue
				}
				sigs[i], errs[i] = Sign(f, o.MaxBytes)
				f.Close()
			}
		}()
	}
	for i := range names {
		next <- i
	}
	close(next)
	wg.Wait()
	var keptNames []string
	var kept []*Signature
	for i, n := range names {
		if errs[i] != nil {
			if skipped == nil {
				skipped = map[string]error{}
			}
			skipped[n] = fmt.Errorf("%s: %w", n, errs[i])
			continue
		}
		keptNames = append(keptNames, n)
		kept = append(kept, sigs[i])
	}
	clusters, err = Group(keptNames, kept, o)
	return clusters, skipped, err
}
