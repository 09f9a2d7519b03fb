import { type BrowserContext, expect, type Page } from '@playwright/test';
import { roleFilesStored } from './app-caches.ts';
import { LoginPage } from './login-page.ts';

// The browser globals page.evaluate runs against (this project is typed without the DOM library).
declare const navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown } };

/** Waits until the service worker controls the page (the first visit installs it; a reload uses it). */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }
}

/**
 * Signs in as the demo vendor through the login screen, then waits for the service worker to control
 * the page and to have stored the vendor's screens (a first visit precaches only the shell).
 */
export async function signInUnderServiceWorker(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('vendor@demo.local');
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  await controlledByServiceWorker(page);
  await roleFilesStored(page, 'vendor');
}

/**
 * Offline as a phone without signal: setOffline alone does not stop the service worker's own fetches,
 * so every request to the server is aborted as well.
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unrouteAll();
  await context.setOffline(false);
}

// The IndexedDB calls the next helper makes in the page (typed here for the same reason).
interface IdbRequest<T> {
  result: T;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface IdbDatabase {
  objectStoreNames: { contains(name: string): boolean };
  transaction(store: string): { objectStore(name: string): { getAllKeys(): IdbRequest<unknown[]> } };
  close(): void;
}
declare const indexedDB: {
  databases(): Promise<Array<{ name?: string }>>;
  open(name: string): IdbRequest<IdbDatabase>;
};

/**
 * Waits until the signed-in user's database on the device keeps a list whose query key contains
 * `keyPart` (e.g. '"jobs"'): a screen's answer is written there after it shows, and a page left
 * before that write leaves nothing to show offline.
 */
export async function keptListOnDevice(page: Page, keyPart: string): Promise<void> {
  await keptOnDevice(page, 'lists', keyPart);
}

/**
 * Waits until the signed-in user's database holds a row of `store` whose key contains `keyPart`
 * (the saved query cache is the `queryCache` row 'client', written a moment after the answers).
 */
export async function keptOnDevice(page: Page, store: string, keyPart: string): Promise<void> {
  // Polled with evaluate, which awaits the page's promise: waitForFunction took the pending promise
  // itself for a truthy answer and returned at once, kept or not.
  await expect.poll(() => isKeptOnDevice(page, store, keyPart), { timeout: 30_000 }).toBe(true);
}

function isKeptOnDevice(page: Page, store: string, keyPart: string): Promise<boolean> {
  return page.evaluate(
    async ([storeName, part]) => {
      const asPromise = <T>(request: IdbRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(new Error('IndexedDB request failed'));
        });
      for (const { name } of await indexedDB.databases()) {
        if (!name?.startsWith('fieldbid-user-')) continue;
        const db = await asPromise(indexedDB.open(name));
        try {
          if (!db.objectStoreNames.contains(storeName)) continue;
          const keys = await asPromise(db.transaction(storeName).objectStore(storeName).getAllKeys());
          if (keys.some((key) => String(key).includes(part))) return true;
        } finally {
          db.close();
        }
      }
      return false;
    },
    [store, keyPart] as const,
  );
}

interface IdbValueDatabase {
  objectStoreNames: { contains(name: string): boolean };
  transaction(store: string): { objectStore(name: string): { get(key: string): IdbRequest<unknown> } };
  close(): void;
}

/**
 * Waits until the query cache saved on the device (the `queryCache` row 'client', written at most
 * once a second after answers change) holds an answer for each of `queryKeys`: what a reload without
 * network restores from.
 */
export async function savedQueriesHold(
  page: Page,
  queryKeys: ReadonlyArray<ReadonlyArray<string>>,
): Promise<void> {
  const parts = queryKeys.map((key) => JSON.stringify(key));
  await expect
    .poll(
      () =>
        page.evaluate(async (wanted) => {
          const asPromise = <T>(request: IdbRequest<T>) =>
            new Promise<T>((resolve, reject) => {
              request.onsuccess = () => resolve(request.result);
              request.onerror = () => reject(new Error('IndexedDB request failed'));
            });
          for (const { name } of await indexedDB.databases()) {
            if (!name?.startsWith('fieldbid-user-')) continue;
            const db = (await asPromise(indexedDB.open(name))) as unknown as IdbValueDatabase;
            try {
              if (!db.objectStoreNames.contains('queryCache')) continue;
              const row = await asPromise(
                db.transaction('queryCache').objectStore('queryCache').get('client'),
              );
              const text = typeof row === 'string' ? row : JSON.stringify(row ?? null);
              if (wanted.every((part) => text.includes(part))) return true;
            } finally {
              db.close();
            }
          }
          return false;
        }, parts),
      { timeout: 30_000 },
    )
    .toBe(true);
}

interface IdbDeletable {
  transaction(
    store: string,
    mode: 'readwrite',
  ): {
    objectStore(name: string): { delete(key: string): unknown };
    oncomplete: (() => void) | null;
    onerror: (() => void) | null;
  };
  close(): void;
}

/**
 * Deletes the saved query cache (with its auth-status answer) from the user's database, as on a
 * device where the app was closed before it kept them. Call it from a page of the origin that is not
 * the app (e.g. /api/health/), so the app's persister cannot write it back.
 */
export async function forgetKeptQueryCache(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('fieldbid-user-')) continue;
      const request = indexedDB.open(name) as unknown as IdbRequest<IdbDeletable>;
      const db = await new Promise<IdbDeletable>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(new Error('IndexedDB open failed'));
      });
      const tx = db.transaction('queryCache', 'readwrite');
      tx.objectStore('queryCache').delete('client');
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(new Error('IndexedDB delete failed'));
      });
      db.close();
    }
  });
}
