import * as assert from 'node:assert/strict';
import { analyzeFinding } from '../../src/analysis/analyze';
import { detectConfigs } from '../../src/detect';
import { designerHtml, makeNonce } from '../../src/extension/designer/html';
import { stateForReport } from '../../src/extension/designer/prefill';
import { validateState } from '../../src/protocol';
import { solveDesign } from '../../webview/solve';

describe('webview host: the HTML shell and the prefill from a detected configuration', () => {
  it('has a strict CSP: nonce-only scripts, no inline styles or eval, resources only from the webview source', () => {
    const nonce = makeNonce();
    assert.match(nonce, /^[A-Za-z0-9]{32}$/);
    assert.notEqual(nonce, makeNonce());
    const html = designerHtml({ cspSource: 'https://file+.vscode-resource.example', nonce, script: 'https://r/dist/webview.js', worker: 'https://r/dist/webviewWorker.js', style: 'https://r/media/designer.css' });
    const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)![1];
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, new RegExp(`script-src 'nonce-${nonce}'`));
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
    assert.equal((html.match(/<script /g) ?? []).length, 1);
    assert.match(html, new RegExp(`<script nonce="${nonce}" src="https://r/dist/webview.js">`));
    assert.doesNotMatch(html, /style="/);
  });

  it('prefills the designer from an annotation: the state validates and solves to the same design', () => {
    const text = 'x\n# bloom-lens: m=9585059 n=1e6 k=7 p=0.01 prior=1e-4 alpha=10\n';
    const [finding] = detectConfigs(text, { languageId: 'plaintext', fileName: 'a.txt' });
    const state = stateForReport(analyzeFinding(finding), 'file:///w/a.txt');
    assert.ok(validateState(state).ok);
    assert.deepEqual([...state.origin!.editable].sort(), ['k', 'm', 'n', 'p']);
    assert.equal(state.origin!.line, 1);
    const solved = solveDesign(state.inputs);
    assert.ok(solved.ok);
    assert.deepEqual([solved.design.n, solved.design.mBits, solved.design.k, solved.design.p, solved.design.prior, solved.design.alpha], [1e6, 9585059, 7, 0.01, 1e-4, 10]);
  });

  it('prefills recycling settings and keeps the library\'s own m and k for an n, p call', () => {
    const recycling = detectConfigs('# bloom-lens: m=1e6 k=7 recycle=sigma:0.55 phases=2\n', { languageId: 'yaml', fileName: 'a.yaml' })[0];
    const state = stateForReport(analyzeFinding(recycling), 'file:///w/a.yaml');
    assert.equal(state.inputs.recycling, 'sigma-bounded');
    assert.equal(state.inputs.sigma, '0.55');
    assert.equal(state.inputs.phases, 2);
    const [redis] = detectConfigs('BF.RESERVE bikes 0.01 1000000\n', { fileName: 'commands.redis' });
    const report = analyzeFinding(redis);
    const redisState = stateForReport(report, 'file:///w/commands.redis');
    assert.equal(redisState.inputs.m, String(report.config.mBits));
    assert.deepEqual([...redisState.origin!.editable].sort(), ['n', 'p']);
  });
});
