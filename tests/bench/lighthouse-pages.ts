// The pages measured with Lighthouse, their goals, and the median of several runs of each.
import type { PageAudit } from './lighthouse-audit.ts';

export type Visitor = 'visitor' | 'vendor' | 'manager';

export interface MeasuredPage {
  /** A path, or a function of the signed-in page that finds one (a request detail needs an id). */
  path: string | 'request-detail';
  label: string;
  visitor: Visitor;
  /** Lighthouse performance at least this; accessibility 95 and best practices 100 on all. */
  performanceGoal: number;
  /** Public pages only: FCP under 1.8 s and LCP under 2.5 s. */
  paintGoals: boolean;
}

export const MEASURED_PAGES: MeasuredPage[] = [
  { path: '/', label: 'landing', visitor: 'visitor', performanceGoal: 95, paintGoals: true },
  { path: '/login', label: 'login', visitor: 'visitor', performanceGoal: 95, paintGoals: true },
  { path: '/signup', label: 'sign up', visitor: 'visitor', performanceGoal: 95, paintGoals: true },
  {
    path: '/property-manager-application',
    label: 'manager wizard',
    visitor: 'visitor',
    performanceGoal: 95,
    paintGoals: true,
  },
  {
    path: '/vendor-application',
    label: 'vendor wizard',
    visitor: 'visitor',
    performanceGoal: 95,
    paintGoals: true,
  },
  { path: '/vendor/jobs', label: 'vendor jobs', visitor: 'vendor', performanceGoal: 90, paintGoals: false },
  {
    path: '/vendor/dashboard',
    label: 'vendor dashboard',
    visitor: 'vendor',
    performanceGoal: 90,
    paintGoals: false,
  },
  {
    path: 'request-detail',
    label: 'vendor request detail',
    visitor: 'vendor',
    performanceGoal: 90,
    paintGoals: false,
  },
  {
    path: '/property-manager/dashboard',
    label: 'manager dashboard',
    visitor: 'manager',
    performanceGoal: 90,
    paintGoals: false,
  },
];

export const ACCESSIBILITY_GOAL = 95;
export const BEST_PRACTICES_GOAL = 100;
export const FCP_GOAL_MS = 1_800;
export const LCP_GOAL_MS = 2_500;

export interface MedianAudit {
  page: MeasuredPage;
  path: string;
  runs: PageAudit[];
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  totalBytes: number | null;
}

export function median(values: Array<number | null>): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[middle]! : (known[middle - 1]! + known[middle]!) / 2;
}

/** Each figure is the median of its own runs (so a page's FCP and LCP may come from different runs). */
export function medianAudit(page: MeasuredPage, path: string, runs: PageAudit[]): MedianAudit {
  return {
    page,
    path,
    runs,
    performance: median(runs.map((run) => run.scores.performance)),
    accessibility: median(runs.map((run) => run.scores.accessibility)),
    bestPractices: median(runs.map((run) => run.scores['best-practices'])),
    fcpMs: median(runs.map((run) => run.fcpMs)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    totalBytes: median(runs.map((run) => run.totalBytes)),
  };
}

/** What holds a page below its goals, in words; empty when it meets them all. */
export function missedGoals(audit: MedianAudit): string[] {
  const missed: string[] = [];
  const below = (value: number | null, goal: number) => value === null || value < goal;
  if (below(audit.performance, audit.page.performanceGoal))
    missed.push(`performance ${audit.performance ?? '–'} < ${audit.page.performanceGoal}`);
  if (below(audit.accessibility, ACCESSIBILITY_GOAL))
    missed.push(`accessibility ${audit.accessibility ?? '–'} < ${ACCESSIBILITY_GOAL}`);
  if (below(audit.bestPractices, BEST_PRACTICES_GOAL))
    missed.push(`best practices ${audit.bestPractices ?? '–'} < ${BEST_PRACTICES_GOAL}`);
  if (audit.page.paintGoals) {
    if (audit.fcpMs === null || audit.fcpMs >= FCP_GOAL_MS) missed.push(`FCP ≥ ${FCP_GOAL_MS / 1000} s`);
    if (audit.lcpMs === null || audit.lcpMs >= LCP_GOAL_MS) missed.push(`LCP ≥ ${LCP_GOAL_MS / 1000} s`);
  }
  return missed;
}

const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(2)} s`);
const millis = (ms: number | null) => (ms === null ? '–' : `${ms.toFixed(0)} ms`);
const kilobytes = (bytes: number | null) => (bytes === null ? '–' : `${(bytes / 1024).toFixed(0)} KB`);
const score = (value: number | null) => (value === null ? '–' : String(Math.round(value)));

/** The Markdown table of docs/quality.md (and the console). */
export function auditTable(audits: MedianAudit[]): string {
  const rows = audits.map((audit) => {
    const missed = missedGoals(audit);
    return `| \`${audit.path}\` (${audit.page.label}) | ${score(audit.performance)} | ${score(audit.accessibility)} | ${score(audit.bestPractices)} | ${seconds(audit.fcpMs)} | ${seconds(audit.lcpMs)} | ${millis(audit.tbtMs)} | ${audit.cls?.toFixed(3) ?? '–'} | ${kilobytes(audit.totalBytes)} | ${missed.length === 0 ? 'met' : missed.join('; ')} |`;
  });
  return [
    '| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | bytes | goals |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
