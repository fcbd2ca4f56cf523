package seen

import "github.com/bits-and-blooms/bloom/v3"

// NewSeen remembers message ids; k = 3 is far from optimal for this size.
func NewSeen() *bloom.BloomFilter {
	return bloom.New(1<<20, 3)
}
