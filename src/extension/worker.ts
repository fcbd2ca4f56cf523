/** The node worker thread that runs heavy jobs (src/extension/jobs.ts) off the extension host's thread. */
import { parentPort } from 'node:worker_threads';
import { JobRequest, runJob } from './jobs';

export interface WorkerRequest {
  readonly id: number;
  readonly request: JobRequest;
}

export type WorkerMessage =
  | { readonly id: number; readonly type: 'progress'; readonly fraction: number; readonly message: string }
  | { readonly id: number; readonly type: 'done'; readonly result: unknown }
  | { readonly id: number; readonly type: 'error'; readonly message: string };

parentPort?.on('message', ({ id, request }: WorkerRequest) => {
  try {
    const result = runJob(request, (progress) => parentPort?.postMessage({ id, type: 'progress', ...progress }), () => false);
    parentPort?.postMessage({ id, type: 'done', result });
  } catch (error) {
    parentPort?.postMessage({ id, type: 'error', message: (error as Error)?.message ?? String(error) });
  }
});
