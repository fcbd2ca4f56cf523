// Installs a real VS Code (code-server 4.100.3 = VS Code 1.100.3) into .vscode-test/code-server,
// offline-safe: only the npm registry and Debian packages are needed (see README, "Tests").
// Idempotent: does nothing when it is already installed.
import { existsSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const CODE_SERVER_VERSION = '4.100.3';
const root = resolve('.vscode-test/code-server');
const binary = join(root, 'node_modules/code-server/out/node/entry.js');
const marker = join(root, 'installed.json');

function run(command, env = {}, cwd = process.cwd()) {
  console.log(`$ ${command}`);
  execSync(command, { stdio: 'inherit', cwd, env: { ...process.env, ...env } });
}

function have(command) {
  try { execSync(`command -v ${command}`, { stdio: 'ignore' }); return true; } catch { return false; }
}

if (existsSync(marker) && existsSync(binary)) {
  const info = JSON.parse(readFileSync(marker, 'utf8'));
  if (info.version === CODE_SERVER_VERSION) {
    console.log(`code-server ${CODE_SERVER_VERSION} already installed in ${root}`);
    process.exit(0);
  }
}

// 1. Debian packages: Kerberos headers for code-server's native module, ripgrep, Chromium.
const missing = [
  !existsSync('/usr/include/krb5.h') && !existsSync('/usr/include/gssapi/gssapi.h') ? 'libkrb5-dev' : null,
  !have('rg') ? 'ripgrep' : null,
  !existsSync('/usr/bin/chromium') ? 'chromium' : null,
].filter(Boolean);
if (missing.length > 0) {
  if (process.getuid?.() !== 0) {
    console.error(`missing Debian packages: ${missing.join(' ')} (run: sudo apt-get install -y ${missing.join(' ')})`);
    process.exit(1);
  }
  run('apt-get update -qq');
  run(`apt-get install -y -qq ${missing.join(' ')}`, { DEBIAN_FRONTEND: 'noninteractive' });
}

// 2. @vscode/ripgrep downloads rg from GitHub in its postinstall; seed its cache with Debian's rg.
const rgCacheDir = join(tmpdir(), 'vscode-ripgrep-cache-1.15.11');
mkdirSync(rgCacheDir, { recursive: true });
for (const name of ['ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz', 'ripgrep-v13.0.0-13-x86_64-unknown-linux-musl.tar.gz']) {
  const tarball = join(rgCacheDir, name);
  if (!existsSync(tarball)) run(`tar czf ${tarball} -C /usr/bin rg`);
}

// 3. code-server itself, in a folder of its own (ignored by git).
mkdirSync(root, { recursive: true });
if (!existsSync(join(root, 'package.json'))) writeFileSync(join(root, 'package.json'), '{ "name": "bloom-lens-code-server", "private": true }\n');
// Native modules build against the machine's own Node headers when it has them (no download of headers).
const nodeHeaders = existsSync('/usr/include/node/node.h') ? { npm_config_nodedir: '/usr' } : {};
run(`npm install --no-audit --no-fund --no-package-lock code-server@${CODE_SERVER_VERSION}`,
  { npm_config_yes: 'true', npm_config_unsafe_perm: 'true', ...nodeHeaders }, root);
if (!existsSync(binary)) {
  console.error(`code-server did not install: ${binary} is missing`);
  process.exit(1);
}
writeFileSync(marker, JSON.stringify({ version: CODE_SERVER_VERSION }) + '\n');
console.log(`code-server ${CODE_SERVER_VERSION} installed in ${root}`);
