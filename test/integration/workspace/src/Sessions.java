import com.google.common.hash.BloomFilter;
import com.google.common.hash.Funnels;
import java.nio.charset.StandardCharsets;

public class Sessions {
    static final int EXPECTED_SESSIONS = 1_000_000;

    private final BloomFilter<String> seen =
        BloomFilter.create(Funnels.stringFunnel(StandardCharsets.UTF_8), EXPECTED_SESSIONS, 0.01);
}
