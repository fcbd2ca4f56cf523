/** Detection speed: a 1 MB source with 1,000 configurations in < 50 ms; a 1 MB source with none in < 10 ms. */
import { detectConfigs } from '../../src/detect/index';
import { bench, finish } from './harness';

const TARGET_BYTES = 1_000_000;

const CONFIG_LINES = [
  '        BloomFilter<String> f{i} = BloomFilter.create(Funnels.stringFunnel(UTF_8), {n}, 0.01);',
  '        RBloomFilter<String> r{i} = redisson.getBloomFilter("k{i}"); r{i}.tryInit({n}L, 0.001);',
  '        jedis.sendCommand("BF.RESERVE k{i} 0.01 {n}"); // reserve',
  '        // bloom-lens: n={n} p=0.01 recycle=sigma:0.55',
  '        BloomFilter<Long> g{i} = BloomFilter.create(Funnels.longFunnel(), EXPECTED_{j}, 0.02);',
];

const FILLER = [
  '        for (int i = 0; i < values.length; i++) { total += values[i] * weights[i % weights.length]; }',
  '        if (cache.containsKey(key)) { return cache.get(key); } else { log.debug("miss {}", key); }',
  '        String message = String.format("processed %d records in %d ms", count, elapsed);',
  '        Map<String, List<Integer>> grouped = items.stream().collect(Collectors.groupingBy(Item::name));',
  '    /** Returns the number of pending requests; never negative. */',
];

function generate(withConfigs: boolean): string {
  const lines: string[] = ['import com.google.common.hash.BloomFilter;', 'import com.google.common.hash.Funnels;', 'class Generated {'];
  let size = 0;
  let configs = 0;
  let i = 0;
  const fillerPerConfig = withConfigs ? 9 : Infinity;
  while (size < TARGET_BYTES) {
    const useConfig = withConfigs && configs < 1000 && i % (fillerPerConfig + 1) === 0;
    let line: string;
    if (useConfig) {
      if (configs % 5 === 4) lines.push(`    static final long EXPECTED_${configs} = ${1000 + configs} * 1000L;`);
      line = CONFIG_LINES[configs % CONFIG_LINES.length].replace(/\{i\}/g, String(configs)).replace(/\{j\}/g, String(configs)).replace(/\{n\}/g, String(10_000 + configs));
      configs++;
    } else {
      line = FILLER[i % FILLER.length];
    }
    lines.push(line);
    size += line.length + 1;
    i++;
  }
  lines.push('}');
  return lines.join('\n');
}

const withConfigs = generate(true);
const without = generate(false);
const found = detectConfigs(withConfigs, { languageId: 'java' }).length;
console.log(`generated ${(withConfigs.length / 1e6).toFixed(2)} MB with ${found} detected configs; ${(without.length / 1e6).toFixed(2)} MB with ${detectConfigs(without, { languageId: 'java' }).length}`);
if (found < 1000) {
  console.log(`FAIL expected at least 1000 findings, got ${found}`);
  process.exitCode = 1;
}
bench('detect: 1 MB source with 1,000 configs', 0.05, () => detectConfigs(withConfigs, { languageId: 'java' }));
bench('detect: 1 MB source with no configs', 0.01, () => detectConfigs(without, { languageId: 'java' }));
finish();
