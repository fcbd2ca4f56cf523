/**
 * RedisBloom cuckoo filters: `CF.RESERVE key capacity [BUCKETSIZE b] [MAXITERATIONS i] [EXPANSION e]` as command text
 * (redis-cli, shell, a client's generic command call) and the client wrappers redis-py `r.cf().reserve(key, capacity,
 * expansion=, bucket_size=, max_iterations=)`, node-redis `client.cf.reserve(key, capacity, { BUCKETSIZE, ... })` and
 * Jedis `cfReserve(key, capacity[, CFReserveParams.cfReserveParams().bucketSize(b)...])`. go-redis's CFReserve* are
 * declared in src/libraries/redisCuckoo.ts. Sizing: src/libraries/redisCuckoo.ts.
 */
import { Argument, DraftBuilder, ScanContext, splitArguments, unquote } from '../engine';
import { evaluateConstant } from '../evaluate';
import { redisCuckoo, RedisCuckooOptions } from '../../libraries/redisCuckoo';
import type { Recognizer } from '../recognizer';
import { builder, callRecognizer, isStringLiteral, JS, langIs } from './helpers';
import { commandCallStart, fillConversions } from './redis';

const OPTION_NAMES = { BUCKETSIZE: 'bucketSize', MAXITERATIONS: 'maxIterations', EXPANSION: 'expansion' } as const;
type OptionName = keyof typeof OPTION_NAMES;

/** A quoted word where a number belongs (not a number, nor a shell or template variable): `"write deny-oom"`, `'string'`. */
const wordString = (text: string): boolean => isStringLiteral(text) && !/[${]/.test(text) && !evaluateConstant(text, { allowQuotedNumbers: true }).ok;

/**
 * Reads one option value; a value that is not a constant keeps the server's default, said in a note. A word where the
 * number belongs (a quoted word, or any word of command text) is refused by RedisBloom (src/rebloom.c
 * CFReserve_RedisCommand: "BUCKETSIZE: value must be an integer"), so it is BL001 with the stated word.
 */
function option(b: DraftBuilder, options: { -readonly [K in keyof RedisCuckooOptions]: number }, name: OptionName, value: Argument | string | undefined, wordsOfText = false): void {
  if (value === undefined) return;
  const text = typeof value === 'string' ? value : value.text;
  const evaluated = evaluateConstant(text, { ...b.ctx.codeEval, allowQuotedNumbers: true });
  if (evaluated.ok) options[OPTION_NAMES[name]] = evaluated.value;
  else if (wordString(text) || (wordsOfText && !/[${]/.test(text))) b.invalid(`${name} ${unquote(text)} is not a number; RedisBloom replies "${name}: value must be an integer"`);
  else b.note(`${name} comes from \`${unquote(text)}\`, not a constant: RedisBloom's default is shown`);
}

/** capacity then NAME value pairs (the tokens after the key), as RedisBloom's CFReserve_RedisCommand reads them. */
function fromTokens(b: DraftBuilder, tokens: readonly Argument[], wordsOfText = false) {
  const options: { -readonly [K in keyof RedisCuckooOptions]: number } = {};
  b.argument('n', tokens[0], { eval: { ...b.ctx.codeEval, allowQuotedNumbers: true } });
  for (let i = 1; i < tokens.length; i += 2) {
    const name = unquote(tokens[i].text).toUpperCase();
    if (!(name in OPTION_NAMES)) continue;
    // an option with no value: RedisBloom replies "wrong number of arguments" (its arguments come in pairs)
    if (i + 1 >= tokens.length) b.invalid(`${name} states no value; RedisBloom replies "ERR wrong number of arguments"`);
    else option(b, options, name as OptionName, tokens[i + 1], wordsOfText);
  }
  return b.derive((params) => redisCuckoo(params.n, options)).build();
}

/** The innermost `(` or `[` before `at` on the same statement (a command string among call arguments). */
function enclosingOpen(text: string, at: number): number {
  let depth = 0;
  for (let i = at - 1; i >= Math.max(0, at - 300); i--) {
    const c = text[i];
    if (c === ')' || c === ']') depth++;
    else if (c === '(' || c === '[') {
      if (depth === 0) return i;
      depth--;
    } else if (c === ';' || c === '{' || c === '}') return -1;
  }
  return -1;
}

const TITLE = 'RedisBloom CF.RESERVE';

/** `CF.RESERVE key capacity ...` as text, or `call('CF.RESERVE', key, capacity, 'BUCKETSIZE', 4)`. */
const cfReserveCommand: Recognizer = {
  ids: ['redis.cf.reserve'],
  needles: ['cf.reserve'],
  pattern: /\bCF\.RESERVE\b/gi,
  match(ctx: ScanContext, match, at) {
    if (ctx.isComment(at)) return undefined;
    const text = ctx.text;
    const after = at + match[0].length;
    if (text[at - 1] === '.' || /^\s*\(/.test(text.slice(after, after + 6))) return undefined; // a client method
    const closeQuote = text[after];
    if ((closeQuote === '"' || closeQuote === '\'' || closeQuote === '`') && /^\s*,/.test(text.slice(after + 1, after + 20))) {
      // the command is one string among call arguments: the key and capacity follow as arguments
      const open = enclosingOpen(text, at);
      const list = open >= 0 ? splitArguments(text, open) : undefined;
      const index = list ? list.args.findIndex((a) => a.start <= at && a.end >= after) : -1;
      if (!list || index < 0 || list.args.length < index + 3) return undefined;
      // a command registered or listed (`RegisterCommand(ctx, "cf.reserve", handler, "write deny-oom")`): a word stands for the capacity
      if (wordString(list.args[index + 2].text)) return undefined;
      return fromTokens(builder(ctx, 'redis.cf.reserve', TITLE, commandCallStart(ctx, open, at), list.end), list.args.slice(index + 2));
    }
    // whitespace-separated tokens to the end of the string or line
    const inString = ctx.isString(at);
    let end = after;
    const lineEnd = Math.min(ctx.source.lineEnd(ctx.source.lineOf(at)), after + 400);
    while (end < lineEnd && (!inString || ctx.isString(end)) && !/[;|&)\]]/.test(text[end])) end++;
    if (inString && end > after && /["'`]/.test(text[end - 1])) end--;
    const tokens: Argument[] = [];
    for (const token of text.slice(after, end).matchAll(/\S+/g)) {
      if (tokens.length >= 12) break;
      tokens.push({ text: token[0], start: after + (token.index ?? 0), end: after + (token.index ?? 0) + token[0].length });
    }
    // a printf-style command (hiredis `redisCommand(c, "CF.RESERVE %s %d", key, capacity)`): the call's arguments fill the conversions
    const formatted = inString ? fillConversions(ctx, at, tokens) : undefined;
    if (formatted) return tokens.length < 2 ? undefined : fromTokens(builder(ctx, 'redis.cf.reserve', TITLE, at, formatted.end), formatted.tokens.slice(1));
    // documentation ("CF.RESERVE key capacity") is not a configuration: the capacity must be a number or a variable
    const capacity = tokens[1];
    if (!capacity || !(evaluateConstant(capacity.text, { allowQuotedNumbers: true }).ok || /^["']?\$/.test(capacity.text))) return undefined;
    return fromTokens(builder(ctx, 'redis.cf.reserve', TITLE, at, tokens[tokens.length - 1].end), tokens.slice(1), true);
  },
};

/** redis-py `.cf().reserve(key, capacity, expansion=None, bucket_size=None, max_iterations=None)` (also `.create`). */
const redisPy = callRecognizer({
  ids: ['redis-py.cf.reserve'],
  needles: ['cf()'],
  pattern: /\.\s*cf\s*\(\s*\)\s*\.\s*(?:reserve|create)\s*\(/g,
  build(ctx, args, start, end) {
    const positional = args.filter((a) => a.name === undefined);
    const capacity = args.find((a) => a.name === 'capacity') ?? positional[1];
    if (!capacity) return undefined;
    const b = builder(ctx, 'redis-py.cf.reserve', 'redis-py cf().reserve', start, end);
    const options: { -readonly [K in keyof RedisCuckooOptions]: number } = {};
    b.argument('n', capacity, { eval: { ...ctx.codeEval, allowQuotedNumbers: true } });
    const pick = (name: string, position: number) => args.find((a) => a.name === name) ?? positional[position];
    const given = (a: Argument | undefined) => (a && a.text !== 'None' ? a : undefined);
    option(b, options, 'EXPANSION', given(pick('expansion', 2)));
    option(b, options, 'BUCKETSIZE', given(pick('bucket_size', 3)));
    option(b, options, 'MAXITERATIONS', given(pick('max_iterations', 4)));
    return b.derive((params) => redisCuckoo(params.n, options)).build();
  },
});

/** How far before a Jedis call its parameters variable is looked for. */
const PARAMS_LOOK_BACK = 3000;

/**
 * Jedis options: the builder chain itself (`CFReserveParams.reserveParams().bucketSize(4)`), or a local variable the
 * file builds just before the call (`CFReserveParams params = new CFReserveParams().bucketSize(4); cfReserve(k, c, params)`).
 */
function jedisParams(text: string, argument: Argument | undefined): string {
  if (!argument) return '';
  if (!/^[A-Za-z_]\w*$/.test(argument.text)) return argument.text;
  const before = text.slice(Math.max(0, argument.start - PARAMS_LOOK_BACK), argument.start);
  const declarations = [...before.matchAll(new RegExp(`\\b${argument.text}\\s*=\\s*((?:new\\s+)?CFReserveParams\\b[^;]*);`, 'g'))];
  return declarations.length > 0 ? declarations[declarations.length - 1][1] : argument.text;
}

/** node-redis `.cf.reserve(key, capacity, { BUCKETSIZE, MAXITERATIONS, EXPANSION })` and Jedis `cfReserve(key, capacity[, params])`. */
const clients = callRecognizer({
  ids: ['node-redis.cf.reserve', 'jedis.cfReserve'],
  needles: ['cf.reserve', 'cfreserve'],
  pattern: /(?:\.\s*cf\s*\.\s*(reserve)|\.\s*(cfReserve))\s*\(/g,
  build(ctx, args, start, end, match) {
    if (args.length < 2) return undefined;
    const node = match[1] !== undefined;
    if (node && !langIs(ctx, JS)) return undefined;
    const b = builder(ctx, node ? 'node-redis.cf.reserve' : 'jedis.cfReserve', node ? 'node-redis cf.reserve' : 'Jedis cfReserve', start, end);
    const options: { -readonly [K in keyof RedisCuckooOptions]: number } = {};
    b.argument('n', args[1]);
    const extra = node ? args[2]?.text ?? '' : jedisParams(ctx.text, args[2]);
    for (const name of Object.keys(OPTION_NAMES) as OptionName[]) {
      // node-redis: `BUCKETSIZE: 4`; Jedis CFReserveParams: `.bucketSize(4)`, `.maxIterations(20)`, `.expansion(2)`
      const value = node ? new RegExp(`\\b${name}\\s*:\\s*([^,}]+)`).exec(extra) : new RegExp(`\\.\\s*${OPTION_NAMES[name]}\\s*\\(\\s*([^)]+)\\)`).exec(extra);
      if (value) option(b, options, name, value[1].trim());
    }
    return b.derive((params) => redisCuckoo(params.n, options)).build();
  },
});

export const REDIS_CUCKOO_RECOGNIZERS: readonly Recognizer[] = [cfReserveCommand, redisPy, clients];
