import { getToken } from '#app/lib/token-store.ts';
import { OUTBOX_SYNC_TAG, SW_MESSAGES, USER_CACHES } from '#shared/offline-caches.ts';
import type { SendOutcome } from './outbox-outcome.ts';
import { OutboxSender } from './outbox-sender.ts';
import { apiTransport } from './outbox-transport.ts';
import type { OutboxItem, UserDb } from './user-db.ts';

/**
 * Dexie and the databases built on it load when a session opens, not with every screen that asks for
 * the current session: a signed-in page's first load stays without them.
 */
const databases = () => Promise.all([import('./user-db.ts'), import('./device-session.ts')]);

/** The signed-in user's field database and the sender of their outbox. */
export interface OfflineSession {
  userId: number;
  token: string;
  db: UserDb;
  sender: OutboxSender;
}

type SettledListener = (item: OutboxItem, outcome: SendOutcome) => void;

let session: OfflineSession | null = null;
let opening: Promise<OfflineSession> | null = null;
const sessionListeners = new Set<() => void>();
const settledListeners = new Set<SettledListener>();
const deferredListeners = new Set<SettledListener>();
let removeTriggers: (() => void) | null = null;

function notifySession(): void {
  for (const listener of sessionListeners) listener();
}

export function currentSession(): OfflineSession | null {
  return session;
}

export function subscribeSession(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** Every write that got the server's final answer (to refresh screens, resolve waiting forms). */
export function onWriteSettled(listener: SettledListener): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

/** A send that failed for now (offline, 5xx, signed out): the write keeps waiting. */
export function onWriteDeferred(listener: SettledListener): () => void {
  deferredListeners.add(listener);
  return () => deferredListeners.delete(listener);
}

/** One sender for a user across tabs: the others leave sending to whoever holds the lock. */
function webLock(userId: number) {
  return async (send: () => Promise<void>): Promise<void> => {
    if (typeof navigator === 'undefined' || !navigator.locks) return send();
    await navigator.locks.request(`fieldbid-outbox-${userId}`, { ifAvailable: true }, async (lock) => {
      if (lock) await send();
    });
  };
}

/**
 * Replays the outbox when the app opens, when it becomes visible again, when the browser goes online
 * and when the service worker's Background Sync event asks. None of these needs Background Sync, so
 * Safari on iPhone replays too.
 */
function installTriggers(sender: OutboxSender): () => void {
  const flushNow = () => void sender.flush({ immediate: true });
  const onVisible = () => {
    if (document.visibilityState === 'visible') flushNow();
  };
  const onWorkerMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown } | null;
    if (data?.type !== SW_MESSAGES.flushOutbox) return;
    void sender.flush({ immediate: true }).then(async () => {
      const remaining = await session?.db.outbox.where('state').notEqual('refused').count();
      event.ports[0]?.postMessage({ remaining: remaining ?? 0 });
    });
  };
  window.addEventListener('online', flushNow);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  flushNow();
  return () => {
    window.removeEventListener('online', flushNow);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
  };
}

async function open(userId: number, token: string): Promise<OfflineSession> {
  const [{ UserDb }, { lastDeviceUser, rememberDeviceSession }] = await databases();
  const db = new UserDb(userId);
  await db.open();
  const sender = new OutboxSender({
    db,
    transport: apiTransport(token),
    withLock: webLock(userId),
    onSettled: (item, outcome) => {
      for (const listener of settledListeners) listener(item, outcome);
    },
    onDeferred: (item, outcome) => {
      for (const listener of deferredListeners) listener(item, outcome);
    },
  });
  // Another user had this phone and did not sign out (their session expired): their files go from
  // the caches before this user's screens can ask for any.
  const previous = await lastDeviceUser().catch(() => null);
  if (previous !== null && previous !== userId) await clearUserFileCaches();
  await rememberDeviceSession(userId, token);
  return { userId, token, db, sender };
}

/**
 * Opens the field database of the user the server named for this token (or reuses it). A different
 * user first closes the previous one, so their queue stops before anything is sent as the new user.
 */
export async function startUserSession(userId: number, token: string): Promise<OfflineSession> {
  if (session && session.userId === userId && session.token === token) return session;
  if (opening) await opening.catch(() => null);
  if (session && session.userId === userId && session.token === token) return session;
  if (session && session.userId !== userId) await closeUserSession();
  if (session) {
    // The same user signed in again (new token): keep the database, rebind the sender.
    stopSender();
    session.db.close();
    session = null;
  }
  opening = open(userId, token);
  try {
    session = await opening;
  } finally {
    opening = null;
  }
  removeTriggers = typeof window === 'undefined' ? null : installTriggers(session.sender);
  notifySession();
  return session;
}

/**
 * The session, or the one being opened, or (at start-up) the one this device's token belongs to:
 * for kept copies, which may be written or read before the app has opened the database itself (the
 * database loads on demand).
 */
export async function sessionWhenReady(): Promise<OfflineSession | null> {
  if (session) return session;
  if (opening) return opening.catch(() => null);
  return resumeSessionFromDevice().catch(() => null);
}

/** At start-up, before the network answers: the database of the user this token was signed in as. */
export async function resumeSessionFromDevice(): Promise<OfflineSession | null> {
  const token = getToken();
  if (!token) return null;
  const [, { userForToken }] = await databases();
  const userId = await userForToken(token).catch(() => null);
  if (userId === null) return null;
  return startUserSession(userId, token);
}

function stopSender(): void {
  removeTriggers?.();
  removeTriggers = null;
  session?.sender.stop();
}

/**
 * Stops the outbox and closes the database. The queue stays on the device and goes out the next time
 * this same user signs in; nobody else can open it.
 */
export async function closeUserSession(): Promise<void> {
  const closing = session;
  if (!closing) return;
  stopSender();
  session = null;
  closing.db.close();
  notifySession();
}

/**
 * Sign-out: the user's copies of server data go (Dexie cache tables, the persisted query cache, the
 * service worker's file caches). Queued writes and their photos stay for this user's next sign-in.
 */
export async function signOutOfflineSession(): Promise<void> {
  const closing = session;
  const [{ CACHE_TABLES }, { forgetDeviceSession }] = await databases();
  if (closing) {
    await closing.db.transaction(
      'rw',
      CACHE_TABLES.map((name) => closing.db.table(name)),
      async () => {
        for (const name of CACHE_TABLES) await closing.db.table(name).clear();
      },
    );
  }
  await closeUserSession();
  await forgetDeviceSession().catch(() => undefined);
  await clearUserFileCaches();
}

export async function clearUserFileCaches(): Promise<void> {
  if (typeof caches !== 'undefined') {
    await Promise.all(USER_CACHES.map((name) => caches.delete(name).catch(() => false)));
  }
  if (typeof navigator !== 'undefined') {
    navigator.serviceWorker?.controller?.postMessage({ type: SW_MESSAGES.clearUserCaches });
  }
}

/** Asks the service worker to wake the outbox on the next connection where Background Sync exists. */
export async function requestBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await registration.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Not supported or refused: the page's own triggers replay the outbox.
  }
}
