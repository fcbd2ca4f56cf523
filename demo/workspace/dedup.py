from pybloom_live import BloomFilter

# URLs already crawled
fingerprints = BloomFilter(capacity=1_000_000, error_rate=0.001)
