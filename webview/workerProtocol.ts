/** Messages between the designer's UI thread (webview/main.ts) and its Web Worker (webview/worker.ts). */
import type { RecyclingRequest, RecyclingResult, SimulationPoint, SimulationRequest } from './heavy';

export type WorkerRequest =
  | { readonly id: number; readonly kind: 'recycling'; readonly request: RecyclingRequest }
  | { readonly id: number; readonly kind: 'simulate'; readonly request: SimulationRequest }
  | { readonly id: number; readonly kind: 'cancel' };

export type WorkerResponse =
  | { readonly id: number; readonly kind: 'recycling'; readonly result: RecyclingResult; readonly milliseconds: number }
  | { readonly id: number; readonly kind: 'progress'; readonly fraction: number }
  | { readonly id: number; readonly kind: 'simulated'; readonly points: readonly SimulationPoint[]; readonly request: SimulationRequest }
  | { readonly id: number; readonly kind: 'cancelled' }
  | { readonly id: number; readonly kind: 'error'; readonly message: string };
