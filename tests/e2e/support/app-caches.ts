import { expect, type Page } from '@playwright/test';

// The browser globals page.evaluate runs against (this project is typed without the DOM library).
interface CacheLike {
  keys(): Promise<Array<{ url: string }>>;
  match(key: string): Promise<{ json(): Promise<unknown> } | undefined>;
}
declare const caches: { keys(): Promise<string[]>; open(name: string): Promise<CacheLike> };

/** The paths (without query) every cache of the page's origin holds whose name starts with `prefix`. */
export function cachedPaths(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate(async (namePrefix) => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith(namePrefix)) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  }, prefix);
}

/** Workbox's precache: what the first visit stored. */
export const PRECACHE = 'workbox-precache';
/** The signed-in families' files (src/shared/offline-caches.ts, APP_FAMILIES_CACHE). */
export const APP_CACHE = 'fieldbid-app';

/** Waits until the service worker remembers a signed-in role (the installed app's start reads it). */
export async function rememberedRole(page: Page, role: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const answer = await (await caches.open('fieldbid-session')).match('/__fieldbid/signed-in-role');
          return answer ? answer.json() : null;
        }),
      { timeout: 30_000 },
    )
    .toBe(role);
}

/** A chunk of the build whose file name starts with `name-` (Vite's `name-<hash>.js`). */
export function chunk(paths: string[], name: string): string | undefined {
  return paths.find((path) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(path));
}

declare const navigator: {
  serviceWorker: {
    ready: Promise<{ active: { postMessage(message: unknown, transfer: unknown[]): void } | null }>;
  };
};
declare class MessageChannel {
  port1: { onmessage: ((event: { data: { ok?: boolean } }) => void) | null };
  port2: unknown;
}

/**
 * Waits until the service worker has stored every file of a role's screens: asks it the way the app
 * does (KEEP_APP_OFFLINE, without changing the remembered role), which joins a storing under way.
 */
export async function roleFilesStored(page: Page, role: string): Promise<void> {
  const ok = await page.evaluate(async (name) => {
    const registration = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const answer = new Promise<boolean>((resolve) => {
      channel.port1.onmessage = (event) => resolve(event.data.ok === true);
    });
    registration.active?.postMessage({ type: 'KEEP_APP_OFFLINE', role: name, remember: false }, [
      channel.port2,
    ]);
    return answer;
  }, role);
  expect(ok, `every file of the ${role}'s screens stored`).toBe(true);
}
