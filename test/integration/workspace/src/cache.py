import redis

r = redis.Redis()

# The CDN edge asks the filter before the origin; most lookups are for objects it never stored.
# bloom-lens: prior=1e-4 alpha=1
r.bf().create("edge-objects", 0.01, 1000000)

# A typo: an error rate above one.
r.bf().create("broken", 1.5, 1000)
