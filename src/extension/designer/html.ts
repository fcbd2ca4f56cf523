/** The designer's HTML shell: strict CSP with a per-render nonce; scripts and styles only from dist/ and media/. Pure. */

export interface ShellUris {
  /** webview.cspSource */
  readonly cspSource: string;
  readonly script: string;
  readonly worker: string;
  readonly style: string;
  readonly nonce: string;
}

/** A 32-character random nonce (base62). */
export function makeNonce(random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let nonce = '';
  for (let i = 0; i < 32; i++) nonce += alphabet.charAt(Math.floor(random() * alphabet.length));
  return nonce;
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The page. The worker is loaded by the script (fetch + blob URL: a webview cannot start a worker from its
 * resource origin directly), hence `worker-src blob:` and `connect-src` limited to the extension's resources.
 */
export function designerHtml(uris: ShellUris): string {
  const csp = [
    "default-src 'none'",
    `img-src ${uris.cspSource} data: blob:`,
    `style-src ${uris.cspSource}`,
    `font-src ${uris.cspSource}`,
    `script-src 'nonce-${uris.nonce}'`,
    `connect-src ${uris.cspSource}`,
    'worker-src blob:',
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attribute(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${attribute(uris.style)}">
<title>Bloom Lens Designer</title>
</head>
<body>
<main id="app" data-worker-src="${attribute(uris.worker)}" aria-busy="true"><p>Loading the designer…</p></main>
<script nonce="${uris.nonce}" src="${attribute(uris.script)}"></script>
</body>
</html>`;
}
