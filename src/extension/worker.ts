/** The node worker thread that runs heavy jobs (src/extension/jobs.ts) off the extension host's thread. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { languagesToRead } from '../detect/fencedBlocks';
import { languageFromFileName } from '../detect/source';
import { SyntaxRuntime } from '../detect/syntax/runtime';
import { JobRequest, runJob } from './jobs';

export interface WorkerRequest {
  readonly id: number;
  readonly request: JobRequest;
}

export type WorkerMessage =
  | { readonly id: number; readonly type: 'progress'; readonly fraction: number; readonly message: string }
  | { readonly id: number; readonly type: 'done'; readonly result: unknown }
  | { readonly id: number; readonly type: 'error'; readonly message: string };

/** The worker's own syntax layer (the wasm files sit beside worker.js in dist/); undefined if it cannot load. */
let syntax: Promise<SyntaxRuntime | undefined> | undefined;

async function syntaxFor(request: JobRequest): Promise<SyntaxRuntime | undefined> {
  if (request.kind !== 'detect') return undefined;
  syntax ??= SyntaxRuntime.create((file) => readFile(join(__dirname, file))).catch(() => undefined);
  const runtime = await syntax;
  await Promise.all(languagesToRead(request.text, request.languageId ?? languageFromFileName(request.fileName)).map((languageId) => runtime?.load(languageId)));
  return runtime;
}

parentPort?.on('message', async ({ id, request }: WorkerRequest) => {
  try {
    const runtime = await syntaxFor(request);
    const result = runJob(request, (progress) => parentPort?.postMessage({ id, type: 'progress', ...progress }), () => false, runtime);
    parentPort?.postMessage({ id, type: 'done', result });
  } catch (error) {
    parentPort?.postMessage({ id, type: 'error', message: (error as Error)?.message ?? String(error) });
  }
});
