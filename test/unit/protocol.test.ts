import * as assert from 'node:assert/strict';
import {
  DEFAULT_INPUTS, STATE_VERSION, validateHostMessage, validateOpenArgument, validateState, validateWebviewMessage,
} from '../../src/protocol';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('protocol: every message is validated', () => {
  it('accepts each well-formed webview message', () => {
    const good: unknown[] = [
      { type: 'ready' },
      { type: 'prefilled' },
      { type: 'apply', values: { n: 1000, p: 0.01 } },
      { type: 'apply', values: { m: 9585059, k: 7 } },
      { type: 'copy', library: 'Guava', text: 'BloomFilter.create(...)' },
      { type: 'export', markdown: '# report', images: [{ name: 'chart-items.png', dataUrl: PNG }] },
      { type: 'log', level: 'warn', message: 'hello' },
    ];
    for (const message of good) assert.ok(validateWebviewMessage(message).ok, JSON.stringify(message));
  });

  it('rejects hostile or malformed webview messages, each with a reason', () => {
    const bad: unknown[] = [
      null, 42, 'ready', [], {}, { type: 'eval', code: 'process.exit()' }, { type: 'ready', extra: 1 },
      { type: 'apply' }, { type: 'apply', values: {} }, { type: 'apply', values: { n: -1 } }, { type: 'apply', values: { n: 1.5 } },
      { type: 'apply', values: { p: 1 } }, { type: 'apply', values: { p: Number.NaN } }, { type: 'apply', values: { n: 1e300 } },
      { type: 'apply', values: { uri: 'file:///etc/passwd' } }, { type: 'apply', values: { n: '1000' } },
      { type: 'apply', values: { n: 1000 }, uri: 'file:///etc/passwd' },
      { type: 'copy', library: 'x', text: '' }, { type: 'copy', library: 'x', text: 'a'.repeat(20_001) }, { type: 'copy', library: 'x', text: 5 },
      { type: 'export', markdown: 'x', images: [{ name: '../../etc/evil.png', dataUrl: PNG }] },
      { type: 'export', markdown: 'x', images: [{ name: 'a.png', dataUrl: 'data:text/html;base64,PHNjcmlwdD4=' }] },
      { type: 'export', markdown: 'x', images: [{ name: 'a.png', dataUrl: PNG }, { name: 'a.png', dataUrl: PNG }] },
      { type: 'export', markdown: 'x'.repeat(500_001), images: [] },
      { type: 'log', level: 'debug', message: 'x' }, { type: '__proto__' }, JSON.parse('{"type":"ready","__proto__":{"polluted":true}}'),
    ];
    for (const message of bad) {
      const result = validateWebviewMessage(message);
      assert.ok(!result.ok, `should reject ${JSON.stringify(message)}`);
      assert.ok(result.reason.length > 0);
    }
  });

  it('host messages and saved state: exact shapes only', () => {
    const state = { version: STATE_VERSION, inputs: DEFAULT_INPUTS };
    assert.ok(validateHostMessage({ type: 'init', state, prefill: false }).ok);
    assert.ok(validateHostMessage({ type: 'applyResult', ok: true, message: 'done' }).ok);
    assert.ok(validateHostMessage({ type: 'ignored', reason: 'x' }).ok);
    assert.ok(!validateHostMessage({ type: 'init', state }).ok);
    assert.ok(!validateHostMessage({ type: 'init', state: { ...state, version: 2 }, prefill: true }).ok);
    assert.ok(!validateHostMessage({ type: 'init', state: { ...state, inputs: { ...DEFAULT_INPUTS, hashing: 'magic' } }, prefill: true }).ok);
    assert.ok(!validateHostMessage({ type: 'init', state: { ...state, inputs: { ...DEFAULT_INPUTS, n: 'x'.repeat(201) } }, prefill: true }).ok);
    const origin = { uri: 'file:///w/a.java', line: 3, character: 4, title: 'Guava', recognizer: 'guava.create', editable: ['n', 'p'] };
    assert.ok(validateState({ ...state, origin }).ok);
    assert.ok(!validateState({ ...state, origin: { ...origin, editable: ['uri'] } }).ok);
    assert.ok(!validateState({ ...state, origin: { ...origin, uri: 'not a uri' } }).ok);
    assert.ok(!validateState({ ...state, origin: { ...origin, line: -1 } }).ok);
    assert.ok(!validateState(undefined).ok);
  });

  it('the openDesigner argument from hovers and CodeLens', () => {
    const ok = validateOpenArgument({ uri: 'file:///w/a.java', line: 2, character: 0 });
    assert.ok(ok.ok && ok.value?.line === 2);
    const none = validateOpenArgument(undefined);
    assert.ok(none.ok && none.value === undefined);
    for (const bad of [{ uri: 'x', line: 0, character: 0 }, { uri: 'file:///a', line: 0.5, character: 0 }, { uri: 'file:///a', line: 0 }, 'file:///a', { uri: 'file:///a', line: 0, character: 0, run: 'x' }]) {
      assert.ok(!validateOpenArgument(bad).ok, JSON.stringify(bad));
    }
  });
});
