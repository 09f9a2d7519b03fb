// The budget of a signed-in page's first paint on a mid-range phone, from the bench's emulated phone
// run (tests/bench/phone-first-paint.ts, `npm run bench -- --lighthouse`), which leaves its report
// beside the build it measured. Layout facts are enforced (the HTML shows the phone's layout before any
// script, and the page does not move when the app takes it over); times are printed against their
// goal, not enforced: on a busy two-core machine they vary by seconds from run to run.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** At most this much layout shift (Lighthouse's CLS, median of the runs) on the phone. */
export const PHONE_CLS_BUDGET = 0.02;
/** The goal for time to interactive on the emulated phone: printed, not enforced. */
export const PHONE_TTI_GOAL_MS = 3_000;

export interface PhoneRun {
  performance: number | null;
  ttiMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  finalUrl: string;
}

/** What the page showed at 375x812 with its scripts blocked. */
export interface PhoneLayout {
  serverRendered: boolean;
  tablesShown: number;
  cardsShown: number;
  /** 'burger', 'x', or how many menu buttons showed when not exactly one. */
  menuButton: string;
  /** How far the page is wider than the screen. */
  overflowPx: number;
}

export interface PhonePageReport {
  label: string;
  path: string;
  runs: PhoneRun[];
  performance: number | null;
  ttiMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  layout: PhoneLayout;
}

export interface PhoneReport {
  /** The build measured (buildId); a report of another build is not held against this one. */
  build: string;
  pages: PhonePageReport[];
}

/** Where the report of `dist`'s build goes: beside it, never served. */
export function phoneReportFile(dist: string): string {
  return join(`${resolve(dist)}-bench`, 'phone-first-paint.json');
}

/** The build's identity: its pages' HTML and the service worker's precache list (hashed file names). */
export function buildId(dist: string): string {
  const hash = createHash('sha256');
  for (const file of ['index.html', 'sw.js']) {
    const path = join(dist, file);
    if (existsSync(path)) hash.update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

export function writePhoneReport(dist: string, pages: PhonePageReport[]): void {
  const file = phoneReportFile(dist);
  mkdirSync(resolve(file, '..'), { recursive: true });
  const report: PhoneReport = { build: buildId(dist), pages };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);
const millis = (ms: number | null) => (ms === null ? '–' : `${ms.toFixed(0)} ms`);

/** What holds a page's first paint on the phone outside its budget, in words. */
export function phoneFailures(page: PhonePageReport): string[] {
  const failures: string[] = [];
  const { layout } = page;
  const where = `${page.path} on the phone`;
  if (!layout.serverRendered) failures.push(`${where}: not rendered by the server, so no layout to judge`);
  if (layout.tablesShown > 0)
    failures.push(`${where}: shows ${layout.tablesShown} table(s) before any script`);
  if (layout.menuButton !== 'burger')
    failures.push(`${where}: the menu button before any script is ${layout.menuButton}, not a burger`);
  if (layout.overflowPx > 0) failures.push(`${where}: ${layout.overflowPx}px wider than the screen`);
  if (page.cls === null || page.cls > PHONE_CLS_BUDGET)
    failures.push(
      `${where}: layout shift ${page.cls?.toFixed(3) ?? '–'}, over its ${PHONE_CLS_BUDGET} budget`,
    );
  return failures;
}

/** The phone budget's lines and failures for `dist`, from the report the bench left for that build. */
export function checkPhoneBudget(dist: string): { lines: string[]; failures: string[] } {
  const file = phoneReportFile(dist);
  if (!existsSync(file)) {
    return {
      lines: ['phone first paint: not measured for this build (`npm run bench -- --lighthouse`)'],
      failures: [],
    };
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as PhoneReport;
  if (report.build !== buildId(dist)) {
    return {
      lines: ['phone first paint: measured on another build (`npm run bench -- --lighthouse` again)'],
      failures: [],
    };
  }
  const lines = [
    `phone first paint (375x812, 4x CPU, 1.6 Mbps, 150 ms; layout before scripts; CLS at most ${PHONE_CLS_BUDGET}; time to interactive goal ${seconds(PHONE_TTI_GOAL_MS)}, printed):`,
  ];
  const failures: string[] = [];
  for (const page of report.pages) {
    const { layout } = page;
    lines.push(
      `    ${page.path} (${page.label}): ${layout.tablesShown === 0 ? 'phone layout' : 'desktop table'} before scripts (${layout.cardsShown} cards, menu button ${layout.menuButton}), CLS ${page.cls?.toFixed(3) ?? '–'}, TTI ${seconds(page.ttiMs)}${page.ttiMs !== null && page.ttiMs <= PHONE_TTI_GOAL_MS ? '' : ' (over goal)'}, TBT ${millis(page.tbtMs)}, performance ${page.performance ?? '–'}`,
    );
    failures.push(...phoneFailures(page));
  }
  return { lines, failures };
}
