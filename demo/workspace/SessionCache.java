import com.google.common.hash.BloomFilter;
import com.google.common.hash.Funnels;
import java.nio.charset.StandardCharsets;

public final class SessionCache {
    static final long EXPECTED_SESSIONS = 1_000_000L;

    // bloom-lens: prior=1e-4 alpha=10
    private final BloomFilter<String> seen = BloomFilter.create(
        Funnels.stringFunnel(StandardCharsets.UTF_8), EXPECTED_SESSIONS, 0.01);
}
