import * as assert from 'node:assert/strict';
import { evaluateConstant } from '../../src/detect/evaluate';
import { detectConfigs } from '../../src/detect/index';

function value(text: string, options = {}): number {
  const result = evaluateConstant(text, options);
  assert.ok(result.ok, `${text}: ${result.ok ? '' : result.reason}`);
  return result.value;
}

function fails(text: string, options = {}): string {
  const result = evaluateConstant(text, options);
  assert.equal(result.ok, false, text);
  return result.ok ? '' : result.reason;
}

describe('evaluator: numeric literals of every language', () => {
  const cases: [string, number][] = [
    ['1_000_000', 1e6], ['1e6', 1e6], ['1E-7', 1e-7], ['10**6', 1e6], ['1 << 20', 1048576], ['0x100000', 1048576], ['0XFF', 255],
    ['0b1010', 10], ['0o17', 15], ['1000L', 1000], ['1000l', 1000], ['1000UL', 1000], ['0.01f', 0.01], ['0.01F', 0.01], ['0.25d', 0.25],
    ["120'000", 120000], ["0.000'001", 0.000001], ['1_000u64', 1000], ['5_usize', 5], ['0.5f64', 0.5], ['.5', 0.5], ['2.', 2],
    ['1000.toLong()', 1000], ['1_000_000L', 1e6], ['0x1p', NaN],
  ];
  for (const [text, expected] of cases) {
    if (Number.isNaN(expected)) {
      it(`rejects ${text}`, () => void fails(text));
      continue;
    }
    it(text, () => assert.equal(value(text), expected));
  }
  it('2^20 is a power only in configs; in code it is the XOR the program computes', () => {
    assert.equal(value('2^20', { caretIsPower: true }), 1048576);
    // Java, C, Go, JavaScript: `10 ^ 7` is 0b1010 XOR 0b0111 = 0b1101, not ten million
    assert.equal(value('10 ^ 7'), 13);
    assert.equal(value('1 << 4 ^ 1'), 17); // XOR binds looser than the shift here, as in our grammar's power slot
    assert.match(fails('0.5 ^ 2'), /XOR/);
  });
});

describe('evaluator: operators, casts and names', () => {
  it('precedence and parentheses', () => {
    assert.equal(value('2 + 3 * 4'), 14);
    assert.equal(value('(2 + 3) * 4'), 20);
    assert.equal(value('-2 ** 2'), -4); // Python: -(2**2)
    assert.equal(value('2 ** 3 ** 2'), 512); // right associative
    assert.equal(value('1 << 4 + 1'), 32); // shift binds looser than +
    assert.equal(value('32 * 256'), 8192);
    assert.equal(value('10 - 4 - 3'), 3);
  });
  it('integer division only for typed languages', () => {
    assert.equal(value('7 / 2', { integerDivision: true }), 3);
    assert.equal(value('7 / 2'), 3.5);
    assert.equal(value('7.0 / 2', { integerDivision: true }), 3.5);
  });
  it('casts and conversion functions', () => {
    assert.equal(value('(long) 1e6'), 1e6);
    assert.equal(value('(int) 2.9'), 2);
    assert.equal(value('float64(1<<16)'), 65536);
    assert.equal(value('uint(10)'), 10);
    assert.equal(value('1_000 as f64'), 1000);
    assert.equal(value('2.7 as u64'), 2);
    assert.equal(value('Math.pow(2, 10)'), 1024);
    assert.equal(value('math.Pow(10, 6)'), 1e6);
    assert.equal(value('Integer.MAX_VALUE'), 2147483647);
  });
  it('names through a resolver, with cycles and depth bounded', () => {
    const table: Record<string, string> = { N: 'M * 2', M: '500', A: 'B', B: 'A', 'Self::FP': '0.01' };
    const resolve = (name: string) => table[name];
    assert.equal(value('N', { resolve }), 1000);
    assert.match(fails('A', { resolve }), /itself|too many/);
    assert.match(fails('cfg.size', { resolve }), /not a constant/);
    const chain: Record<string, string> = {};
    for (let i = 0; i < 20; i++) chain[`X${i}`] = `X${i + 1}`;
    chain.X20 = '1';
    assert.match(fails('X0', { resolve: (name: string) => chain[name] }), /too many names/);
  });
  it('quoted numbers only when allowed', () => {
    assert.equal(value("'0.01'", { allowQuotedNumbers: true }), 0.01);
    assert.ok(!evaluateConstant("'0.01'").ok);
  });
  it('never NaN or Infinity', () => {
    for (const text of ['1/0', '1e308 * 10', '10 ** 400', '0x' + 'f'.repeat(300), '1 << 5000', '(((((', ')', '', '   ', '1 +', '* 2', 'NaN', 'Infinity', '"x"', 'a.b.c()', '1e999']) {
      const result = evaluateConstant(text, { allowQuotedNumbers: true });
      if (result.ok) assert.ok(Number.isFinite(result.value), text);
    }
  });
  it('bounded recursion and length', () => {
    assert.match(fails('('.repeat(5000) + '1' + ')'.repeat(5000)), /too long|nested/);
    assert.match(fails('-'.repeat(100) + '1'), /nested|too long/);
    assert.match(fails('1+'.repeat(200) + '1'), /too long/);
  });
});

describe('evaluator: constants bound in the same file', () => {
  const cases: [string, string, string][] = [
    ['java', 'import com.google.common.hash.Funnels;\nstatic final long N = 10 * 1000;\nBloomFilter.create(Funnels.longFunnel(), N, 0.01);', 'n'],
    ['kotlin', 'import com.google.common.hash.Funnels\nconst val N = 10_000L\nval f = BloomFilter.create(Funnels.longFunnel(), N, 0.01)', 'n'],
    ['typescript', "import { BloomFilter } from 'bloom-filters'\nexport const N = 10 ** 4;\nconst f = BloomFilter.create(N, 0.01)", 'n'],
    ['python', 'from pybloom_live import BloomFilter\nN = 10_000  # items\nf = BloomFilter(N, 0.01)', 'n'],
    ['go', 'import "github.com/bits-and-blooms/bloom/v3"\nconst (\n\tN = 10000\n)\nf := bloom.NewWithEstimates(N, 0.01)', 'n'],
    ['rust', 'const N: usize = 10_000;\nlet b = Bloom::new_for_fp_rate(N, 0.01);', 'n'],
    ['cpp', '#define N 10000\nCBloomFilter filter(N, 0.01, 0, BLOOM_UPDATE_ALL);', 'n'],
  ];
  for (const [languageId, text, param] of cases) {
    it(languageId, () => {
      const [f] = detectConfigs(text, { languageId });
      assert.ok(f, 'a finding');
      assert.equal((f.params as Record<string, number>)[param], 10000);
      assert.equal(f.sources[param as 'n']?.kind, 'constant');
    });
  }
  it('a name assigned twice with different values is not a constant', () => {
    const [f] = detectConfigs('from pybloom_live import BloomFilter\nN = 10\nN = 20\nf = BloomFilter(N, 0.01)', { languageId: 'python' });
    assert.equal(f.params.n, undefined);
    assert.deepEqual(f.unevaluated, [{ param: 'n', expression: 'N' }]);
  });
});

describe('evaluator: sizeof', () => {
  it('knows the fixed-width C/C++ types and refuses the platform-dependent ones', () => {
    assert.equal(value('sizeof(uint64_t) * 8'), 64);
    assert.equal(value('sizeof(unsigned int) * 1024'), 4096);
    assert.match(fails('sizeof(long) * 8'), /depends on the platform/);
    assert.match(fails('sizeof(x + 1)'), /sizeof/);
  });
});

describe('evaluator: values with a fallback, text conversions, attributes and string lengths', () => {
  const names: Record<string, string> = { BUDGET: '2_048', '@window': '600', LETTERS: "'abcdef'", 'this.rate': 'opts.rate || 0.004' };
  const resolve = (name: string): string | undefined => names[name];

  it('the first operand that is a constant: ||, ??, Kotlin ?:, Python or, and a fallback method', () => {
    assert.equal(value('opts.rate || 0.02', { resolve }), 0.02);
    assert.equal(value('limit ?? 500', { resolve }), 500);
    assert.equal(value('n ?: 64', { resolve }), 64);
    assert.equal(value('size or 128', { resolve }), 128);
    assert.equal(value('cap.unwrap_or(4096)', { resolve }), 4096);
    assert.equal(value('maybe.orElse(0.5)', { resolve }), 0.5);
    assert.equal(value('BUDGET || 7', { resolve }), 2048); // a constant first operand is the value
    assert.equal(value('this.rate', { resolve }), 0.004); // through a member bound to a fallback
    assert.match(fails('a || b', { resolve }), /not a constant/);
  });

  it('a fallback inside parentheses or a call: the first constant operand of that group', () => {
    assert.equal(value('Number(env.SEATS ?? 3_000) / 4', { resolve }), 750);
    assert.equal(value('int(settings.cap or 900)', { resolve }), 900);
    assert.equal(value('(BUDGET || 1) * 2', { resolve }), 4096); // the constant first operand wins, the rest is skipped
    assert.equal(value('Math.round(cfg.floor ?? lookup(x, y) ?? 12.4)', { resolve }), 12); // a failing call is skipped whole
    assert.match(fails('Number(env.A ?? env.B)', { resolve }), /not a constant/);
  });

  it('numbers sent as text keep their value: String(x), str(x), x.toString()', () => {
    assert.equal(value('String(BUDGET)', { resolve }), 2048);
    assert.equal(value('str(BUDGET * 2)', { resolve }), 4096);
    assert.equal(value('BUDGET.toString()', { resolve }), 2048);
  });

  it('an Elixir module attribute and the length of a string constant', () => {
    assert.equal(value('@window * 2', { resolve }), 1200);
    assert.equal(value('Math.pow(LETTERS.length, 2)', { resolve }), 36);
    assert.match(fails('OTHER.length', { resolve }), /not a constant/);
  });
});

describe('evaluator: failed fallback operands', () => {
  it('many failed operands before a constant do not count as nesting', () => {
    const chain = `(${Array.from({ length: 22 }, (_, i) => `a${i}.b`).join(' || ')} || 0.01)`;
    const result = evaluateConstant(chain);
    assert.ok(result.ok, result.ok ? '' : result.reason);
    assert.equal(result.ok && result.value, 0.01);
  });
});

describe('evaluator: optional chaining, falsy fallbacks and a known receiver of unwrap_or', () => {
  const names: Record<string, string> = { LIMIT: '4_000', NONE: '0' };
  const resolve = (name: string): string | undefined => names[name];
  it('`options?.rate ?? 0.01` reads the chain as a name and falls back', () => {
    assert.equal(value('options?.rate ?? 0.01', { resolve }), 0.01);
    assert.equal(value('Math.round(cfg?.bits?.perKey || 10.2)', { resolve }), 10);
  });
  it('`||` (and Python `or`) fall back on 0; `??` keeps a 0', () => {
    assert.equal(value('0 || 0.01'), 0.01);
    assert.equal(value('NONE or 64', { resolve }), 64);
    assert.equal(value('(0 || 32) * 2'), 64);
    assert.equal(value('0 ?? 0.01'), 0);
    assert.equal(value('NONE ?? 5', { resolve }), 0);
    assert.match(fails('0 || unknownRate', { resolve }), /not a constant/); // the value is whatever the unknown holds
  });
  it('`X.unwrap_or(d)` is X when X is a known constant, d only when X is unknown', () => {
    assert.equal(value('LIMIT.unwrap_or(100)', { resolve }), 4000);
    assert.equal(value('missing.unwrap_or(100)', { resolve }), 100);
  });
});
