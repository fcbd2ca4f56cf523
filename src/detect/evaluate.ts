/**
 * A small, safe constant-expression evaluator for the arguments of detected configurations.
 *
 * Accepts numeric literals in the syntax of every supported language (`1_000_000`, `1e6`, `0x100000`,
 * `0b1010`, `1000L`, `0.01f`, `120'000`, `1_000u64`, `10**6`, `2^20` when `caretIsPower`), the operators
 * + - * / % ** << >> and parentheses, numeric casts (`(long)`, `float64(x)`, `x as u64`, `int(x)`),
 * `Math.pow`/`math.Pow`/`pow`, and names bound to constants (through `resolve`).
 * No eval; recursion depth, expression length and name-resolution depth are bounded; never NaN.
 */

export interface EvalOptions {
  /** `^` is exponentiation (config files, annotations); otherwise it is XOR and not evaluated. */
  readonly caretIsPower?: boolean;
  /** `/` truncates when both operands are integers (C, C++, Java, Go, Rust, C#, Kotlin, Scala). */
  readonly integerDivision?: boolean;
  /** `'...'`/`"..."` around a number is accepted (Redis command arguments, config values). */
  readonly allowQuotedNumbers?: boolean;
  /** Resolves a name (`N`, `Self::TGT_FP`, `this.size`) to the text of its constant definition. */
  readonly resolve?: (name: string) => string | undefined;
}

export type EvalResult =
  | { readonly ok: true; readonly value: number; readonly integer: boolean }
  | { readonly ok: false; readonly reason: string };

export const MAX_EXPRESSION_LENGTH = 300;
const MAX_DEPTH = 40;
const MAX_NAME_DEPTH = 8;

/**
 * Why an expression is not a constant. Thrown and caught inside the evaluator on every name it cannot resolve, so it is
 * no `Error`: an Error records the stack where it is made, which deep in a recursive descent cost seconds per corpus.
 */
class EvalError {
  constructor(readonly message: string) {}
}

interface Value {
  value: number;
  integer: boolean;
}

type Token =
  | { kind: 'num'; value: number; integer: boolean; text: string }
  | { kind: 'name'; text: string }
  | { kind: 'op'; text: string }
  | { kind: 'str'; text: string };

// Sticky, single-start, linear-time patterns.
const NUMBER_HEX = /0[xX][0-9a-fA-F](?:[0-9a-fA-F_']*[0-9a-fA-F])?/y;
const NUMBER_BIN = /0[bB][01](?:[01_']*[01])?/y;
const NUMBER_OCT = /0[oO][0-7](?:[0-7_]*[0-7])?/y;
const NUMBER_DEC = /(?:\d(?:[\d_']*\d)?(?:\.\d(?:[\d_']*\d)?|\.(?![A-Za-z_.]))?|\.\d(?:[\d_']*\d)?)(?:[eE][+-]?\d(?:[\d_]*\d)?)?/y;
const NUMBER_INT_SUFFIX = /(?:_?(?:[ui](?:8|16|32|64|128|size))|[uU]?[lL]{1,2}[uU]?|[uU])(?![\w])/y;
const METHOD_CONVERSION = /\.(?:toLong|toInt|toDouble|toFloat)\(\)/y;
const NUMBER_SUFFIX = /(?:_?(?:[ui](?:8|16|32|64|128|size)|f32|f64)|[uU]?[lL]{1,2}[uU]?|[uU]|[fFdDmM])(?![\w])/y;
/** A name, qualified or not; a leading `@` is an Elixir module attribute or a Ruby instance variable. */
const NAME = /@{0,2}[A-Za-z_$][\w$]*(?:(?:\??\.|::|->)[A-Za-z_$][\w$]*)*/y;
const OPERATORS = ['**', '<<', '>>', '||', '??', '?:', '//', '+', '-', '*', '/', '%', '^', '(', ')', ','];
/** Fallback operators: `a || 0.01`, `a ?? 0.01`, Kotlin `a ?: 0.01`, Python/Ruby `a or 0.01` (the first operand that is a constant). */
const FALLBACK_OPERATORS = new Set(['||', '??', '?:', 'or']);
/** Of those, the ones that also fall back on 0 (JS `||`, Python `or`); `??` and Kotlin `?:` fall back only on null. */
const FALSY_FALLBACK_OPERATORS = new Set(['||', 'or']);
/** Reads of a setting whose last argument is the value used when the setting is absent: `map.getOrDefault(k, 1000)`, Python `d.get(k, 0.01)`, `os.getenv(k, "1000")`, Ruby `ENV.fetch(k, 1000)`, `props.getProperty(k, "0.01")`, `conf.getLong(k, 1000L)`. */
const READ_WITH_DEFAULT = /(?:^|\.|::)(?:getOrDefault|get|getenv|getProperty|GetProperty|getInt|getInteger|getLong|getDouble|getFloat|getint|getfloat|fetch|GetValueOrDefault)$/;
/** Functions that read a number from text: `Long.parseLong("1000")`, `int("1000")`, `Number("0.01")`, `strconv.Atoi("10")`. */
const PARSES_TEXT = /^(?:(?:Long|Integer|Double|Float|Short)\.(?:parseLong|parseInt|parseDouble|parseFloat|valueOf)|parseInt|parseFloat|Number|int|float|Integer|Float|strconv\.Atoi|strconv\.ParseFloat|strconv\.ParseInt|BigInt|(?:std::)?(?:stoi|stol|stoll|stoul|stod|stof|atoi|atol|atof))$/;
/** Methods whose value is their argument when the receiver holds none: Rust `x.unwrap_or(0.01)`, Java `opt.orElse(0.01)`. */
const FALLBACK_METHOD = /\.(?:unwrap_or|orElse|or_else|getOrElse)$/;
/** Conversions to text that keep a number's value (`String(x)`, `str(x)`, `x.to_string()`): Redis clients send numbers as strings. */
const TEXT_CONVERSIONS = new Set(['String', 'str', 'to_string', 'strval', 'Integer.toString', 'Double.toString', 'Long.toString', 'String.valueOf']);
const CAST_TYPES = new Set([
  'long', 'int', 'short', 'double', 'float', 'unsigned', 'signed', 'size_t', 'uint32_t', 'uint64_t', 'int32_t', 'int64_t',
  'u32', 'u64', 'usize', 'i32', 'i64', 'f32', 'f64', 'uint', 'Long', 'Integer', 'Double', 'Float', 'number', 'UInt64', 'Float64',
]);
const INTEGER_CASTS = new Set([
  'long', 'int', 'short', 'unsigned', 'signed', 'size_t', 'uint32_t', 'uint64_t', 'int32_t', 'int64_t', 'u8', 'u16', 'u32', 'u64',
  'u128', 'usize', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'int8', 'int16', 'int32',
  'int64', 'Long', 'Integer', 'UInt64', 'BigInt', 'parseInt', 'Long.parseLong', 'Integer.parseInt', 'Long.valueOf', 'Integer.valueOf', 'strconv.Atoi', 'std::stoi', 'std::stol', 'std::stoll', 'std::stoul', 'stoi', 'stol', 'atoi', 'atol', 'Math.trunc', 'math.trunc', 'toLong', 'toInt', 'intValue', 'longValue',
]);
const FLOAT_CASTS = new Set([
  'double', 'float', 'f32', 'f64', 'float32', 'float64', 'Double', 'Float', 'Number', 'parseFloat', 'Float64', 'number', 'toDouble',
  'toFloat', 'doubleValue', 'decimal', 'Decimal', 'Double.parseDouble', 'Float.parseFloat', 'Double.valueOf', 'Float.valueOf', 'std::stod', 'std::stof', 'stod', 'atof',
]);
const ROUNDING = new Map<string, (x: number) => number>([
  ['Math.ceil', Math.ceil], ['math.ceil', Math.ceil], ['math.Ceil', Math.ceil], ['ceil', Math.ceil],
  ['Math.floor', Math.floor], ['math.floor', Math.floor], ['math.Floor', Math.floor], ['floor', Math.floor],
  ['Math.round', Math.round], ['round', Math.round], ['math.Round', Math.round], ['math.round', Math.round], ['Math.abs', Math.abs], ['math.Abs', Math.abs], ['abs', Math.abs],
]);
const POWER_FUNCTIONS = new Set(['Math.pow', 'math.pow', 'math.Pow', 'pow', 'powf', 'std::pow', 'f64::powi', 'f64::powf']);
/** Real functions of one argument that sizing code folds constants through (go-ethereum: `math.Ceil(n * math.Log(p) / ...)`). */
const REAL_FUNCTIONS = new Map<string, (x: number) => number>([
  ['Math.log', Math.log], ['math.log', Math.log], ['math.Log', Math.log], ['log', Math.log], ['ln', Math.log], ['std::log', Math.log],
  ['Math.log2', Math.log2], ['math.log2', Math.log2], ['math.Log2', Math.log2], ['log2', Math.log2],
  ['Math.log10', Math.log10], ['math.log10', Math.log10], ['math.Log10', Math.log10], ['log10', Math.log10],
  ['Math.exp', Math.exp], ['math.exp', Math.exp], ['math.Exp', Math.exp], ['exp', Math.exp],
  ['Math.sqrt', Math.sqrt], ['math.sqrt', Math.sqrt], ['math.Sqrt', Math.sqrt], ['sqrt', Math.sqrt],
]);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    if ((c >= 48 && c <= 57) || (c === 46 && /\d/.test(text.charAt(i + 1)))) {
      let match: RegExpExecArray | null = null;
      let radix = 10;
      for (const [pattern, r] of [[NUMBER_HEX, 16], [NUMBER_BIN, 2], [NUMBER_OCT, 8]] as const) {
        pattern.lastIndex = i;
        match = pattern.exec(text);
        if (match) {
          radix = r;
          break;
        }
      }
      if (!match) {
        NUMBER_DEC.lastIndex = i;
        match = NUMBER_DEC.exec(text);
      }
      if (!match) throw new EvalError(`cannot read the number at "${text.slice(i, i + 12)}"`);
      const raw = match[0];
      i += raw.length;
      NUMBER_SUFFIX.lastIndex = i;
      NUMBER_INT_SUFFIX.lastIndex = i;
      const suffix = radix === 10 ? NUMBER_SUFFIX.exec(text) : NUMBER_INT_SUFFIX.exec(text);
      const suffixText = suffix ? suffix[0] : '';
      i += suffixText.length;
      METHOD_CONVERSION.lastIndex = i;
      const conversion = METHOD_CONVERSION.exec(text);
      if (conversion) i += conversion[0].length;
      const digits = raw.replace(/[_']/g, '');
      let value: number;
      let integer: boolean;
      if (radix === 10) {
        value = Number(digits);
        integer = !/[.eE]/.test(digits) && !/^_?f|^[fFdDmM]$/.test(suffixText);
      } else {
        value = parseInt(digits.slice(2), radix);
        integer = true;
      }
      if (!Number.isFinite(value)) throw new EvalError(`the number ${raw} is out of range`);
      if (i < text.length && /[\w$]/.test(text.charAt(i))) throw new EvalError(`"${text.slice(i - raw.length, i + 4)}" is not a number`);
      tokens.push({ kind: 'num', value, integer, text: raw + suffixText });
      continue;
    }
    if (/[A-Za-z_$@]/.test(text.charAt(i))) {
      NAME.lastIndex = i;
      const match = NAME.exec(text);
      if (!match) throw new EvalError('unreadable name');
      // optional chaining `options?.rate` reads as `options.rate` (a missing object is a missing value: the fallback applies)
      tokens.push({ kind: 'name', text: match[0].replace(/\?\./g, '.') });
      i += match[0].length;
      continue;
    }
    // a method applied to a parenthesised value (`(0.7 * bits).ceil`, `(n / 8).toInt()`)
    const method = c === 46 ? /^\.([A-Za-z_]\w*)/.exec(text.slice(i, i + 40)) : null;
    if (method && tokens[tokens.length - 1]?.kind === 'op' && (tokens[tokens.length - 1] as { text: string }).text === ')') {
      tokens.push({ kind: 'op', text: `.${method[1]}` });
      i += method[0].length;
      continue;
    }
    // a Ruby or Elixir symbol (`Keyword.get(opts, :capacity, 1000)`, `ENV.fetch(:size, 10)`): text, like a string
    const symbol = c === 58 ? /^:([A-Za-z_]\w*)/.exec(text.slice(i, i + 80)) : null;
    if (symbol && !/[\w)\]]\s*$/.test(text.slice(Math.max(0, i - 20), i))) {
      tokens.push({ kind: 'str', text: symbol[1] });
      i += symbol[0].length;
      continue;
    }
    if (c === 34 || c === 39) {
      const close = text.indexOf(text.charAt(i), i + 1);
      if (close < 0) throw new EvalError('unterminated string');
      tokens.push({ kind: 'str', text: text.slice(i + 1, close) });
      i = close + 1;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) throw new EvalError(`"${text.charAt(i)}" is not allowed in a constant expression`);
    tokens.push({ kind: 'op', text: op });
    i += op.length;
  }
  return tokens;
}

class Parser {
  private position = 0;
  private depth = 0;
  /** Inside the arguments of a call that reads text as a number (`Long.parseLong("1000")`, `getenv("N", "5")`). */
  private readsText = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly options: EvalOptions,
    private readonly nameDepth: number,
    private readonly visiting: ReadonlySet<string>,
  ) {}

  parse(): Value {
    const value = this.bitwise();
    if (this.position < this.tokens.length) throw new EvalError(`unexpected "${tokenText(this.tokens[this.position])}"`);
    return value;
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private isOp(text: string): boolean {
    const token = this.peek();
    return token !== undefined && token.kind === 'op' && token.text === text;
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) throw new EvalError('the expression is nested too deeply');
  }

  /**
   * `^` where it is bitwise XOR (C, Java, Go, Rust, JavaScript, C#, PHP): the value the program computes (`10 ^ 7` is 13,
   * whatever its writer meant), binding looser than shifts and arithmetic as in C.
   */
  private bitwise(): Value {
    let left = this.shift();
    while (this.isOp('^') && !this.options.caretIsPower) {
      this.position++;
      const right = this.shift();
      if (!left.integer || !right.integer || Math.abs(left.value) > 2 ** 53 || Math.abs(right.value) > 2 ** 53) throw new EvalError('"^" is bitwise XOR here and needs integers; write 2**20 or 1 << 20 for a power');
      left = { value: Number(BigInt(left.value) ^ BigInt(right.value)), integer: true };
    }
    return left;
  }

  private shift(): Value {
    this.enter();
    let left = this.additive();
    while (this.isOp('<<') || this.isOp('>>')) {
      const op = (this.tokens[this.position++] as { text: string }).text;
      const right = this.additive();
      if (!left.integer || !right.integer || right.value < 0 || right.value > 1023) throw new EvalError(`cannot shift by ${right.value}`);
      left = op === '<<' ? { value: left.value * 2 ** right.value, integer: true } : { value: Math.floor(left.value / 2 ** right.value), integer: true };
      checkFinite(left.value);
    }
    this.depth--;
    return left;
  }

  private additive(): Value {
    let left = this.multiplicative();
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.tokens[this.position++] as { text: string }).text;
      const right = this.multiplicative();
      left = { value: op === '+' ? left.value + right.value : left.value - right.value, integer: left.integer && right.integer };
      checkFinite(left.value);
    }
    return left;
  }

  private multiplicative(): Value {
    let left = this.unary();
    while (this.isOp('*') || this.isOp('/') || this.isOp('%') || this.isOp('//')) {
      const op = (this.tokens[this.position++] as { text: string }).text;
      const right = this.unary();
      const integer = left.integer && right.integer;
      if (op === '*') {
        left = { value: left.value * right.value, integer };
      } else {
        if (right.value === 0) throw new EvalError('division by zero');
        if (op === '%') left = { value: left.value % right.value, integer };
        else if (op === '//') left = { value: Math.floor(left.value / right.value), integer }; // Python's floor division
        else left = integer && this.options.integerDivision ? { value: Math.trunc(left.value / right.value), integer } : { value: left.value / right.value, integer: integer && Number.isInteger(left.value / right.value) };
      }
      checkFinite(left.value);
    }
    return left;
  }

  private unary(): Value {
    this.enter();
    let result: Value;
    if (this.isOp('-') || this.isOp('+')) {
      const negative = (this.tokens[this.position++] as { text: string }).text === '-';
      const operand = this.unary();
      result = { value: negative ? -operand.value : operand.value, integer: operand.integer };
    } else if (this.isCast()) {
      const type = (this.tokens[this.position + 1] as { text: string }).text;
      this.position += 3;
      const operand = this.unary();
      result = cast(type, operand);
    } else {
      result = this.power();
    }
    this.depth--;
    return result;
  }

  /** `(long) x`: a parenthesised type name followed by an operand. */
  private isCast(): boolean {
    const open = this.tokens[this.position];
    const type = this.tokens[this.position + 1];
    const close = this.tokens[this.position + 2];
    const next = this.tokens[this.position + 3];
    return open?.kind === 'op' && open.text === '(' && type?.kind === 'name' && CAST_TYPES.has(type.text)
      && close?.kind === 'op' && close.text === ')' && next !== undefined && (next.kind !== 'op' || next.text === '(');
  }

  private power(): Value {
    const base = this.postfix();
    if (this.isOp('**') || (this.isOp('^') && this.options.caretIsPower)) {
      this.position++;
      const exponent = this.unary();
      const value = base.value ** exponent.value;
      checkFinite(value);
      return { value, integer: base.integer && exponent.integer && exponent.value >= 0 };
    }
    return base;
  }

  /**
   * Inside parentheses or an argument list, `a ?? b || c`: the first operand that is a constant
   * (`Number(process.env.USERS ?? 1_000_000)` is 1000000), as `parseFallbacks` does for a whole expression.
   */
  private alternatives(): Value {
    for (;;) {
      const start = this.position;
      const depth = this.depth; // a failed operand leaves the nesting depth it had reached
      try {
        const value = this.bitwise();
        if (value.value === 0 && this.atFalsyFallback()) {
          this.position++; // `0 || b` is b
          continue;
        }
        if (this.atFallback()) this.skipOperand(true);
        return value;
      } catch (error) {
        if (!(error instanceof EvalError)) throw error;
        this.position = start;
        this.depth = depth;
        this.skipOperand(false);
        if (!this.atFallback()) throw error;
        this.position++;
      }
    }
  }

  private atFalsyFallback(): boolean {
    const token = this.peek();
    return token !== undefined && (token.kind === 'op' || token.kind === 'name') && FALSY_FALLBACK_OPERATORS.has(token.text);
  }

  private atFallback(): boolean {
    const token = this.peek();
    return token !== undefined && (token.kind === 'op' || token.kind === 'name') && FALLBACK_OPERATORS.has(token.text);
  }

  /** Moves to the end of the current group's operand (or, with `all`, past every remaining alternative): a `)` or `,` at depth 0. */
  private skipOperand(all: boolean): void {
    let depth = 0;
    for (let token = this.peek(); token !== undefined; token = this.peek()) {
      if (token.kind === 'op' && token.text === '(') depth++;
      else if (token.kind === 'op' && (token.text === ')' || token.text === ',')) {
        if (depth === 0) return;
        if (token.text === ')') depth--;
      } else if (depth === 0 && !all && this.atFallback()) return;
      this.position++;
    }
  }

  /**
   * The fallback at the end of a chain on a read (Scala `settings.get("k").map(_.toDouble).getOrElse(0.001)`, Java
   * `Optional.ofNullable(...).map(...).orElse(0.001)`): its value, with the chain consumed; else nothing, nothing consumed.
   */
  private chainedFallback(): Value | undefined {
    const start = this.position;
    for (let token = this.peek(); token?.kind === 'op' && token.text.startsWith('.'); token = this.peek()) {
      this.position++;
      if (!this.isOp('(')) break;
      if (FALLBACK_METHOD.test(token.text)) {
        this.position++;
        const value = this.alternatives();
        if (this.isOp(')')) {
          this.position++;
          return value;
        }
        break;
      }
      for (let depth = 0; this.position < this.tokens.length; this.position++) {
        const t = this.tokens[this.position];
        if (t.kind === 'op' && t.text === '(') depth++;
        else if (t.kind === 'op' && t.text === ')' && --depth === 0) {
          this.position++;
          break;
        }
      }
    }
    this.position = start;
    return undefined;
  }

  /** Rust `x as u64`, Kotlin `x.toLong()` handled in primary; here only `as`. */
  private postfix(): Value {
    let value = this.primary();
    for (;;) {
      const token = this.peek();
      if (token?.kind === 'op' && token.text.startsWith('.')) {
        this.position++;
        if (this.isOp('(') && this.tokens[this.position + 1]?.kind === 'op' && (this.tokens[this.position + 1] as { text: string }).text === ')') this.position += 2;
        value = applyMethod(token.text.slice(1), value);
        continue;
      }
      if (token?.kind === 'name' && token.text === 'as') {
        const type = this.tokens[this.position + 1];
        if (type?.kind !== 'name') throw new EvalError('"as" without a type');
        this.position += 2;
        value = cast(type.text, value);
        continue;
      }
      return value;
    }
  }

  private primary(): Value {
    const token = this.tokens[this.position++];
    if (!token) throw new EvalError('the expression ends too early');
    if (token.kind === 'num') return { value: token.value, integer: token.integer };
    if (token.kind === 'str') {
      // a string is text, except where the code parses it (`int("1000")`) or the format sends numbers as text (Redis)
      if (!this.options.allowQuotedNumbers && this.readsText === 0) throw new EvalError(`"${token.text}" is text, not a number`);
      const inner = evaluateConstant(token.text, { ...this.options, allowQuotedNumbers: false });
      if (!inner.ok) throw new EvalError(`"${token.text}" is not a number`);
      return { value: inner.value, integer: inner.integer };
    }
    if (token.kind === 'op') {
      if (token.text !== '(') throw new EvalError(`unexpected "${token.text}"`);
      const inner = this.alternatives();
      if (!this.isOp(')')) throw new EvalError('missing ")"');
      this.position++;
      return inner;
    }
    // A name: sizeof, a function call, a method-style conversion or a constant.
    let name = token.text;
    if (name === 'sizeof' && this.isOp('(')) return this.sizeOf();
    // `x.toString()`, `x.toLong()`: a conversion with an empty argument list keeps the value of `x`.
    const emptyCall = this.isOp('(') && this.tokens[this.position + 1]?.kind === 'op' && (this.tokens[this.position + 1] as { text: string }).text === ')';
    if (emptyCall && /\.(?:toLong|toInt|toDouble|toFloat|longValue|intValue|doubleValue|toString|to_string|to_s)$/.test(name)) {
      this.position += 2;
      return this.resolveName(name.replace(/\.\w+$/, ''));
    }
    if (this.isOp('(')) {
      this.position++;
      const args: Value[] = [];
      // a read of a setting with a fallback (`config.getOrDefault("key", 1000)`): its key is text, the fallback the value
      const readWithDefault = READ_WITH_DEFAULT.test(name);
      const parsesText = readWithDefault || PARSES_TEXT.test(name);
      let failure: unknown;
      if (parsesText) this.readsText++;
      try {
        while (!this.isOp(')')) {
          try {
            args.push(this.alternatives());
          } catch (error) {
            if (!(error instanceof EvalError) || !readWithDefault) throw error;
            failure ??= error;
            args.push({ value: NaN, integer: false }); // alternatives() has moved past the argument
          }
          if (!this.isOp(',')) break;
          this.position++;
        }
      } finally {
        if (parsesText) this.readsText--;
      }
      if (!this.isOp(')')) throw new EvalError('missing ")"');
      this.position++;
      if (readWithDefault) {
        const fallback = args[args.length - 1];
        if (args.length >= 2 && fallback !== undefined && !Number.isNaN(fallback.value)) return fallback;
        const chained = this.chainedFallback();
        if (chained) return chained;
        throw failure ?? new EvalError(`\`${name}(...)\` reads a setting at run time`);
      }
      // `X.unwrap_or(0.01)`, `opt.orElse(0.01)`: the receiver's value when it is a known constant, else the fallback
      if (FALLBACK_METHOD.test(name) && args.length === 1) {
        try {
          return this.resolveName(name.replace(FALLBACK_METHOD, ''));
        } catch (error) {
          if (!(error instanceof EvalError)) throw error;
        }
      }
      return call(name, args);
    }
    // Kotlin/Java method-style conversions: 1000.toLong() is tokenised as a number then a name; handle `N.toLong` here.
    // `bits.ceil` (Ruby), `n.round()`: a rounding method on a named value
    const rounding = /\.(ceil|floor|round|truncate|to_i|to_f|abs)$/.exec(name);
    if (rounding) {
      if (this.isOp('(') && this.tokens[this.position + 1]?.kind === 'op' && (this.tokens[this.position + 1] as { text: string }).text === ')') this.position += 2;
      return applyMethod(rounding[1], this.resolveName(name.slice(0, rounding.index)));
    }
    const conversion = /\.(toLong|toInt|toDouble|toFloat|longValue|intValue|doubleValue|toString|to_string|to_s)$/.exec(name);
    if (conversion) {
      name = name.slice(0, conversion.index);
      if (this.isOp('(') ) this.position++;
    }
    return this.resolveName(name);
  }

  /** C/C++ `sizeof(T)` for the fixed-width types (and the widths every 64-bit ABI agrees on); `long` differs, so it is refused. */
  private sizeOf(): Value {
    this.position++;
    const words: string[] = [];
    for (let token = this.peek(); token?.kind === 'name'; token = this.peek()) {
      words.push(token.text);
      this.position++;
    }
    if (!this.isOp(')')) throw new EvalError('sizeof of an expression is not a constant here');
    this.position++;
    const type = words.join(' ');
    const bytes = SIZEOF_BYTES.get(type);
    if (bytes === undefined) throw new EvalError(`the size of \`${type}\` depends on the platform`);
    return { value: bytes, integer: true };
  }

  private resolveName(name: string): Value {
    const literal = NAMED_VALUES.get(name);
    if (literal !== undefined) return literal;
    if (!this.options.resolve) throw new EvalError(`\`${name}\` is not a constant`);
    if (this.visiting.has(name)) throw new EvalError(`\`${name}\` is defined in terms of itself`);
    if (this.nameDepth >= MAX_NAME_DEPTH) throw new EvalError(`\`${name}\` is defined through too many names`);
    let definition = this.options.resolve(name);
    // `CHARACTERS.length` of a string constant: its number of characters (a plain literal, no escapes or interpolation)
    const text = definition === undefined && /\.length$/.test(name) ? this.options.resolve(name.slice(0, -'.length'.length)) : undefined;
    const quoted = text === undefined ? null : /^(["'])([^"'\\$`{}]*)\1$/.exec(text.trim());
    if (quoted) definition = String(quoted[2].length);
    if (definition === undefined) throw new EvalError(`\`${name}\` is not a constant in this file`);
    const visiting = new Set(this.visiting);
    visiting.add(name);
    // a text constant where the code parses text (`stoi(GetProperty(KEY, DEFAULT_BITS))`, `DEFAULT_BITS = "0"`) is its number
    const inner = evaluateWith(definition, this.readsText > 0 ? { ...this.options, allowQuotedNumbers: true } : this.options, this.nameDepth + 1, visiting);
    if (!inner.ok) throw new EvalError(`\`${name}\` = ${definition.length > 40 ? definition.slice(0, 40) + '...' : definition}: ${inner.reason}`);
    return { value: inner.value, integer: inner.integer };
  }
}

const NAMED_VALUES = new Map<string, Value>([
  ['Integer.MAX_VALUE', { value: 2147483647, integer: true }],
  ['Long.MAX_VALUE', { value: 9223372036854775807, integer: true }],
  ['math.MaxInt32', { value: 2147483647, integer: true }],
  ['i32::MAX', { value: 2147483647, integer: true }],
  ['u32::MAX', { value: 4294967295, integer: true }],
  ['INT_MAX', { value: 2147483647, integer: true }],
  ['int.MaxValue', { value: 2147483647, integer: true }],
  ['Int32.MaxValue', { value: 2147483647, integer: true }],
  ['uint.MaxValue', { value: 4294967295, integer: true }],
  ['UInt32.MaxValue', { value: 4294967295, integer: true }],
  ['Int.MAX_VALUE', { value: 2147483647, integer: true }],
  ['sys.maxsize', { value: 9223372036854775807, integer: true }],
  ['Number.MAX_SAFE_INTEGER', { value: 9007199254740991, integer: true }],
  ['std::numeric_limits<int>::max()', { value: 2147483647, integer: true }],
  ['UINT32_MAX', { value: 4294967295, integer: true }],
  ['math.Ln2', { value: Math.LN2, integer: false }],
  ['Math.LN2', { value: Math.LN2, integer: false }],
  ['math.E', { value: Math.E, integer: false }],
  ['Math.E', { value: Math.E, integer: false }],
  ['math.e', { value: Math.E, integer: false }],
  ['std::f64::consts::LN_2', { value: Math.LN2, integer: false }],
  ['f64::consts::LN_2', { value: Math.LN2, integer: false }],
]);

/** Bytes of the C/C++ types whose size is the same on every common 64-bit ABI (LP64 and LLP64). */
const SIZEOF_BYTES = new Map<string, number>([
  ['char', 1], ['signed char', 1], ['unsigned char', 1], ['bool', 1], ['int8_t', 1], ['uint8_t', 1],
  ['short', 2], ['unsigned short', 2], ['int16_t', 2], ['uint16_t', 2],
  ['int', 4], ['unsigned', 4], ['unsigned int', 4], ['int32_t', 4], ['uint32_t', 4], ['float', 4],
  ['long long', 8], ['unsigned long long', 8], ['int64_t', 8], ['uint64_t', 8], ['double', 8],
]);

function cast(type: string, operand: Value): Value {
  if (INTEGER_CASTS.has(type)) return { value: Math.trunc(operand.value), integer: true };
  if (FLOAT_CASTS.has(type)) return { value: operand.value, integer: false };
  throw new EvalError(`unknown conversion to ${type}`);
}

function call(name: string, args: Value[]): Value {
  if (TEXT_CONVERSIONS.has(name) && args.length === 1) return args[0];
  if (FALLBACK_METHOD.test(name) && args.length === 1) return args[0];
  const shortName = name.replace(/^(?:std::|Math\.|math\.|numpy\.|np\.)/, '');
  if (args.length === 1 && (INTEGER_CASTS.has(name) || FLOAT_CASTS.has(name) || INTEGER_CASTS.has(shortName) || FLOAT_CASTS.has(shortName))) {
    return cast(INTEGER_CASTS.has(name) || INTEGER_CASTS.has(shortName) ? 'long' : 'double', args[0]);
  }
  const rounding = ROUNDING.get(name);
  if (rounding && args.length === 1) {
    return { value: rounding(args[0].value), integer: true };
  }
  const real = REAL_FUNCTIONS.get(name);
  if (real && args.length === 1) {
    const value = real(args[0].value);
    checkFinite(value);
    return { value, integer: Number.isInteger(value) };
  }
  if (POWER_FUNCTIONS.has(name) && args.length === 2) {
    const value = args[0].value ** args[1].value;
    checkFinite(value);
    return { value, integer: false };
  }
  throw new EvalError(`\`${name}(...)\` is not a constant`);
}

/** A method a language applies to a number: Ruby `.ceil` / `.floor` / `.round` / `.to_i`, Kotlin `.toInt()`, `.toLong()`, ... */
function applyMethod(method: string, value: Value): Value {
  switch (method) {
    case 'ceil': return { value: Math.ceil(value.value), integer: true };
    case 'floor': case 'to_i': case 'truncate': case 'toInt': case 'toLong': case 'intValue': case 'longValue':
      return { value: method === 'floor' ? Math.floor(value.value) : Math.trunc(value.value), integer: true };
    case 'round': return { value: Math.round(value.value), integer: true };
    case 'abs': return { value: Math.abs(value.value), integer: value.integer };
    case 'to_f': case 'toDouble': case 'toFloat': case 'doubleValue': return { value: value.value, integer: false };
    default: throw new EvalError(`\`.${method}\` is not a constant`);
  }
}

function checkFinite(value: number): void {
  if (!Number.isFinite(value)) throw new EvalError('the value is not a finite number');
}

function tokenText(token: Token): string {
  return token.kind === 'num' ? token.text : token.text;
}

/** `a || b ?? c`: the first operand that is a constant (`options.errorRate || 0.001` is 0.001 where the option is not stated). */
function parseFallbacks(tokens: Token[], options: EvalOptions, nameDepth: number, visiting: ReadonlySet<string>): Value {
  const operands: Token[][] = [[]];
  const operators: string[] = [];
  let depth = 0;
  for (const token of tokens) {
    if (token.kind === 'op' && token.text === '(') depth++;
    if (token.kind === 'op' && token.text === ')') depth--;
    if (depth === 0 && (token.kind === 'op' || token.kind === 'name') && FALLBACK_OPERATORS.has(token.text)) {
      operators.push(token.text);
      operands.push([]);
    }
    else operands[operands.length - 1].push(token);
  }
  let failure: unknown;
  for (const [i, operand] of operands.entries()) {
    try {
      const value = new Parser(operand, options, nameDepth, visiting).parse();
      if (value.value === 0 && i < operators.length && FALSY_FALLBACK_OPERATORS.has(operators[i])) continue; // `0 || b` is b
      return value;
    } catch (error) {
      if (!(error instanceof EvalError)) throw error;
      failure = error;
    }
  }
  throw failure;
}

/** A null check choosing a fallback: `x == null ? 0.01 : x`, `x != null ? x : 0.01`, `0.01 if x is None else x` (all `x ?? 0.01`). */
const NULL_TERNARY = /^\(?\s*([A-Za-z_$][\w$.]*)\s*(?:===?|is)\s*(?:null|nil|None|undefined)\s*\)?\s*\?\s*([^?:]+?)\s*:\s*\1$/s;
const NOT_NULL_TERNARY = /^\(?\s*([A-Za-z_$][\w$.]*)\s*(?:!==?|is\s+not)\s*(?:null|nil|None|undefined)\s*\)?\s*\?\s*\1\s*:\s*([^?:]+?)$/s;
const PYTHON_NULL_CHOICE = /^([^?:]+?)\s+if\s+([A-Za-z_][\w.]*)\s+is\s+None\s+else\s+\2$|^([A-Za-z_][\w.]*)\s+if\s+\3\s+is\s+not\s+None\s+else\s+([^?:]+?)$/s;

/** Rewrites a null-check choice as the fallback it is (`x ?? 0.01`), else returns the text as it is. */
function nullChoiceAsFallback(text: string): string {
  const ternary = NULL_TERNARY.exec(text) ?? NOT_NULL_TERNARY.exec(text);
  if (ternary) return `${ternary[1]} ?? ${ternary[2]}`;
  const python = PYTHON_NULL_CHOICE.exec(text);
  if (python) return python[1] !== undefined ? `${python[2]} ?? ${python[1]}` : `${python[3]} ?? ${python[4]}`;
  return text;
}

function evaluateWith(text: string, options: EvalOptions, nameDepth: number, visiting: ReadonlySet<string>): EvalResult {
  if (text.trim().length > MAX_EXPRESSION_LENGTH) return { ok: false, reason: 'the expression is too long to evaluate' };
  const trimmed = nullChoiceAsFallback(text.trim());
  if (trimmed === '') return { ok: false, reason: 'empty' };
  try {
    const tokens = tokenize(trimmed);
    if (tokens.length > 120) return { ok: false, reason: 'the expression is too long to evaluate' };
    const result = parseFallbacks(tokens, options, nameDepth, visiting);
    if (!Number.isFinite(result.value)) return { ok: false, reason: 'the value is not a finite number' };
    return { ok: true, value: result.value === 0 ? 0 : result.value, integer: result.integer && Number.isInteger(result.value) };
  } catch (error) {
    if (error instanceof EvalError) return { ok: false, reason: error.message };
    if (error instanceof RangeError) return { ok: false, reason: 'the expression is too complex' };
    throw error;
  }
}

/** Evaluates a constant expression; `{ ok: false, reason }` (never NaN, never throws) when it is not constant. */
export function evaluateConstant(text: string, options: EvalOptions = {}): EvalResult {
  return evaluateWith(text, options, 0, new Set());
}
