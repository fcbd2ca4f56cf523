// Bloom Lens conformance harness for Debian's Go cuckoo filter (golang-github-seiflotfy-cuckoofilter-dev):
// cuckoo.NewFilter(capacity) allocates nextPow2(capacity) / 4 buckets of four 8-bit fingerprints (cuckoofilter.go
// NewFilter, bucket.go); m = buckets x 4 x 8 bits. n keys are inserted (failed inserts counted), every member is
// queried (falseNegatives) and queriesPerRep absent keys.
// Usage: conformance-go-cuckoo cuckoo:<id>:<capacity>:<n>:<reps>:<queriesPerRep>:<seed> ...
package main

import (
	"encoding/binary"
	"fmt"
	"os"
	"strconv"
	"strings"

	cuckoo "github.com/seiflotfy/cuckoofilter"
)

func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func key(seed, i, absent uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], mix((seed<<40)+2*i+absent))
	return b[:]
}

func main() {
	for _, arg := range os.Args[1:] {
		f := strings.Split(arg, ":")
		if len(f) != 7 || f[0] != "cuckoo" {
			fmt.Fprintln(os.Stderr, "bad config", arg)
			os.Exit(2)
		}
		id := f[1]
		capacity, _ := strconv.ParseUint(f[2], 10, 64)
		n, _ := strconv.ParseUint(f[3], 10, 64)
		reps, _ := strconv.ParseUint(f[4], 10, 64)
		perRep, _ := strconv.ParseUint(f[5], 10, 64)
		seed, _ := strconv.ParseUint(f[6], 10, 64)
		var positives, falseNegatives, failedInserts, m uint64
		var sumSquares float64
		for r := uint64(0); r < reps; r++ {
			repSeed := seed*1000 + r
			flt := cuckoo.NewFilter(uint(capacity))
			m = uint64(len(flt.Encode())) * 8 // Encode: one byte per slot, buckets x 4
			for i := uint64(0); i < n; i++ {
				if !flt.Insert(key(repSeed, i, 0)) {
					failedInserts++
				}
			}
			for i := uint64(0); i < n; i++ {
				if !flt.Lookup(key(repSeed, i, 0)) {
					falseNegatives++
				}
			}
			var hits uint64
			for q := uint64(0); q < perRep; q++ {
				if flt.Lookup(key(repSeed, q, 1)) {
					hits++
				}
			}
			positives += hits
			rate := float64(hits) / float64(perRep)
			sumSquares += rate * rate
		}
		fmt.Printf("{\"id\":%q,\"m\":%d,\"n\":%d,\"reps\":%d,\"queries\":%d,\"positives\":%d,\"sumSquares\":%g,\"falseNegatives\":%d,\"failedInserts\":%d,\"capacity\":%d}\n",
			id, m, n, reps, reps*perRep, positives, sumSquares, falseNegatives, failedInserts, capacity)
	}
}
