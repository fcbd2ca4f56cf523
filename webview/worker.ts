/**
 * The designer's Web Worker: recycling capacities, phases vs memory, the stationary distribution and the
 * simulation run here (one instance), the first chart's data (a second instance, so it never waits behind them) and the
 * "same job, other filters" comparison (a third, started when that section is first on screen), so that typing in the panel never waits for them. One simulation at a time; a
 * `cancel` message stops it between chunks.
 */
import { compareStructures } from '../src/core/compareStructures';
import { alternativesGrid } from './alternatives';
import { fpVsItems } from './chartData';
import { recyclingAnalysis, runSimulation, simulationProblem } from './heavy';
import type { WorkerRequest, WorkerResponse } from './workerProtocol';

declare const self: { postMessage(message: WorkerResponse): void; onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null };

let cancelledSimulation = -1;
let runningSimulation = -1;

const yieldToEvents = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

self.onmessage = (event: MessageEvent<WorkerRequest>): void => {
  const message = event.data;
  if (message.kind === 'cancel') {
    cancelledSimulation = runningSimulation;
    return;
  }
  if (message.kind === 'alternatives' || message.kind === 'alternativesGrid') {
    const started = performance.now();
    try {
      if (message.kind === 'alternatives') {
        const rows = compareStructures(message.n, message.p);
        self.postMessage({ id: message.id, kind: 'alternatives', n: message.n, p: message.p, rows, milliseconds: performance.now() - started });
      } else {
        self.postMessage({ id: message.id, kind: 'alternativesGrid', n: message.n, grid: alternativesGrid(message.n), milliseconds: performance.now() - started });
      }
    } catch (error) {
      self.postMessage({ id: message.id, kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
    return;
  }
  if (message.kind === 'items') {
    const started = performance.now();
    try {
      self.postMessage({ id: message.id, kind: 'items', data: fpVsItems(message.design), milliseconds: performance.now() - started });
    } catch (error) {
      self.postMessage({ id: message.id, kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
    return;
  }
  if (message.kind === 'recycling') {
    const started = performance.now();
    try {
      const result = recyclingAnalysis(message.request);
      self.postMessage({ id: message.id, kind: 'recycling', result, milliseconds: performance.now() - started });
    } catch (error) {
      self.postMessage({ id: message.id, kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
    return;
  }
  if (message.kind === 'simulate') {
    const problem = simulationProblem(message.request);
    if (problem) {
      self.postMessage({ id: message.id, kind: 'error', message: problem });
      return;
    }
    runningSimulation = message.id;
    void runSimulation(message.request,
      (fraction) => self.postMessage({ id: message.id, kind: 'progress', fraction }),
      () => cancelledSimulation === message.id,
      yieldToEvents,
    ).then((points) => {
      if (points) self.postMessage({ id: message.id, kind: 'simulated', points, request: message.request });
      else self.postMessage({ id: message.id, kind: 'cancelled' });
    }, (error: unknown) => self.postMessage({ id: message.id, kind: 'error', message: error instanceof Error ? error.message : String(error) }));
  }
};
