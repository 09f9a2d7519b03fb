// The emulated mid-range phone of the bench: Lighthouse on a 375x812 screen with a mid-range phone's
// limits (4x CPU slowdown, 1.6 Mbps down, 150 ms round trip; Lighthouse's simulation), for time to
// interactive, total blocking time and layout shift, and the layout the page's HTML shows before any
// script (its scripts blocked), asked of a browser that does not say it is a phone: only the viewport
// may decide. The report goes beside the build (PHONE_REPORT_FILE), where `npm run check:budgets`
// holds it to its budget (scripts/phone-budget.ts).

import lighthouse from 'lighthouse';
import type { Browser, Page } from 'puppeteer-core';
import type { PhoneLayout, PhonePageReport, PhoneRun } from '../../scripts/phone-budget.ts';
import { median } from './lighthouse-pages.ts';

export const PHONE_SCREEN = { width: 375, height: 812, deviceScaleFactor: 2 } as const;

/** Lighthouse's "slow 4G" mobile settings, which are the mid-range phone's: 150 ms, 1.6 Mbps, 4x. */
const PHONE_THROTTLING = {
  rttMs: 150,
  throughputKbps: 1.6 * 1024,
  cpuSlowdownMultiplier: 4,
  requestLatencyMs: 150 * 3.75,
  downloadThroughputKbps: 1.6 * 1024 * 0.9,
  uploadThroughputKbps: 750 * 0.9,
};

/** One Lighthouse run of `url` on the phone. */
export async function auditOnPhone(page: Page, url: string): Promise<PhoneRun> {
  const result = await lighthouse(
    url,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      screenEmulation: { mobile: true, disabled: false, ...PHONE_SCREEN },
      throttlingMethod: 'simulate',
      throttling: PHONE_THROTTLING,
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const numeric = (id: string) => result.lhr.audits[id]?.numericValue ?? null;
  const performance = result.lhr.categories.performance?.score;
  return {
    performance: typeof performance === 'number' ? Math.round(performance * 100) : null,
    ttiMs: numeric('interactive'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    finalUrl: result.lhr.finalDisplayedUrl,
  };
}

declare const document: {
  documentElement: { scrollWidth: number; clientWidth: number };
  getElementById(id: string): { getAttribute(name: string): string | null } | null;
  querySelectorAll(selector: string): Iterable<{
    hasAttribute(name: string): boolean;
    getClientRects(): { length: number };
  }>;
};

/**
 * What `url` shows at 375x812 before any of its scripts runs (all blocked): rows as cards or a table,
 * the menu button as a burger or an X, and anything wider than the screen.
 */
export async function layoutBeforeScripts(browser: Browser, url: string): Promise<PhoneLayout> {
  const page = await browser.newPage();
  try {
    await page.setViewport({ ...PHONE_SCREEN, isMobile: true, hasTouch: true });
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.resourceType() === 'script') void request.abort();
      else void request.continue();
    });
    await page.goto(url, { waitUntil: 'load' });
    // A string, not a function: tsx wraps a function's named inner consts in its `__name` helper,
    // which the page does not have.
    return (await page.evaluate(`(() => {
      const shown = (selector) =>
        [...document.querySelectorAll(selector)].filter((element) => element.getClientRects().length > 0);
      const buttons = shown('#root header button[aria-controls]');
      const first = buttons[0];
      return {
        serverRendered: document.getElementById('root')?.getAttribute('data-prerendered') !== null,
        tablesShown: shown('#root table').length,
        cardsShown: shown('#root article').length,
        menuButton:
          buttons.length !== 1 || first === undefined
            ? buttons.length + ' menu buttons'
            : first.hasAttribute('data-opened')
              ? 'x'
              : 'burger',
        overflowPx: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    })()`)) as PhoneLayout;
  } finally {
    await page.close();
  }
}

/** The medians of a page's runs beside its layout before scripts. */
export function phonePageReport(
  label: string,
  path: string,
  runs: PhoneRun[],
  layout: PhoneLayout,
): PhonePageReport {
  return {
    label,
    path,
    runs,
    performance: median(runs.map((run) => run.performance)),
    ttiMs: median(runs.map((run) => run.ttiMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    layout,
  };
}
