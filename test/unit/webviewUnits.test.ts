import * as assert from 'node:assert/strict';
import { parseBits, parseCount, parseHashes, parsePositive, parseProbability, parseSigma } from '../../src/analysis/units';

function value(parsed: ReturnType<typeof parseCount>): number | undefined {
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.reason);
  return parsed.value;
}

function reason(parsed: ReturnType<typeof parseCount>): string {
  assert.ok(!parsed.ok, 'expected a rejection');
  return parsed.reason;
}

describe('webview units: quantities as people type them', () => {
  it('blank means "solve it"', () => {
    for (const parse of [parseCount, parseBits, parseProbability]) assert.equal(value(parse('   ')), undefined);
  });

  it('counts: plain, e-notation, suffixes, separators, powers and shifts', () => {
    const cases: [string, number][] = [
      ['1000000', 1e6], ['1e6', 1e6], ['1M', 1e6], ['1.5k', 1500], ['2 G', 2e9], ['1_000_000', 1e6], ['1,000,000', 1e6],
      ['10**6', 1e6], ['2^20', 2 ** 20], ['1 << 20', 2 ** 20], ['1Mi', 2 ** 20], ['3B', 3e9],
    ];
    for (const [text, expected] of cases) assert.equal(value(parseCount(text)), expected, text);
  });

  it('counts: rejects fractions, zero, negatives and nonsense with a reason', () => {
    assert.match(reason(parseCount('2.5')), /whole number/);
    assert.match(reason(parseCount('0', 'n')), /at least 1/);
    assert.match(reason(parseCount('-5', 'n')), /at least 1/);
    assert.match(reason(parseCount('lots')), /not a number|unit/);
    assert.match(reason(parseCount('5 parsecs')), /unknown unit "parsecs"/);
    assert.match(reason(parseCount('1e300')), /2\^53/);
  });

  it('sizes: bits by default; bytes, binary and decimal units', () => {
    const cases: [string, number][] = [
      ['9585059', 9585059], ['1e7', 1e7], ['1M', 1e6], ['64 KiB', 64 * 1024 * 8], ['1 MiB', 8 * 2 ** 20], ['2 MB', 16e6],
      ['8 Mbit', 8e6], ['100 bytes', 800], ['512 bits', 512], ['2^23', 2 ** 23], ['1.5 kbit', 1500], ['4 Kibit', 4096],
    ];
    for (const [text, expected] of cases) assert.equal(value(parseBits(text)), expected, text);
  });

  it('sizes: a fraction of a bit and unknown units are rejected', () => {
    assert.match(reason(parseBits('0.5 bits')), /whole number of bits/);
    assert.match(reason(parseBits('3 furlongs')), /unknown unit/);
    assert.match(reason(parseBits('KiB')), /not a number|missing/);
  });

  it('probabilities: decimals, percent, 1-in-N, ratios', () => {
    const cases: [string, number][] = [
      ['0.01', 0.01], ['1e-3', 1e-3], ['1%', 0.01], ['0.5 %', 0.005], ['1-in-1000', 1e-3], ['1 in 1000', 1e-3], ['1/1000', 1e-3],
      ['1 in 1M', 1e-6], ['3:1000', 0.003],
    ];
    for (const [text, expected] of cases) assert.ok(Math.abs((value(parseProbability(text)) as number) - expected) <= 1e-15 * expected, text);
  });

  it('probabilities: 0, 1, 100% and above are rejected at the field with the range', () => {
    for (const text of ['0', '1', '100%', '150%', '-0.1', '2-in-1']) assert.match(reason(parseProbability(text)), /strictly between 0 and 1/, text);
    assert.match(reason(parseProbability('1 in 0')), /positive/);
  });

  it('hashes: integers within [1, max]', () => {
    assert.equal(value(parseHashes('7', 64)), 7);
    assert.match(reason(parseHashes('0', 64)), /between 1 and 64/);
    assert.match(reason(parseHashes('65', 64)), /between 1 and 64/);
    assert.match(reason(parseHashes('2.5', 64)), /whole number/);
  });

  it('positive reals (alpha) and sigma as bits or a fraction of m, checked against [k, m-1]', () => {
    assert.equal(value(parsePositive('10', 'alpha')), 10);
    assert.match(reason(parsePositive('0', 'alpha')), /greater than 0/);
    assert.equal(value(parseSigma('0.5', 1000, 3)), 500);
    assert.equal(value(parseSigma('55%', 1000, 3)), 550);
    assert.equal(value(parseSigma('600', 1000, 3)), 600);
    assert.equal(value(parseSigma('1 KiB', 10000, 3)), 8192);
    assert.match(reason(parseSigma('1000', 1000, 3)), /at most m - 1 = 999/);
    assert.match(reason(parseSigma('2', 1000, 3)), /at least k = 3/);
    assert.match(reason(parseSigma('0.5', undefined, 3)), /needs m/);
  });
});
