import { performance } from 'node:perf_hooks';
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SeededRandom } from '../../src/core/random';
import { evaluateConstant } from '../../src/detect/evaluate';
import { detectConfigs } from '../../src/detect/index';
import type { Finding } from '../../src/detect/types';

const FIXTURES = resolve('test/fixtures/detect');
const LANGUAGES = ['java', 'python', 'typescript', 'go', 'rust', 'cpp', 'sql', 'yaml', 'properties', 'xml', 'shellscript', 'markdown', undefined];
const CORPUS = resolve('test/fixtures/corpus');
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}
const SNIPPETS = [
  ...readdirSync(FIXTURES).filter((f) => f !== 'expected.json').map((f) => readFileSync(join(FIXTURES, f), 'utf8')),
  ...filesUnder(CORPUS).filter((f) => !f.endsWith('expected.json')).map((f) => readFileSync(f, 'utf8')),
];
/** Pieces of the structured formats the generic recogniser parses (keys in every naming style, openers, closers). */
const TOKENS = [
  'bloom', 'bloomFilter', 'BLOOM_', 'bloom-filter', 'bloom_filter', 'Bloom', 'capacity', 'expected_items', 'expectedInsertions', 'error_rate',
  'falsePositiveRate', 'fpp', 'num_hashes', 'hashes', 'k', 'n', 'size', 'size_in_bytes', 'bits', 'bits_per_key', 'seeds', 'intensity',
  ': ', ' = ', ' => ', ' := ', ' to ', ', ', '{', '}', '[', ']', '(', ')', '<', '>', '</', '/>', '"', "'", '`', '\\n', '\n', '\n  ', '\n    ',
  '\n- ', '- ', '#', '//', '/*', '*/', '--', '%', '1e6', '0.01', '1_000', '1 << 20', 'math.Log(0.01)', 'math.Ceil(', '1%', '0', '-1', 'NaN',
  'class ', 'struct ', 'new ', '@Bloom(', 'def __init__(self, ', 'fn new(', 'func New', 'bloomfilter.New(', 'filter.NewBloomFilter(',
  'bloom.FilterPolicy(', 'BloomFilter.fromRate(', '.BF().Reserve(', 'bloom_init2(&b, ', 'bloom_parameters p;', 'p.projected_element_count = ',
  'digest_bits_per_entry', 'NAME: ', 'DEFAULT: ', 'filter_policy=rocksdb.BloomFilter:', 'bloom-filter-bits-per-key = ', '&amp;k=',
  'hur.st/bloomfilter/?n=', 'name: BLOOM_N\n  value: ', '--bloom-capacity=', '{bloom, [{capacity, ', 'config :app, :bloom,\n  ',
];
const ALPHABET = 'BloomFilter.create(Funnels x,1e6 0.01)"\'`{}[]/*#-\n<>=:;bloom-lens: m=n=k=p= BF.RESERVE 0x1_0L\'120 ** << ^ \\ TYPE bloom_filter( tokenbf_v1 _bloom_ops USING bloom hur.st/bloomfilter?n=';

function assertSane(findings: Finding[], context: string): void {
  for (const f of findings) {
    for (const [key, value] of Object.entries(f.params)) {
      if (typeof value === 'number') assert.ok(Number.isFinite(value), `${context}: params.${key} = ${value}`);
    }
    for (const [key, value] of Object.entries(f.derived)) {
      if (typeof value === 'number') assert.ok(Number.isFinite(value), `${context}: derived.${key} = ${value}`);
    }
    assert.ok(f.range.start.line >= 0 && f.range.start.character >= 0, context);
    assert.ok(f.range.end.line > f.range.start.line || (f.range.end.line === f.range.start.line && f.range.end.character >= f.range.start.character), `${context}: range order`);
  }
}

/** Every parameter's recorded range holds exactly the text it was read from. */
function assertRangesPointAtText(text: string, findings: Finding[], context: string): void {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const offset = (p: { line: number; character: number }) => lineStarts[p.line] + p.character;
  for (const f of findings) {
    assert.ok(offset(f.range.end) <= text.length, `${context}: range beyond the text`);
    for (const [param, source] of Object.entries(f.sources)) {
      if (source?.range && source.text !== undefined) assert.equal(text.slice(offset(source.range.start), offset(source.range.end)), source.text, `${context}: ${param}`);
    }
  }
}

function mutate(random: SeededRandom, text: string): string {
  const chars = text.split('');
  const edits = 1 + random.nextInt(8);
  for (let e = 0; e < edits; e++) {
    const at = random.nextInt(chars.length + 1);
    const op = random.nextInt(4);
    const insert = ALPHABET[random.nextInt(ALPHABET.length)];
    if (op === 0) chars.splice(at, 1);
    else if (op === 1) chars.splice(at, 0, insert);
    else if (op === 2) chars[at] = insert;
    else {
      const from = random.nextInt(chars.length + 1);
      chars.splice(at, 0, ...chars.slice(from, from + random.nextInt(40)));
    }
  }
  return chars.join('');
}

/** The fastest of `runs` interleaved calls of each function (after one warm-up call of each), in milliseconds. */
function fastestInterleaved(runs: number, whole: () => unknown, part: () => unknown): { whole: number; part: number } {
  const time = (fn: () => unknown): number => { const started = performance.now(); fn(); return performance.now() - started; };
  time(part);
  const best = { whole: time(whole), part: Infinity };
  for (let run = 0; run < runs; run++) {
    best.part = Math.min(best.part, time(part));
    best.whole = Math.min(best.whole, time(whole));
  }
  return best;
}

describe('fuzz: detection and evaluator (seeded)', () => {
  it('mutated fixture snippets: no exception, no NaN/Infinity, sane ranges', () => {
    const random = new SeededRandom(20260501);
    for (let i = 0; i < 1500; i++) {
      const base = SNIPPETS[random.nextInt(SNIPPETS.length)];
      const text = mutate(random, base);
      const languageId = LANGUAGES[random.nextInt(LANGUAGES.length)];
      assertSane(detectConfigs(text, { languageId }), `iteration ${i}`);
    }
  });

  it('structured configs from random tokens (nesting, quotes, escapes, unbalanced brackets): no exception, sane ranges', () => {
    const random = new SeededRandom(31337);
    const languages = ['yaml', 'json', 'jsonc', 'toml', 'xml', 'php', 'python', 'java', 'kotlin', 'go', 'rust', 'csharp', 'ruby', 'elixir', 'erlang', 'swift', 'ini', 'properties', 'hcl', undefined];
    for (let i = 0; i < 1500; i++) {
      let text = '';
      const length = random.nextInt(120);
      for (let j = 0; j < length; j++) text += TOKENS[random.nextInt(TOKENS.length)];
      const languageId = languages[random.nextInt(languages.length)];
      const findings = detectConfigs(text, { languageId });
      assertSane(findings, `tokens ${i}`);
      assertRangesPointAtText(text, findings, `tokens ${i}`);
    }
  });

  it('random character soup: no exception', () => {
    const random = new SeededRandom(7);
    for (let i = 0; i < 400; i++) {
      let text = '';
      const length = random.nextInt(400);
      for (let j = 0; j < length; j++) text += ALPHABET[random.nextInt(ALPHABET.length)];
      assertSane(detectConfigs(text, { languageId: LANGUAGES[random.nextInt(LANGUAGES.length)] }), `soup ${i}`);
    }
  });

  it('random expressions: the evaluator never throws and never returns a non-finite value', () => {
    const random = new SeededRandom(99);
    const parts = ['1', '0', '2', '1e6', '0.5', '0x10', '1_000', "1'0", '(', ')', '+', '-', '*', '/', '%', '**', '<<', '>>', '^', 'N', 'a.b', 'f(', ',', ' ', 'L', 'as u64', '(long)', "'3'"];
    const resolve = (name: string) => (name === 'N' ? 'N + 1' : undefined);
    for (let i = 0; i < 5000; i++) {
      let text = '';
      const length = random.nextInt(30);
      for (let j = 0; j < length; j++) text += parts[random.nextInt(parts.length)];
      const result = evaluateConstant(text, { resolve, caretIsPower: random.nextInt(2) === 0, allowQuotedNumbers: true, integerDivision: random.nextInt(2) === 0 });
      if (result.ok) assert.ok(Number.isFinite(result.value), text);
      else assert.equal(typeof result.reason, 'string');
    }
  });

  it('adversarial input (100 KB of repeated partial patterns): sane findings, in time linear in the input', () => {
    const pieces = [
      'BloomFilter.create(', 'bloom-lens: m=', 'BF.RESERVE ', 'TYPE bloom_filter(', 'hur.st/bloomfilter?n=', '((((((((', 'int8_bloom_ops',
      'bloom.NewWithEstimates(', 'spark.sql.optimizer.runtime.bloomFilter.', 'parquet.bloom.filter.fpp#', 'a'.repeat(50) + '_bloom_ops', '"\'`',
      'CRollingBloomFilter x{', '__uint(map_extra, BPF_MAP_TYPE_BLOOM_FILTER', 'filter_policy=bloomfilter:', 'http://' + 'x'.repeat(30),
      // the generic recogniser's scopes: deep nesting, endless indentation, unclosed elements and calls
      'bloom:\n  ', '{"bloom": {', 'bloom = [', '<bloom>', '- bloom:\n  - ', "'bloom' => array(", 'class Bloom {', 'new MyBloom(',
      'bloom_capacity=1\n', 'BLOOM_FPP: 0.01, ', '[bloom]\nk = 1\n', 'name: BLOOM_N\n', 'bloom(expected_items=', ':bloom,\n',
      'bloom = {' + 'k'.repeat(3000) + ' ', 'int8_bloom_ops', 'flag.Int("bloom-k", ', '"type": "bloom", ', 'X.builder().n(1)',
    ];
    for (const piece of pieces) {
      const text = piece.repeat(Math.ceil(100_000 / piece.length));
      for (const newlines of [false, true]) {
        const input = newlines ? text.split(piece).join(piece + '\n') : text;
        const options = { languageId: piece.startsWith('\n') || piece.includes(':\n') ? 'yaml' : 'java' };
        assertSane(detectConfigs(input, options), piece);
        // Near-linear, not quadratic or worse: 8x the input costs about 8x (measured 2-9x; 18.6x for unclosed XML
        // elements, whose scope scan is budgeted), a quadratic scan 64x. Timed as the fastest of 3 interleaved runs
        // of each, so a busy machine's pauses do not count; below 20 ms nothing can hang.
        const eighth = input.slice(0, Math.floor(input.length / 8));
        const { whole, part } = fastestInterleaved(3, () => detectConfigs(input, options), () => detectConfigs(eighth, options));
        if (whole > 20) {
          const growth = whole / Math.max(part, 0.05);
          assert.ok(growth < 32, `${JSON.stringify(piece.slice(0, 30))}: 8x the input cost ${growth.toFixed(1)}x (${whole.toFixed(1)} ms)`);
        }
      }
    }
  });
});
