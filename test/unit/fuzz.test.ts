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

/**
 * Is `fn` linear in its input? The same characters are timed as one text of `COPIES` units and as `COPIES` texts of
 * one unit: linear work costs the same both ways (ratio about 1), quadratic work `COPIES` times more (16). The unit
 * doubles until both take at least 50 ms of CPU time (this process's, so a busy machine's other processes do not
 * count), so no operand is small enough for a pause or a GC to decide; each operand is the fastest of 2 interleaved
 * runs. Returns undefined for work too cheap to time (under 50 ms for 16 units of 400 KB: under 8 ns per character).
 */
const COPIES = 16;
function joiningCost(unit: string, fn: (text: string) => unknown): { ratio: number; joinedMs: number; separateMs: number; unitChars: number } | undefined {
  // CPU time of this process, not the wall clock: time spent descheduled by other processes does not count.
  const time = (work: () => void): number => { const started = process.cpuUsage(); work(); const used = process.cpuUsage(started); return (used.user + used.system) / 1000; };
  const separately = (text: string) => () => { for (let copy = 0; copy < COPIES; copy++) fn(text); };
  const joinedly = (text: string) => () => { fn(text.repeat(COPIES)); };
  let separateMs = time(separately(unit));
  let joinedMs = time(joinedly(unit));
  while (Math.min(separateMs, joinedMs) < 50 && unit.length < 400_000) {
    unit += unit;
    separateMs = time(separately(unit));
    joinedMs = time(joinedly(unit));
  }
  if (Math.min(separateMs, joinedMs) < 50) return undefined;
  separateMs = Math.min(separateMs, time(separately(unit)));
  joinedMs = Math.min(joinedMs, time(joinedly(unit)));
  return { ratio: joinedMs / separateMs, joinedMs, separateMs, unitChars: unit.length };
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

  it('adversarial input (100 KB of repeated partial patterns): sane findings, in time linear in the input (16 units joined against apart)', function () {
    this.timeout(600_000); // a hang guard only: about 30 s of work, far longer on a loaded machine
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
        // Linear, not quadratic: one text of 16 units costs what 16 texts of one unit cost (about 1x; a quadratic
        // scan 16x). The limit 4 is 4x from both.
        const unit = input.slice(0, Math.ceil(6000 / (piece.length + 1)) * (piece.length + (newlines ? 1 : 0)));
        const cost = joiningCost(unit, (text) => detectConfigs(text, options));
        if (cost) {
          assert.ok(cost.ratio < 4, `${JSON.stringify(piece.slice(0, 30))}: ${COPIES} units joined cost ${cost.ratio.toFixed(1)}x the same units apart `
            + `(${cost.joinedMs.toFixed(0)} ms vs ${cost.separateMs.toFixed(0)} ms, unit ${cost.unitChars} characters)`);
        }
      }
    }
  });
});
