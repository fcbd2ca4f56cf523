/** "Run Simulation for Filter at Cursor": the model against a seeded Monte Carlo run, in a worker. */
import * as vscode from 'vscode';
import type { FilterReport } from '../analysis/analyze';
import { formatBits, formatCount, formatProbability } from '../analysis/format';
import { resolveLocation } from './commands';
import type { JobRunner } from './jobRunner';
import type { SimulationOutcome, SimulationPlan } from './jobs';
import type { FilterLocation } from './ranges';
import type { ReportStore } from './reports';

const SIMULATION_BUDGET_MS = 4000;

/** What can be simulated for a report, or why not. */
export function simulationPlan(report: FilterReport): SimulationPlan | string {
  const { mBits, n, hashing } = report.config;
  const k = report.config.k ?? report.metrics.bestK?.k;
  if (report.diagnostics.some((d) => d.code === 'BL001')) return 'its parameters are invalid (see BL001)';
  if (mBits === undefined || k === undefined) return 'its size m and number of hashes k are not known';
  const rates = report.metrics.recycling;
  if (rates?.kind === 'n-bounded') return { kind: 'n-bounded', mBits, k, messagesPerCycle: rates.messagesPerCycle };
  if (rates?.kind === 'sigma-bounded') {
    return { kind: 'sigma-bounded', mBits, k, sigmaBits: rates.sigmaBits, retain: rates.retain, phases: rates.phases, hashing: hashing === 'noncolliding' ? 'noncolliding' : 'colliding' };
  }
  if (n === undefined) return 'the number of elements n is not known';
  return { kind: 'plain', mBits, n, k, hashing };
}

export function describeOutcome(outcome: SimulationOutcome): string {
  const { simulated, model, modelName, agrees, runs, plan, scaledFrom, modelIsLowerBound } = outcome;
  const scaled = scaledFrom ? ` (a copy scaled from ${formatBits(scaledFrom.mBits)} to ${formatBits(plan.mBits)} with the same load and k)` : '';
  const unit = plan.kind === 'plain' ? 'filters' : 'cycles';
  const verdict = agrees
    ? (modelIsLowerBound ? 'the model stays below the simulated rate, as a lower bound should' : 'the model lies inside the 99% confidence interval')
    : 'the model lies OUTSIDE the 99% confidence interval';
  return `Simulated ${formatCount(runs)} ${unit}${scaled}: FP ${formatProbability(simulated.estimate)} `
    + `[${formatProbability(simulated.lower)}, ${formatProbability(simulated.upper)}] (99% CI); ${modelName}: ${formatProbability(model)} — ${verdict}.`;
}

/** `fixedRuns` (tests, reproducible runs): exactly that many filters or batches instead of a time budget. */
export async function runSimulationCommand(store: ReportStore, jobs: JobRunner, location?: FilterLocation, seed = 1, fixedRuns?: number): Promise<SimulationOutcome | undefined> {
  const target = await resolveLocation(location);
  const report = target ? store.reportAt(target.document, target.position) : undefined;
  if (!report) {
    void vscode.window.showWarningMessage('Bloom Lens: put the cursor on a detected Bloom filter configuration to simulate it.');
    return undefined;
  }
  const plan = simulationPlan(report);
  if (typeof plan === 'string') {
    void vscode.window.showWarningMessage(`Bloom Lens: cannot simulate this filter: ${plan}.`);
    return undefined;
  }
  const outcome = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Bloom Lens: simulating ${report.finding.title}`, cancellable: true },
    async (progress, token) => {
      let reported = 0;
      const result = await jobs.run({ kind: 'simulation', plan, seed, budgetMs: SIMULATION_BUDGET_MS, fixedRuns }, ({ fraction, message }) => {
        progress.report({ message, increment: Math.max(0, fraction * 100 - reported) });
        reported = Math.max(reported, fraction * 100);
      }, token);
      return result?.kind === 'simulation' ? result.outcome : undefined;
    },
  );
  if (!outcome) {
    void vscode.window.setStatusBarMessage('Bloom Lens: simulation cancelled', 3000);
    return undefined;
  }
  const text = describeOutcome(outcome);
  if (outcome.agrees) void vscode.window.showInformationMessage(`Bloom Lens: ${text}`);
  else void vscode.window.showWarningMessage(`Bloom Lens: ${text}`);
  return outcome;
}
