/**
 * The typed message protocol between the designer webview (webview/) and the extension host
 * (src/extension/designer/). Both sides validate every incoming message at runtime with the functions
 * below: anything that does not match exactly is ignored (and logged by the receiver).
 * Pure: no vscode, no DOM.
 */

export const DESIGNER_VIEW_TYPE = 'bloomLens.designer';
export const STATE_VERSION = 1;

export type HashingChoice = 'colliding' | 'noncolliding' | 'partitioned';
export type RecyclingChoice = 'none' | 'n-bounded' | 'sigma-bounded';

/** What the person typed, as text (parsed by src/analysis/units.ts), plus the choices. Blank text = solve it. */
export interface DesignerInputs {
  readonly n: string;
  readonly p: string;
  readonly m: string;
  readonly k: string;
  readonly hashing: HashingChoice;
  readonly recycling: RecyclingChoice;
  /** sigma-bounded: the recycle threshold, in bits (units allowed) or as a fraction of m (0 < x < 1). */
  readonly sigma: string;
  readonly retain: boolean;
  readonly phases: 1 | 2;
  readonly prior: string;
  readonly alpha: string;
  /** Counting filter: bits per counter (memory = m counters x this). */
  readonly counterBits: string;
  /** The FP rate capacities are computed at. */
  readonly target: string;
  /** Library chosen for "copy as snippet". */
  readonly snippetLibrary: string;
  /** Filter layout (absent: classic): the FP model the design, its charts and the library table use. */
  readonly layout?: LayoutSelection;
}

/** Layouts the designer offers (src/libraries/layouts.ts syntax). */
export type LayoutSelection = 'classic' | 'blocked:512' | 'blocked:256' | 'blocked:64' | 'sbbf';
export const LAYOUT_SELECTIONS: readonly LayoutSelection[] = ['classic', 'blocked:512', 'blocked:256', 'blocked:64', 'sbbf'];

/** Where the designer was opened from (a detected configuration), so "apply to source" can write back. */
export interface DesignerOrigin {
  readonly uri: string;
  readonly line: number;
  readonly character: number;
  readonly title: string;
  readonly recognizer: string;
  /** Which of n, p, m, k the source states in a form that can be rewritten. */
  readonly editable: readonly DesignParam[];
}

export interface DesignerState {
  readonly version: typeof STATE_VERSION;
  readonly inputs: DesignerInputs;
  readonly origin?: DesignerOrigin;
}

export type DesignParam = 'n' | 'p' | 'm' | 'k';

/** The design values written back to the source. */
export interface DesignValues {
  readonly n?: number;
  readonly p?: number;
  readonly m?: number;
  readonly k?: number;
}

/** A part of the designer a command can open it at. */
export type DesignerSection = 'alternatives';

/** Extension -> webview. */
export type HostMessage =
  /**
   * prefill: a new configuration was chosen (replace the inputs); false: the answer to `ready` (keep saved inputs).
   * section: scroll there once loaded.
   */
  | { readonly type: 'init'; readonly state: DesignerState; readonly prefill: boolean; readonly section?: DesignerSection }
  | { readonly type: 'applyResult'; readonly ok: boolean; readonly message: string }
  /** The host ignored a message from the webview (it did not match the protocol). */
  | { readonly type: 'ignored'; readonly reason: string };

export interface ExportImage {
  /** File name: lower-case letters, digits and dashes, ending in .png. */
  readonly name: string;
  /** data:image/png;base64,... */
  readonly dataUrl: string;
}

/** Webview -> extension. */
export type WebviewMessage =
  | { readonly type: 'ready' }
  /** The webview has loaded a configuration the host pushed (init with prefill = true). */
  | { readonly type: 'prefilled' }
  | { readonly type: 'apply'; readonly values: DesignValues }
  | { readonly type: 'copy'; readonly library: string; readonly text: string }
  | { readonly type: 'export'; readonly markdown: string; readonly images: readonly ExportImage[] }
  | { readonly type: 'log'; readonly level: 'info' | 'warn' | 'error'; readonly message: string };

/** Argument of `bloomLens.openDesigner` from hovers and CodeLens; `section` (with the n and p to compare at) opens it there. */
export interface OpenDesignerArgument {
  readonly uri: string;
  readonly line: number;
  readonly character: number;
  readonly section?: DesignerSection;
  readonly n?: number;
  readonly p?: number;
}

export const LIMITS = {
  inputText: 200,
  snippetText: 20_000,
  markdown: 500_000,
  images: 16,
  imageDataUrl: 4_000_000,
  logMessage: 2_000,
  title: 500,
  uri: 4_000,
} as const;

export type Validation<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

const fail = <T>(reason: string): Validation<T> => ({ ok: false, reason });
const pass = <T>(value: T): Validation<T> => ({ ok: true, value });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Exactly these keys (no extras); `optional` keys may be absent. */
function hasExactKeys(value: Record<string, unknown>, required: readonly string[], optional: readonly string[] = []): string | undefined {
  for (const key of required) if (!(key in value)) return `missing "${key}"`;
  for (const key of Object.keys(value)) if (!required.includes(key) && !optional.includes(key)) return `unexpected "${key}"`;
  return undefined;
}

function isShortString(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max;
}

function isLineNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value < 10_000_000;
}

const HASHING: readonly HashingChoice[] = ['colliding', 'noncolliding', 'partitioned'];
const RECYCLING: readonly RecyclingChoice[] = ['none', 'n-bounded', 'sigma-bounded'];
const PARAMS: readonly DesignParam[] = ['n', 'p', 'm', 'k'];
const SECTIONS: readonly DesignerSection[] = ['alternatives'];
const TEXT_INPUTS = ['n', 'p', 'm', 'k', 'sigma', 'prior', 'alpha', 'counterBits', 'target', 'snippetLibrary'] as const;

export const DEFAULT_INPUTS: DesignerInputs = {
  n: '1M', p: '1%', m: '', k: '', hashing: 'colliding', recycling: 'none', sigma: '0.5', retain: false, phases: 1,
  prior: '', alpha: '1', counterBits: '4', target: '1%', snippetLibrary: 'guava',
};

export function validateInputs(value: unknown): Validation<DesignerInputs> {
  if (!isRecord(value)) return fail('inputs must be an object');
  const keys = hasExactKeys(value, [...TEXT_INPUTS, 'hashing', 'recycling', 'retain', 'phases'], ['layout']);
  if (keys) return fail(`inputs: ${keys}`);
  for (const key of TEXT_INPUTS) if (!isShortString(value[key], LIMITS.inputText)) return fail(`inputs.${key} must be a string of at most ${LIMITS.inputText} characters`);
  if (!HASHING.includes(value.hashing as HashingChoice)) return fail('inputs.hashing must be colliding, noncolliding or partitioned');
  if (!RECYCLING.includes(value.recycling as RecyclingChoice)) return fail('inputs.recycling must be none, n-bounded or sigma-bounded');
  if (typeof value.retain !== 'boolean') return fail('inputs.retain must be a boolean');
  if (value.phases !== 1 && value.phases !== 2) return fail('inputs.phases must be 1 or 2');
  if (value.layout !== undefined && !LAYOUT_SELECTIONS.includes(value.layout as LayoutSelection)) return fail(`inputs.layout must be one of ${LAYOUT_SELECTIONS.join(', ')}`);
  return pass(value as unknown as DesignerInputs);
}

export function validateOrigin(value: unknown): Validation<DesignerOrigin> {
  if (!isRecord(value)) return fail('origin must be an object');
  const keys = hasExactKeys(value, ['uri', 'line', 'character', 'title', 'recognizer', 'editable']);
  if (keys) return fail(`origin: ${keys}`);
  if (!isShortString(value.uri, LIMITS.uri) || !/^[a-z][a-z0-9+.-]*:/i.test(value.uri)) return fail('origin.uri must be a URI');
  if (!isLineNumber(value.line) || !isLineNumber(value.character)) return fail('origin.line and origin.character must be integers >= 0');
  if (!isShortString(value.title, LIMITS.title) || !isShortString(value.recognizer, LIMITS.title)) return fail('origin.title and origin.recognizer must be short strings');
  if (!Array.isArray(value.editable) || value.editable.length > 4 || !value.editable.every((p) => PARAMS.includes(p as DesignParam))) {
    return fail('origin.editable must list some of n, p, m, k');
  }
  return pass(value as unknown as DesignerOrigin);
}

export function validateState(value: unknown): Validation<DesignerState> {
  if (!isRecord(value)) return fail('state must be an object');
  const keys = hasExactKeys(value, ['version', 'inputs'], ['origin']);
  if (keys) return fail(`state: ${keys}`);
  if (value.version !== STATE_VERSION) return fail(`state.version must be ${STATE_VERSION}`);
  const inputs = validateInputs(value.inputs);
  if (!inputs.ok) return inputs;
  if (value.origin !== undefined) {
    const origin = validateOrigin(value.origin);
    if (!origin.ok) return origin;
  }
  return pass(value as unknown as DesignerState);
}

function validateValues(value: unknown): Validation<DesignValues> {
  if (!isRecord(value)) return fail('values must be an object');
  const keys = hasExactKeys(value, [], PARAMS);
  if (keys) return fail(`values: ${keys}`);
  for (const key of PARAMS) {
    const x = value[key];
    if (x === undefined) continue;
    if (typeof x !== 'number' || !Number.isFinite(x)) return fail(`values.${key} must be a finite number`);
    if (key === 'p' ? !(x > 0 && x < 1) : !(Number.isSafeInteger(x) && x >= 1)) {
      return fail(key === 'p' ? 'values.p must be strictly between 0 and 1' : `values.${key} must be an integer >= 1`);
    }
  }
  if (Object.keys(value).length === 0) return fail('values must hold at least one of n, p, m, k');
  return pass(value as DesignValues);
}

const IMAGE_NAME = /^[a-z0-9][a-z0-9-]{0,60}\.png$/;
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/** Validates a message from the webview. Anything else is rejected with the reason (the caller logs it). */
export function validateWebviewMessage(message: unknown): Validation<WebviewMessage> {
  if (!isRecord(message)) return fail('a message must be an object');
  switch (message.type) {
    case 'ready':
    case 'prefilled': {
      const keys = hasExactKeys(message, ['type']);
      return keys ? fail(`${message.type}: ${keys}`) : pass({ type: message.type });
    }
    case 'apply': {
      const keys = hasExactKeys(message, ['type', 'values']);
      if (keys) return fail(`apply: ${keys}`);
      const values = validateValues(message.values);
      return values.ok ? pass({ type: 'apply', values: values.value }) : values;
    }
    case 'copy': {
      const keys = hasExactKeys(message, ['type', 'library', 'text']);
      if (keys) return fail(`copy: ${keys}`);
      if (!isShortString(message.library, 100)) return fail('copy.library must be a short string');
      if (!isShortString(message.text, LIMITS.snippetText) || message.text.length === 0) return fail(`copy.text must be 1..${LIMITS.snippetText} characters`);
      return pass({ type: 'copy', library: message.library, text: message.text });
    }
    case 'export': {
      const keys = hasExactKeys(message, ['type', 'markdown', 'images']);
      if (keys) return fail(`export: ${keys}`);
      if (!isShortString(message.markdown, LIMITS.markdown)) return fail(`export.markdown must be at most ${LIMITS.markdown} characters`);
      if (!Array.isArray(message.images) || message.images.length > LIMITS.images) return fail(`export.images must be an array of at most ${LIMITS.images}`);
      const names = new Set<string>();
      for (const image of message.images) {
        if (!isRecord(image) || hasExactKeys(image, ['name', 'dataUrl'])) return fail('export.images[] must be { name, dataUrl }');
        if (typeof image.name !== 'string' || !IMAGE_NAME.test(image.name) || names.has(image.name)) return fail('export.images[].name must be a unique lower-case file name ending in .png');
        names.add(image.name);
        if (!isShortString(image.dataUrl, LIMITS.imageDataUrl) || !PNG_DATA_URL.test(image.dataUrl)) return fail('export.images[].dataUrl must be a base64 PNG data URL');
      }
      return pass({ type: 'export', markdown: message.markdown, images: message.images as ExportImage[] });
    }
    case 'log': {
      const keys = hasExactKeys(message, ['type', 'level', 'message']);
      if (keys) return fail(`log: ${keys}`);
      if (message.level !== 'info' && message.level !== 'warn' && message.level !== 'error') return fail('log.level must be info, warn or error');
      if (!isShortString(message.message, LIMITS.logMessage)) return fail('log.message must be a short string');
      return pass({ type: 'log', level: message.level, message: message.message });
    }
    default:
      return fail(`unknown message type ${JSON.stringify(String(message.type)).slice(0, 60)}`);
  }
}

/** Validates a message from the extension (the webview checks these too). */
export function validateHostMessage(message: unknown): Validation<HostMessage> {
  if (!isRecord(message)) return fail('a message must be an object');
  switch (message.type) {
    case 'init': {
      const keys = hasExactKeys(message, ['type', 'state', 'prefill'], ['section']);
      if (keys) return fail(`init: ${keys}`);
      if (typeof message.prefill !== 'boolean') return fail('init.prefill must be a boolean');
      if (message.section !== undefined && !SECTIONS.includes(message.section as DesignerSection)) return fail(`init.section must be one of ${SECTIONS.join(', ')}`);
      const state = validateState(message.state);
      if (!state.ok) return state;
      return pass({ type: 'init', state: state.value, prefill: message.prefill, ...(message.section !== undefined ? { section: message.section as DesignerSection } : {}) });
    }
    case 'applyResult': {
      const keys = hasExactKeys(message, ['type', 'ok', 'message']);
      if (keys) return fail(`applyResult: ${keys}`);
      if (typeof message.ok !== 'boolean' || !isShortString(message.message, LIMITS.logMessage)) return fail('applyResult needs ok: boolean and a short message');
      return pass({ type: 'applyResult', ok: message.ok, message: message.message });
    }
    case 'ignored': {
      const keys = hasExactKeys(message, ['type', 'reason']);
      if (keys) return fail(`ignored: ${keys}`);
      if (!isShortString(message.reason, LIMITS.logMessage)) return fail('ignored.reason must be a short string');
      return pass({ type: 'ignored', reason: message.reason });
    }
    default:
      return fail(`unknown message type ${JSON.stringify(String(message.type)).slice(0, 60)}`);
  }
}

/** Validates the argument of `bloomLens.openDesigner` (undefined = open blank). */
export function validateOpenArgument(argument: unknown): Validation<OpenDesignerArgument | undefined> {
  if (argument === undefined || argument === null) return pass(undefined);
  if (!isRecord(argument)) return fail('the argument must be { uri, line, character }');
  const keys = hasExactKeys(argument, ['uri', 'line', 'character'], ['section', 'n', 'p']);
  if (keys) return fail(`argument: ${keys}`);
  if (!isShortString(argument.uri, LIMITS.uri) || !/^[a-z][a-z0-9+.-]*:/i.test(argument.uri)) return fail('argument.uri must be a URI string');
  if (!isLineNumber(argument.line) || !isLineNumber(argument.character)) return fail('argument.line and argument.character must be integers >= 0');
  const location = { uri: argument.uri, line: argument.line, character: argument.character };
  if (argument.section === undefined && argument.n === undefined && argument.p === undefined) return pass(location);
  if (!SECTIONS.includes(argument.section as DesignerSection)) return fail(`argument.section must be one of ${SECTIONS.join(', ')}`);
  const { n, p } = argument;
  if (n !== undefined && !(typeof n === 'number' && Number.isSafeInteger(n) && n >= 1)) return fail('argument.n must be an integer >= 1');
  if (p !== undefined && !(typeof p === 'number' && p > 0 && p < 1)) return fail('argument.p must be strictly between 0 and 1');
  return pass({ ...location, section: argument.section as DesignerSection, ...(n !== undefined ? { n } : {}), ...(p !== undefined ? { p } : {}) });
}
