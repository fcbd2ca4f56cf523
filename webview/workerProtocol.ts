/** Messages between the designer's UI thread (webview/main.ts) and its Web Worker (webview/worker.ts). */
import type { ChartData } from './chartData';
import type { RecyclingRequest, RecyclingResult, SimulationPoint, SimulationRequest } from './heavy';
import type { Design } from './solve';

export type WorkerRequest =
  | { readonly id: number; readonly kind: 'recycling'; readonly request: RecyclingRequest }
  | { readonly id: number; readonly kind: 'simulate'; readonly request: SimulationRequest }
  | { readonly id: number; readonly kind: 'cancel' }
  /** The first chart (FP vs items inserted): O(k^2) per point, up to a few hundred ms at k = 64 on a busy machine. */
  | { readonly id: number; readonly kind: 'items'; readonly design: Design };

export type WorkerResponse =
  | { readonly id: number; readonly kind: 'recycling'; readonly result: RecyclingResult; readonly milliseconds: number }
  | { readonly id: number; readonly kind: 'progress'; readonly fraction: number }
  | { readonly id: number; readonly kind: 'simulated'; readonly points: readonly SimulationPoint[]; readonly request: SimulationRequest }
  | { readonly id: number; readonly kind: 'cancelled' }
  | { readonly id: number; readonly kind: 'items'; readonly data: ChartData; readonly milliseconds: number }
  | { readonly id: number; readonly kind: 'error'; readonly message: string };
