import { expect, type Page, test, type Worker } from '@playwright/test';
import { openSignedIn } from './support/login-page.ts';
import { controlledByServiceWorker } from './support/offline.ts';

// Web Push is the service worker's business: allow it (the config blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 120_000 });

/*
 * The browser's half of Web Push. The browser's own push service (Google's, for Chromium)
 * is not reachable from here, so ONE step is replaced: PushManager.subscribe (and getSubscription)
 * answer a subscription made up in the page, as the push service would have. Everything around it is
 * real: the permission request from the button, the server's VAPID key handed to subscribe, the
 * subscription stored on the server, the service worker's own push and notificationclick handlers.
 * The demo manager is used: the vendor's settings are another spec's.
 */

const MANAGER = 'manager@demo.local';

// The browser globals page.evaluate and the worker run against (this project is typed without DOM).
interface FakePushState {
  asks: number;
  /** The applicationServerKey the app subscribed with, and the endpoint "the push service" gave. */
  key: string | null;
  endpoint: string | null;
}
declare const window: { __fieldbidPush: FakePushState };

/** Replaces only PushManager.subscribe/getSubscription; counts Notification.requestPermission calls. */
async function replacePushServiceStep(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Bytes = ArrayBuffer | ArrayBufferView;
    const w = globalThis as unknown as {
      __fieldbidPush: FakePushState;
      sessionStorage: {
        getItem(k: string): string | null;
        setItem(k: string, v: string): void;
        removeItem(k: string): void;
      };
      Notification: { requestPermission(): Promise<string> };
      PushManager: { prototype: Record<string, unknown> };
      btoa(text: string): string;
      atob(text: string): string;
      crypto: { randomUUID(): string };
    };
    const stored = () => w.sessionStorage.getItem('fake-push-subscription');
    const saved = stored();
    const state: FakePushState = {
      asks: 0,
      key: saved ? JSON.parse(saved).key : null,
      endpoint: saved ? JSON.parse(saved).endpoint : null,
    };
    w.__fieldbidPush = state;
    const ask = w.Notification.requestPermission.bind(w.Notification);
    w.Notification.requestPermission = () => {
      state.asks += 1;
      return ask();
    };
    const toBase64url = (bytes: Bytes) => {
      const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer);
      return w
        .btoa(String.fromCharCode(...view))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    };
    const fromBase64url = (text: string) =>
      Uint8Array.from(w.atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    // What a push service gives a browser: an endpoint of its own and the browser's keys.
    const KEYS = {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    };
    const subscription = (endpoint: string, key: string) => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: fromBase64url(key) },
      toJSON: () => ({ endpoint, expirationTime: null, keys: KEYS }),
      unsubscribe: async () => {
        w.sessionStorage.removeItem('fake-push-subscription');
        return true;
      },
    });
    w.PushManager.prototype.subscribe = async (options: { applicationServerKey: Bytes }) => {
      const key = toBase64url(options.applicationServerKey);
      const endpoint = `https://push.example.test/e2e-${w.crypto.randomUUID()}`;
      state.key = key;
      state.endpoint = endpoint;
      w.sessionStorage.setItem('fake-push-subscription', JSON.stringify({ endpoint, key }));
      return subscription(endpoint, key);
    };
    w.PushManager.prototype.getSubscription = async () => {
      const saved = stored();
      if (!saved) return null;
      const { endpoint, key } = JSON.parse(saved) as { endpoint: string; key: string };
      return subscription(endpoint, key);
    };
  });
}

test('turning push on in Settings asks for permission on the button, never on load, and stores this device', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await replacePushServiceStep(page);
  await openSignedIn(page, MANAGER, '/property-manager/settings/profile');
  await controlledByServiceWorker(page);
  await page.goto('/property-manager/settings/profile#notifications');

  const turnOn = page.getByRole('button', { name: 'Turn on notifications on this device' });
  await expect(turnOn).toBeVisible();
  expect(await page.evaluate(() => window.__fieldbidPush.asks)).toBe(0);

  await turnOn.click();
  await expect(page.getByText('This device shows your FieldBid notifications')).toBeVisible();
  expect(await page.evaluate(() => window.__fieldbidPush.asks)).toBe(1);

  // The browser subscribed with the server's VAPID key, and the server keeps the subscription.
  const config = (await (await page.request.get('/api/push/config/')).json()) as { vapid_public_key: string };
  expect(await page.evaluate(() => window.__fieldbidPush.key)).toBe(config.vapid_public_key);
  const devices = async () =>
    (await (await page.request.get('/api/push/subscriptions/')).json()) as Array<{ endpoint: string }>;
  const endpoint = await page.evaluate(() => window.__fieldbidPush.endpoint);
  expect((await devices()).map((device) => device.endpoint)).toContain(endpoint);
  expect(endpoint).toMatch(/^https:\/\/push\.example\.test\/e2e-/);

  // Still on after a reload, without asking again.
  await page.reload();
  await expect(page.getByText('This device shows your FieldBid notifications')).toBeVisible();
  expect(await page.evaluate(() => window.__fieldbidPush.asks)).toBe(0);

  await page.getByRole('button', { name: 'Turn off on this device' }).click();
  await expect(page.getByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible();
  expect((await devices()).map((device) => device.endpoint)).not.toContain(endpoint);
});

// The worker's global scope, as far as these steps use it.
interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: { url: string };
}
declare const navigator: {
  serviceWorker: {
    ready: Promise<{ getNotifications(filter: { tag: string }): Promise<ShownNotification[]> }>;
  };
};

/** The notifications with this tag, read through the page's registration (whichever worker runs now). */
async function shownWithTag(page: Page, tag: string): Promise<ShownNotification[]> {
  return page.evaluate(async (wanted) => {
    const registration = await navigator.serviceWorker.ready;
    const found = await registration.getNotifications({ tag: wanted });
    return found.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
  }, tag);
}

/**
 * Delivers a push as the browser does when its push service hands one over: DevTools' own push path
 * wakes the worker if it was stopped and dispatches a trusted push event, so the handler's waitUntil
 * keeps it alive until the notification shows. (A push event made up inside the worker is untrusted:
 * its waitUntil throws, and a worker stopped meanwhile never showed the notification.)
 */
async function deliverPush(page: Page, origin: string, data: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  // Each update reports a registration's state again (enabling reports it, a worker's start may too):
  // keep the latest state of each, by its id, not every report.
  const registrations = new Map<string, { registrationId: string; scopeURL: string; isDeleted: boolean }>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const registration of event.registrations)
      registrations.set(registration.registrationId, registration);
  });
  const live = () => [...registrations.values()].filter((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => live().length).toBe(1);
  const [registration] = live();
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registration!.registrationId,
    data,
  });
  await cdp.detach();
}

/** The running worker, asked for when it is needed: an idle worker may have been stopped and started again. */
async function runningWorker(page: Page): Promise<Worker> {
  const [worker] = page.context().serviceWorkers();
  return worker ?? page.context().waitForEvent('serviceworker');
}

test('a push shows a notification, and clicking it opens the request in the app', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await openSignedIn(page, MANAGER, '/property-manager/dashboard');
  await controlledByServiceWorker(page);
  const list = (await (
    await page.request.get('/api/property-manager/maintenance-requests/?page_size=1')
  ).json()) as { results: Array<{ id: number }> };
  const requestId = list.results[0]!.id;
  const payload = {
    title: 'Job marked complete',
    body: `The vendor marked request #${requestId} complete. Please review and confirm.`,
    url: `/property-manager/requests/${requestId}`,
    tag: `notification-e2e-${Date.now()}`,
  };

  // The payload is what the server sends; tests/api/notification-push.test.ts decrypts the real one.
  await deliverPush(page, new URL(baseURL!).origin, JSON.stringify(payload));
  await expect
    .poll(() => shownWithTag(page, payload.tag))
    .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } }]);

  // The click, as the browser dispatches it to the worker (DevTools has no way to click a notification).
  const worker = await runningWorker(page);
  await worker.evaluate(async (tag) => {
    const scope = globalThis as unknown as {
      dispatchEvent(event: unknown): boolean;
      registration: { getNotifications(filter: { tag: string }): Promise<unknown[]> };
      NotificationEvent: new (type: string, init: { notification: unknown }) => unknown;
    };
    const [notification] = await scope.registration.getNotifications({ tag });
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  }, payload.tag);

  await expect(page).toHaveURL(new RegExp(`/property-manager/requests/${requestId}$`));
  await expect(page.getByText(`#${requestId}`).first()).toBeVisible();
  // The click closed it.
  await expect.poll(() => shownWithTag(page, payload.tag)).toEqual([]);
});
