package seen

import "github.com/bits-and-blooms/bloom/v3"

// Recently seen request ids: the filter is cleared every 104000 requests so that no answer's
// false-positive rate ever exceeds 1%.
// bloom-lens: n=104000 p=0.01 recycle=n:104000
var recent = bloom.New(1000000, 7)
