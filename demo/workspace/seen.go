package seen

import "github.com/bits-and-blooms/bloom/v3"

// NewSeen remembers the ids of the last 100k messages in 1 Mbit, with only 3 hash functions.
func NewSeen() *bloom.BloomFilter {
	return bloom.New(1<<20, 3) // bloom-lens: n=100000
}
