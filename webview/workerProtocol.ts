/** Messages between the designer's UI thread (webview/main.ts) and its Web Worker (webview/worker.ts). */
import type { StructureRow } from '../src/core/compareStructures';
import type { GridPoint } from './alternatives';
import type { ChartData } from './chartData';
import type { RecyclingRequest, RecyclingResult, SimulationPoint, SimulationRequest } from './heavy';
import type { Design } from './solve';

export type WorkerRequest =
  | { readonly id: number; readonly kind: 'recycling'; readonly request: RecyclingRequest }
  | { readonly id: number; readonly kind: 'simulate'; readonly request: SimulationRequest }
  | { readonly id: number; readonly kind: 'cancel' }
  /** The first chart (FP vs items inserted): O(k^2) per point, up to a few hundred ms at k = 64 on a busy machine. */
  | { readonly id: number; readonly kind: 'items'; readonly design: Design }
  /** "Same job, other filters": compareStructures at the design's n and p (a few to tens of ms) ... */
  | { readonly id: number; readonly kind: 'alternatives'; readonly n: number; readonly p: number }
  /** ... and over the chart's grid of p at n (23 calls). */
  | { readonly id: number; readonly kind: 'alternativesGrid'; readonly n: number };

export type WorkerResponse =
  | { readonly id: number; readonly kind: 'recycling'; readonly result: RecyclingResult; readonly milliseconds: number }
  | { readonly id: number; readonly kind: 'progress'; readonly fraction: number }
  | { readonly id: number; readonly kind: 'simulated'; readonly points: readonly SimulationPoint[]; readonly request: SimulationRequest }
  | { readonly id: number; readonly kind: 'cancelled' }
  | { readonly id: number; readonly kind: 'items'; readonly data: ChartData; readonly milliseconds: number }
  | { readonly id: number; readonly kind: 'alternatives'; readonly n: number; readonly p: number; readonly rows: readonly StructureRow[]; readonly milliseconds: number }
  | { readonly id: number; readonly kind: 'alternativesGrid'; readonly n: number; readonly grid: readonly GridPoint[]; readonly milliseconds: number }
  | { readonly id: number; readonly kind: 'error'; readonly message: string };
