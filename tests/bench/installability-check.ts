// Installability and the offline start URL, asked of Chromium itself over the DevTools protocol.
// Lighthouse 13 dropped the PWA category with its installable-manifest, service-worker and
// offline-start-url audits and their gatherers (GoogleChrome/lighthouse#15455), so this does what
// DevTools' Application panel and the old offline-start-url audit did.
import type { Browser, CDPSession, Page } from 'puppeteer-core';

// The browser globals page.evaluate runs against (this project is typed without the DOM library).
interface Registration {
  active: { state: string; scriptURL: string } | null;
}
declare const navigator: {
  serviceWorker: {
    ready: Promise<Registration>;
    getRegistration(): Promise<Registration | undefined>;
    controller: unknown;
  };
};
declare const document: {
  title: string;
  documentElement: { dataset: Record<string, string | undefined> };
};

export interface Installability {
  /** Chromium's reasons not to offer installation; empty means installable. */
  installabilityErrors: string[];
  manifestUrl: string;
  manifestErrors: string[];
  /** The manifest's start_url, resolved against the manifest's address. */
  startUrl: string;
  shortcutUrls: string[];
  serviceWorker: { state: string; scriptUrl: string; controlsPage: boolean } | null;
}

export interface OfflineLoad {
  url: string;
  status: number | null;
  fromServiceWorker: boolean;
  /** The precached index.html mounted the React app (its scripts came from the cache as well). */
  shellRendered: boolean;
  error: string | null;
}

interface AppManifestJson {
  start_url?: string;
  shortcuts?: Array<{ url: string }>;
}

/** How long a worker may take to install (precache) and activate before the check says "no". */
const WORKER_TIMEOUT_MS = 20_000;

/**
 * Waits until the service worker controls the page: the first visit installs it, a reload uses it.
 * A worker that never activates is a "no" for the report, not a hang (`ready` never settles then).
 */
async function controlledByServiceWorker(page: Page): Promise<void> {
  const ready = await page.evaluate(
    (timeoutMs: number) =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs)),
      ]),
    WORKER_TIMEOUT_MS,
  );
  if (!ready) return;
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) {
    await page.reload({ waitUntil: 'load' });
    await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 10_000 })
      .catch(() => undefined);
  }
}

/** A first visit to the landing page on a fresh profile, then Chromium's own verdict. */
export async function checkInstallability(page: Page, origin: string): Promise<Installability> {
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  await controlledByServiceWorker(page);
  const cdp = await page.createCDPSession();
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = await cdp.send('Page.getAppManifest');
    const parsed = JSON.parse(manifest.data ?? '{}') as AppManifestJson;
    const resolve = (path: string) => new URL(path, manifest.url).href;
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.active
        ? {
            state: registration.active.state,
            scriptUrl: registration.active.scriptURL,
            controlsPage: navigator.serviceWorker.controller !== null,
          }
        : null;
    });
    return {
      installabilityErrors: installabilityErrors.map(
        (e) =>
          `${e.errorId}${e.errorArguments.length ? ` (${e.errorArguments.map((a) => `${a.name}=${a.value}`).join(', ')})` : ''}`,
      ),
      manifestUrl: manifest.url,
      manifestErrors: manifest.errors.map((e) => `${e.message} (line ${e.line})`),
      startUrl: resolve(parsed.start_url ?? '.'),
      shortcutUrls: (parsed.shortcuts ?? []).map((s) => resolve(s.url)),
      serviceWorker: worker,
    };
  } finally {
    await cdp.detach();
  }
}

/**
 * Network.emulateNetworkConditions is deprecated in recent Chromium in favour of the by-rule command
 * plus overrideNetworkState; the old one still works in Chromium 156, the new pair is the fallback.
 */
export async function emulateOffline(session: CDPSession): Promise<void> {
  await session.send('Network.enable');
  await session.send('Network.setBypassServiceWorker', { bypass: false }).catch(() => undefined);
  try {
    await session.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  } catch {
    await session.send('Network.overrideNetworkState', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await session.send('Network.emulateNetworkConditionsByRule', {
      matchedNetworkConditions: [
        { urlPattern: '', offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
      ],
    });
  }
}

async function loadOffline(page: Page, url: string): Promise<OfflineLoad> {
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: 15_000 });
    const shellRendered = await page
      // The prerendered HTML shows the page before any script: the app marks when it runs
      // (src/app/ui/use-app-ready.ts).
      .waitForFunction(
        () => document.title.includes('FieldBid') && document.documentElement.dataset.appReady === 'true',
        { timeout: 10_000 },
      )
      .then(() => true)
      .catch(() => false);
    return {
      url,
      status: response?.status() ?? null,
      fromServiceWorker: response?.fromServiceWorker() ?? false,
      shellRendered,
      error: null,
    };
  } catch (error) {
    return { url, status: null, fromServiceWorker: false, shellRendered: false, error: String(error) };
  }
}

export function loadedOffline(load: OfflineLoad): boolean {
  return load.status === 200 && load.fromServiceWorker && load.shellRendered;
}

/**
 * A phone without signal: the page and the service worker are emulated offline (the worker's own
 * fetches are not covered by the page's emulation) and the server is stopped as well, so whatever
 * renders came from the device.
 */
export async function checkOfflineLoads(
  browser: Browser,
  page: Page,
  origin: string,
  urls: string[],
  stopServer: () => Promise<void>,
): Promise<OfflineLoad[]> {
  await stopServer();
  const pageSession = await page.createCDPSession();
  await emulateOffline(pageSession);
  const workerTarget = browser
    .targets()
    .find((target) => target.type() === 'service_worker' && target.url().startsWith(origin));
  const workerSession = await workerTarget?.createCDPSession();
  if (workerSession) await emulateOffline(workerSession);
  const loads: OfflineLoad[] = [];
  for (const url of urls) {
    const load = await loadOffline(page, url);
    loads.push(load);
    // Without the start URL the rest cannot work either; each failure costs the full timeouts.
    if (!loadedOffline(load)) break;
  }
  await workerSession?.detach().catch(() => undefined);
  await pageSession.detach().catch(() => undefined);
  return loads;
}
