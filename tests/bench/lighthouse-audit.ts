// One Lighthouse navigation (its defaults: mobile, simulated throttling) and the figures the bench
// prints from it. Lighthouse 13 has no PWA category, so installability is judged elsewhere
// (installability-check.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import type { Page } from 'puppeteer-core';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

export interface PageAudit {
  requestedUrl: string;
  /** Where the page ended up; a signed-in page that lands on /login was not measured signed in. */
  finalUrl: string;
  /** 0–100 per category; null when Lighthouse could not score it. */
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  totalBytes: number | null;
  /** Lighthouse's own run warnings and a fatal runtime error, if any. */
  problems: string[];
  /** Accessibility audits that failed, as "id: title", so a score below 100 says what to fix. */
  failedAccessibility: string[];
  /** Performance and best-practices audits that did not pass, with Lighthouse's own figure. */
  findings: string[];
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement: string | null;
}

export async function auditPage(page: Page, url: string): Promise<PageAudit> {
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const problems = lhr.runWarnings.map(String);
  if (lhr.runtimeError) problems.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const failedAccessibility = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.scoreDisplayMode === 'binary' && audit.score === 0)
    .map((audit) => {
      // The first offending elements, so the report points at what to fix.
      const items = (audit!.details as { items?: Array<{ node?: { snippet?: string } }> } | undefined)?.items;
      const where = (items ?? [])
        .slice(0, 3)
        .map((item) => item.node?.snippet?.slice(0, 120))
        .filter(Boolean);
      return `${audit!.id}: ${audit!.title}${where.length > 0 ? ` (${where.join(' | ')})` : ''}`;
    });
  const findings = (['performance', 'best-practices'] as const).flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.group !== 'metrics')
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (audit) =>
          audit !== undefined &&
          typeof audit.score === 'number' &&
          audit.score < 0.9 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'notApplicable',
      )
      .map(
        (audit) => `${audit!.id}: ${audit!.title}${audit!.displayValue ? ` (${audit!.displayValue})` : ''}`,
      ),
  );
  const lcpElement = lcpNodeSnippet(lhr.audits['lcp-breakdown-insight']?.details);
  const dumpDir = process.env.LIGHTHOUSE_DUMP_DIR;
  if (dumpDir) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`;
    mkdirSync(dumpDir, { recursive: true });
    writeFileSync(join(dumpDir, name), JSON.stringify(lhr));
  }
  return {
    findings,
    lcpElement,
    failedAccessibility,
    requestedUrl: url,
    finalUrl: lhr.finalDisplayedUrl,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
    },
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    totalBytes: numeric('total-byte-weight'),
    problems,
  };
}

/** The LCP node's markup inside the LCP breakdown insight's details (a list of tables and nodes). */
function lcpNodeSnippet(details: unknown): string | null {
  const stack: unknown[] = [details];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    if (record.type === 'node' && typeof record.snippet === 'string') return record.snippet.slice(0, 160);
    stack.push(...Object.values(record));
  }
  return null;
}
