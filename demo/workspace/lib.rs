use bloomfilter::Bloom;

// Peers seen in this session. Bloom::new takes the bitmap size in BYTES, not bits.
pub fn peers() -> Bloom<[u8; 32]> {
    Bloom::new(4096, 10_000)
}
