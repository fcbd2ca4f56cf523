/** RedisBloom (Redis Stack, Redis 8, Valkey, Dragonfly): commands in any language, shell and redis-cli; client APIs; module config. */
import { Argument, checks, DraftBuilder, pickArgument, ScanContext, splitArguments, unquote } from '../engine';
import { derive } from '../../libraries';
import { valkeyBloom } from '../../libraries/valkeyBloom';
import { evaluateConstant } from '../evaluate';
import type { Recognizer } from '../recognizer';
import { builder, callRecognizer, isStringLiteral, JS, langIs } from './helpers';

const PROBABILITY = checks.probability('error_rate', 'RedisBloom replies "ERR (0 < error rate range < 1)"');
const CAPACITY = checks.positiveInteger('capacity', 'RedisBloom replies "ERR (capacity should be larger than 0)"');

function deriveRedis(nonScaling: () => boolean) {
  return (p: { n?: number; p?: number }) => (p.n !== undefined && p.p !== undefined ? derive.redisBloom(p.n, p.p, nonScaling()) : {});
}

const EXPANSION = checks.range('EXPANSION', 0, 32768, 'RedisBloom replies "ERR expansion must be in the range [0, 32768]" (src/config.c bf_expansion_factor)');

/**
 * Reads BF.RESERVE / BF.INSERT arguments given as separate tokens (after the command). Undefined when the tokens
 * configure no filter: a command name listed or registered (`"+bf.reserve", "-bf.info"`), BF.RESERVE with no
 * error rate, BF.INSERT NOCREATE (it never creates one), BF.INSERT with neither sizing nor ITEMS.
 */
function fromTokens(b: DraftBuilder, command: string, tokens: readonly Argument[], continued?: string, wordsOfText = false): { nonScaling: boolean } | undefined {
  let nonScaling = false;
  // keywords are words of the command: a quoted argument in code (a variable named `expansion` is a value, not `EXPANSION`)
  const upper = tokens.map((t) => (wordsOfText || isStringLiteral(t.text) ? unquote(t.text).toUpperCase() : ''));
  const evalOptions = { ...b.ctx.codeEval, allowQuotedNumbers: true };
  // a quoted word (not a number, nor a shell or template variable) where a number belongs
  const wordString = (t: Argument | undefined) => t !== undefined && isStringLiteral(t.text) && !t.text.includes('$') && !evaluateConstant(t.text, { allowQuotedNumbers: true }).ok;
  if (command === 'RESERVE' && tokens.slice(1, 3).some(wordString)) return undefined;
  let expansionFactor: number | undefined;
  // RedisBloom src/rebloom.c (BF.RESERVE, BF.INSERT): EXPANSION needs an integer in range; 0 makes the filter non-scaling
  const expansion = (i: number) => {
    const stated = tokens[i + 1];
    if (!stated) {
      b.invalid('EXPANSION states no value; RedisBloom replies "ERR no expansion"');
      return;
    }
    const value = evaluateConstant(stated.text, evalOptions);
    if (!value.ok) {
      // a word of the command text (not a shell or template variable), or a quoted word among call arguments
      if (wordString(stated) || (wordsOfText && !/[${]/.test(stated.text))) b.invalid(`EXPANSION ${stated.text} is not a number; RedisBloom replies "ERR bad expansion"`);
      return;
    }
    const problem = EXPANSION(value.value) ?? (Number.isInteger(value.value) ? undefined : `EXPANSION = ${stated.text} is not an integer; RedisBloom replies "ERR bad expansion"`);
    if (problem) b.invalid(problem);
    else if (value.value === 0) nonScaling = true;
    else {
      expansionFactor = value.value;
      b.note(`EXPANSION ${value.value}: each new sub-filter is that many times larger`);
    }
  };
  // tokens[0] is the key
  if (command === 'RESERVE') {
    if (!tokens[1]) return undefined;
    b.argument('p', tokens[1], { check: PROBABILITY, eval: evalOptions });
    if (tokens[2]) b.argument('n', tokens[2], { check: CAPACITY, eval: evalOptions });
    else if (continued !== undefined) b.unevaluated('n', continued); // `cmd('bf.reserve k 0.01', capacity)`: the next argument
    else b.invalid('BF.RESERVE states no capacity; RedisBloom replies "ERR wrong number of arguments"');
    for (let i = 3; i < tokens.length; i++) {
      if (upper[i] === 'NONSCALING') nonScaling = true;
      if (upper[i] === 'EXPANSION') expansion(i);
    }
    if (upper.slice(3).includes('NONSCALING') && expansionFactor !== undefined) b.invalid('NONSCALING with an EXPANSION above 0; RedisBloom replies "Nonscaling filters cannot expand"');
  } else {
    if (upper.includes('NOCREATE')) return undefined;
    let sized = false;
    for (let i = 1; i < tokens.length; i++) {
      if (upper[i] === 'ITEMS') break;
      const sizing = upper[i] === 'CAPACITY' ? 'n' : upper[i] === 'ERROR' ? 'p' : undefined;
      if (sizing && tokens[i + 1]) {
        sized = true;
        if (wordString(tokens[i + 1])) b.invalid(`${upper[i]} ${tokens[i + 1].text} is not a number; RedisBloom replies "ERR bad ${sizing === 'n' ? 'capacity' : 'error rate'}"`, sizing);
        else b.argument(sizing, tokens[i + 1], { check: sizing === 'n' ? CAPACITY : PROBABILITY, eval: evalOptions });
        i++; // the value is not a keyword, even when it is a variable named `capacity`
        continue;
      }
      if (upper[i] === 'NONSCALING') nonScaling = true;
      if (upper[i] === 'EXPANSION') expansion(i);
    }
    if (!sized && !upper.includes('ITEMS')) return undefined;
    b.setDefault('p', 0.01, 'RedisBloom default error rate 0.01 (bf-error-rate)');
    b.setDefault('n', 100, 'RedisBloom default capacity 100 (bf-initial-size)');
  }
  if (nonScaling) b.note('NONSCALING: the filter does not grow; inserts beyond capacity raise its FP rate');
  return { nonScaling };
}

/** A string literal turned into bytes (`"0.01".getBytes()`, `"1000".encode()`, `b"1000"`) is sent as that string. */
function asSent(arg: Argument): Argument {
  const bytes = /^b?(["'])([^"'\n]*)\1(?:\s*\.\s*(?:getBytes|encode|toByteArray|as_bytes|to_vec)\s*\([^()]*\))?$/.exec(arg.text);
  if (!bytes || bytes[0] === `${bytes[1]}${bytes[2]}${bytes[1]}`) return arg;
  const quoted = `${bytes[1]}${bytes[2]}${bytes[1]}`;
  const at = arg.text.indexOf(quoted);
  return { ...arg, text: quoted, start: arg.start + at, end: arg.start + at + quoted.length };
}

/** A call written over several lines (`execute_command(` / `'BF.RESERVE', key, p, n`) starts where its callee's line does. */
export function commandCallStart(ctx: ScanContext, open: number, at: number): number {
  const source = ctx.source;
  const line = source.lineOf(open);
  return line < source.lineOf(at) ? source.lineStart(line) + /^\s*/.exec(source.lineText(line))![0].length : at;
}

/** `BF.RESERVE key p n [EXPANSION e] [NONSCALING]` and `BF.INSERT key [CAPACITY c] [ERROR e] ...` as command text. */
const redisCommand: Recognizer = {
  ids: ['redis.bf.reserve', 'redis.bf.insert', 'valkey.bf.reserve', 'valkey.bf.insert'],
  needles: ['bf.reserve', 'bf.insert'],
  pattern: /\bBF\.(RESERVE|INSERT)\b/gi,
  match(ctx, match, at) {
    if (ctx.isComment(at)) return undefined;
    const command = match[1].toUpperCase();
    const valkey = ctx.hint('valkey', /valkey/i);
    const id = `${valkey ? 'valkey' : 'redis'}.bf.${command === 'RESERVE' ? 'reserve' : 'insert'}`;
    const after = at + match[0].length;
    const text = ctx.text;
    if (text[at - 1] === '.' || /^\s*\(/.test(text.slice(after, after + 6))) return undefined; // a client method, handled elsewhere
    // Form 1: the command is one string among comma-separated arguments: call('BF.RESERVE', key, 0.01, 1000)
    const closeQuote = text[after];
    if ((closeQuote === '"' || closeQuote === '\'' || closeQuote === '`') && /^\s*,/.test(text.slice(after + 1, after + 20))) {
      const open = enclosingOpen(text, at);
      if (open < 0) return undefined;
      const list = splitArguments(text, open);
      if (!list) return undefined;
      const index = list.args.findIndex((a) => a.start <= at && a.end >= after);
      if (index < 0) return undefined;
      // RedisModule_Call(ctx, "BF.RESERVE", "cdl", key, p, n): the format string (c, d, l, s...) is not an argument of the command
      const format = /RedisModule_Call\s*\($/.test(text.slice(Math.max(0, open - 40), open + 1)) ? 1 : 0;
      let tokens = list.args.slice(index + 1 + format).map(asSent);
      // the command's arguments as one array: ioredis `call('bf.reserve', [key, p, n])`, Elixir `handle("BF.RESERVE", [key, p, n])`
      if (tokens[0]?.text.startsWith('[')) tokens = (splitArguments(text, tokens[0].start)?.args ?? []).map(asSent);
      const b = builder(ctx, id, `${valkey ? 'Valkey bloom' : 'RedisBloom'} BF.${command}`, commandCallStart(ctx, open, at), list.end);
      const read = fromTokens(b, command, tokens);
      return read && flavoured(ctx, b, valkey, read.nonScaling);
    }
    // Form 1b: the command, then one `.arg(x)` per argument: redis-rs `redis::cmd("BF.RESERVE").arg(key).arg(0.01).arg(1000)`
    if ((closeQuote === '"' || closeQuote === '\'') && /^\s*\)\s*\.\s*arg\s*\(/.test(text.slice(after + 1, after + 40))) {
      const tokens: Argument[] = [];
      let end = text.indexOf(')', after + 1) + 1;
      for (let chained = /^\s*\.\s*arg\s*\(/.exec(text.slice(end, end + 40)); chained && tokens.length < 12; chained = /^\s*\.\s*arg\s*\(/.exec(text.slice(end, end + 40))) {
        const list = splitArguments(text, end + chained[0].length - 1);
        if (!list || list.args.length !== 1) break;
        tokens.push(list.args[0]);
        end = list.end;
      }
      const b = builder(ctx, id, `${valkey ? 'Valkey bloom' : 'RedisBloom'} BF.${command}`, at, end);
      const read = fromTokens(b, command, tokens);
      return read && flavoured(ctx, b, valkey, read.nonScaling);
    }
    // Form 1c: a Lettuce command keyword (`object BfReserve : ProtocolKeyword { ... "BF.RESERVE".toByteArray() }`)
    // dispatched with a CommandArgs chain: `dispatch(BfReserve, output, CommandArgs(codec).addKey(k).add(p).add(n))`
    const lettuce = (closeQuote === '"' || closeQuote === '\'') ? lettuceArguments(ctx, at, after) : undefined;
    if (lettuce) {
      const b = builder(ctx, id, `${valkey ? 'Valkey bloom' : 'RedisBloom'} BF.${command}`, lettuce.start, lettuce.end);
      const read = fromTokens(b, command, lettuce.tokens);
      return read && flavoured(ctx, b, valkey, read.nonScaling);
    }
    // Form 2: whitespace-separated tokens to the end of the string or line (redis-cli, shell, docs, "BF.RESERVE k 0.01 1000").
    const inString = ctx.isString(at);
    let end = after;
    const lineEnd = Math.min(ctx.source.lineEnd(ctx.source.lineOf(at)), after + 400);
    while (end < lineEnd && (!inString || ctx.isString(end)) && !/[;|&)\]]/.test(text[end])) {
      // a template's interpolation (`${keyNames[2]}`) is one token, brackets and all
      if (text[end] === '$' && text[end + 1] === '{') {
        const close = text.indexOf('}', end);
        if (close > end && close < lineEnd) end = close;
      }
      end++;
    }
    if (inString && end > after && /["'`]/.test(text[end - 1])) end--;
    const body = text.slice(after, end);
    const tokens: Argument[] = [];
    const tokenPattern = /\S+/g;
    let token: RegExpExecArray | null;
    while ((token = tokenPattern.exec(body)) !== null && tokens.length < 40) {
      tokens.push({ text: token[0], start: after + token.index, end: after + token.index + token[0].length });
    }
    // a printf-style command (hiredis `redisCommand(c, "BF.RESERVE %s %f %d", key, p, n)`): the call's arguments fill the conversions
    const formatted = inString ? fillConversions(ctx, at, tokens) : undefined;
    if (formatted) tokens.splice(0, tokens.length, ...formatted.tokens);
    // Require constant values: documentation like "BF.RESERVE key error_rate capacity" is not a config.
    const numeric = (t: Argument | undefined) => t !== undefined && evaluateConstant(t.text, { allowQuotedNumbers: true }).ok;
    if (command === 'RESERVE' && !formatted && !numeric(tokens[1]) && !numeric(tokens[2])) {
      // a shell script's `$RATE $CAP` are configured where the script runs; a JS template's `${rate}` is the program's own value
      const shellVariables = !langIs(ctx, JS) && tokens.slice(1, 3).some((t) => /^["']?\$/.test(t.text));
      if (!shellVariables) return undefined;
    }
    if (command === 'INSERT' && !tokens.some((t, i) => /^(CAPACITY|ERROR)$/i.test(t.text) && numeric(tokens[i + 1]))) return undefined;
    const last = formatted ? formatted.end : tokens.length > 0 ? tokens[Math.min(tokens.length - 1, command === 'RESERVE' ? 6 : tokens.length - 1)].end : after;
    const b = builder(ctx, id, `${valkey ? 'Valkey bloom' : 'RedisBloom'} BF.${command}`, at, last);
    // a command string continued by further call arguments: `cmd('bf.reserve k 0.01', capacity)`
    const continuedBy = inString && !formatted ? /^["'`]?\s*,\s*([^,()\s]+)/.exec(text.slice(end, end + 80)) : null;
    const read = fromTokens(b, command, tokens, continuedBy?.[1], true);
    return read && flavoured(ctx, b, valkey, read.nonScaling);
  },
};

/** A printf conversion as hiredis reads it (read/format_command: %s, %b, %d, %lld, %f, %g, %u, ...). */
const CONVERSION = /^%[-+ #0-9.]*(?:hh|h|ll|l|q|z|t|j)?([sbdiouxXeEfFgGc])$/;

/**
 * hiredis `redisCommand(c, "BF.RESERVE %s %f %d", key, 0.01, 1000)` (also redisAppendCommand, redisAsyncCommand): each
 * conversion token takes the next call argument after the format string; `%b` takes two (pointer, length). Undefined when
 * the tokens hold no conversion or the call has too few arguments.
 */
export function fillConversions(ctx: ScanContext, at: number, tokens: readonly Argument[]): { tokens: Argument[]; end: number } | undefined {
  if (!tokens.some((t) => CONVERSION.test(t.text))) return undefined;
  const open = enclosingOpen(ctx.text, at);
  const list = open >= 0 ? splitArguments(ctx.text, open) : undefined;
  const index = list ? list.args.findIndex((a) => a.start <= at && at < a.end) : -1;
  if (!list || index < 0) return undefined;
  const rest = list.args.slice(index + 1);
  let next = 0;
  const filled: Argument[] = [];
  for (const token of tokens) {
    const conversion = CONVERSION.exec(token.text);
    if (!conversion) {
      filled.push(token);
      continue;
    }
    const arg = rest[next];
    if (!arg) return undefined;
    filled.push(arg);
    next += conversion[1] === 'b' ? 2 : 1;
  }
  return { tokens: filled, end: list.end };
}

/**
 * The server behind the command: Valkey's bloom module sizes its first filter with the Rust bloomfilter crate
 * for p itself (later filters p x 0.5^i: TIGHTENING ratio); Dragonfly speaks the same commands (its sizing unverified).
 */
function flavoured(ctx: ScanContext, b: DraftBuilder, valkey: boolean, nonScaling: boolean) {
  if (valkey) {
    return b.derive((p) => (p.n !== undefined && p.p !== undefined ? valkeyBloom(p.n, p.p) : {})).build();
  }
  if (ctx.hint('dragonfly', /dragonfly/i)) b.note('Dragonfly accepts the RedisBloom syntax (BF.RESERVE key p capacity); shown with RedisBloom\'s sizing');
  return b.derive(deriveRedis(() => nonScaling)).build();
}

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

/**
 * Lettuce custom commands: the keyword object whose bytes are the command (`object K : ProtocolKeyword`), dispatched
 * with a CommandArgs chain (inline or through a variable); the chain's `addKey`/`add` arguments are the command's.
 */
function lettuceArguments(ctx: ScanContext, at: number, after: number): { tokens: Argument[]; start: number; end: number } | undefined {
  const text = ctx.text;
  if (!/^["']\s*\.\s*(?:toByteArray|getBytes)\s*\(/.test(text.slice(after, after + 40))) return undefined;
  const owner = [...text.slice(Math.max(0, at - 400), at).matchAll(/\b(?:object|class|enum)\s+(\w+)\s*(?:\([^)]*\))?\s*:\s*ProtocolKeyword\b|\b(\w+)\s*(?:\([^)]*\))?\s+implements\s+ProtocolKeyword\b/g)].pop();
  const keyword = owner?.[1] ?? owner?.[2];
  if (!keyword) return undefined;
  const dispatch = new RegExp(`\\.dispatch\\s*\\(\\s*(?:\\w+\\.)?${keyword}\\b`).exec(text);
  const list = dispatch ? splitArguments(text, text.indexOf('(', dispatch.index)) : undefined;
  const argsText = list?.args[2]?.text;
  if (!argsText) return undefined;
  // the chain inline, or the variable it is bound to
  const chainAt = /^CommandArgs\s*[(<]/.test(argsText) ? list!.args[2].start : text.search(new RegExp(`\\b${argsText}\\s*=\\s*CommandArgs\\s*[(<]`));
  if (chainAt < 0) return undefined;
  const start = text.indexOf('CommandArgs', chainAt);
  const tokens: Argument[] = [];
  let end = splitArguments(text, text.indexOf('(', start))?.end ?? -1;
  const link = /^\s*\.\s*(?:add|addKey|addValue)\s*\(/;
  for (let next = end < 0 ? null : link.exec(text.slice(end, end + 200)); next && tokens.length < 12; next = link.exec(text.slice(end, end + 200))) {
    const inner = splitArguments(text, end + next[0].length - 1);
    if (!inner || inner.args.length !== 1) break;
    tokens.push(inner.args[0]);
    end = inner.end;
  }
  return tokens.length >= 3 ? { tokens, start, end } : undefined;
}

/** redis-py `r.bf().reserve(key, errorRate, capacity, expansion=None, noScale=None)` / `.create(...)` / `.insert(key, items, capacity=, error=, noScale=)`. */
const redisPy = callRecognizer({
  ids: ['redis-py.bf.reserve', 'redis-py.bf.insert'],
  needles: ['bf()', '.reserve(', '.create(', '.insert('], // the last three on a variable bound to bf() (see index.ts)
  // on `r.bf()` itself, or on a variable bound to it (`bf = server.bf()` ... `bf.create(key, 0.001, 10_000)`)
  pattern: /(?:\.\s*bf\s*\(\s*\)|\b([A-Za-z_]\w*))\s*\.\s*(reserve|create|insert)\s*\(/g,
  build(ctx, args, start, end, found) {
    if (found[1] !== undefined && !ctx.hint(`bf-variable:${found[1]}`, new RegExp(`\\b${found[1]}\\s*=\\s*[\\w.()]+\\.bf\\(\\s*\\)`))) return undefined;
    const match = [found[0], found[2]];
    if (match[1] === 'insert') {
      const b = builder(ctx, 'redis-py.bf.insert', 'redis-py bf().insert', start, end);
      const n = pickArgument(args, 99, 'capacity');
      const p = pickArgument(args, 99, 'error');
      if (!n && !p) return undefined;
      const sent = { ...ctx.codeEval, allowQuotedNumbers: true }; // redis-py sends str(value); the server parses it
      if (n) b.argument('n', n, { check: CAPACITY, eval: sent });
      if (p) b.argument('p', p, { check: PROBABILITY, eval: sent });
      b.setDefault('p', 0.01, 'RedisBloom default error rate 0.01');
      b.setDefault('n', 100, 'RedisBloom default capacity 100');
      const noScale = pickArgument(args, 99, 'noScale');
      const nonScaling = noScale !== undefined && /^(True|1)$/.test(noScale.text);
      return b.derive(deriveRedis(() => nonScaling)).build();
    }
    const b = builder(ctx, 'redis-py.bf.reserve', `redis-py bf().${match[1]}`, start, end);
    // `error_rate=` is BF.RESERVE's documented name, which people write; redis-py's parameter is `errorRate`
    const p = pickArgument(args, 1, 'errorRate', 'error_rate');
    const n = pickArgument(args, 2, 'capacity');
    if (!p || !n) return undefined;
    if (p.name === 'error_rate') b.note('redis-py names this parameter errorRate: error_rate= raises TypeError (redis/commands/bf/commands.py, BFCommands.create)');
    const sent = { ...ctx.codeEval, allowQuotedNumbers: true }; // redis-py sends str(value); the server parses it
    b.argument('p', p, { check: PROBABILITY, eval: sent });
    b.argument('n', n, { check: CAPACITY, eval: sent });
    const noScale = pickArgument(args, 4, 'noScale');
    const nonScaling = noScale !== undefined && /^(True|1)$/.test(noScale.text);
    if (nonScaling) b.note('noScale=True: the filter does not grow');
    return b.derive(deriveRedis(() => nonScaling)).build();
  },
});

/** node-redis `client.bf.reserve(key, errorRate, capacity, { NONSCALING: true })`, Jedis `bfReserve(key, p, n)`, go-redis `BFReserve(ctx, key, p, n)`. */
const redisClients = callRecognizer({
  ids: ['node-redis.bf.reserve', 'jedis.bfReserve', 'go-redis.bfReserve', 'redis4cats.bfReserve'],
  needles: ['bf.reserve', 'bfreserve'],
  // node-redis v4 names each command in lower and upper case (`bf.reserve`, `bf.RESERVE`)
  pattern: /(?:\.\s*bf\s*\.\s*(reserve|RESERVE)|\b(bfReserve)|\b(BFReserve)(NonScaling|Expansion)?)\s*\(/g,
  build(ctx, args, start, end, match) {
    if (match[1]) {
      if (!langIs(ctx, JS) || args.length < 3) return undefined;
      const b = builder(ctx, 'node-redis.bf.reserve', 'node-redis bf.reserve', start, end);
      b.argument('p', args[1], { check: PROBABILITY, eval: { ...ctx.codeEval, allowQuotedNumbers: true } });
      b.argument('n', args[2], { check: CAPACITY, eval: { ...ctx.codeEval, allowQuotedNumbers: true } });
      const nonScaling = args[3] !== undefined && /NONSCALING\s*:\s*true/.test(args[3].text);
      return b.derive(deriveRedis(() => nonScaling)).build();
    }
    if (match[2]) {
      if (args.length < 3) return undefined;
      // keyscope_client (Dart): declared in src/libraries/jsLongTail2.ts
      if (langIs(ctx, ['dart']) && ctx.hint('keyscope_client', /keyscope_client/)) return undefined;
      // redis4cats (Scala): BloomFilterCommands.bfReserve(key, errorRate, capacity[, args]), modules/effects/.../algebra/bloomfilter.scala
      const redis4cats = langIs(ctx, ['scala']) && ctx.hint('redis4cats', /redis4cats/);
      const b = redis4cats ? builder(ctx, 'redis4cats.bfReserve', 'redis4cats bfReserve', start, end) : builder(ctx, 'jedis.bfReserve', 'Jedis bfReserve', start, end);
      b.argument('p', args[1], { check: PROBABILITY });
      b.argument('n', args[2], { check: CAPACITY });
      const nonScaling = args[3] !== undefined && /nonScaling\s*\(/.test(args[3].text);
      return b.derive(deriveRedis(() => nonScaling)).build();
    }
    if (!langIs(ctx, ['go']) || args.length < 4) return undefined;
    const b = builder(ctx, 'go-redis.bfReserve', `go-redis BFReserve${match[4] ?? ''}`, start, end);
    b.argument('p', args[2], { check: PROBABILITY });
    b.argument('n', args[3], { check: CAPACITY });
    const nonScaling = match[4] === 'NonScaling';
    return b.derive(deriveRedis(() => nonScaling)).build();
  },
});

/**
 * Module defaults for filters created implicitly by BF.ADD: `loadmodule redisbloom.so ERROR_RATE 0.01 INITIAL_SIZE 100`,
 * Redis Stack's `REDISBLOOM_ARGS="ERROR_RATE 0.001 INITIAL_SIZE 1000"`, redis.conf `bf-error-rate` / `bf-initial-size`.
 */
const redisModuleConfig: Recognizer = {
  ids: ['redis.module.config'],
  needles: ['error_rate', 'initial_size', 'bf-error-rate', 'bf-initial-size', 'bf.bloom-fp-rate', 'bf.bloom-capacity', 'redisbloom_args'],
  // Redis Stack's docker entrypoint appends $REDISBLOOM_ARGS to `--loadmodule .../redisbloom.so` (redis-stack entrypoint.sh)
  pattern: /\b(?:loadmodule["',\s]+\S*bloom\S*\.so\b[^\n]*|REDISBLOOM_ARGS\b[^\n]*|bf-(?:error-rate|initial-size)\s+\S+|bf\.bloom-(?:fp-rate|capacity)\s+\S+)/gi,
  match(ctx, match, at) {
    if (ctx.isComment(at)) return undefined;
    return moduleConfigGroup(ctx, at, match[0]);
  },
};

function moduleConfigGroup(ctx: ScanContext, at: number, text: string) {
  // valkey-bloom's configs are `bf.bloom-capacity` / `bf.bloom-fp-rate` (src/configs.rs: defaults 100 and 0.01)
  const valkey = /^bf\.bloom-/i.test(text) || /valkey/i.test(text) || ctx.hint('valkey', /valkey/i);
  const b = builder(ctx, 'redis.module.config', valkey ? 'Valkey bloom module defaults (BF.ADD without BF.RESERVE)' : 'RedisBloom module defaults (BF.ADD without BF.RESERVE)', at, at + text.length);
  if (/^(?:loadmodule|REDISBLOOM_ARGS)/i.test(text)) {
    // arguments separated by blanks, or listed as strings (`"ERROR_RATE", "0.001"`)
    const p = /\bERROR_RATE["',\s]+([^\s"',\]]+)/i.exec(text);
    const n = /\bINITIAL_SIZE["',\s]+([^\s"',\]]+)/i.exec(text);
    if (!p && !n) return undefined;
    if (p) b.config('p', p[1], { check: PROBABILITY, at: at + p.index + p[0].length - p[1].length });
    if (n) b.config('n', n[1], { check: CAPACITY, at: at + n.index + n[0].length - n[1].length });
  } else if (!/^\s*bf[-.]/i.test(ctx.source.lineText(ctx.source.lineOf(at)))) {
    // module arguments on one line (`moduleArgs='bf-error-rate 0.02 bf-initial-size 200'`): every pair on it
    const lineStart = ctx.source.lineStart(ctx.source.lineOf(at));
    const pairs = /\bbf[-.](error-rate|initial-size|bloom-fp-rate|bloom-capacity)\s+([^\s'"`,;)]+)/gi;
    const content = ctx.source.lineText(ctx.source.lineOf(at));
    if (pairs.test(content.slice(0, at - lineStart))) return undefined; // the group is reported from its first pair
    pairs.lastIndex = at - lineStart;
    let end = at + text.length;
    for (let m = pairs.exec(content); m; m = pairs.exec(content)) {
      const valueAt = lineStart + m.index + m[0].length - m[2].length;
      if (/rate$/i.test(m[1])) b.config('p', m[2], { check: PROBABILITY, at: valueAt });
      else b.config('n', m[2], { check: CAPACITY, at: valueAt });
      end = valueAt + m[2].length;
    }
    b.draft.end = end;
  } else {
    // redis.conf lines: gather bf-error-rate / bf-initial-size within the next lines
    const line = ctx.source.lineOf(at);
    let end = at + text.length;
    for (let l = Math.max(0, line - 10); l < Math.min(ctx.source.lineCount, line + 10); l++) {
      const lineStart = ctx.source.lineStart(l);
      const content = ctx.source.lineText(l);
      const m = /^\s*bf[-.](error-rate|initial-size|bloom-fp-rate|bloom-capacity)\s+(\S+)/i.exec(content);
      if (!m || ctx.isComment(lineStart + m.index + m[0].indexOf('bf'))) continue;
      const valueAt = lineStart + m[0].length - m[2].length;
      if (l < line) return undefined; // the group is reported from its first line
      if (/rate$/i.test(m[1])) b.config('p', m[2], { check: PROBABILITY, at: valueAt });
      else b.config('n', m[2], { check: CAPACITY, at: valueAt });
      end = Math.max(end, valueAt + m[2].length);
    }
    b.draft.end = end;
  }
  b.setDefault('p', 0.01, valkey ? 'valkey-bloom default bf.bloom-fp-rate 0.01' : 'RedisBloom default error rate 0.01');
  b.setDefault('n', 100, valkey ? 'valkey-bloom default bf.bloom-capacity 100' : 'RedisBloom default initial size 100');
  if (valkey) return b.derive((p) => (p.n !== undefined && p.p !== undefined ? valkeyBloom(p.n, p.p) : {})).build();
  return b.derive(deriveRedis(() => false)).build();
}

/**
 * A project's own Redis Bloom wrapper (`new RedisBloom(redis).reserve(key, 0.001, 1000)`, `hub.bloom.reserve(...)`): a
 * Bloom-named receiver's `reserve(key, errorRate, capacity)` takes BF.RESERVE's arguments in BF.RESERVE's order, as
 * every client does (node-redis, redis-modules-sdk, redis-py). redis-modules-sdk's own import is read by its module.
 */
const bloomWrapperReserve = callRecognizer({
  ids: ['redis.bf.reserve'],
  needles: ['bloom'],
  pattern: /(?<![\w$])[A-Za-z_$]{0,40}[Bb]loom[\w$]{0,40}\s*\.\s*reserve\s*\(/g,
  build(ctx, args, start, end) {
    if (args.length < 3 || args.length > 4 || ctx.hint('redis-modules-sdk', /redis-modules-sdk/)) return undefined;
    // BF.RESERVE's order: a rate then a capacity, as values or as names that say so (not `reserve(store, key, rate, cap)`)
    const says = (arg: Argument, word: RegExp): boolean => evaluateConstant(arg.text, { ...ctx.codeEval, allowQuotedNumbers: true }).ok || word.test(arg.text);
    if (!says(args[1], /rate|fpp|prob|error|fp/i) || !says(args[2], /cap|size|count|items|entries|elements|expected|\bn\b/i)) return undefined;
    const b = builder(ctx, 'redis.bf.reserve', 'RedisBloom BF.RESERVE (through a wrapper\'s reserve)', start, end);
    const sent = { ...ctx.codeEval, allowQuotedNumbers: true };
    b.argument('p', args[1], { check: PROBABILITY, eval: sent });
    b.argument('n', args[2], { check: CAPACITY, eval: sent });
    return b.derive(deriveRedis(() => false)).build();
  },
});

export const REDIS_RECOGNIZERS: readonly Recognizer[] = [redisCommand, redisPy, redisClients, redisModuleConfig, bloomWrapperReserve];
