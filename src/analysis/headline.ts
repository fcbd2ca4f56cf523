/**
 * The one number every view leads with: the false-positive rate the filter delivers, and which model gave it.
 * Hover, CodeLens, diagnostics, the CLI and the designer's summary take it from here and nowhere else, so the
 * library-faithful models (blocked, split-block, Ribbon, 32-bit hashing) replace it in one place: the library module's
 * model (src/libraries, as metrics.libraryRate) when its layout is not the textbook one, else the exact or per-element rate.
 */
import type { Metrics, ResolvedConfig } from './analyze';

export interface HeadlineRate {
  /** The false-positive rate a query sees: at capacity, or per element when n is unknown. */
  readonly falsePositiveRate: number;
  /** True when n is unknown and the rate is per element (bits per key). */
  readonly perElement: boolean;
  /** The number of elements the rate is taken at (undefined per element). */
  readonly elements?: number;
  /** Stable id of the model, e.g. "classic-exact", "bloom-per-element". */
  readonly modelId: string;
  /** The model in words, e.g. "exact (textbook filter)". */
  readonly model: string;
}

/** The headline rate of a resolved configuration, or undefined when no rate can be computed. */
export function headlineRate(config: ResolvedConfig, metrics: Metrics): HeadlineRate | undefined {
  const library = metrics.libraryRate;
  if (library) {
    return { falsePositiveRate: library.falsePositiveRate, perElement: library.perElement, ...(library.perElement ? {} : { elements: config.elements }), modelId: library.modelId, model: library.model };
  }
  if (metrics.exactFalsePositiveRate !== undefined) {
    return { falsePositiveRate: metrics.exactFalsePositiveRate, perElement: false, elements: config.elements, modelId: 'classic-exact', model: 'exact (textbook filter)' };
  }
  if (metrics.perElementFalsePositiveRate !== undefined) {
    return { falsePositiveRate: metrics.perElementFalsePositiveRate, perElement: true, modelId: 'bloom-per-element', model: "Bloom's formula per element" };
  }
  return undefined;
}
