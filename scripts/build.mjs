// Builds the bundles (dist/) and, with --tests, every test, integration suite and benchmark (out/).
import * as esbuild from 'esbuild';
import { readdirSync, statSync, existsSync, rmSync, readFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const withTests = process.argv.includes('--tests');
const production = process.argv.includes('--production');
// jsonc-parser's `main` is a UMD build whose lazy `require('./impl/...')` calls esbuild cannot follow: bundle its ES module build.
const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning', target: 'es2022',
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' } };

function filesUnder(dir, suffix) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, suffix);
    return path.endsWith(suffix) ? [path] : [];
  });
}

// A release build starts from an empty dist/ (no stale source maps or bundles).
if (production) rmSync('dist', { recursive: true, force: true });

// tree-sitter (VS Code's build): its module asks for its own script URL while it loads and throws where there
// is none (a web worker extension host has neither __filename nor document.currentScript). The worker's own
// location does instead; the bytes of the wasm files are passed in, so the URL is never fetched.
const TREE_SITTER_JS = /tree-sitter-wasm[\\/]wasm[\\/]tree-sitter\.js$/;
const TREE_SITTER_THROW = "throw new Error('Unable to determine script URL');";
const treeSitterInWorker = {
  name: 'tree-sitter-in-worker',
  setup(build) {
    build.onLoad({ filter: TREE_SITTER_JS }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes(TREE_SITTER_THROW)) throw new Error(`tree-sitter.js changed: "${TREE_SITTER_THROW}" not found; update the patch in scripts/build.mjs`);
      return { contents: source.replace(TREE_SITTER_THROW, "return typeof self !== 'undefined' && self.location ? self.location.href : undefined;"), loader: 'js' };
    });
  },
};

// The runtime and the grammars the syntax layer loads (src/detect/syntax/queries.ts), shipped beside the bundles.
const WASM_DIR = 'node_modules/@vscode/tree-sitter-wasm/wasm';
const GRAMMARS = ['java', 'go', 'python', 'rust', 'typescript', 'tsx', 'javascript', 'c-sharp', 'php', 'ruby', 'cpp', 'bash'];
// Grammars VS Code's package does not ship, from their own npm packages (queries.ts GRAMMAR_PACKAGES).
const OTHER_GRAMMARS = { kotlin: 'node_modules/@tree-sitter-grammars/tree-sitter-kotlin', scala: 'node_modules/tree-sitter-scala' };
mkdirSync('dist', { recursive: true });
for (const file of ['tree-sitter.wasm', ...GRAMMARS.map((g) => `tree-sitter-${g}.wasm`)]) copyFileSync(join(WASM_DIR, file), join('dist', file));
for (const [grammar, dir] of Object.entries(OTHER_GRAMMARS)) copyFileSync(join(dir, `tree-sitter-${grammar}.wasm`), join('dist', `tree-sitter-${grammar}.wasm`));

const builds = [
  { ...common, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', external: ['vscode'] },
  // The browser host: node built-ins stay unresolved (their code paths are never taken there).
  { ...common, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/web/extension.js', platform: 'browser', format: 'cjs',
    external: ['vscode', 'node:*', 'fs', 'fs/promises', 'path', 'url', 'module'], plugins: [treeSitterInWorker],
    define: { 'process.env.BLOOM_LENS_WEB': '"1"' } },
  { ...common, entryPoints: ['src/extension/worker.ts'], outfile: 'dist/worker.js', platform: 'node', format: 'cjs' },
  { ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', platform: 'node', format: 'cjs', banner: { js: '#!/usr/bin/env node' } },
];
// The designer panel's UI and its Web Worker (heavy models off the UI thread).
if (existsSync('webview/main.ts')) {
  builds.push({ ...common, entryPoints: ['webview/main.ts'], outfile: 'dist/webview.js', platform: 'browser', format: 'iife' });
}
if (existsSync('webview/worker.ts')) {
  builds.push({ ...common, entryPoints: ['webview/worker.ts'], outfile: 'dist/webviewWorker.js', platform: 'browser', format: 'iife' });
}
if (withTests) {
  rmSync('out', { recursive: true, force: true });
  const groups = [
    ['test/unit', '.test.ts', 'node'],
    ['test/bench', '.bench.ts', 'node'],
    ['test/integration', '.ts', 'node'],
    ['test/e2e', '.ts', 'node'],
  ];
  for (const [dir, suffix, platform] of groups) {
    const entryPoints = filesUnder(dir, suffix);
    if (entryPoints.length === 0) continue;
    builds.push({ ...common, entryPoints, outdir: join('out', dir), outbase: dir, platform, format: 'cjs',
      external: ['vscode', 'mocha', 'playwright-core', '@vscode/test-electron'] });
  }
  // The web suite runs in VS Code's web worker extension host: one browser bundle, mocha's browser build inside.
  if (existsSync('test/web/index.ts')) {
    builds.push({ ...common, entryPoints: ['test/web/index.ts'], outfile: 'out/test/web/index.js', platform: 'browser', format: 'cjs',
      external: ['vscode', 'fs', 'fs/promises', 'path', 'url', 'module'], plugins: [treeSitterInWorker] });
  }
}
await Promise.all(builds.map((options) => esbuild.build(options)));
