/**
 * Runs heavy jobs away from the extension host's thread. In the node host each job kind gets a worker
 * thread (cancelling a simulation terminates its worker); in the browser host, where no worker script can
 * be started from the extension, jobs run cooperatively with a short time budget.
 */
import * as vscode from 'vscode';
import { JobProgress, JobRequest, JobResult, runJob } from './jobs';
import { languagesToRead } from '../detect/fencedBlocks';
import type { SyntaxRuntime } from '../detect/syntax/runtime';
import type { WorkerMessage } from './worker';

export interface JobRunner extends vscode.Disposable {
  run(request: JobRequest, onProgress?: (progress: JobProgress) => void, token?: vscode.CancellationToken): Promise<JobResult | undefined>;
}

interface NodeWorker {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: WorkerMessage) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'exit', listener: (code: number) => void): void;
  terminate(): Promise<number>;
}

export class WorkerJobRunner implements JobRunner {
  private nextId = 1;
  private shared: NodeWorker | undefined;
  private readonly pending = new Map<number, { worker: NodeWorker; resolve: (r: JobResult | undefined) => void; reject: (e: Error) => void; onProgress?: (p: JobProgress) => void }>();

  constructor(private readonly workerPath: string) {}

  private spawn(): NodeWorker {
    // Resolved at run time: this runner exists only in the node host (the browser bundle never builds one).
    const { Worker } = require('node:worker_threads') as { Worker: new (path: string) => NodeWorker };
    const worker = new Worker(this.workerPath);
    worker.on('message', (message) => {
      const job = this.pending.get(message.id);
      if (!job) return;
      if (message.type === 'progress') job.onProgress?.({ fraction: message.fraction, message: message.message });
      else {
        this.pending.delete(message.id);
        if (message.type === 'done') job.resolve(message.result as JobResult | undefined);
        else job.reject(new Error(message.message));
      }
    });
    worker.on('error', (error) => this.failAll(worker, error));
    worker.on('exit', () => { if (this.shared === worker) this.shared = undefined; });
    return worker;
  }

  /** A worker died: its own jobs fail (others, on other workers, go on); the next job starts a new one. */
  private failAll(worker: NodeWorker, error: Error): void {
    if (this.shared === worker) this.shared = undefined;
    for (const [id, job] of this.pending) {
      if (job.worker !== worker) continue;
      this.pending.delete(id);
      job.reject(error);
    }
  }

  run(request: JobRequest, onProgress?: (progress: JobProgress) => void, token?: vscode.CancellationToken): Promise<JobResult | undefined> {
    const id = this.nextId++;
    // Simulations get a worker of their own, so cancelling one is terminating it; short jobs share one.
    const dedicated = request.kind === 'simulation';
    const worker = dedicated ? this.spawn() : (this.shared ??= this.spawn());
    return new Promise<JobResult | undefined>((resolve, reject) => {
      const cancellation = token?.onCancellationRequested(() => {
        if (!this.pending.delete(id)) return;
        finish();
        resolve(undefined);
      });
      const finish = (): void => {
        cancellation?.dispose();
        if (dedicated) void worker.terminate();
      };
      this.pending.set(id, { worker, resolve: (r) => { finish(); resolve(r); }, reject: (e) => { finish(); reject(e); }, onProgress });
      worker.postMessage({ id, request });
    });
  }

  dispose(): void {
    void this.shared?.terminate();
    for (const job of this.pending.values()) job.resolve(undefined);
    this.pending.clear();
  }
}

/** Largest filter whose capacity comparison the browser host computes on its own thread (~30 ms). */
const COOPERATIVE_COMPARISON_MAX_BITS = 1e7;

/**
 * The browser host's runner: runs the job on the host's thread after yielding, with budgets cut short;
 * capacity comparisons of large filters are skipped there (BL003 then needs the desktop host or the CLI).
 */
export class CooperativeJobRunner implements JobRunner {
  /** The host's syntax layer, once loaded (detection here runs on the host's thread). */
  syntax: SyntaxRuntime | undefined;

  async run(request: JobRequest, onProgress?: (progress: JobProgress) => void, token?: vscode.CancellationToken): Promise<JobResult | undefined> {
    await new Promise((resolveYield) => setTimeout(resolveYield, 0));
    if (token?.isCancellationRequested) return undefined;
    if (request.kind === 'comparison' && request.request.mBits > COOPERATIVE_COMPARISON_MAX_BITS) return undefined;
    const bounded = request.kind === 'simulation' ? { ...request, budgetMs: Math.min(request.budgetMs, 500) } : request;
    if (request.kind === 'detect') await Promise.all(languagesToRead(request.text, request.languageId).map((languageId) => this.syntax?.load(languageId)));
    return runJob(bounded, (progress) => onProgress?.(progress), () => token?.isCancellationRequested ?? false, this.syntax);
  }

  dispose(): void {
    // Nothing to release.
  }
}

export function createJobRunner(context: vscode.ExtensionContext): JobRunner {
  if (process.env.BLOOM_LENS_WEB === '1' || typeof require !== 'function') return new CooperativeJobRunner();
  return new WorkerJobRunner(vscode.Uri.joinPath(context.extensionUri, 'dist', 'worker.js').fsPath);
}
