// The browser half of `npm run bench`: Lighthouse figures (median of three runs) for the public pages
// and the signed-in first-paint pages, written to docs/quality.md, then "installable" and "start
// URL offline" asked of the same Chromium. LIGHTHOUSE_RUNS=1 for a quick look,
// LIGHTHOUSE_WRITE=0 to leave docs/quality.md alone, LIGHTHOUSE_DUMP_DIR=<dir> keeps every report,
// LIGHTHOUSE_PAGES=<paths or labels, comma-separated, or none> measures only those (not written).
// Run it under the browser lock: `flock /tmp/fieldbid-browser.lock npx tsx tests/bench/lighthouse.ts`
// (tests/bench/run.ts does). Exit 1: not installable or the start URL fails offline; 2: it crashed.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { killAll, type LaunchedChrome, launch } from 'chrome-launcher';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import {
  checkPhoneBudget,
  type PhonePageReport,
  type PhoneRun,
  writePhoneReport,
} from '../../scripts/phone-budget.ts';
import { ensureBuild, type RunningServer, startBuiltServer } from './built-app.ts';
import {
  checkInstallability,
  checkOfflineLoads,
  type Installability,
  loadedOffline,
} from './installability-check.ts';
import { auditPage, type PageAudit } from './lighthouse-audit.ts';
import {
  auditTable,
  MEASURED_PAGES,
  type MedianAudit,
  medianAudit,
  missedGoals,
  type Visitor,
} from './lighthouse-pages.ts';
import { auditOnPhone, layoutBeforeScripts, phonePageReport } from './phone-first-paint.ts';
import { writeQualitySection } from './quality-doc.ts';
import {
  describeRepeatVisit,
  measureRepeatVisit,
  REPEAT_VISIT_GOAL_MS,
  REPEAT_VISIT_JOBS,
} from './repeat-visit.ts';

const PORT = 8203;
const CHROMIUM = '/usr/bin/chromium';
// Debian's Chromium, kept off the (closed) network like the Playwright runs.
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const ACCOUNTS = {
  vendor: { email: 'vendor@demo.local', password: 'demo12345' },
  manager: { email: 'manager@demo.local', password: 'demo12345' },
} as const;
/** Lighthouse runs of each page; the report is their median. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Everything, browser and server included, must be done by then; a hung browser fails the bench. */
const OVERALL_TIMEOUT_MS = 20 * 60_000;

declare const localStorage: { setItem(key: string, value: string): void };
declare const document: { cookie: string };
declare function fetch(url: string, init?: object): Promise<{ json(): Promise<unknown>; status: number }>;

/** The vendor opens the app at its first shortcut, "Available Jobs" (manifest.webmanifest). */
function vendorStartPath(root: string): string {
  const manifest = JSON.parse(readFileSync(join(root, 'dist/manifest.webmanifest'), 'utf8')) as {
    shortcuts?: Array<{ url: string }>;
  };
  return manifest.shortcuts?.[0]?.url ?? '/vendor/jobs';
}

/**
 * Signs in the way the app does (session cookie plus the token in localStorage), from the login page,
 * which leaves the cookies the app's pages set (the time zone the server writes signed-in screens'
 * dates in). What else the login page left (its service worker, registered once it was idle) is
 * forgotten: the measured pages are a first visit of a device that has signed in.
 */
async function signIn(
  page: Page,
  origin: string,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.waitForFunction(() => document.cookie.includes('fieldbid_tz='));
  const answer = await page.evaluate(async (credentials: { email: string; password: string }) => {
    // The server wants the double-submit CSRF token even for the login (src/app/lib/csrf.ts).
    const csrf = (await (await fetch('/api/get-csrf-token/')).json()) as { csrfToken: string };
    const response = await fetch('/api/users/login/', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-CSRFToken': csrf.csrfToken,
      },
      body: JSON.stringify(credentials),
    });
    const body = (await response.json()) as { token?: string };
    if (body.token) localStorage.setItem('token', body.token);
    return {
      status: response.status,
      body: JSON.stringify(body).slice(0, 300),
      signedIn: Boolean(body.token),
    };
  }, account);
  if (!answer.signedIn) {
    throw new Error(`could not sign in as ${account.email}: ${answer.status} ${answer.body}`);
  }
  await forgetOfflineData(page, origin);
}

/** Cookies, localStorage, IndexedDB, caches and service workers of the origin: a fresh device. */
async function forgetOrigin(page: Page, origin: string): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/**
 * IndexedDB only (the signed-in user's Dexie database with its persisted query cache): every run of a
 * signed-in page is a first visit of that device, while the session cookie and token stay.
 */
async function forgetOfflineData(page: Page, origin: string): Promise<void> {
  // The previous run's page still holds its database open; leave it first.
  await page.goto('about:blank');
  const cdp = await page.createCDPSession();
  await cdp.send('Storage.clearDataForOrigin', {
    origin,
    storageTypes: 'indexeddb,cache_storage,service_workers',
  });
  await cdp.detach();
}

/** An open job of the vendor's list: its detail is the "request detail" the issue measures. */
async function firstJobPath(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/api/health/`);
  const jobs = (await page.evaluate(async () => {
    const response = await fetch('/api/vendor/jobs/', { headers: { Accept: 'application/json' } });
    return response.json();
  })) as { results?: Array<{ id: number }> };
  const id = jobs.results?.[0]?.id;
  if (id === undefined) throw new Error('the demo vendor has no job to open');
  return `/vendor/requests/${id}`;
}

/** LIGHTHOUSE_PAGES=/login,vendor jobs (paths or labels) measures only those; `none` none of them. */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim());
const chosen = (page: (typeof MEASURED_PAGES)[number]) =>
  ONLY === undefined || ONLY.includes(page.path) || ONLY.includes(page.label);

/** The emulated phone's pages: the vendor's list, a request, both dashboards. */
const PHONE_PAGES: Array<{ path: string; label: string; visitor: Exclude<Visitor, 'visitor'> }> = [
  { path: '/vendor/jobs', label: 'vendor jobs', visitor: 'vendor' },
  { path: 'request-detail', label: 'vendor request detail', visitor: 'vendor' },
  { path: '/vendor/dashboard', label: 'vendor dashboard', visitor: 'vendor' },
  { path: '/property-manager/dashboard', label: 'manager dashboard', visitor: 'manager' },
];

async function auditPhonePages(
  browser: Browser,
  page: Page,
  origin: string,
  root: string,
): Promise<PhonePageReport[]> {
  const reports: PhonePageReport[] = [];
  let signedInAs: Visitor = 'visitor';
  for (const measured of PHONE_PAGES) {
    if (measured.visitor !== signedInAs) {
      await forgetOrigin(page, origin);
      await signIn(page, origin, ACCOUNTS[measured.visitor]);
      signedInAs = measured.visitor;
    }
    const path =
      measured.path === 'request-detail'
        ? await firstJobPath(page, origin)
        : measured.path === '/vendor/jobs'
          ? vendorStartPath(root)
          : measured.path;
    const runs: PhoneRun[] = [];
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt++) {
      await forgetOfflineData(page, origin);
      const run = await auditOnPhone(page, `${origin}${path}`);
      if (run.performance !== null || attempt >= RUNS + 1) runs.push(run);
    }
    await forgetOfflineData(page, origin);
    const layout = await layoutBeforeScripts(browser, `${origin}${path}`);
    reports.push(phonePageReport(measured.label, path, runs, layout));
  }
  await forgetOrigin(page, origin);
  return reports;
}

async function auditPages(page: Page, origin: string, root: string): Promise<MedianAudit[]> {
  const audits: MedianAudit[] = [];
  let signedInAs: Visitor = 'visitor';
  for (const measured of MEASURED_PAGES.filter(chosen)) {
    if (measured.visitor !== signedInAs) {
      await forgetOrigin(page, origin);
      if (measured.visitor !== 'visitor') await signIn(page, origin, ACCOUNTS[measured.visitor]);
      signedInAs = measured.visitor;
    }
    const path =
      measured.path === 'request-detail'
        ? await firstJobPath(page, origin)
        : measured.path === '/vendor/jobs'
          ? vendorStartPath(root)
          : measured.path;
    const runs: PageAudit[] = [];
    // A run Lighthouse could not trace (NO_NAVSTART now and then) is repeated, twice at most.
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt++) {
      await forgetOfflineData(page, origin);
      const run = await auditPage(page, `${origin}${path}`);
      if (run.scores.performance !== null || attempt >= RUNS + 1) runs.push(run);
    }
    const audit = medianAudit(measured, path, runs);
    audits.push(audit);
    printPage(origin, audit);
  }
  await forgetOrigin(page, origin);
  return audits;
}

const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(2)} s`);
const millis = (ms: number | null) => (ms === null ? '–' : `${ms.toFixed(0)} ms`);
const kilobytes = (bytes: number | null) => (bytes === null ? '–' : `${(bytes / 1024).toFixed(0)} KB`);
const score = (value: number | null) => (value === null ? '–' : String(value));

function printPage(origin: string, audit: MedianAudit): void {
  const runs = audit.runs.map((run) => score(run.scores.performance)).join('/');
  console.log(
    `  ${`${audit.path} (${audit.page.label})`.padEnd(44)} ${score(audit.performance).padStart(4)}  ${score(audit.accessibility).padStart(4)}  ${score(audit.bestPractices).padStart(7)}   ${seconds(audit.fcpMs).padEnd(8)}  ${seconds(audit.lcpMs).padEnd(8)}  ${millis(audit.tbtMs).padEnd(7)}  ${(audit.cls?.toFixed(3) ?? '–').padEnd(5)}  ${kilobytes(audit.totalBytes).padEnd(7)} runs ${runs}`,
  );
  const seen = new Set<string>();
  for (const run of audit.runs) {
    const lines = [
      ...(run.finalUrl !== run.requestedUrl ? [`ended at ${run.finalUrl.replace(origin, '')} instead`] : []),
      ...run.problems.map((problem) => `lighthouse: ${problem}`),
      ...run.failedAccessibility.map((failed) => `accessibility: ${failed}`),
    ];
    for (const line of lines) {
      if (seen.has(line)) continue;
      seen.add(line);
      console.log(`    ${line}`);
    }
  }
  const missed = missedGoals(audit);
  if (missed.length === 0) return;
  // What holds the page back, from its median-performance run (the closing note shows it).
  const typical = [...audit.runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0))[
    Math.floor(audit.runs.length / 2)
  ];
  console.log(`    below goal: ${missed.join('; ')}`);
  if (typical?.lcpElement) console.log(`    LCP element: ${typical.lcpElement}`);
  for (const finding of typical?.findings ?? []) console.log(`    ${finding}`);
}

function printInstallability(install: Installability, origin: string): boolean {
  const local = (url: string) => url.replace(origin, '');
  console.log(
    `  installability errors (Page.getInstallabilityErrors): ${install.installabilityErrors.join('; ') || 'none'}`,
  );
  console.log(
    `  manifest ${local(install.manifestUrl)}: ${install.manifestErrors.join('; ') || 'no errors'}, start_url ${local(install.startUrl)}`,
  );
  const worker = install.serviceWorker;
  console.log(
    `  service worker: ${worker ? `${local(worker.scriptUrl)} ${worker.state}, ${worker.controlsPage ? 'controls the page' : 'does not control the page'}` : 'none'}`,
  );
  return (
    install.installabilityErrors.length === 0 &&
    install.manifestErrors.length === 0 &&
    worker?.state === 'activated' &&
    worker.controlsPage
  );
}

async function main(root: string): Promise<boolean> {
  console.log(`Lighthouse ${lighthouseVersion(root)} with ${CHROMIUM} (mobile, simulated throttling)`);
  console.log(`  dist/: ${ensureBuild(root)}`);
  let server: RunningServer | undefined;
  let chrome: LaunchedChrome | undefined;
  let browser: Browser | undefined;
  try {
    server = await startBuiltServer(root, PORT);
    const { origin } = server;
    chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
    browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    console.log(
      `  ${await browser.version()} on ${origin} (fresh seeded embedded database; signed in as ${ACCOUNTS.vendor.email} and ${ACCOUNTS.manager.email})`,
    );

    console.log(
      `  ${'page'.padEnd(44)} perf  a11y  best-pr   FCP       LCP       TBT      CLS    bytes   (median of ${RUNS})`,
    );
    const lighthousePage = await browser.newPage();
    const audits = await auditPages(lighthousePage, origin, root);
    await lighthousePage.close();
    if (process.env.LIGHTHOUSE_PHONE !== '0') {
      console.log(
        `Emulated mid-range phone (375x812, 4x CPU slowdown, 1.6 Mbps, 150 ms; median of ${RUNS}; layout with the page's scripts blocked)`,
      );
      const phonePage = await browser.newPage();
      const phonePages = await auditPhonePages(browser, phonePage, origin, root);
      await phonePage.close();
      writePhoneReport(join(root, 'dist'), phonePages);
      const budget = checkPhoneBudget(join(root, 'dist'));
      for (const line of [
        ...budget.lines.slice(1),
        ...budget.failures.map((failure) => `BROKEN: ${failure}`),
      ])
        console.log(`  ${line.trim()}`);
      if (process.env.LIGHTHOUSE_WRITE !== '0') {
        writeQualitySection(
          'phone',
          'First paint on an emulated mid-range phone',
          `Lighthouse ${lighthouseVersion(root)} on a 375x812 screen, 4x CPU slowdown, 1.6 Mbps down, 150 ms round trip (simulated), median of ${RUNS}, each signed-in run with an empty IndexedDB; the layout is read with the page's scripts blocked, by a browser that does not say it is a phone (\`tests/bench/phone-first-paint.ts\`). Budget (\`npm run check:budgets\`, \`scripts/phone-budget.ts\`): the phone's layout before any script, layout shift at most 0.02; time to interactive goal 3 s, printed.\n\n\`\`\`\n${budget.lines.slice(1).join('\n')}\n\`\`\``,
        );
      }
    }
    // A run of some pages only prints them.
    if (process.env.LIGHTHOUSE_WRITE !== '0' && ONLY === undefined) {
      writeQualitySection(
        'lighthouse',
        'Lighthouse (mobile, simulated slow 4G)',
        `Lighthouse ${lighthouseVersion(root)}, ${await browser.version()}, the production build served by \`src/server/main.ts\` on a fresh seeded embedded database; median of ${RUNS} runs per page, each signed-in run with an empty IndexedDB. Goals: performance 95 on the public pages and 90 signed in, accessibility 95, best practices 100, FCP under 1.8 s and LCP under 2.5 s on the public pages.\n\n${auditTable(audits)}`,
      );
    }

    console.log(
      `Repeat visit of the installed app (service worker warm, network off, ${REPEAT_VISIT_JOBS.toLocaleString('en-US')} jobs kept)`,
    );
    const page = await browser.newPage();
    await forgetOrigin(page, origin);
    await signIn(page, origin, ACCOUNTS.vendor);
    const repeat = await measureRepeatVisit(browser, page, origin);
    await forgetOrigin(page, origin);
    const repeatText = describeRepeatVisit(repeat);
    for (const line of repeatText.split('\n')) console.log(`  ${line}`);
    if (process.env.LIGHTHOUSE_WRITE !== '0') {
      writeQualitySection(
        'repeat-visit',
        'Repeat visit, offline (installed app)',
        `${await browser.version()}, signed in as ${ACCOUNTS.vendor.email}: \`/vendor/jobs\` visited online until the service worker controls it and the list is kept, then ${REPEAT_VISIT_JOBS.toLocaleString('en-US')} jobs written into the device's list table (500 pages of 10) and, as the app's persister would keep them, the newest 20 of those pages into its saved query cache, then opened with the page and the worker offline; time from the navigation's start to the first row on screen, median of three (\`tests/bench/repeat-visit.ts\`). Goal: under ${REPEAT_VISIT_GOAL_MS} ms.\n\n\`\`\`\n${repeatText}\n\`\`\``,
      );
    }

    console.log('Installability and offline start URL (Chromium over CDP; Lighthouse 13 has no PWA audits)');
    const install = await checkInstallability(page, origin);
    const installable = printInstallability(install, origin);
    const [start, ...shortcuts] = await checkOfflineLoads(
      browser,
      page,
      origin,
      [install.startUrl, ...install.shortcutUrls],
      server.stop,
    );
    if (!start) throw new Error('no offline load of the start URL');
    const describeLoad = (load: typeof start) =>
      load.error ??
      `${load.status ?? 'no answer'}${load.fromServiceWorker ? ' from the service worker' : ' not from the service worker'}, ${load.shellRendered ? 'app shell rendered' : 'app shell not rendered'}`;
    console.log(`  offline (page and worker emulated offline, server stopped):`);
    console.log(`    start URL ${start.url.replace(origin, '')}: ${describeLoad(start)}`);
    for (const load of shortcuts) {
      console.log(`    shortcut ${load.url.replace(origin, '')}: ${describeLoad(load)} (information)`);
    }
    const startOffline = loadedOffline(start);
    console.log(
      `installable: ${installable ? 'yes' : 'no'}, start URL offline: ${startOffline ? 'yes' : 'no'}`,
    );
    return installable && startOffline;
  } finally {
    // Closed through the protocol, Chromium ends its renderers itself; killed outright (below), its
    // orphans linger as zombies until init reaps them.
    await browser?.close().catch(() => undefined);
    if (chrome) {
      await exitOf(chrome.process, 5_000);
      // Kills the process group if it is still there and removes the temporary profile.
      chrome.kill();
    }
    await server?.stop();
  }
}

async function exitOf(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await Promise.race([once(child, 'exit'), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}

function lighthouseVersion(root: string): string {
  const pkg = JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

const watchdog = setTimeout(() => {
  console.error(`Lighthouse bench: no result after ${OVERALL_TIMEOUT_MS / 60_000} min`);
  // Chromium runs detached; the server child is killed by built-app.ts's exit handler.
  killAll();
  process.exit(2);
}, OVERALL_TIMEOUT_MS);
watchdog.unref();

try {
  const ok = await main(process.cwd());
  process.exitCode = ok ? 0 : 1;
} catch (error) {
  console.error('Lighthouse bench failed:', error);
  process.exitCode = 2;
}
