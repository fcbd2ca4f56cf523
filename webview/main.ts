/**
 * The designer panel's UI (runs in the webview). Inputs -> solve (src/core, on this thread: microseconds) ->
 * results table, library table and the light charts, redrawn synchronously on every keystroke; the heavy
 * charts (recycling capacities, phases vs memory, stationary distribution, simulation) come from the Web
 * Worker. Every message from the extension is validated (src/protocol.ts); state is kept with setState.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-label/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-progress-bar/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import {
  BarController, BarElement, CategoryScale, Chart, ChartConfiguration, Legend, LinearScale, LineController, LineElement,
  LogarithmicScale, PointElement, ScatterController, Title, Tooltip,
} from 'chart.js';
import { formatBits, formatBytes, formatCount, formatProbability } from '../src/analysis/format';
import {
  DEFAULT_INPUTS, DesignerInputs, DesignerOrigin, DesignerState, DesignValues, HostMessage, STATE_VERSION, validateHostMessage,
  validateState, WebviewMessage,
} from '../src/protocol';
import { ChartData, fpVsItems, fpVsK, paradoxRegion } from './chartData';
import type { RecyclingRequest, RecyclingResult, SimulationRequest } from './heavy';
import { simulationChartData } from './heavy';
import { libraryAllocations, snippetFor, SNIPPET_LIBRARIES } from '../src/libraries';
import { layoutText } from '../src/libraries/layouts';
import { resultRows, ResultRow, rowsToMarkdown } from './results';
import type { StructureRow } from '../src/core/compareStructures';
import { Ecosystem, ecosystemOf, ECOSYSTEMS, FilterNeeds } from '../src/libraries/alternatives';
import { ALTERNATIVES_HEADERS, alternativesChart, alternativesTableRows, GridPoint } from './alternatives';
import { Design, InputField, solveDesign } from './solve';
import { designSummary } from './summary';
import type { WorkerRequest, WorkerResponse } from './workerProtocol';

Chart.register(LineController, LineElement, PointElement, LinearScale, LogarithmicScale, CategoryScale, BarController, BarElement, ScatterController, Legend, Title, Tooltip);

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): unknown;
  setState(state: DesignerState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();

// ------------------------------------------------------------------------------------------------
// State

const saved = validateState(vscode.getState());
let inputs: DesignerInputs = saved.ok ? saved.value.inputs : DEFAULT_INPUTS;
let origin: DesignerOrigin | undefined = saved.ok ? saved.value.origin : undefined;
const hadSavedState = saved.ok;
let design: Design | undefined;
let rows: ResultRow[] = [];
/** The worker's recycling rows for the current design (empty until it answers). */
let recyclingRows: ResultRow[] = [];

/** Saves the inputs with setState at once, on every change (never on blur or after a delay). */
function persist(): void {
  vscode.setState({ version: STATE_VERSION, inputs, ...(origin ? { origin } : {}) });
  document.body.dataset.savedN = inputs.n; // e2e: what a reload would restore
}

function log(level: 'info' | 'warn' | 'error', message: string): void {
  vscode.postMessage({ type: 'log', level, message: message.slice(0, 1900) });
}

// ------------------------------------------------------------------------------------------------
// DOM helpers (no innerHTML with data: every text goes through textContent)

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes?: Record<string, string>, ...children: (Node | string)[]): HTMLElementTagNameMap[K];
function element(tag: string, attributes?: Record<string, string>, ...children: (Node | string)[]): HTMLElement;
function element(tag: string, attributes: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

type TextInputKey = 'n' | 'p' | 'm' | 'k' | 'target' | 'sigma' | 'prior' | 'alpha' | 'counterBits';

const FIELD_LABELS: Record<TextInputKey, [string, string]> = {
  n: ['n: expected elements', '1M, 1e6, 2^20; blank: solve'],
  p: ['p: false-positive rate', '1%, 0.01, 1-in-1000; blank: solve'],
  m: ['m: size', '9.6 Mbit, 1.2 MiB, 1e7; blank: solve'],
  k: ['k: hash functions', 'blank: best integer k'],
  target: ['capacity target FP', '1%'],
  sigma: ['sigma: recycle above', 'bits, or a fraction of m (0.5)'],
  prior: ['prior Pr(x in S)', 'e.g. 1e-4; blank: unknown'],
  alpha: ['alpha: cost FN / cost FP', '1'],
  counterBits: ['CBF bits per counter', '4'],
};

const textFields = new Map<TextInputKey, HTMLElement & { value: string; invalid: boolean }>();
const hints = new Map<TextInputKey, HTMLElement>();

function textField(key: TextInputKey): HTMLElement {
  const id = `input-${key}`;
  const [label, placeholder] = FIELD_LABELS[key];
  const field = element('vscode-textfield', { id, placeholder, 'aria-describedby': `${id}-hint` }) as HTMLElement & { value: string; invalid: boolean };
  field.value = inputs[key];
  field.addEventListener('input', () => {
    inputs = { ...inputs, [key]: field.value.slice(0, 200) };
    onInputsChanged();
  });
  textFields.set(key, field);
  const hint = element('div', { class: 'hint', id: `${id}-hint`, 'aria-live': 'polite' });
  hints.set(key, hint);
  return element('div', { class: 'field', 'data-field': key }, element('vscode-label', { for: id }, label), field, hint);
}

function selectField<K extends 'hashing' | 'layout' | 'recycling' | 'phases' | 'snippetLibrary'>(key: K, label: string, options: readonly [string, string][],
  apply: (value: string) => void, current: string): HTMLElement {
  const id = `input-${key}`;
  const select = element('vscode-single-select', { id }) as HTMLElement & { value: string };
  for (const [value, text] of options) {
    const option = element('vscode-option', { value }, text);
    if (value === current) option.setAttribute('selected', '');
    select.append(option);
  }
  select.addEventListener('change', () => apply(select.value));
  return element('div', { class: 'field', 'data-field': key }, element('vscode-label', { for: id }, label), select);
}

// ------------------------------------------------------------------------------------------------
// Layout

const app = document.getElementById('app')!;
const workerSource = app.dataset.workerSrc ?? '';
app.replaceChildren();
app.removeAttribute('aria-busy');

const originLine = element('p', { class: 'origin', id: 'origin' });
const status = element('p', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' });

const retainBox = element('vscode-checkbox', { id: 'input-retain', label: 'retaining (re-insert the overflowing message)' }) as HTMLElement & { checked: boolean };
retainBox.checked = inputs.retain;
retainBox.addEventListener('change', () => { inputs = { ...inputs, retain: retainBox.checked }; onInputsChanged(); });

const form = element('section', { class: 'inputs', 'aria-label': 'Parameters' },
  element('fieldset', {}, element('legend', {}, 'Filter (leave any of n, p, m, k blank to solve it)'),
    textField('n'), textField('p'), textField('m'), textField('k'),
    selectField('hashing', 'hashing model', [['colliding', 'colliding (k independent positions)'], ['noncolliding', 'non-colliding (k distinct positions)'], ['partitioned', 'partitioned (k slices)']],
      (value) => { inputs = { ...inputs, hashing: value as DesignerInputs['hashing'] }; onInputsChanged(); }, inputs.hashing),
    selectField('layout', 'layout', [['classic', 'classic (positions over all m bits)'], ['blocked:512', 'blocked, 512-bit blocks (RocksDB, blobloom)'], ['blocked:256', 'blocked, 256-bit blocks'], ['blocked:64', 'blocked, 64-bit blocks'], ['sbbf', 'split-block, k = 8 (Parquet, Arrow, Impala)']],
      (value) => { inputs = { ...inputs, layout: value as DesignerInputs['layout'] }; onInputsChanged(); }, inputs.layout ?? 'classic'),
    textField('target')),
  element('fieldset', {}, element('legend', {}, 'Recycling'),
    selectField('recycling', 'recycling', [['none', 'none'], ['n-bounded', 'N-bounded (clear after n messages)'], ['sigma-bounded', 'sigma-bounded (clear above sigma set bits)']],
      (value) => { inputs = { ...inputs, recycling: value as DesignerInputs['recycling'] }; onInputsChanged(); }, inputs.recycling),
    textField('sigma'),
    element('div', { class: 'field' }, retainBox),
    selectField('phases', 'phases', [['1', 'one phase'], ['2', 'two phases (active + frozen)']],
      (value) => { inputs = { ...inputs, phases: value === '2' ? 2 : 1 }; onInputsChanged(); }, String(inputs.phases))),
  element('fieldset', {}, element('legend', {}, 'Bloom paradox and counting filter'),
    textField('prior'), textField('alpha'), textField('counterBits')),
);

const applyButton = element('vscode-button', { id: 'apply' }, 'Apply to source') as HTMLElement & { disabled: boolean };
const copyButton = element('vscode-button', { id: 'copy', secondary: '' }, 'Copy snippet');
const exportButton = element('vscode-button', { id: 'export', secondary: '' }, 'Export report');
const snippetSelect = selectField('snippetLibrary', 'snippet for', SNIPPET_LIBRARIES.map((l) => [l.id, l.label] as [string, string]),
  (value) => { inputs = { ...inputs, snippetLibrary: value }; persist(); renderSnippet(); labelCopyButton(); }, inputs.snippetLibrary);
const snippetPreview = element('pre', { class: 'snippet', id: 'snippet', tabindex: '0', 'aria-label': 'snippet preview' });
const actions = element('section', { class: 'actions', 'aria-label': 'Snippet and report' },
  element('div', { class: 'buttons' }, snippetSelect, exportButton), snippetPreview, status);

/**
 * The answer strip: always in view (sticky), so the effect of a change is seen wherever the panel is scrolled
 * and however narrow it is. The verdict is said in words and marked with a glyph; colour only repeats it.
 */
function summaryItem(key: string, label: string): HTMLElement {
  return element('div', { class: 'summary-item', 'data-summary': key },
    element('span', { class: 'summary-label', id: `summary-${key}-label` }, label),
    element('span', { class: 'summary-value', id: `summary-${key}`, 'aria-labelledby': `summary-${key}-label summary-${key}` }, '—'));
}
const verdictBadge = element('span', { class: 'verdict', id: 'summary-verdict' }, '—');
const summaryStrip = element('section', { class: 'summary', id: 'summary', 'aria-label': 'The answer for this design' },
  element('div', { class: 'summary-values', role: 'group', 'aria-label': 'Answer' },
    summaryItem('m', 'm'), summaryItem('k', 'k'), summaryItem('fp', 'FP at n'), summaryItem('capacity', 'capacity'), verdictBadge),
  element('div', { class: 'summary-actions' }, applyButton, copyButton));
/** The summary in one sentence for screen readers, announced politely after typing settles. */
const summaryAnnouncement = element('p', { class: 'visually-hidden', id: 'summary-announcement', role: 'status', 'aria-live': 'polite' });

const resultsTable = element('table', { id: 'results', class: 'results' });
const librariesTable = element('table', { id: 'libraries', class: 'libraries' });
const firstChart = element('section', { class: 'first-chart', 'aria-label': 'False-positive rate vs items inserted' });
const chartsSection = element('section', { class: 'charts', 'aria-label': 'More charts' });

const simulateButton = element('vscode-button', { id: 'simulate' }, 'Run simulation');
const cancelButton = element('vscode-button', { id: 'cancel-simulation', secondary: '', disabled: '' }, 'Cancel') as HTMLElement & { disabled: boolean };
const progress = element('vscode-progress-bar', { id: 'simulation-progress', 'aria-label': 'simulation progress', max: '1', value: '0' }) as HTMLElement & { value: number };
const simulationStatus = element('p', { class: 'status', id: 'simulation-status', role: 'status', 'aria-live': 'polite' });

const resultsSection = element('section', { class: 'lazy', 'aria-labelledby': 'results-heading' }, element('h2', { id: 'results-heading' }, 'Results'), resultsTable);
const librariesSection = element('section', { class: 'lazy', 'aria-labelledby': 'libraries-heading' }, element('h2', { id: 'libraries-heading' }, 'What each library allocates for this n and p'), librariesTable);

// "Same job, other filters": what n keys at p cost in other structures, filtered by three questions (issue 19).
const ALTERNATIVE_QUESTIONS: readonly [keyof FilterNeeds, string][] = [
  ['insertsAfterBuild', 'keys are added after the build'], ['deletes', 'keys are deleted'], ['growing', 'n is unknown or grows'],
];
let alternativeNeeds: FilterNeeds = { insertsAfterBuild: false, deletes: false, growing: false };
let alternativeEcosystem: Ecosystem | undefined;
const questionBoxes = ALTERNATIVE_QUESTIONS.map(([key, label]) => {
  const box = element('vscode-checkbox', { id: `alternatives-${key}`, label }) as HTMLElement & { checked: boolean };
  box.addEventListener('change', () => { alternativeNeeds = { ...alternativeNeeds, [key]: box.checked }; invalidate(alternativesRegion); });
  return box;
});
const ecosystemSelect = element('vscode-single-select', { id: 'alternatives-ecosystem' }, element('vscode-option', { value: '' }, 'every ecosystem'),
  ...ECOSYSTEMS.map((e) => element('vscode-option', { value: e.id }, e.label))) as HTMLElement & { value: string };
ecosystemSelect.addEventListener('change', () => { alternativeEcosystem = (ecosystemSelect.value || undefined) as Ecosystem | undefined; invalidate(alternativesRegion); });
const alternativesStatus = element('p', { class: 'status', id: 'alternatives-status', role: 'status', 'aria-live': 'polite' });
const alternativesTable = element('table', { id: 'alternatives', class: 'alternatives' });
const alternativesChartBox = element('div', { class: 'alternatives-chart' });
const alternativesSection = element('section', { class: 'lazy', id: 'alternatives-section', 'aria-labelledby': 'alternatives-heading' },
  element('h2', { id: 'alternatives-heading' }, 'Same job, other filters'),
  element('fieldset', { class: 'questions' }, element('legend', {}, 'What must the filter do?'),
    ...questionBoxes.map((box) => element('div', { class: 'field' }, box)),
    element('div', { class: 'field' }, element('vscode-label', { for: 'alternatives-ecosystem' }, 'libraries for'), ecosystemSelect)),
  alternativesStatus,
  // Nine columns do not fit a narrow panel: the table keeps readable widths and scrolls sideways (keyboard too).
  element('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': 'Other filters, table (scrolls sideways)' }, alternativesTable),
  alternativesChartBox);

app.append(
  element('header', {}, element('h1', {}, 'Bloom Lens Designer'), originLine),
  summaryStrip, summaryAnnouncement,
  // Wide panels: the inputs and the first chart side by side (media/designer.css).
  element('div', { class: 'workspace' }, form, firstChart),
  actions, resultsSection, librariesSection, alternativesSection,
  element('h2', {}, 'More charts'), chartsSection,
  element('section', { class: 'simulation', 'aria-labelledby': 'simulation-heading' }, element('h2', { id: 'simulation-heading' }, 'Simulation'),
    element('div', { class: 'buttons' }, simulateButton, cancelButton), progress, simulationStatus),
);

// ------------------------------------------------------------------------------------------------
// Charts (drawn only when on screen or about to be: a keystroke redraws what a person can see)

interface ChartSlot {
  readonly id: string;
  readonly figure: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  readonly caption: HTMLElement;
  chart?: Chart;
  data?: ChartData;
  /** Builds the data when the chart is next drawn (light charts are computed only when visible). */
  build?: () => ChartData | undefined;
  emptyMessage?: string;
  /** Data or theme changed since the chart was last drawn. */
  dirty: boolean;
  /** In or near the viewport (IntersectionObserver). */
  visible: boolean;
  /** What the options were built for; when unchanged only the data is replaced. */
  shape?: string;
  draws: number;
}

const chartSlots = new Map<string, ChartSlot>();
const visibility = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    const target = entry.target as HTMLElement;
    const slot = chartSlots.get(target.dataset.chart ?? '');
    if (slot) {
      slot.visible = entry.isIntersecting;
      if (slot.visible && slot.dirty) renderChart(slot);
      continue;
    }
    const region = lazyRegions.find((r) => r.element === target);
    if (region) {
      region.visible = entry.isIntersecting;
      if (region.visible && region.dirty) renderRegion(region);
    }
  }
}, { rootMargin: '200px 0px' });

function chartSlot(id: string, title: string, container: HTMLElement): ChartSlot {
  const canvas = element('canvas', { id: `chart-${id}`, role: 'img', 'aria-label': title });
  const caption = element('figcaption', { id: `chart-${id}-summary` });
  canvas.setAttribute('aria-describedby', caption.id);
  const figure = element('figure', { class: 'chart', 'data-chart': id }, element('div', { class: 'canvas-box' }, canvas), caption);
  container.append(figure);
  const slot: ChartSlot = { id, figure, canvas, caption, dirty: false, visible: false, draws: 0 };
  chartSlots.set(id, slot);
  visibility.observe(figure);
  return slot;
}

chartSlot('items', 'FP vs items inserted', firstChart);
for (const [id, title] of [['k', 'FP vs k'], ['paradox', 'Bloom paradox region'], ['capacity', 'Capacity by model'],
  ['phases', 'One- vs two-phase capacity'], ['stationary', 'Stationary distribution'], ['simulation', 'Simulation vs model']] as const) {
  chartSlot(id, title, chartsSection);
}
chartSlot('alternatives', 'Bits per key vs false-positive rate, each structure', alternativesChartBox);

/** The theme's colours, read once per theme change (reading computed styles on every keystroke forces a style pass). */
interface Theme {
  readonly palette: readonly string[];
  readonly foreground: string;
  readonly grid: string;
  readonly background: string;
  readonly fontFamily: string;
  readonly key: string;
}
let theme: Theme | undefined;

function currentTheme(): Theme {
  if (theme) return theme;
  const colours = palette();
  const foreground = cssVariable('--vscode-foreground', '#cccccc');
  const grid = cssVariable('--vscode-editorWidget-border', cssVariable('--vscode-panel-border', 'rgba(128,128,128,0.35)'));
  const background = cssVariable('--vscode-editor-background', '#1e1e1e');
  const fontFamily = cssVariable('--vscode-font-family', 'sans-serif');
  theme = { palette: colours, foreground, grid, background, fontFamily, key: JSON.stringify([colours, foreground, grid, background, fontFamily, document.body.className]) };
  return theme;
}

function cssVariable(name: string, fallback: string): string {
  const value = getComputedStyle(document.body).getPropertyValue(name).trim();
  return value || fallback;
}

function palette(): string[] {
  return [
    cssVariable('--vscode-charts-blue', '#3794ff'), cssVariable('--vscode-charts-orange', '#d18616'),
    cssVariable('--vscode-charts-green', '#89d185'), cssVariable('--vscode-charts-red', '#f14c4c'),
    cssVariable('--vscode-charts-purple', '#b180d7'), cssVariable('--vscode-charts-yellow', '#cca700'),
    cssVariable('--vscode-foreground', '#cccccc'),
  ];
}

/** Paints the editor background under each chart (legible when exported as PNG). */
const backgroundPlugin = {
  id: 'bloomLensBackground',
  beforeDraw(chart: Chart): void {
    const { ctx } = chart;
    ctx.save();
    ctx.fillStyle = currentTheme().background;
    ctx.fillRect(0, 0, chart.width, chart.height);
    ctx.restore();
  },
};

interface ChartDataset {
  label: string;
  data: unknown[];
  borderColor: string;
  backgroundColor: string;
  borderDash: number[];
  borderWidth: number;
  pointRadius: number;
  pointStyle: string;
  showLine: boolean;
  parsing?: false;
}

function chartDatasets(data: ChartData): ChartDataset[] {
  const colors = currentTheme().palette;
  const bar = data.categories !== undefined;
  return data.series.map((series, index) => ({
    label: series.label,
    data: bar ? series.points.map((p) => p.y) : series.points.map((p) => ({ x: p.x, y: p.y })),
    borderColor: colors[index % colors.length],
    backgroundColor: colors[index % colors.length],
    // Dashed: targets and bounds; dotted: a second round of the palette's colours (charts of more than 7 series).
    borderDash: series.dashed ? [6, 4] : index >= colors.length ? [2, 3] : [],
    borderWidth: bar ? 0 : 2,
    pointRadius: series.markers ? 6 : 0,
    pointStyle: series.markers ? (['circle', 'triangle', 'rectRot', 'star', 'crossRot'] as const)[index % 5] : 'circle',
    showLine: !series.markers,
    ...(bar ? {} : { parsing: false as const }),
  }));
}

function chartConfig(data: ChartData): ChartConfiguration {
  const { foreground, grid, fontFamily } = currentTheme();
  const font = { family: fontFamily, size: 11 };
  const bar = data.categories !== undefined;
  const datasets = chartDatasets(data);
  const axis = (label: string, log: boolean | undefined, type: 'x' | 'y') => ({
    type: bar && type === 'x' ? ('category' as const) : log ? ('logarithmic' as const) : ('linear' as const),
    title: { display: true, text: label, color: foreground, font },
    ticks: log
      ? { color: foreground, font, maxTicksLimit: 8, callback: (value: string | number) => { const v = Number(value); return Number.isFinite(v) && v > 0 && (v < 1e-3 || v >= 1e6) ? v.toExponential(0) : v.toLocaleString('en-US'); } }
      : { color: foreground, font, maxTicksLimit: 8 },
    grid: { color: grid },
  });
  return {
    type: bar ? 'bar' : 'line',
    data: bar ? { labels: [...data.categories!], datasets } : { datasets },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      normalized: true,
      plugins: {
        title: { display: true, text: data.title, color: foreground, font: { ...font, size: 13 } },
        legend: { display: !bar, labels: { color: foreground, font, boxWidth: 18 } },
        tooltip: { enabled: true },
      },
      scales: { x: axis(data.xLabel, data.xLog, 'x'), y: axis(data.yLabel, data.yLog, 'y') },
    },
    plugins: [backgroundPlugin],
  } as ChartConfiguration;
}

/** Sets a chart's data: drawn now when on screen, else when it scrolls into view (or is exported). */
function drawChart(id: string, data: ChartData | undefined, emptyMessage?: string): void {
  const slot = chartSlots.get(id)!;
  slot.build = undefined;
  slot.data = data;
  slot.emptyMessage = emptyMessage;
  slot.dirty = true;
  if (slot.visible) renderChart(slot);
}

/** Like drawChart, with the data built only when the chart is drawn (light charts that are off screen cost nothing). */
function drawChartLazily(id: string, build: () => ChartData | undefined): void {
  const slot = chartSlots.get(id)!;
  slot.build = build;
  slot.dirty = true;
  if (slot.visible) renderChart(slot);
}

function renderChart(slot: ChartSlot): void {
  slot.dirty = false;
  if (slot.build) {
    slot.data = slot.build();
    slot.build = undefined;
  }
  const data = slot.data;
  if (!data || data.series.length === 0) {
    slot.chart?.destroy();
    slot.chart = undefined;
    slot.figure.classList.add('empty');
    slot.caption.textContent = data?.summary ?? slot.emptyMessage ?? '';
    return;
  }
  slot.figure.classList.remove('empty');
  slot.canvas.setAttribute('aria-label', data.title);
  slot.caption.textContent = data.summary;
  // Same kind of chart (type, axes, titles, theme): update the datasets in place, no animation, no new options.
  const shape = JSON.stringify([data.categories !== undefined, data.title, data.xLabel, data.yLabel, data.xLog, data.yLog, currentTheme().key]);
  const chart = slot.chart;
  if (chart && slot.shape === shape) {
    const next = chartDatasets(data);
    const current = chart.data.datasets as unknown as ChartDataset[];
    if (current.length === next.length) {
      next.forEach((dataset, i) => Object.assign(current[i], dataset));
    } else {
      chart.data.datasets = next as unknown as typeof chart.data.datasets;
    }
    if (data.categories) chart.data.labels = [...data.categories];
    chart.update('none');
  } else {
    const config = chartConfig(data);
    if (chart && (chart.config as { type?: string }).type === config.type) {
      chart.data = config.data;
      chart.options = config.options!;
      chart.update('none');
    } else {
      chart?.destroy();
      slot.chart = new Chart(slot.canvas, config);
    }
    slot.shape = shape;
  }
  slot.draws++;
  slot.figure.dataset.draws = String(slot.draws);
}

/** Draws every chart with pending data, on screen or not (before an export). */
function renderAllCharts(): void {
  for (const slot of chartSlots.values()) if (slot.dirty) renderChart(slot);
}

function redrawAllCharts(): void {
  theme = undefined;
  for (const slot of chartSlots.values()) {
    if (!slot.data && !slot.build) continue;
    slot.dirty = true;
    if (slot.visible) renderChart(slot);
  }
}

// Re-theme when VS Code changes the body's theme class or the theme variables on <html>.
new MutationObserver(() => redrawAllCharts()).observe(document.body, { attributes: true, attributeFilter: ['class'] });
new MutationObserver(() => redrawAllCharts()).observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });

// ------------------------------------------------------------------------------------------------
// Regions below the fold (the tables): rendered when on screen, like the charts.

interface LazyRegion {
  readonly element: HTMLElement;
  readonly render: () => void;
  dirty: boolean;
  visible: boolean;
}

const lazyRegions: LazyRegion[] = [];

function lazyRegion(target: HTMLElement, render: () => void): LazyRegion {
  const region: LazyRegion = { element: target, render, dirty: false, visible: false };
  lazyRegions.push(region);
  visibility.observe(target);
  return region;
}

function renderRegion(region: LazyRegion): void {
  region.dirty = false;
  region.render();
}

function invalidate(region: LazyRegion): void {
  region.dirty = true;
  if (region.visible) renderRegion(region);
}

// ------------------------------------------------------------------------------------------------
// Tables

function renderTable(table: HTMLTableElement, headers: readonly string[], body: readonly (readonly (string | { text: string; title?: string })[])[], caption: string): void {
  const head = element('thead', {}, element('tr', {}, ...headers.map((h) => element('th', { scope: 'col' }, h))));
  const tbody = element('tbody');
  for (const cells of body) {
    const tr = element('tr');
    cells.forEach((cell, i) => {
      const text = typeof cell === 'string' ? cell : cell.text;
      const td = element(i === 0 ? 'th' : 'td', i === 0 ? { scope: 'row' } : {}, text);
      if (typeof cell !== 'string' && cell.title) td.title = cell.title;
      tr.append(td);
    });
    tbody.append(tr);
  }
  table.replaceChildren(element('caption', { class: 'visually-hidden' }, caption), head, tbody);
}

function renderResults(): void {
  renderTable(resultsTable, ['quantity', 'value', 'exact', 'formula / source'],
    rows.map((r) => [r.label, r.text, r.exact === undefined ? '' : String(r.exact), { text: r.source, title: r.group }]), 'Results by every formula');
}

function renderLibraries(current: Design): void {
  const allocations = libraryAllocations(current.n, current.p);
  renderTable(librariesTable, ['library', 'call', 'm', 'k', 'bytes', 'FP at n (exact)', 'notes'],
    allocations.map((a) => [
      a.library, a.call,
      a.mBits !== undefined ? { text: formatBits(a.mBits), title: `${a.mBits} bits` } : '—',
      a.k !== undefined ? String(a.k) : '—',
      a.bytes !== undefined ? { text: formatBytes(a.bytes), title: `${a.bytes} bytes` } : '—',
      a.falsePositiveRate !== undefined ? { text: formatProbability(a.falsePositiveRate), title: String(a.falsePositiveRate) } : '—',
      a.notes.join('; '),
    ]), `What each library allocates for n = ${current.n} and p = ${current.p}`);
}

const resultsRegion = lazyRegion(resultsSection, () => {
  if (design) rows = [...resultRows(design), ...recyclingRows];
  renderResults();
});
const librariesRegion = lazyRegion(librariesSection, () => { if (design) renderLibraries(design); });

/** The comparison rows at the design's n and p, and the chart's grid at its n, as the worker last gave them. */
let alternativeRows: { readonly key: string; readonly rows: readonly StructureRow[] } | undefined;
let alternativeGrid: { readonly n: number; readonly grid: readonly GridPoint[] } | undefined;
/** Why the design cannot be compared (the solver's or the comparison's message). */
let alternativesProblem: string | undefined;

/** Draws the section from what the worker gave; asks it for what the current design lacks. */
function renderAlternatives(): void {
  const current = design;
  if (!current || alternativesProblem) {
    const message = `No comparison: ${alternativesProblem ?? 'enter a valid n and p above'}.`;
    alternativesStatus.textContent = message;
    alternativesTable.replaceChildren();
    drawChart('alternatives', undefined, message);
    document.body.dataset.alternatives = 'invalid';
    return;
  }
  const key = `${current.n}:${current.p}`;
  if (alternativeRows?.key !== key) {
    requestAlternatives({ id: 0, kind: 'alternatives', n: current.n, p: current.p });
    alternativesStatus.textContent = `Comparing the other filters for n = ${formatCount(current.n)} at p = ${formatProbability(current.p)}…`;
    document.body.dataset.alternatives = 'busy';
  } else {
    const body = alternativesTableRows(alternativeRows.rows, alternativeNeeds, alternativeEcosystem);
    renderTable(alternativesTable, ALTERNATIVES_HEADERS, body, `Other filters for n = ${current.n} keys at p = ${current.p}`);
    alternativesStatus.textContent = `${body.length} structures fit, for n = ${formatCount(current.n)} keys at p = ${formatProbability(current.p)}.`;
    alternativesStatus.title = `n = ${current.n}, p = ${current.p}`;
    document.body.dataset.alternatives = 'done';
  }
  if (alternativeGrid?.n !== current.n) {
    requestAlternatives({ id: 0, kind: 'alternativesGrid', n: current.n });
  } else {
    drawChart('alternatives', alternativesChart(current.n, alternativeGrid.grid, { falsePositiveRate: current.falsePositiveRate, bitsPerKey: current.mBits / current.n }, alternativeNeeds));
  }
}

const alternativesRegion = lazyRegion(alternativesSection, renderAlternatives);

// The comparison's own worker (started when the section is first drawn), one request in flight; while typing, only
// the newest request of each kind waits.
let compareWorker: Worker | undefined;
let compareInFlight: WorkerRequest | undefined;
const compareWanted = new Map<string, WorkerRequest>();

function requestAlternatives(request: WorkerRequest & { kind: 'alternatives' | 'alternativesGrid' }): void {
  compareWanted.set(request.kind, { ...request, id: nextId++ });
  sendAlternatives();
}

function sendAlternatives(): void {
  if (compareInFlight || !workerUrl) return;
  const next = compareWanted.get('alternatives') ?? compareWanted.get('alternativesGrid');
  if (!next) return;
  compareWanted.delete(next.kind);
  if (!compareWorker) {
    compareWorker = new Worker(workerUrl);
    compareWorker.onmessage = (event: MessageEvent<WorkerResponse>) => onCompareWorkerMessage(event.data);
    compareWorker.onerror = (event) => {
      log('error', `comparison worker error: ${event.message}`);
      compareWorker = undefined;
      compareInFlight = undefined;
      alternativesProblem = 'the comparison failed in the background worker';
      invalidate(alternativesRegion);
    };
  }
  compareInFlight = next;
  compareWorker.postMessage(next);
}

function onCompareWorkerMessage(message: WorkerResponse): void {
  if (message.id !== compareInFlight?.id) return;
  compareInFlight = undefined;
  if (message.kind === 'alternatives') {
    alternativeRows = { key: `${message.n}:${message.p}`, rows: message.rows };
    document.body.dataset.alternativesMs = message.milliseconds.toFixed(1);
  } else if (message.kind === 'alternativesGrid') {
    alternativeGrid = { n: message.n, grid: message.grid };
  } else if (message.kind === 'error') {
    alternativesProblem = message.message.replace(/\.$/, '');
  }
  sendAlternatives();
  invalidate(alternativesRegion);
}

/** The design as written to source and snippets: a solved p is rounded to 3 significant digits. */
function designValues(current: Design): { n: number; p: number; mBits: number; k: number } {
  return { n: current.n, p: current.targetGiven ? current.p : Number(current.p.toPrecision(3)), mBits: current.mBits, k: current.k };
}

function renderSnippet(): void {
  snippetPreview.textContent = design ? snippetFor(inputs.snippetLibrary, designValues(design)) : '';
}

// ------------------------------------------------------------------------------------------------
// Recompute

/** CPU time of each redraw (ms), for the e2e ratio against a plain chart update. */
const timings: number[] = [];
/** From the first unhandled keystroke to the end of its redraw (ms): printed by the e2e, never asserted. */
const latencies: number[] = [];
(window as unknown as { bloomLensTimings: number[] }).bloomLensTimings = timings;
(window as unknown as { bloomLensLatencies: number[] }).bloomLensLatencies = latencies;
/**
 * Test hook: the median cost (ms) of one plain update of the first chart with its current data (the e2e's
 * baseline for the redraw ratio, measured in the same page and run).
 */
(window as unknown as { bloomLensBaseline(runs: number): number | undefined }).bloomLensBaseline = (runs: number) => {
  const chart = chartSlots.get('items')?.chart;
  if (!chart) return undefined;
  const costs: number[] = [];
  for (let i = 0; i < Math.max(1, Math.min(200, runs)); i++) {
    const started = performance.now();
    chart.update('none');
    costs.push(performance.now() - started);
  }
  costs.sort((x, y) => x - y);
  return costs[Math.floor(costs.length / 2)];
};

function showErrors(errors: Partial<Record<InputField, string>>): void {
  for (const [key, field] of textFields) {
    const reason = errors[key as InputField];
    field.invalid = reason !== undefined;
    if (reason) field.setAttribute('aria-invalid', 'true');
    else field.removeAttribute('aria-invalid');
    const hint = hints.get(key)!;
    const solvedValue = !reason && design && (design.solved as string[]).includes(key) ? solvedText(key) : '';
    hint.textContent = reason ?? solvedValue;
    hint.classList.toggle('error', reason !== undefined);
  }
}

function solvedText(key: string): string {
  if (!design) return '';
  switch (key) {
    case 'n': return `solved: ${formatCount(design.n)} (${design.n})`;
    case 'm': return `solved: ${formatBits(design.mBits)} (${design.mBits} bits)`;
    case 'k': return `solved: ${design.k}`;
    case 'p': return `solved: ${formatProbability(design.p)}`;
    default: return '';
  }
}

let frameRequested = false;
let firstPendingInput: number | undefined;

/**
 * After every change: save the inputs at once (a reload restores what was typed, whatever happens next), then
 * redraw once in the next animation frame (keystrokes that arrive within one frame are drawn together).
 */
function onInputsChanged(): void {
  persist();
  firstPendingInput ??= performance.now();
  if (frameRequested) return;
  frameRequested = true;
  document.body.dataset.redrawPending = 'true';
  requestAnimationFrame(flushRedraw);
}

/** Runs a pending redraw now (before acting on the design: apply, copy, export). */
function flushRedraw(): void {
  if (!frameRequested) return;
  frameRequested = false;
  const started = performance.now();
  const current = recompute();
  const finished = performance.now();
  const job: ItemsJob | undefined = current ? { id: nextId++, design: current, frameCost: finished - started, inputAt: firstPendingInput } : undefined;
  firstPendingInput = undefined;
  document.body.dataset.redrawMs = (finished - started).toFixed(2);
  if (job && requestItemsChart(job)) return; // the redraw completes when the first chart is drawn
  if (current) drawChartLazily('items', () => fpVsItems(current));
  recordRedraw(finished - started, job?.inputAt);
}

/** One keystroke's redraw is complete: its main-thread cost (frame + first chart) and its latency. */
function recordRedraw(cost: number, inputAt: number | undefined): void {
  timings.push(cost);
  if (timings.length > 200) timings.shift();
  if (inputAt !== undefined) latencies.push(performance.now() - inputAt);
  if (latencies.length > 200) latencies.shift();
  document.body.dataset.redraws = String(Number(document.body.dataset.redraws ?? '0') + 1);
  if (!frameRequested && !itemsInFlight) document.body.dataset.redrawPending = 'false';
}

// The first chart's data comes from a worker of its own (O(k^2) per point: up to hundreds of ms at k = 64 on a busy
// machine), one request in flight; while typing, only the newest design waits, superseded ones are never drawn.
interface ItemsJob {
  readonly id: number;
  readonly design: Design;
  readonly frameCost: number;
  readonly inputAt?: number;
}
let chartWorker: Worker | undefined;
let itemsInFlight: ItemsJob | undefined;
let itemsWanted: ItemsJob | undefined;

function requestItemsChart(job: ItemsJob): boolean {
  if (!chartWorker || !chartSlots.get('items')!.visible) return false;
  if (itemsInFlight) {
    if (itemsWanted) recordRedraw(itemsWanted.frameCost, undefined); // superseded before it was sent
    itemsWanted = job;
  } else {
    sendItems(job);
  }
  return true;
}

function sendItems(job: ItemsJob): void {
  itemsInFlight = job;
  const request: WorkerRequest = { id: job.id, kind: 'items', design: job.design };
  chartWorker!.postMessage(request);
}

function onChartWorkerMessage(message: WorkerResponse): void {
  const job = itemsInFlight;
  if (!job || message.id !== job.id) return;
  itemsInFlight = undefined;
  if (itemsWanted) {
    // A newer design is waiting: this one is not drawn.
    const next = itemsWanted;
    itemsWanted = undefined;
    recordRedraw(job.frameCost, undefined);
    sendItems(next);
    return;
  }
  const started = performance.now();
  if (message.kind === 'items') drawChart('items', message.data);
  else drawChartLazily('items', () => fpVsItems(job.design)); // the worker failed: compute here
  recordRedraw(job.frameCost + (performance.now() - started), job.inputAt);
}

function renderSummary(current: Design | undefined, message?: string): void {
  const set = (key: string, text: string, title = ''): void => {
    const node = document.getElementById(`summary-${key}`)!;
    node.textContent = text;
    if (title) node.title = title;
    else node.removeAttribute('title');
  };
  if (!current) {
    for (const key of ['m', 'k', 'fp', 'capacity']) set(key, '—');
    verdictBadge.textContent = message ? `✗ ${message}` : '—';
    verdictBadge.dataset.verdict = 'invalid';
    summaryStrip.dataset.verdict = 'invalid';
    return;
  }
  const summary = designSummary(current);
  set('m', summary.memory, summary.memoryTitle);
  set('k', summary.k);
  set('fp', `${summary.falsePositive} at ${summary.elements}`, summary.model ? `${summary.falsePositiveTitle} (${summary.model})` : summary.falsePositiveTitle);
  set('capacity', `${summary.capacity} at ${summary.capacityTarget}`, 'largest n whose FP stays within the capacity target, with the best integer k');
  const meets = summary.verdict.meets;
  verdictBadge.textContent = `${meets ? '✓' : '✗'} ${summary.verdict.text}`;
  verdictBadge.title = summary.verdict.detail; // the exact comparison (a rate within the tolerance says by how much it is over)
  verdictBadge.dataset.verdict = meets ? 'meets' : 'misses';
  summaryStrip.dataset.verdict = meets ? 'meets' : 'misses';
  summaryAnnouncement.textContent = `m ${summary.memory}, k ${summary.k}, false-positive rate ${summary.falsePositive} at ${summary.elements} elements: ${summary.verdict.text}.`;
}

/** Solves, updates the strip, hints and status; marks the tables and the other charts. Returns the design. */
function recompute(): Design | undefined {
  const result = solveDesign(inputs);
  design = result.ok ? result.design : undefined;
  showErrors(result.errors);
  form.querySelectorAll('[data-field="sigma"], #input-retain, [data-field="phases"]').forEach((node) => {
    (node as HTMLElement).classList.toggle('inactive', inputs.recycling !== 'sigma-bounded');
  });
  if (!result.ok) {
    status.textContent = result.message;
    renderSummary(undefined, result.message);
    document.body.dataset.designState = 'invalid';
    // The first field's own reason ("n must be at least 1"), else the solver's message.
    alternativesProblem = (Object.values(result.errors).find((reason) => reason !== undefined) ?? result.message).replace(/\.$/, '');
    invalidate(alternativesRegion);
    return undefined;
  }
  alternativesProblem = undefined;
  const current = result.design;
  document.body.dataset.designState = 'ok';
  status.textContent = `m = ${formatBits(current.mBits)} (${formatBytes(current.mBits / 8)}), k = ${current.k}, exact FP at n = ${formatProbability(current.falsePositiveRate)}`
    + (current.targetGiven ? (current.falsePositiveRate <= current.p ? ' — meets the target' : ` — above the target ${formatProbability(current.p)}`) : '');
  const marks: string[] = [];
  let last = performance.now();
  const mark = (label: string): void => {
    const now = performance.now();
    marks.push(`${label} ${(now - last).toFixed(1)}`);
    last = now;
  };
  renderSummary(current);
  mark('summary');
  recyclingRows = [];
  invalidate(resultsRegion);
  invalidate(librariesRegion);
  invalidate(alternativesRegion);
  renderSnippet();
  mark('tables');
  drawChartLazily('k', () => fpVsK(current));
  mark('k');
  drawChartLazily('paradox', () => paradoxRegion(current));
  mark('paradox');
  document.body.dataset.redrawBreakdown = marks.join(', ');
  scheduleRecycling(current);
  return current;
}

// ------------------------------------------------------------------------------------------------
// Worker

let worker: Worker | undefined;
/** The workers' script, as a blob URL (the comparison's worker is started from it when first needed). */
let workerUrl: string | undefined;
let nextId = 1;
let recyclingInFlight: number | undefined;
let recyclingWanted: RecyclingRequest | undefined;
let recyclingTimer: ReturnType<typeof setTimeout> | undefined;
let simulationId: number | undefined;

async function startWorker(): Promise<void> {
  try {
    const response = await fetch(workerSource);
    const code = await response.text();
    worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => onWorkerMessage(event.data);
    worker.onerror = (event) => log('error', `worker error: ${event.message}`);
    const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
    workerUrl = url;
    chartWorker = new Worker(url);
    chartWorker.onmessage = (event: MessageEvent<WorkerResponse>) => onChartWorkerMessage(event.data);
    chartWorker.onerror = (event) => {
      log('error', `chart worker error: ${event.message}`);
      chartWorker = undefined;
      const job = itemsInFlight;
      itemsInFlight = undefined;
      itemsWanted = undefined;
      if (job) { drawChartLazily('items', () => fpVsItems(job.design)); recordRedraw(job.frameCost, job.inputAt); }
    };
    if (design) scheduleRecycling(design);
    sendAlternatives();
  } catch (error) {
    log('error', `could not start the worker: ${error instanceof Error ? error.message : String(error)}`);
    for (const id of ['capacity', 'phases', 'stationary']) drawChart(id, undefined, 'The background worker could not start.');
    alternativesProblem = 'the background worker could not start';
    invalidate(alternativesRegion);
  }
}

function post(request: WorkerRequest): void {
  worker?.postMessage(request);
}

function scheduleRecycling(current: Design): void {
  recyclingWanted = {
    mBits: current.mBits, k: current.k, n: current.n, hashing: current.hashing, recycling: inputs.recycling, sigmaBits: current.sigmaBits,
    retain: inputs.retain, phases: inputs.phases, target: current.capacityTarget,
  };
  if (recyclingTimer !== undefined) clearTimeout(recyclingTimer);
  recyclingTimer = setTimeout(sendRecycling, 150);
}

function sendRecycling(): void {
  recyclingTimer = undefined;
  if (!worker || !recyclingWanted || recyclingInFlight !== undefined) return;
  const id = nextId++;
  recyclingInFlight = id;
  document.body.dataset.recycling = 'busy';
  post({ id, kind: 'recycling', request: recyclingWanted });
  recyclingWanted = undefined;
}

function onWorkerMessage(message: WorkerResponse): void {
  switch (message.kind) {
    case 'recycling':
      recyclingInFlight = undefined;
      if (recyclingWanted) { sendRecycling(); return; }
      document.body.dataset.recycling = 'done';
      document.body.dataset.recyclingMs = message.milliseconds.toFixed(1);
      showRecycling(message.result);
      return;
    case 'progress':
      if (message.id === simulationId) progress.value = message.fraction;
      return;
    case 'simulated':
      if (message.id !== simulationId) return;
      finishSimulation(`Simulated ${message.points.reduce((a, p) => a + p.filters, 0)} filters.`);
      drawChart('simulation', simulationChartData(message.points, message.request));
      document.body.dataset.simulation = 'done';
      return;
    case 'cancelled':
      if (message.id === simulationId) finishSimulation('Simulation cancelled.');
      document.body.dataset.simulation = 'cancelled';
      return;
    case 'error':
      if (message.id === simulationId) finishSimulation(`Simulation: ${message.message}`);
      else if (message.id === recyclingInFlight) {
        recyclingInFlight = undefined;
        document.body.dataset.recycling = 'error';
        for (const id of ['capacity', 'phases', 'stationary']) drawChart(id, undefined, `Recycling models: ${message.message}`);
        if (recyclingWanted) sendRecycling();
      }
      log('warn', `worker: ${message.message}`);
      return;
  }
}

function showRecycling(result: RecyclingResult): void {
  drawChart('capacity', result.capacityChart);
  drawChart('phases', result.phasesChart);
  drawChart('stationary', result.stationaryChart, result.notes.find((n) => n.includes('stationary')) ?? 'No stationary distribution for this design.');
  recyclingRows = [];
  for (const c of result.capacities) {
    recyclingRows.push({
      group: 'recycling', label: `capacity at target: ${c.model}`, exact: c.messages,
      text: `${formatCount(c.messages)} messages per cycle${c.k ? ` (k = ${c.k}${c.sigmaBits ? `, sigma = ${c.sigmaBits}` : ''})` : ''}`,
      source: `Dozier et al. Section V (recycling-spec.md, Capacity); ${result.capacityModel}${result.capacityErrorBound > 0 ? `, relative error <= ${result.capacityErrorBound.toExponential(1)}` : ''}`,
    });
  }
  const sb = result.sigmaBounded;
  if (sb) {
    recyclingRows.push({ group: 'recycling', label: `average FP, sigma = ${sb.sigmaBits} (${sb.model})`, exact: sb.falsePositiveRate, text: formatProbability(sb.falsePositiveRate),
      source: `Dozier et al. eq. 18 / 26 (recycling-spec.md)${sb.relativeErrorBound > 0 ? `; relative error <= ${sb.relativeErrorBound.toExponential(1)}` : ''}` });
    recyclingRows.push({ group: 'recycling', label: 'E[N_0]: new messages per cycle', exact: sb.expectedMessagesPerCycle, text: formatCount(sb.expectedMessagesPerCycle), source: 'Dozier et al. eq. 20-23 (boundary fixed)' });
  }
  const nb = result.nBounded;
  if (nb) {
    recyclingRows.push({ group: 'recycling', label: `N-bounded worst case f_w (N = ${nb.messagesPerCycle})`, exact: nb.worstCase, text: formatProbability(nb.worstCase), source: 'Dozier et al. eq. 1' });
    recyclingRows.push({ group: 'recycling', label: 'N-bounded oracle average f_o', exact: nb.oracleAverage, text: formatProbability(nb.oracleAverage), source: 'Dozier et al. eq. 2 (a lower bound)' });
    recyclingRows.push({ group: 'recycling', label: 'N-bounded real-user average f_a', exact: nb.actualAverage, text: formatProbability(nb.actualAverage), source: 'Dozier et al. eq. 3 (a lower bound)' });
  }
  for (const note of result.notes) recyclingRows.push({ group: 'recycling', label: 'note', text: note, source: '' });
  invalidate(resultsRegion);
}

function finishSimulation(message: string): void {
  simulationId = undefined;
  cancelButton.disabled = true;
  simulationStatus.textContent = message;
}

simulateButton.addEventListener('click', () => {
  if (!design || !worker) return;
  if (simulationId !== undefined) post({ id: nextId++, kind: 'cancel' });
  const request: SimulationRequest = { mBits: design.mBits, n: design.n, k: design.k, hashing: design.hashing, filtersPerPoint: 20, seed: 20240601 };
  simulationId = nextId++;
  progress.value = 0;
  cancelButton.disabled = false;
  simulationStatus.textContent = 'Simulating…';
  document.body.dataset.simulation = 'running';
  post({ id: simulationId, kind: 'simulate', request });
});
cancelButton.addEventListener('click', () => {
  if (simulationId !== undefined) post({ id: nextId++, kind: 'cancel' });
});

// ------------------------------------------------------------------------------------------------
// Actions

function renderOrigin(): void {
  if (origin) {
    const file = decodeURIComponent(origin.uri.split('/').pop() ?? origin.uri);
    originLine.textContent = `From ${origin.title} at ${file}:${origin.line + 1}` + (origin.editable.length ? ` (writable: ${origin.editable.join(', ')})` : ' (nothing writable)');
  } else {
    originLine.textContent = 'A blank design. Open it from a hover or CodeLens to apply the result to your source.';
  }
  applyButton.disabled = !origin || origin.editable.length === 0;
  applyButton.title = !origin ? 'Open the designer from a hover or CodeLens to apply a design to the source'
    : origin.editable.length === 0 ? 'The source states none of n, p, m, k in a form that can be rewritten' : `Write ${origin.editable.join(', ')} into ${origin.title}`;
}

applyButton.addEventListener('click', () => {
  flushRedraw();
  if (!design || !origin) return;
  const chosen = designValues(design);
  const all: Record<string, number> = { n: chosen.n, p: chosen.p, m: chosen.mBits, k: chosen.k };
  const values: Record<string, number> = {};
  for (const param of origin.editable) values[param] = all[param];
  status.textContent = 'Applying…';
  vscode.postMessage({ type: 'apply', values: values as DesignValues });
});

/** The copy button says which library's snippet it copies (the visible text stays in the accessible name). */
function labelCopyButton(): void {
  const library = SNIPPET_LIBRARIES.find((l) => l.id === inputs.snippetLibrary) ?? SNIPPET_LIBRARIES[0];
  copyButton.setAttribute('aria-label', `Copy snippet (${library.label})`);
  copyButton.title = `Copy the ${library.label} snippet to the clipboard`;
}

copyButton.addEventListener('click', () => {
  flushRedraw();
  if (!design) return;
  const library = SNIPPET_LIBRARIES.find((l) => l.id === inputs.snippetLibrary) ?? SNIPPET_LIBRARIES[0];
  vscode.postMessage({ type: 'copy', library: library.label, text: snippetFor(library.id, designValues(design)) });
});

exportButton.addEventListener('click', () => {
  flushRedraw();
  if (!design) return;
  renderAllCharts();
  rows = [...resultRows(design), ...recyclingRows];
  const images: { name: string; dataUrl: string }[] = [];
  const parts = ['# Bloom filter design (Bloom Lens)', ''];
  if (origin) parts.push(`From ${origin.title} in \`${origin.uri}\`, line ${origin.line + 1}.`, '');
  parts.push(`n = ${design.n}, p = ${design.p}, m = ${design.mBits} bits, k = ${design.k}, hashing ${design.hashing}, layout ${layoutText(design.layout)}.`, '', '## Results', '', rowsToMarkdown(rows), '', '## Library allocations', '');
  const allocations = libraryAllocations(design.n, design.p);
  parts.push('| library | call | m (bits) | k | bytes | FP at n | notes |', '|---|---|---|---|---|---|---|');
  for (const a of allocations) parts.push(`| ${a.library} | \`${a.call}\` | ${a.mBits ?? ''} | ${a.k ?? ''} | ${a.bytes ?? ''} | ${a.falsePositiveRate ?? ''} | ${a.notes.join('; ').replace(/\|/g, '\\|')} |`);
  parts.push('', '## Charts', '');
  for (const slot of chartSlots.values()) {
    if (!slot.chart || !slot.data) continue;
    const name = `chart-${slot.id}.png`;
    images.push({ name, dataUrl: slot.canvas.toDataURL('image/png') });
    parts.push(`### ${slot.data.title}`, '', `![${slot.data.title}](${name})`, '', slot.data.summary, '');
  }
  vscode.postMessage({ type: 'export', markdown: parts.join('\n'), images });
});

// ------------------------------------------------------------------------------------------------
// Messages from the extension

let ignoredByHost = 0;
let ignoredHere = 0;

window.addEventListener('message', (event: MessageEvent) => {
  const checked = validateHostMessage(event.data);
  if (!checked.ok) {
    ignoredHere++;
    document.body.dataset.ignoredMessages = String(ignoredHere);
    console.warn(`Bloom Lens designer: ignored a message (${checked.reason})`);
    log('warn', `ignored a message from the host: ${checked.reason}`);
    return;
  }
  handleHostMessage(checked.value);
});

function loadState(state: DesignerState): void {
  inputs = state.inputs;
  origin = state.origin;
  for (const [key, field] of textFields) field.value = inputs[key];
  retainBox.checked = inputs.retain;
  for (const key of ['hashing', 'layout', 'recycling', 'phases', 'snippetLibrary'] as const) {
    const select = document.getElementById(`input-${key}`) as (HTMLElement & { value: string }) | null;
    if (select) select.value = String(inputs[key] ?? 'classic');
  }
  renderOrigin();
  labelCopyButton();
  onInputsChanged();
  chooseEcosystem();
}

/** The libraries column follows the ecosystem of the file the design came from (every ecosystem for a blank design). */
function chooseEcosystem(): void {
  alternativeEcosystem = origin ? ecosystemOf(decodeURIComponent(origin.uri), origin.recognizer) : undefined;
  ecosystemSelect.value = alternativeEcosystem ?? '';
  invalidate(alternativesRegion);
}

/** The last configuration pushed by the host and loaded here (JSON), to tell a repeated push from a new one. */
let lastPrefill: string | undefined;
let inits = 0;

function handleHostMessage(message: HostMessage): void {
  switch (message.type) {
    case 'init': {
      inits++;
      const pushed = JSON.stringify(message.state);
      if (message.prefill && pushed === lastPrefill) {
        // The same configuration again (the host repeats an unconfirmed push when a re-created panel says
        // "ready"): loading it again would throw away what was typed since.
        document.body.dataset.ready = 'prefilled';
      } else if (message.prefill || !hadSavedState) {
        loadState(message.state);
        if (message.prefill) lastPrefill = pushed;
        document.body.dataset.ready = message.prefill ? 'prefilled' : 'fresh';
      } else {
        // A restored panel keeps what the person typed; only a missing origin is taken from the host.
        if (!origin && message.state.origin) { origin = message.state.origin; renderOrigin(); persist(); }
        document.body.dataset.ready = 'restored';
      }
      if (message.prefill) vscode.postMessage({ type: 'prefilled' });
      if (message.section === 'alternatives') {
        // Its heading just below the sticky answer strip.
        window.scrollTo({ top: alternativesSection.getBoundingClientRect().top + window.scrollY - summaryStrip.offsetHeight - 8 });
        document.body.dataset.section = message.section;
      }
      document.body.dataset.inits = String(inits);
      return;
    }
    case 'applyResult':
      status.textContent = message.message;
      document.body.dataset.applyResult = message.ok ? 'ok' : 'failed';
      return;
    case 'ignored':
      ignoredByHost++;
      document.body.dataset.ignoredByHost = String(ignoredByHost);
      return;
  }
}

// ------------------------------------------------------------------------------------------------
// Start

document.body.dataset.startedWith = saved.ok ? 'saved state' : 'defaults';
renderOrigin();
labelCopyButton();
chooseEcosystem();
onInputsChanged();
void startWorker();
vscode.postMessage({ type: 'ready' });
