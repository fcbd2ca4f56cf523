import * as assert from 'node:assert/strict';
import { annotationComment, numberAsSource, setAnnotationValues } from '../../src/extension/edits';
import { hoverMarkdownText } from '../../src/extension/hoverText';
import { analyzeFinding } from '../../src/analysis/analyze';
import { detectConfigs } from '../../src/detect';

describe('source edits made by quick fixes and commands', () => {
  it('rewrites annotation values without touching code before the marker or the comment closer', () => {
    const cases: [string, Record<string, string>, string][] = [
      ['// bloom-lens: prior=1e-4 alpha=10', { prior: '0.001' }, '// bloom-lens: prior=0.001 alpha=10'],
      ['n = 1000  # bloom-lens: n=1e6', { n: '5' }, 'n = 1000  # bloom-lens: n=5'],
      ['<!-- bloom-lens: n=1e6 p=0.01-->', { p: '0.02' }, '<!-- bloom-lens: n=1e6 p=0.02-->'],
      ['<!-- bloom-lens: n=1e6 p=0.01 -->', { prior: '0.5' }, '<!-- bloom-lens: n=1e6 p=0.01 prior=0.5 -->'],
      ['/* bloom-lens: m=1e6 k=7 */', { k: '3', alpha: '2' }, '/* bloom-lens: m=1e6 k=3 alpha=2 */'],
      ['# bloom-lens: n=104243 recycle=n:104243', { n: '152296', recycle: 'n:152296' }, '# bloom-lens: n=152296 recycle=n:152296'],
      ['# bloom-lens: alpha=1 pn=3 n=4', { n: '9' }, '# bloom-lens: alpha=1 pn=3 n=9'],
      ['int n = 4; // no annotation here', { n: '9' }, 'int n = 4; // no annotation here'],
    ];
    for (const [line, values, expected] of cases) assert.equal(setAnnotationValues(line, values), expected, line);
  });

  it('writes numbers in the style of the text they replace', () => {
    assert.equal(numberAsSource(7, '2'), '7');
    assert.equal(numberAsSource(1000000, '500000L'), '1000000L');
    assert.equal(numberAsSource(0.005, '0.01f'), '0.005f');
    assert.equal(numberAsSource(1 / 3), '0.333333');
  });

  it('chooses a comment syntax the language accepts', () => {
    assert.equal(annotationComment('python', 'prior=0.1'), '# bloom-lens: prior=0.1');
    assert.equal(annotationComment('sql', 'prior=0.1'), '-- bloom-lens: prior=0.1');
    assert.equal(annotationComment('xml', 'prior=0.1'), '<!-- bloom-lens: prior=0.1 -->');
    assert.equal(annotationComment('go', 'prior=0.1'), '// bloom-lens: prior=0.1');
  });
});

describe('hover Markdown', () => {
  it('never turns text from the document into a link (no command injection)', () => {
    const hostile = 'import com.google.common.hash.BloomFilter;\nBloomFilter.create(funnel, a` [Open](command:bloomLens.setPrior?%5B%5D) `, 0.01);\n';
    const findings = detectConfigs(hostile, { languageId: 'java' });
    assert.ok(findings.length > 0, 'the config is still detected');
    const text = hoverMarkdownText(analyzeFinding(findings[0]), { uri: 'file:///x', line: 1, character: 0 });
    // The only links are the three the extension writes itself (an escaped \] does not close a link).
    const links = text.match(/(?<!\\)\]\(command:/g) ?? [];
    assert.equal(links.length, 3, text);
    assert.match(text, /\\\[Open\\\]/, 'the brackets from the file are escaped');
  });
});
