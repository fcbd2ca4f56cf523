package gateway

import "github.com/bits-and-blooms/bloom/v3"

// Recently seen request ids: cleared every 104243 requests so the FP stays under 1%.
// bloom-lens: n=104243 p=0.01 recycle=n:104243
var recent = bloom.New(1000000, 7)

// Tokens: far too few hashes for its size.
var tokens = bloom.New(9585059, 2) // bloom-lens: n=1000000
