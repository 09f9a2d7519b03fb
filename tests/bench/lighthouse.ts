// The browser half of `npm run bench` (issue 7): Lighthouse figures for the landing page and the
// vendor's start page, then "installable" and "start URL offline" asked of the same Chromium.
// Run it under the browser lock: `flock /tmp/fieldbid-browser.lock npx tsx tests/bench/lighthouse.ts`
// (tests/bench/run.ts does). Exit 1: not installable or the start URL fails offline; 2: it crashed.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { killAll, type LaunchedChrome, launch } from 'chrome-launcher';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ensureBuild, type RunningServer, startBuiltServer } from './built-app.ts';
import {
  checkInstallability,
  checkOfflineLoads,
  type Installability,
  loadedOffline,
} from './installability-check.ts';
import { auditPage, type PageAudit } from './lighthouse-audit.ts';

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
const VENDOR = { email: 'vendor@demo.local', password: 'demo12345' };
/** Everything, browser and server included, must be done by then; a hung browser fails the bench. */
const OVERALL_TIMEOUT_MS = 5 * 60_000;

declare const localStorage: { setItem(key: string, value: string): void };

/** The vendor opens the app at its first shortcut, "Available Jobs" (manifest.webmanifest). */
function vendorStartPath(root: string): string {
  const manifest = JSON.parse(readFileSync(join(root, 'dist/manifest.webmanifest'), 'utf8')) as {
    shortcuts?: Array<{ url: string }>;
  };
  return manifest.shortcuts?.[0]?.url ?? '/vendor/jobs';
}

/**
 * Signs in the way the app does (session cookie plus the token in localStorage), from a page that is
 * not the app, so no service worker is installed before Lighthouse measures the cold load.
 */
async function signIn(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/api/health/`);
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
  }, VENDOR);
  if (!answer.signedIn) {
    throw new Error(`could not sign in as ${VENDOR.email}: ${answer.status} ${answer.body}`);
  }
}

/** Cookies, localStorage, IndexedDB, caches and service workers of the origin: a fresh device. */
async function forgetOrigin(page: Page, origin: string): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(2)} s`);
const millis = (ms: number | null) => (ms === null ? '–' : `${ms.toFixed(0)} ms`);
const kilobytes = (bytes: number | null) => (bytes === null ? '–' : `${(bytes / 1024).toFixed(0)} KB`);
const score = (value: number | null) => (value === null ? '–' : String(value));

function printAudits(origin: string, audits: Array<[string, PageAudit]>): void {
  console.log(`  ${'page'.padEnd(32)} perf  a11y  best-pr   FCP       LCP       TBT      CLS    bytes`);
  for (const [label, audit] of audits) {
    const path = new URL(audit.requestedUrl).pathname;
    console.log(
      `  ${`${path} (${label})`.padEnd(32)} ${score(audit.scores.performance).padStart(4)}  ${score(audit.scores.accessibility).padStart(4)}  ${score(audit.scores['best-practices']).padStart(7)}   ${seconds(audit.fcpMs).padEnd(8)}  ${seconds(audit.lcpMs).padEnd(8)}  ${millis(audit.tbtMs).padEnd(7)}  ${(audit.cls?.toFixed(3) ?? '–').padEnd(5)}  ${kilobytes(audit.totalBytes)}`,
    );
    if (audit.finalUrl !== audit.requestedUrl) {
      console.log(`    ended at ${audit.finalUrl.replace(origin, '')} instead`);
    }
    for (const problem of audit.problems) console.log(`    lighthouse: ${problem}`);
    for (const failed of audit.failedAccessibility) console.log(`    accessibility: ${failed}`);
  }
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
      `  ${await browser.version()} on ${origin} (fresh seeded embedded database; the vendor page as ${VENDOR.email})`,
    );

    const lighthousePage = await browser.newPage();
    const landing = await auditPage(lighthousePage, `${origin}/`);
    await signIn(lighthousePage, origin);
    const vendor = await auditPage(lighthousePage, `${origin}${vendorStartPath(root)}`);
    printAudits(origin, [
      ['landing', landing],
      ['vendor, signed in', vendor],
    ]);
    await forgetOrigin(lighthousePage, origin);
    await lighthousePage.close();

    console.log('Installability and offline start URL (Chromium over CDP; Lighthouse 13 has no PWA audits)');
    const page = await browser.newPage();
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
