import * as assert from 'node:assert/strict';
import { globToRegExp, ScanScope } from '../../src/detect/scope';

describe('scan scope: one set of exclusions for the CLI and the extension (src/detect/scope.ts)', () => {
  it('reads globs as gitignore(5) does: *, ?, [..], ** across folders, escapes', () => {
    assert.ok(globToRegExp('*.log').test('debug.log') && !globToRegExp('*.log').test('a/debug.log'));
    assert.ok(globToRegExp('a?c').test('abc') && !globToRegExp('a?c').test('a/c'));
    assert.ok(globToRegExp('[ab].txt').test('b.txt') && !globToRegExp('[ab].txt').test('c.txt'));
    assert.ok(globToRegExp('[!ab].txt').test('c.txt') && !globToRegExp('[!ab].txt').test('a.txt'));
    const deep = globToRegExp('**/tmp/*.x');
    assert.ok(deep.test('tmp/y.x') && deep.test('a/b/tmp/y.x') && !deep.test('a/tmpx/y.x'));
    assert.ok(globToRegExp('docs/**').test('docs/a/b.md') && !globToRegExp('docs/**').test('docsx/a'));
    assert.ok(globToRegExp('a/**/b').test('a/b') && globToRegExp('a/**/b').test('a/x/y/b'));
    assert.ok(globToRegExp('\\#notes').test('#notes'));
  });

  it('skips vendored, generated and build folders at any depth, but not files of those names', () => {
    const scope = new ScanScope();
    for (const path of ['vendor', 'a/node_modules', 'x/third_party', 'build', 'svc/target', 'dist', '.git']) assert.ok(scope.excludes(path, true), path);
    assert.ok(scope.excludes('src/vendor/github.com/redis/go-redis/bloom.go', false));
    assert.ok(!scope.excludes('src/build', false), 'a file named build');
    assert.ok(!scope.excludes('src/builder/Bloom.java', false));
  });

  it('applies a .gitignore below its own folder: anchoring, directory-only rules, negation, later rules win', () => {
    const scope = new ScanScope();
    scope.addGitignore('', '# comment\n*.log\n!keep.log\n/generated/\nout.txt\n');
    scope.addGitignore('app', 'tmp/\n/local.cfg\ncache\n');
    assert.ok(scope.excludes('x/debug.log', false));
    assert.ok(!scope.excludes('x/keep.log', false));
    assert.ok(scope.excludes('generated/A.java', false));
    assert.ok(!scope.excludes('src/generated/A.java', false), 'anchored to the root');
    assert.ok(scope.excludes('app/tmp/a.py', false));
    assert.ok(!scope.excludes('app/tmp', false), 'tmp/ matches directories only');
    assert.ok(scope.excludes('app/local.cfg', false) && !scope.excludes('app/sub/local.cfg', false));
    assert.ok(scope.excludes('app/sub/cache', false) && !scope.excludes('other/cache', false), 'a nested .gitignore rules only below its folder');
    assert.ok(scope.excludes('a/out.txt', false));
  });

  it('cannot re-include a file whose folder is excluded (gitignore(5))', () => {
    const scope = new ScanScope();
    scope.addGitignore('', 'logs/\n!logs/keep.log\n');
    assert.ok(scope.excludes('logs/keep.log', false));
  });

  it('user globs are relative to the scanned folder; folders above it are not judged', () => {
    const scope = new ScanScope(['*.md', 'fixtures/**'], 'build/site');
    assert.ok(scope.excludes('build/site/readme.md', false, 'build/site'));
    assert.ok(scope.excludes('build/site/fixtures/a/b.yaml', false, 'build/site'));
    assert.ok(!scope.excludes('build/site/conf.yaml', false, 'build/site'), 'build/ above the scanned folder is the user\'s choice');
    assert.ok(scope.excludes('build/site/vendor/x.go', false, 'build/site'));
  });
});
