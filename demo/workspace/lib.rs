use bloomfilter::Bloom;

pub fn peers() -> Bloom<[u8; 32]> {
    Bloom::new_for_fp_rate(10_000, 0.01)
}
