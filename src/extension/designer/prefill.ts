/** A detected configuration -> the designer's inputs and origin. Pure (no vscode). */
import type { FilterReport } from '../../analysis/analyze';
import type { ParamName } from '../../detect/types';
import { modelForRecognizer } from '../../libraries';
import { DEFAULT_INPUTS, DesignerInputs, DesignerOrigin, DesignParam, DesignerState, LAYOUT_SELECTIONS, LayoutSelection, STATE_VERSION } from '../../protocol';
import { probabilityText } from './edits';

const text = (value: number | undefined): string => (value === undefined || !Number.isFinite(value) ? '' : String(value));

/** The designer state for a report: its parameters as the code states them, and where it came from. */
export function stateForReport(report: FilterReport, uri: string): DesignerState {
  const { finding, config } = report;
  const { params } = finding;
  const recycling = finding.recycling;
  let sigma = DEFAULT_INPUTS.sigma;
  let retain = false;
  if (recycling?.kind === 'sigma-bounded') {
    sigma = recycling.sigmaBits !== undefined ? String(recycling.sigmaBits) : recycling.sigmaFraction !== undefined ? String(recycling.sigmaFraction) : sigma;
    retain = recycling.retain ?? false;
  }
  let n = config.n;
  if (recycling?.kind === 'n-bounded' && recycling.messagesPerCycle !== undefined) n = recycling.messagesPerCycle;
  const inputs: DesignerInputs = {
    ...DEFAULT_INPUTS,
    // With nothing to size from, start from the default n so the panel shows a design.
    n: n === undefined && config.mBits === undefined && config.p === undefined ? DEFAULT_INPUTS.n : text(n),
    p: config.p !== undefined ? probabilityText(config.p) : '',
    m: text(config.mBits),
    k: text(config.k),
    hashing: config.hashing,
    ...designerLayoutFor(finding.recognizer, config.mBits),
    recycling: recycling?.kind ?? 'none',
    sigma,
    retain,
    phases: params.phases ?? 1,
    prior: params.prior !== undefined && params.prior < 1 ? probabilityText(params.prior) : '',
    alpha: params.alpha !== undefined ? String(params.alpha) : DEFAULT_INPUTS.alpha,
  };
  const editable = (['n', 'p', 'm', 'k'] as DesignParam[]).filter((param) => {
    const source = finding.sources[param as ParamName];
    return source !== undefined && (source.range !== undefined || source.kind === 'annotation');
  });
  const origin: DesignerOrigin = {
    uri,
    line: finding.range.start.line,
    character: finding.range.start.character,
    title: finding.title.slice(0, 200),
    recognizer: finding.recognizer.slice(0, 200),
    editable,
  };
  return { version: STATE_VERSION, inputs, origin };
}

/**
 * The state opened at a section with the n and p a comparison ran at (the hover's "smaller: ..." row): n replaces the
 * stated one (they agree unless n was assumed), p fills in where neither p nor m is stated (bits per key only).
 */
export function withComparisonPoint(state: DesignerState, n: number | undefined, p: number | undefined): DesignerState {
  const inputs = state.inputs;
  return {
    ...state,
    inputs: {
      ...inputs,
      ...(n !== undefined ? { n: String(n) } : {}),
      ...(p !== undefined && inputs.p === '' && inputs.m === '' ? { p: probabilityText(p) } : {}),
    },
  };
}

/** The designer layout of the detected library (src/libraries), when the designer offers it and m fits it. */
function designerLayoutFor(recognizer: string, mBits: number | undefined): { layout?: LayoutSelection } {
  const layout = modelForRecognizer(recognizer)?.layout;
  const selection: LayoutSelection | undefined = layout?.kind === 'split-block' ? 'sbbf'
    : layout?.kind === 'blocked' ? LAYOUT_SELECTIONS.find((choice) => choice === `blocked:${layout.blockBits}`) : undefined;
  if (!selection) return {};
  const granule = selection === 'sbbf' ? 256 : Number(selection.slice('blocked:'.length));
  return mBits === undefined || mBits % granule === 0 ? { layout: selection } : {};
}
