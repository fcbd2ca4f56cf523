// Bloom Lens conformance harness for the Go libraries on Debian:
//   bloom   github.com/bits-and-blooms/bloom (Debian golang-github-willf-bloom-dev):
//           NewWithEstimates(n, p); m = Cap(), k = K().
//   blobloom github.com/greatroar/blobloom: NewOptimized(Config{Capacity: n, FPRate: p});
//           m = NumBits(), k = the unexported field k (read by reflection).
// Usage: conformance-go <lib>:<id>:<n>:<p>:<reps>:<queriesPerRep>:<seed> ...
package main

import (
	"encoding/binary"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"

	"github.com/greatroar/blobloom"
	"github.com/willf/bloom"
)

func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func key(seed, i uint64, absent uint64) uint64 { return mix((seed << 40) + 2*i + absent) }

type filter interface {
	add(uint64)
	has(uint64) bool
	size() (m uint64, k int)
}

type bitsAndBlooms struct{ f *bloom.BloomFilter }

func bytesOf(v uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v)
	return b[:]
}
func (b bitsAndBlooms) add(v uint64)           { b.f.Add(bytesOf(v)) }
func (b bitsAndBlooms) has(v uint64) bool      { return b.f.Test(bytesOf(v)) }
func (b bitsAndBlooms) size() (uint64, int)    { return uint64(b.f.Cap()), int(b.f.K()) }

// blobloom takes a 64-bit hash from the caller; the keys are already uniform 64-bit values
// (splitmix64 output), which is what its documentation asks for.
type blocked struct{ f *blobloom.Filter }

func (b blocked) add(v uint64)      { b.f.Add(v) }
func (b blocked) has(v uint64) bool { return b.f.Has(v) }
func (b blocked) size() (uint64, int) {
	return b.f.NumBits(), int(reflect.ValueOf(b.f).Elem().FieldByName("k").Int())
}

func main() {
	for _, arg := range os.Args[1:] {
		f := strings.Split(arg, ":")
		if len(f) != 7 {
			fmt.Fprintln(os.Stderr, "bad config", arg)
			os.Exit(2)
		}
		lib, id := f[0], f[1]
		n, _ := strconv.ParseUint(f[2], 10, 64)
		p, _ := strconv.ParseFloat(f[3], 64)
		reps, _ := strconv.ParseUint(f[4], 10, 64)
		perRep, _ := strconv.ParseUint(f[5], 10, 64)
		seed, _ := strconv.ParseUint(f[6], 10, 64)
		var positives uint64
		var sumSquares float64
		var m uint64
		var k int
		for r := uint64(0); r < reps; r++ {
			var flt filter
			switch lib {
			case "bloom":
				flt = bitsAndBlooms{bloom.NewWithEstimates(uint(n), p)}
			case "blobloom":
				flt = blocked{blobloom.NewOptimized(blobloom.Config{Capacity: n, FPRate: p})}
			default:
				fmt.Fprintln(os.Stderr, "unknown library", lib)
				os.Exit(2)
			}
			m, k = flt.size()
			for i := uint64(0); i < n; i++ {
				flt.add(key(seed, r*n+i, 0))
			}
			var hits uint64
			for q := uint64(0); q < perRep; q++ {
				if flt.has(key(seed, r*perRep+q, 1)) {
					hits++
				}
			}
			positives += hits
			rate := float64(hits) / float64(perRep)
			sumSquares += rate * rate
		}
		fmt.Printf("{\"id\":%q,\"m\":%d,\"k\":%d,\"n\":%d,\"reps\":%d,\"queries\":%d,\"positives\":%d,\"sumSquares\":%g}\n",
			id, m, k, n, reps, reps*perRep, positives, sumSquares)
	}
}
